/**
 * The invoice form's arithmetic without zod, for the console's live totals:
 * a unit price as staff type it, and each line's total and the invoice's.
 * The rule is the invoice schema's (lib/schemas/order.ts), which the server
 * applies before computing the totals again itself; a test holds the two
 * together.
 */
import { centsOf } from "~/lib/format";

/** "450", "$1,250.50", "125.5" -> cents; null when it is not a price in dollars with at most two decimals. */
export function unitPriceCents(text: string): number | null {
  const cents = centsOf(text);
  // At most six digits of dollars.
  return cents !== null && cents < 100_000_000 ? cents : null;
}

/**
 * Each line's total (quantity × unit price) and the invoice's, in cents. A
 * line whose price is missing or not a price has no total, and then neither
 * has the invoice.
 */
export function invoiceTotals(lines: readonly { quantity: number; price: string }[]): { lines: (number | null)[]; totalCents: number | null } {
  const totals = lines.map((l) => {
    const cents = unitPriceCents(l.price);
    return cents === null ? null : cents * l.quantity;
  });
  const complete = totals.every((t): t is number => t !== null);
  return { lines: totals, totalCents: complete ? totals.reduce((sum, t) => sum + t, 0) : null };
}
