/**
 * Par-level reordering for a practice that holds stock: for each facility,
 * product and size with a par level, the units to order to bring the usable
 * units back to par, and which of them fit in the practice's monthly amount
 * for automatic orders. Browser-safe, so the par-level page shows what a level
 * would order as it is typed; the server drafts and places reorders from the
 * same arithmetic.
 */
import { sizeArea, sizeKey, type GraftSize } from "~/lib/clinical/graft-sizes";
import { isUsable, type UnitState } from "./units";

export type StockKey = { facilityId: string; productSlug: string; size: GraftSize };
export type ParLevel = StockKey & { par: number };
export type StockUnit = StockKey & UnitState;
export type OnOrder = StockKey & { quantity: number };
export type Price = { productSlug: string; size: GraftSize; unitPriceCents: number };

export type ReorderInput = {
  parLevels: readonly ParLevel[];
  /** The practice's units; only usable ones count (see `isUsable`). */
  units: readonly StockUnit[];
  /** Units ordered and not yet delivered: they count toward par, so a reorder is not drafted twice. */
  onOrder?: readonly OnOrder[];
  /** "yyyy-mm-dd" */
  today: string;
  prices: readonly Price[];
  /** The practice's monthly amount for automatic orders; null: nothing is placed automatically. */
  monthlyLimitCents: number | null;
  /** What counts against that amount so far this month. */
  spentThisMonthCents: number;
};

export type ReorderLine = StockKey & {
  par: number;
  usable: number;
  onOrder: number;
  /** Units that bring the stock back to par: par - usable - on order. */
  quantity: number;
  unitPriceCents: number | null;
  /** Of `quantity`, the units that fit in what is left of the monthly amount. */
  automatic: number;
};

export type ReorderPlan = {
  /** One line per facility, product and size below par, by facility, product, then size. */
  lines: ReorderLine[];
  /** The priced total of every line: the draft a member confirms. */
  draftCents: number;
  /** The total of the automatic units. */
  automaticCents: number;
  /** What is left of the monthly amount after the automatic units; null without an amount. */
  remainingCents: number | null;
  /** Lines without a price: drafted for a member, never placed automatically. */
  unpriced: number;
};

const keyOf = (k: { facilityId?: string; productSlug: string; size: GraftSize }) =>
  `${k.facilityId ?? ""}\u0000${k.productSlug}\u0000${sizeKey(k.size)}`;

const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * The reorder lines and the automatic part of each.
 *
 * The automatic units are handed out one at a time, each to the line whose
 * stock (usable, on order and already handed out) is the smallest share of its
 * par, as long as that unit's price fits in what is left of the monthly
 * amount; so a tight amount tops up every line a little before any line fully.
 * Ties go to the line listed first.
 */
export function reorderPlan(input: ReorderInput): ReorderPlan {
  const usable = new Map<string, number>();
  for (const unit of input.units)
    if (isUsable(unit, input.today)) usable.set(keyOf(unit), (usable.get(keyOf(unit)) ?? 0) + 1);
  const ordered = new Map<string, number>();
  for (const o of input.onOrder ?? []) ordered.set(keyOf(o), (ordered.get(keyOf(o)) ?? 0) + count(o.quantity));
  const prices = new Map(input.prices.map((p) => [keyOf(p), p.unitPriceCents]));
  const levels = new Map(input.parLevels.map((level) => [keyOf(level), level]));

  const lines: ReorderLine[] = [];
  for (const [key, level] of levels) {
    const par = count(level.par);
    const have = usable.get(key) ?? 0;
    const onOrder = ordered.get(key) ?? 0;
    const quantity = par - have - onOrder;
    if (quantity <= 0) continue;
    const price = prices.get(keyOf({ productSlug: level.productSlug, size: level.size }));
    const unitPriceCents = price !== undefined && Number.isInteger(price) && price >= 0 ? price : null;
    lines.push({ ...level, par, usable: have, onOrder, quantity, unitPriceCents, automatic: 0 });
  }
  lines.sort(
    (a, b) =>
      (a.facilityId < b.facilityId ? -1 : a.facilityId > b.facilityId ? 1 : 0) ||
      (a.productSlug < b.productSlug ? -1 : a.productSlug > b.productSlug ? 1 : 0) ||
      sizeArea(a.size) - sizeArea(b.size) ||
      (sizeKey(a.size) < sizeKey(b.size) ? -1 : 1),
  );

  let left = input.monthlyLimitCents === null ? 0 : Math.max(0, input.monthlyLimitCents - input.spentThisMonthCents);
  for (;;) {
    let pick: ReorderLine | null = null;
    let share = Infinity;
    for (const line of lines) {
      if (line.unitPriceCents === null || line.automatic >= line.quantity || line.unitPriceCents > left) continue;
      const lineShare = (line.usable + line.onOrder + line.automatic) / line.par;
      if (lineShare < share) [pick, share] = [line, lineShare];
    }
    if (!pick) break;
    pick.automatic += 1;
    left -= pick.unitPriceCents!;
  }

  const total = (units: (line: ReorderLine) => number) =>
    lines.reduce((sum, line) => sum + (line.unitPriceCents ?? 0) * units(line), 0);
  return {
    lines,
    draftCents: total((line) => line.quantity),
    automaticCents: total((line) => line.automatic),
    remainingCents: input.monthlyLimitCents === null ? null : left,
    unpriced: lines.filter((line) => line.unitPriceCents === null).length,
  };
}
