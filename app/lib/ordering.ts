/**
 * What the member's order pages work out for themselves, browser-safe: the
 * order form's first date of service, its live summary (the area ordered
 * against the wound's, the covering set, the over-order warning) read from the
 * form's text values, and the PAY INVOICE tab's totals. The rules themselves
 * are the domain's (`placeOrder`) and the graft-size arithmetic's.
 */
import {
  coveringSet,
  overOrderWarning,
  sizeArea,
  sizeKey,
  totalArea,
  type GraftSize,
  type SizeLine,
} from "~/lib/clinical/graft-sizes";
import { formatCm2 } from "~/lib/format";
import { MAX_UNITS_PER_SIZE, type InvoiceState } from "~/lib/orders";
import { quantityField } from "~/lib/schemas/order-fields";

type OrderWindow = { validUntil: string; priorAuthFrom?: string | null; priorAuthTo?: string | null };

/**
 * The days a date of service may take: from today (or the prior
 * authorization's first day, when later) to the IVR's valid-until (or the
 * authorization's last day, when sooner).
 */
export function dateOfServiceRange(ivr: OrderWindow, today: string): { min: string; max: string } {
  const min = ivr.priorAuthFrom && ivr.priorAuthFrom > today ? ivr.priorAuthFrom : today;
  const max = ivr.priorAuthTo && (!ivr.validUntil || ivr.priorAuthTo < ivr.validUntil) ? ivr.priorAuthTo : ivr.validUntil;
  return { min, max };
}

/**
 * The date of service the form starts with: the IVR's expected date while it
 * is still to come and the IVR (and its prior authorization) allow it, else
 * the first day they allow.
 */
export function defaultDateOfService(ivr: OrderWindow & { dateOfService: string | null }, today: string): string {
  const { min, max } = dateOfServiceRange(ivr, today);
  const expected = ivr.dateOfService;
  return expected && expected >= min && (!max || expected <= max) ? expected : min;
}

/** A quantity control's text as a count: a whole number from 0 to the limit, anything else 0 (the schema says what is wrong with it). */
function countOf(text: string | undefined): number {
  const v = (text ?? "").trim();
  if (!/^\d{1,3}$/.test(v)) return 0;
  const n = Number(v);
  return n <= MAX_UNITS_PER_SIZE ? n : 0;
}

/** The wound area as typed (cm², up to two decimals, above 0), or null. */
export function typedArea(text: string | undefined): number | null {
  const v = (text ?? "").trim();
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(v)) return null;
  const n = Number(v);
  return n > 0 && n <= 10_000 ? n : null;
}

/** The sizes with the counts typed in their controls (by control name), in the catalogue's order. */
export function linesOf(sizes: readonly GraftSize[], values: Readonly<Record<string, unknown>>): SizeLine[] {
  return sizes.map((size) => {
    const value = values[quantityField(sizeKey(size))];
    return { size, quantity: countOf(typeof value === "string" ? value : undefined) };
  });
}

export type OrderSummary = {
  /** cm² ordered */
  total: number;
  /** grafts ordered */
  pieces: number;
  /** the wound's area the order is measured against (typed, else the IVR's), or null */
  wound: number | null;
  /** total − wound, when there is a wound area */
  difference: number | null;
  /** the least-area set of sizes that covers the wound, largest first */
  suggestion: SizeLine[];
  suggestionArea: number;
  /** the order is already the suggested set */
  isSuggestion: boolean;
  warning: string | null;
};

/**
 * The summary beside the sizes, from the form's values: the area typed in
 * `woundArea` when it is one, else the IVR's verified area (the server
 * measures the order against the same).
 */
export function orderSummary(sizes: readonly GraftSize[], values: Readonly<Record<string, unknown>>, verifiedArea: number | null): OrderSummary {
  const lines = linesOf(sizes, values);
  const typed = typeof values.woundArea === "string" ? typedArea(values.woundArea) : null;
  const wound = typed ?? verifiedArea;
  const total = totalArea(lines);
  const suggestion = wound === null ? [] : coveringSet(sizes, wound);
  const ordered = lines.filter((l) => l.quantity > 0);
  const isSuggestion =
    suggestion.length > 0 &&
    ordered.length === suggestion.length &&
    suggestion.every((s) => ordered.some((l) => sizeKey(l.size) === sizeKey(s.size) && l.quantity === s.quantity));
  return {
    total,
    pieces: ordered.reduce((sum, l) => sum + l.quantity, 0),
    wound,
    difference: wound === null ? null : Math.round((total - wound) * 100) / 100,
    suggestion,
    suggestionArea: totalArea(suggestion),
    isSuggestion,
    warning: wound === null ? null : overOrderWarning(lines, wound),
  };
}

/** The quantity controls' values for a set of sizes: each size of the set its count, every other size empty. */
export function quantitiesOf(sizes: readonly GraftSize[], set: readonly SizeLine[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const size of sizes) {
    const line = set.find((l) => sizeKey(l.size) === sizeKey(size));
    values[quantityField(sizeKey(size))] = line ? String(line.quantity) : "";
  }
  return values;
}

/** "4 × 4 cm × 1, 2 × 2 cm × 2" */
export function setText(set: readonly SizeLine[], label: (size: GraftSize) => string): string {
  return set.map((l) => `${label(l.size)} × ${l.quantity}`).join(", ");
}

/** "4 × 4 cm (16 cm²)": a size as the form's controls name it. */
export function sizeWithArea(size: GraftSize, label: (size: GraftSize) => string): string {
  return `${label(size)} (${formatCm2(sizeArea(size))})`;
}

export type InvoiceTotals = { unpaid: number; unpaidCents: number; overdue: number; overdueCents: number };

/** What is still to pay (the balances of open and overdue invoices together) and what of it is overdue. */
export function invoiceTotals(invoices: readonly { state: InvoiceState; balanceCents: number }[]): InvoiceTotals {
  const totals: InvoiceTotals = { unpaid: 0, unpaidCents: 0, overdue: 0, overdueCents: 0 };
  for (const invoice of invoices) {
    if (invoice.state === "paid") continue;
    totals.unpaid++;
    totals.unpaidCents += invoice.balanceCents;
    if (invoice.state === "overdue") {
      totals.overdue++;
      totals.overdueCents += invoice.balanceCents;
    }
  }
  return totals;
}
