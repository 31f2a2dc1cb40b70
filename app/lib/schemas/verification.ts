import { z } from "zod";
import { LIMITS, optionalOption, optionalText, requiredOption } from "./common";
import { dateField, optionalDateField } from "./patient";

/** What staff record after verifying benefits with the payer. */

export const NETWORK_OPTIONS = [
  { value: "in-network", label: "In network" },
  { value: "out-of-network", label: "Out of network" },
  { value: "unknown", label: "Unknown" },
] as const;

/** The outcome staff choose, by the IVR's current status: each is an allowed transition. */
export const VERIFICATION_OUTCOMES = [
  { value: "covered", label: "Covered" },
  { value: "prior_auth_required", label: "Prior auth required" },
  { value: "not_covered", label: "Not covered" },
  { value: "prior_auth_approved", label: "Prior auth approved" },
  { value: "prior_auth_denied", label: "Prior auth denied" },
] as const;

function money(label: string) {
  return z
    .string()
    .trim()
    .transform((v) => v.replace(/[$,\s]/g, ""))
    .refine((v) => v === "" || /^\d{1,7}(\.\d{1,2})?$/.test(v), `${label} is an amount in dollars (1500 or 1500.00)`)
    .transform((v) => (v === "" ? undefined : v))
    .optional();
}

function count(label: string, max: number) {
  return z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d+$/.test(v), `${label} is a whole number`)
    .transform((v) => (v === "" ? undefined : Number(v)))
    .refine((v) => v === undefined || v <= max, `${label} must be ${max} or less`)
    .optional();
}

export const verificationSchema = z
  .object({
    outcome: requiredOption(VERIFICATION_OUTCOMES, "Choose the outcome"),
    networkStatus: optionalOption(NETWORK_OPTIONS, "Choose the network status"),
    deductible: money("Deductible"),
    deductibleMet: money("Deductible met"),
    coinsurancePercent: count("Coinsurance", 100),
    copay: money("Copay"),
    outOfPocketMax: money("Out-of-pocket maximum"),
    outOfPocketMet: money("Out-of-pocket met"),
    priorAuthNumber: optionalText("Prior auth number", 60),
    priorAuthFrom: optionalDateField(),
    priorAuthTo: optionalDateField(),
    authorisedApplications: count("Authorised applications", 40),
    validUntil: dateField("Enter the date this verification is valid until"),
    callReference: optionalText("Call reference", 60),
    noteToPractice: optionalText("Note to the practice", LIMITS.long),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === "prior_auth_approved" && !v.priorAuthNumber)
      ctx.addIssue({ code: "custom", path: ["priorAuthNumber"], message: "Enter the prior authorization number" });
    if (v.priorAuthFrom && v.priorAuthTo && v.priorAuthTo < v.priorAuthFrom)
      ctx.addIssue({ code: "custom", path: ["priorAuthTo"], message: "The authorization ends after it starts" });
  });

export type VerificationInput = z.output<typeof verificationSchema>;
