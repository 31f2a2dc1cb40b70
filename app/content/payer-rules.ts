import type { PayerType } from "~/lib/ivr";

/**
 * Rules that vary by payer, as data. The defaults follow the public local
 * coverage determinations for skin substitutes checked in November 2026
 * (application limit of 8 in 16 weeks; 28 days of documented standard of
 * care first); a payer type with its own rule overrides them here, never in
 * code.
 */
export type PayerRule = { maxApplications: number; windowWeeks: number; standardOfCareDays: number };

export const DEFAULT_PAYER_RULE: PayerRule = { maxApplications: 8, windowWeeks: 16, standardOfCareDays: 28 };

export const PAYER_RULES: Partial<Record<PayerType, Partial<PayerRule>>> = {};

export function payerRuleFor(type: PayerType | null | undefined): PayerRule {
  return { ...DEFAULT_PAYER_RULE, ...(type ? PAYER_RULES[type] : undefined) };
}
