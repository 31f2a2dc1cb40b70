/**
 * Graft-size arithmetic for the order form, the same in the browser and on
 * the server. Since 2026 Medicare pays skin substitutes as supplies per cm²
 * applied, and product that is discarded is never billable: so the form shows
 * the total ordered beside the wound's area, suggests the smallest set of
 * sizes that covers the wound, and warns when the order is more than the
 * wound needs by more than its smallest piece.
 */
import type { GraftSize } from "~/content/types";
import { formatCm2 } from "~/lib/format";

export type { GraftSize };

/** A size and how many pieces of it. */
export type SizeLine = { size: GraftSize; quantity: number };

/** Beyond this many cm² no covering set is suggested (absurd input, or a wound no single order covers). */
export const MAX_COVERING_AREA_CM2 = 10_000;

/** An area to two decimals, as areas are stored and compared. */
export const round2 = (value: number) => Math.round(value * 100) / 100;

/** "2x3": the key of a size in form field names. */
export function sizeKey(size: GraftSize): string {
  return `${size.lengthCm}x${size.widthCm}`;
}

/** "2x3" -> { lengthCm: 2, widthCm: 3 }; anything that is not a size's own key (" 2x3", "02x3", "0x3", "2×3") -> null. */
export function parseSizeKey(key: string): GraftSize | null {
  const match = /^(\d{1,3}(?:\.\d{1,2})?)x(\d{1,3}(?:\.\d{1,2})?)$/.exec(key);
  if (!match) return null;
  const size = { lengthCm: Number(match[1]), widthCm: Number(match[2]) };
  if (!(size.lengthCm > 0 && size.widthCm > 0)) return null;
  // Only the canonical spelling: one size, one field name.
  return sizeKey(size) === key ? size : null;
}

/** "2 × 3 cm" */
export function sizeLabel(size: GraftSize): string {
  return `${size.lengthCm} × ${size.widthCm} cm`;
}

/** The size's area in cm², to two decimals. */
export function sizeArea(size: GraftSize): number {
  return round2(size.lengthCm * size.widthCm);
}

const counted = (lines: readonly SizeLine[]) =>
  lines.filter((line) => Number.isFinite(line.quantity) && line.quantity > 0);

/** The area ordered, Σ area × quantity in cm² to two decimals; lines without a positive quantity count for nothing. */
export function totalArea(lines: readonly SizeLine[]): number {
  return round2(counted(lines).reduce((sum, line) => sum + sizeArea(line.size) * line.quantity, 0));
}

/**
 * The multiset of available sizes with the least total area that is ≥ areaCm2;
 * ties: fewer pieces, then the larger pieces. Empty when areaCm2 <= 0 or no sizes.
 *
 * An exact dynamic programme over whole cm²: catalogue areas are whole numbers
 * and the wound's area has two decimals, so the target is its ceiling. Sizes
 * whose area is not a whole, positive number of cm² are left out; of two sizes
 * with the same area the first listed is used. Above MAX_COVERING_AREA_CM2: [].
 * Lines come out largest size first, one line per size, quantities > 0.
 */
export function coveringSet(sizes: readonly GraftSize[], areaCm2: number): SizeLine[] {
  if (!Number.isFinite(areaCm2) || areaCm2 <= 0) return [];
  const target = Math.ceil(round2(areaCm2));
  if (target > MAX_COVERING_AREA_CM2) return [];

  // One size per area, largest area first.
  const byArea = new Map<number, GraftSize>();
  for (const size of sizes) {
    const area = sizeArea(size);
    if (Number.isInteger(area) && area > 0 && !byArea.has(area)) byArea.set(area, size);
  }
  const areas = [...byArea.keys()].sort((a, b) => b - a);
  if (areas.length === 0) return [];

  // The least total ≥ target is below target + the largest area: were it not,
  // taking any one piece away would leave a smaller total that still covers.
  const limit = target + areas[0]! - 1;
  // pieces[s]: the fewest pieces whose areas add up to exactly s (Infinity: none do).
  const pieces = new Array<number>(limit + 1).fill(Infinity);
  pieces[0] = 0;
  for (let s = 1; s <= limit; s++) {
    for (const area of areas) {
      if (area <= s && pieces[s - area]! + 1 < pieces[s]!) pieces[s] = pieces[s - area]! + 1;
    }
  }

  let total = target;
  while (total <= limit && pieces[total] === Infinity) total++;
  if (total > limit) return [];

  // Among the sets with the fewest pieces, take the largest piece that still
  // leaves a remainder made of one piece fewer, again and again: this gives
  // the set whose pieces, largest first, are the largest (and never takes a
  // piece larger than the one before it, which would have been taken first).
  const quantities = new Map<number, number>();
  let rest = total;
  while (rest > 0) {
    const area = areas.find((a) => a <= rest && pieces[rest - a] === pieces[rest]! - 1)!;
    quantities.set(area, (quantities.get(area) ?? 0) + 1);
    rest -= area;
  }
  return areas
    .filter((area) => quantities.has(area))
    .map((area) => ({ size: byArea.get(area)!, quantity: quantities.get(area)! }));
}

/**
 * When the total ordered exceeds the wound's area by more than the smallest
 * size in the order: a warning sentence; otherwise null. Lines without a
 * positive quantity are left out; no lines or no area: null.
 */
export function overOrderWarning(lines: readonly SizeLine[], woundAreaCm2: number): string | null {
  const ordered = counted(lines);
  if (ordered.length === 0 || !Number.isFinite(woundAreaCm2) || woundAreaCm2 <= 0) return null;
  const wound = round2(woundAreaCm2);
  const total = totalArea(ordered);
  const excess = round2(total - wound);
  const smallest = Math.min(...ordered.map((line) => sizeArea(line.size)));
  if (!(excess > smallest)) return null;
  return (
    `This order is ${formatCm2(total)}, ${formatCm2(excess)} more than the wound's ${formatCm2(wound)}: ` +
    `more than its smallest size (${formatCm2(smallest)}). Product that is discarded is not billable.`
  );
}
