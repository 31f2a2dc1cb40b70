/**
 * List prices, per cm² of graft, for the year they hold: what an order is
 * reckoned at before it is invoiced (a practice's approval limit compares
 * with it). Invoices carry the price actually charged. Check them each
 * January with the price sheet.
 */
export type ListPrices = { from: string; perCm2Cents: Record<string, number> };

export const LIST_PRICES: readonly ListPrices[] = [
  {
    from: "2026-01-01",
    // By HCPCS code; a code not listed is reckoned at DEFAULT_PER_CM2_CENTS.
    perCm2Cents: { Q4250: 12_728, Q4205: 12_728, Q4290: 12_728, Q4344: 12_728, Q4280: 12_728 },
  },
];

/** A product without a listed price: the 2026 single Medicare rate for skin substitutes, per cm². */
export const DEFAULT_PER_CM2_CENTS = 12_728;

/** The list price per cm² of a product code on a day. */
export function listPricePerCm2Cents(hcpcs: string | null, on: string): number {
  const period = [...LIST_PRICES].reverse().find((p) => p.from <= on);
  return (hcpcs && period?.perCm2Cents[hcpcs]) || DEFAULT_PER_CM2_CENTS;
}
