/**
 * The claim-ready line of one application, which the practice's billing staff
 * copy: the CPT application codes from that day's wound area and location,
 * the product's HCPCS code with its billing units, and the modifiers the
 * payer's rules ask for (data in `content/payer-rules.ts`). Browser-safe: the
 * application form shows the line as it is typed, and the record keeps what
 * the server works out from the same code.
 *
 * And the rule of the form itself: the cm² applied and the cm² discarded add
 * up to the unit's area, and anything discarded has a reason.
 */
import { productBillingRuleFor, type ProductBillingRule } from "~/content/payer-rules";
import type { ProductBilling } from "~/content/types";
import type { PayerType } from "~/lib/ivr";
import { formatCm2 } from "~/lib/format";
import { round2 } from "./graft-sizes";
import { applicationCodes, locationGroupOf, type LocationGroup, type WoundLocation } from "./wound";

export type ApplicationAreas = { unitAreaCm2: number; appliedCm2: number; discardedCm2: number };

export type AreaIssue = { field: "appliedCm2" | "discardedCm2" | "discardReason"; message: string };

export const DISCARD_REASON_MAX = 500;

/**
 * What is wrong with an application's areas, each beside its control: amounts
 * of 0 or more with at most two decimals, applied + discarded = the unit's
 * area, and a reason (at most DISCARD_REASON_MAX characters) when anything is
 * discarded. Empty when all is well.
 */
export function applicationAreaIssues(input: ApplicationAreas & { discardReason: string }): AreaIssue[] {
  const issues: AreaIssue[] = [];
  const amount = (field: AreaIssue["field"], value: number, what: string) => {
    if (!Number.isFinite(value) || value < 0) issues.push({ field, message: `Enter the cm² ${what}, 0 or more` });
    else if (round2(value) !== value) issues.push({ field, message: `Enter the cm² ${what} to two decimals at most` });
  };
  amount("appliedCm2", input.appliedCm2, "applied");
  amount("discardedCm2", input.discardedCm2, "discarded");
  const sum = round2(input.appliedCm2 + input.discardedCm2);
  if (issues.length === 0 && sum !== round2(input.unitAreaCm2))
    issues.push({
      field: "discardedCm2",
      message:
        `Applied and discarded add up to ${formatCm2(sum)}, but this unit is ${formatCm2(input.unitAreaCm2)}: ` +
        "together they are the whole unit.",
    });
  const reason = input.discardReason.trim();
  if (input.discardedCm2 > 0 && reason === "") issues.push({ field: "discardReason", message: "Say why product was discarded" });
  else if (reason.length > DISCARD_REASON_MAX)
    issues.push({ field: "discardReason", message: `A reason is at most ${DISCARD_REASON_MAX} characters` });
  return issues;
}

export type ClaimLineInput = ApplicationAreas & {
  /** "yyyy-mm-dd" */
  dateOfService: string;
  location: WoundLocation;
  /** The wound's area measured that day (length × width). */
  woundAreaCm2: number;
  product: { name: string; hcpcs: string; billing: ProductBilling };
  payerType: PayerType | null;
  /** For an infant or child: body surface area in m², whose 1% replaces 100 cm² in the large-wound codes. */
  childBodyAreaM2?: number | null;
};

/** One line of the claim: a code, its modifiers and units, and what it is in words. */
export type ServiceLine = { code: string; modifiers: string[]; units: number; description: string };

export type ClaimLine = {
  lines: ServiceLine[];
  /** The lines as text to copy, one a line: "15271, 1 unit". */
  text: string;
  /** What billing staff should know: what was not billed and why, the rule's source. */
  notes: string[];
};

const GROUP_WORDS: Record<LocationGroup, string> = {
  "trunk-arms-legs": "trunk, arms, legs",
  "face-hands-feet": "face, scalp, eyelids, mouth, neck, ears, orbits, genitalia, hands, feet, multiple digits",
};

