import {
  SITED_CODE_FAMILIES,
  VENOUS_ULCER_CODE_PREFIXES,
  VENOUS_ULCER_CODES_TEXT,
  type CodedSide,
  type CodedSite,
} from "~/content/icd10-sites";
import { payerRuleFor } from "~/content/payer-rules";
import type { PayerType } from "~/lib/ivr";
import { normalizeIcd10 } from "./identifiers";
import { WOUND_LOCATIONS } from "./wound";

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
  /** Where the wound is (a WOUND_LOCATIONS value) and its side (left, right, bilateral, midline); empty when not chosen yet. */
  woundLocation?: string | null;
  laterality?: string | null;
};

const DFU_DIABETES = /^E(0[89]|1[0-3])\.62[12]/;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The site and side an ulcer code names, read from its characters; null when the code names neither. */
export function codedSiteAndSide(code: string): { site: CodedSite | null; side: CodedSide | null } | null {
  const compact = normalizeIcd10(code).replace(".", "");
  const family = SITED_CODE_FAMILIES.filter((f) => compact.startsWith(f.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  if (!family) return null;
  const at = (position: number) => compact[position - 1] ?? "";
  const site = "position" in family.site ? (family.site.byCharacter[at(family.site.position)] ?? null) : family.site;
  const side = family.side ? (family.side.byCharacter[at(family.side.position)] ?? null) : null;
  return { site, side };
}

/** Warnings where an ulcer code's site or side disagrees with the wound's location and laterality. */
function siteAndSideWarnings(codes: readonly string[], location: string, laterality: string): string[] {
  const warnings: string[] = [];
  const locationLabel = WOUND_LOCATIONS.find((l) => l.value === location)?.label.toLowerCase();
  const sides = new Set<CodedSide>();
  for (const code of codes) {
    const coded = codedSiteAndSide(code);
    if (!coded) continue;
    const { site, side } = coded;
    if (locationLabel && site?.locations && !site.locations.some((l) => l === location))
      warnings.push(`${code} is coded on ${site.name}, but the wound is on the ${locationLabel}: check the code's site.`);
    if (side) sides.add(side);
    if (side && (laterality === "left" || laterality === "right") && side !== laterality)
      warnings.push(`${code} is coded on the ${side} side, but the wound is on the ${laterality}: check the code's side.`);
  }
  if (laterality === "bilateral" && sides.size === 1)
    warnings.push(`The wound is on both sides, but its codes name the ${[...sides][0]} side only: code each side.`);
  return warnings;
}

export function ivrWarnings(input: IvrWarningInput): string[] {
  const warnings: string[] = [];
  const codes = input.icd10.map(normalizeIcd10).filter(Boolean);
  warnings.push(...siteAndSideWarnings(codes, input.woundLocation ?? "", input.laterality ?? ""));
  if (input.woundType === "venous-leg-ulcer" && !codes.some((c) => VENOUS_ULCER_CODE_PREFIXES.some((p) => c.replace(".", "").startsWith(p))))
    warnings.push(`A venous leg ulcer is usually billed with a code of the venous disease behind it (${VENOUS_ULCER_CODES_TEXT}) beside its L97 ulcer code.`);
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
