import { z } from "zod";
import { LIMITS, optionalOption, optionalText, requiredOption } from "./common";
import { dateField, latestUsToday, optionalDateField } from "./patient";
import { NETWORK_OPTIONS, VERIFICATION_OUTCOMES, verificationDateIssues } from "./verification-fields";

/** What staff record after verifying benefits with the payer. */

export { NETWORK_OPTIONS, VERIFICATION_OUTCOMES } from "./verification-fields";

function money(label: string) {
  return z
    .string()
    .trim()
    .transform((v) => v.replace(/[$,\s]/g, ""))
    .refine((v) => v === "" || /^\d{1,7}(\.\d{1,2})?$/.test(v), `${label} is an amount in dollars (1500 or 1500.00)`)
    .transform((v) => (v === "" ? undefined : v))
    .optional();
}

function count(label: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d+$/.test(v), `${label} is a whole number`)
    .transform((v) => (v === "" ? undefined : Number(v)))
    .refine((v) => v === undefined || (v >= min && v <= max), `${label} is a whole number from ${min} to ${max}`)
    .optional();
}

export const verificationSchema = z
  .object({
    outcome: requiredOption(VERIFICATION_OUTCOMES, "Choose the outcome"),
    networkStatus: optionalOption(NETWORK_OPTIONS, "Choose the network status"),
    deductible: money("Deductible"),
    deductibleMet: money("Deductible met"),
    coinsurancePercent: count("Coinsurance", 0, 100),
    copay: money("Copay"),
    outOfPocketMax: money("Out-of-pocket maximum"),
    outOfPocketMet: money("Out-of-pocket met"),
    priorAuthNumber: optionalText("Prior auth number", 60),
    priorAuthFrom: optionalDateField(),
    priorAuthTo: optionalDateField(),
    authorisedApplications: count("Authorised applications", 1, 40),
    validUntil: dateField("Enter the date this verification is valid until"),
    callReference: optionalText("Call reference", 60),
    noteToPractice: optionalText("Note to the practice", LIMITS.long),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === "prior_auth_approved" && !v.priorAuthNumber)
      ctx.addIssue({ code: "custom", path: ["priorAuthNumber"], message: "Enter the prior authorization number" });
    // The day of the verification is today (the latest calendar day in the US); the server checks again.
    for (const issue of verificationDateIssues(v, latestUsToday())) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });

export type VerificationInput = z.output<typeof verificationSchema>;