function cptDescription(group: LocationGroup, base: boolean, large: boolean, child: boolean): string {
  const first = large ? (child ? "first 1% of body area" : "first 100 cm²") : "first 25 cm²";
  const each = large ? (child ? "each further 1% of body area" : "each further 100 cm²") : "each further 25 cm²";
  return `Skin substitute graft application, ${GROUP_WORDS[group]}: ${base ? first : each}`;
}

/** Whole billing units of an amount in cm², as the rule rounds them. */
function wholeUnits(amountCm2: number, rounding: ProductBillingRule["rounding"]): number {
  const amount = round2(amountCm2);
  return rounding === "up" ? Math.ceil(amount - 1e-9) : Math.round(amount);
}

export function serviceLineText(line: ServiceLine): string {
  return `${[line.code, ...line.modifiers].join("-")}, ${line.units} ${line.units === 1 ? "unit" : "units"}`;
}

/**
 * The claim line of an application whose areas passed `applicationAreaIssues`.
 *
 * Product units: per cm² products bill the cm² applied in whole units as the
 * rule rounds (at least 1 when anything was applied); per piece products bill
 * 1. Where the payer bills discarded product, it goes on its own line with the
 * rule's modifier (JW) for the rest of the unit's units, and when no whole
 * unit is left over the product line carries the fully-used modifier (JZ)
 * instead. Nothing applied: no line at all.
 */
export function claimLine(input: ClaimLineInput): ClaimLine {
  const { rule, before } = productBillingRuleFor(input.payerType, input.product.billing.fdaCategory, input.dateOfService);
  const notes: string[] = [];
  const lines: ServiceLine[] = [];
  const applied = round2(input.appliedCm2);
  const discarded = round2(input.discardedCm2);

  if (applied > 0) {
    const group = locationGroupOf(input.location);
    const large = input.woundAreaCm2 >= 100;
    const child = Boolean(input.childBodyAreaM2 && input.childBodyAreaM2 > 0);
    applicationCodes(input.location, input.woundAreaCm2, { childBodyAreaM2: input.childBodyAreaM2 }).forEach((cpt, index) =>
      lines.push({ code: cpt.code, modifiers: [], units: cpt.units, description: cptDescription(group, index === 0, large, child) }),
    );
    if (lines.length === 0) notes.push("No wound area was measured that day, so there is no application code.");

    const perCm2 = input.product.billing.hcpcsUnit === "cm2";
    const appliedUnits = perCm2 ? Math.max(1, wholeUnits(applied, rule.rounding)) : 1;
    const leftUnits = perCm2 && discarded > 0 ? Math.max(0, wholeUnits(input.unitAreaCm2, rule.rounding) - appliedUnits) : 0;
    lines.push({
      code: input.product.hcpcs,
      modifiers: leftUnits === 0 && rule.fullyUsedModifier ? [rule.fullyUsedModifier] : [],
      units: appliedUnits,
      description: `${input.product.name}, ${formatCm2(applied)} applied`,
    });
    const discardRule = rule.discarded;
    if (discardRule.billed && leftUnits > 0)
      lines.push({
        code: input.product.hcpcs,
        modifiers: [discardRule.modifier],
        units: leftUnits,
        description: `${input.product.name}, ${formatCm2(discarded)} discarded`,
      });
    if (discarded > 0 && !rule.discarded.billed) notes.push(`${formatCm2(discarded)} discarded is not billed.`);
    if (input.woundAreaCm2 > 0 && applied > round2(input.woundAreaCm2))
      notes.push(
        `The graft applied (${formatCm2(applied)}) is larger than the wound (${formatCm2(input.woundAreaCm2)}): ` +
          "payers expect a graft sized to the wound.",
      );
  } else {
    notes.push("Nothing was applied: this unit gives no claim line.");
  }
  notes.push(rule.source);
  if (before)
    notes.push(`No billing rule is on record for dates of service before ${before}: check this line's modifiers with the payer.`);
  return { lines, text: lines.map(serviceLineText).join("\n"), notes };
}
