import type { FdaCategory } from "~/content/types";
import type { PayerType } from "~/lib/ivr";

/**
 * Rules that vary by payer, as data. The defaults follow the public local
 * coverage determinations for skin substitutes checked in November 2026
 * (application limit of 8 in 16 weeks; 28 days of documented standard of
 * care first) and Medicare's billing of skin substitutes in 2026 (below); a
 * payer type with its own rule overrides them here, never in code.
 */
export type PayerRule = {
  maxApplications: number;
  windowWeeks: number;
  standardOfCareDays: number;
  /** How the product is billed, by date of service (each period from its date until the next one's). */
  productBilling: readonly ProductBillingPeriod[];
};

/** How a payer wants a skin substitute's HCPCS line written. */
export type ProductBillingRule = {
  /** Discarded product: never billed, or billed on a line of its own with this modifier (JW). */
  discarded: { billed: false } | { billed: true; modifier: string };
  /** The modifier on the product's line when nothing is discarded (JZ), or null when none is used. */
  fullyUsedModifier: string | null;
  /** Whole units from a fractional amount: to the next whole unit, or the nearest. */
  rounding: "up" | "nearest";
  /** Where the rule comes from, shown to billing staff under the claim line. */
  source: string;
};

/** From `from` (a date of service, "yyyy-mm-dd"), the rule for BLA biologics and the rule for every other FDA category. */
export type ProductBillingPeriod = { from: string; bla: ProductBillingRule; other: ProductBillingRule };

/**
 * Medicare from 2026-01-01: skin substitutes that are not BLA biologics (361
 * HCT/Ps, 510(k) and PMA devices) are incident-to supplies paid per cm²
 * applied (CY 2026 physician fee schedule final rule, CMS-1832-F). JW and JZ
 * are not used on them; only the units applied are billed and discarded
 * product is never billed (Medicare administrative contractors' notices,
 * e.g. Noridian's of January 2026). Units round up to the next whole unit
 * (Medicare Claims Processing Manual, chapter 17, §10).
 */
const MEDICARE_2026_NON_BLA: ProductBillingRule = {
  discarded: { billed: false },
  fullyUsedModifier: null,
  rounding: "up",
  source: "Medicare 2026: non-BLA skin substitutes are paid per cm² applied; discarded product is not billed and JW/JZ are not used.",
};

/**
 * BLA skin substitutes stay biologicals paid from their average sales price,
 * under the discarded drug policy for single-dose containers: the discarded
 * amount on its own line with JW, and JZ when none is discarded (in force
 * since 2023-07-01).
 */
const MEDICARE_SINGLE_DOSE_BIOLOGICAL: ProductBillingRule = {
  discarded: { billed: true, modifier: "JW" },
  fullyUsedModifier: "JZ",
  rounding: "up",
  source: "Medicare: BLA biologicals from single-dose packages bill the discarded amount with JW, or JZ when none is discarded.",
};

export const DEFAULT_PAYER_RULE: PayerRule = {
  maxApplications: 8,
  windowWeeks: 16,
  standardOfCareDays: 28,
  productBilling: [{ from: "2026-01-01", bla: MEDICARE_SINGLE_DOSE_BIOLOGICAL, other: MEDICARE_2026_NON_BLA }],
};

export const PAYER_RULES: Partial<Record<PayerType, Partial<PayerRule>>> = {};

export function payerRuleFor(type: PayerType | null | undefined): PayerRule {
  return { ...DEFAULT_PAYER_RULE, ...(type ? PAYER_RULES[type] : undefined) };
}

/**
 * The product billing rule for a payer, an FDA category and a date of
 * service: the latest period starting on or before that date. A date before
 * every period gets the first one, with `before` set to that period's start
 * so the claim line can say its rule was not on record yet.
 */
export function productBillingRuleFor(
  type: PayerType | null | undefined,
  category: FdaCategory,
  dateOfService: string,
): { rule: ProductBillingRule; before: string | null } {
  const own = payerRuleFor(type).productBilling;
  const periods = [...(own.length > 0 ? own : DEFAULT_PAYER_RULE.productBilling)].sort((a, b) => a.from.localeCompare(b.from));
  const period = periods.filter((p) => p.from <= dateOfService).at(-1);
  const chosen = period ?? periods[0]!;
  return { rule: category === "bla" ? chosen.bla : chosen.other, before: period ? null : chosen.from };
}
