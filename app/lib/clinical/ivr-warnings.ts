import { payerRuleFor } from "~/content/payer-rules";
import type { PayerType } from "~/lib/ivr";
import { normalizeIcd10 } from "./identifiers";

/**
 * Warnings shown on an IVR, never blocking it: a person may know better, but
 * should see what a payer is likely to question.
 */
export type IvrWarningInput = {
  woundType: string;
  icd10: readonly string[];
  areaCm2: number | null;
  standardOfCareStart: string | null; // yyyy-mm-dd
  dateOfService: string | null; // yyyy-mm-dd
  standardOfCareException: boolean;
  plannedApplications: number | null;
  payerType: PayerType | null;
};

const DFU_DIABETES = /^E(0[89]|1[0-3])\.62[12]/;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function ivrWarnings(input: IvrWarningInput): string[] {
  const warnings: string[] = [];
  const codes = input.icd10.map(normalizeIcd10).filter(Boolean);
  if (input.woundType === "diabetic-foot-ulcer") {
    const diabetes = codes.some((c) => DFU_DIABETES.test(c));
    const ulcer = codes.some((c) => c.startsWith("L97"));
    if (!diabetes || !ulcer)
      warnings.push("A diabetic foot ulcer is usually billed with a diabetes code (E08–E13 .621 or .622) and an L97 ulcer code.");
  }
  const rule = payerRuleFor(input.payerType);
  if (input.standardOfCareStart && input.dateOfService && !input.standardOfCareException) {
    if (daysBetween(input.standardOfCareStart, input.dateOfService) < rule.standardOfCareDays)
      warnings.push(
        `Fewer than ${rule.standardOfCareDays} days of standard of care before the date of service: most payers require ${rule.standardOfCareDays} unless the provider documents an exception.`,
      );
  }
  if (input.areaCm2 !== null && input.areaCm2 > 0 && input.areaCm2 < 1) warnings.push("The wound's area is under 1 cm².");
  if (input.plannedApplications !== null && input.plannedApplications > rule.maxApplications)
    warnings.push(
      `${input.plannedApplications} applications planned: this payer usually covers at most ${rule.maxApplications} in ${rule.windowWeeks} weeks.`,
    );
  return warnings;
}
