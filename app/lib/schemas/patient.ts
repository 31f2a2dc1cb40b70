import { z } from "zod";
import { isValidMbi, normalizeMbi } from "~/lib/clinical/identifiers";
import { PAYER_TYPES } from "~/lib/ivr";
import { COVERAGE_RANKS } from "~/lib/patients";
import { LIMITS, optionalOption, optionalText, requiredOption, requiredText, usState, zipCode } from "./common";
import { phoneField } from "./practice";

export const SEX_OPTIONS = [
  { value: "female", label: "Female" },
  { value: "male", label: "Male" },
  { value: "other", label: "Other" },
  { value: "unknown", label: "Unknown" },
] as const;

export const RELATIONSHIP_OPTIONS = [
  { value: "spouse", label: "Spouse" },
  { value: "parent", label: "Parent" },
  { value: "child", label: "Child" },
  { value: "other", label: "Other" },
] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A date typed in a date control (yyyy-mm-dd). */
export function dateField(missing: string) {
  return z.string({ error: missing }).trim().min(1, missing).refine(isRealDate, "Enter a real date");
}

export function optionalDateField() {
  return z
    .string()
    .trim()
    .refine((v) => v === "" || isRealDate(v), "Enter a real date")
    .transform((v) => (v === "" ? undefined : v))
    .optional();
}

// Made once: building a DateTimeFormat costs far more than using one.
let hawaiiDate: Intl.DateTimeFormat | undefined;

/** Today's date where the day ends last in the US (Hawaii): a date that is today anywhere in the country is accepted. */
export function latestUsToday(now: Date = new Date()): string {
  hawaiiDate ??= new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Honolulu", year: "numeric", month: "2-digit", day: "2-digit" });
  return hawaiiDate.format(now);
}

export const birthDate = () =>
  dateField("Enter the patient's date of birth")
    .refine((v) => v <= latestUsToday(), "A date of birth cannot be in the future")
    .refine((v) => v >= "1900-01-01", "Enter a date of birth after 1900");

const coverageShape = {
  payerName: requiredText("Payer", LIMITS.short, "Enter the insurance payer"),
  payerType: requiredOption(PAYER_TYPES, "Choose the payer type"),
  memberId: requiredText("Member id", 40, "Enter the member id"),
  groupNumber: optionalText("Group number", 40),
  payerPhone: phoneField("Payer phone"),
  secondaryPayerName: optionalText("Payer", LIMITS.short),
  secondaryPayerType: optionalOption(PAYER_TYPES, "Choose the payer type"),
  secondaryMemberId: optionalText("Member id", 40),
  secondaryGroupNumber: optionalText("Group number", 40),
  secondaryPayerPhone: phoneField("Payer phone"),
};

/** The member id: for Medicare, a valid MBI (dashes and case do not matter). */
function checkCoverage(prefix: "" | "secondary") {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const p = (name: string) => (prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name);
    const type = value[p("payerType")];
    const member = value[p("memberId")];
    if (prefix && (value[p("payerName")] || type || member)) {
      if (!value[p("payerName")]) ctx.addIssue({ code: "custom", path: [p("payerName")], message: "Enter the secondary payer" });
      if (!type) ctx.addIssue({ code: "custom", path: [p("payerType")], message: "Choose the secondary payer type" });
      if (!member) ctx.addIssue({ code: "custom", path: [p("memberId")], message: "Enter the secondary member id" });
    }
    if (type === "medicare" && typeof member === "string" && !isValidMbi(member))
      ctx.addIssue({
        code: "custom",
        path: [p("memberId")],
        message: "A Medicare member id is the 11-character MBI on the card (for example 1EG4-TE5-MK73)",
      });
  };
}

/** Who the patient is and where they live: the patient form's first part, and the edit form. */
const detailsShape = {
  firstName: requiredText("First name", LIMITS.name, "Enter the patient's first name"),
  lastName: requiredText("Last name", LIMITS.name, "Enter the patient's last name"),
  birthDate: birthDate(),
  sex: requiredOption(SEX_OPTIONS, "Choose the patient's sex"),
  addressLine1: requiredText("Street address", LIMITS.short, "Enter the patient's street address"),
  city: requiredText("City", LIMITS.name, "Enter the city"),
  state: usState(),
  zip: zipCode(),
  phone: phoneField("Phone number"),
};

const subscriberShape = {
  subscriberName: optionalText("Subscriber name", LIMITS.name),
  subscriberBirthDate: optionalDateField(),
  subscriberRelationship: optionalOption(RELATIONSHIP_OPTIONS, "Choose how the subscriber is related"),
};

function checkSubscriber(v: { subscriberName?: string; subscriberRelationship?: string }, ctx: z.RefinementCtx) {
  if (v.subscriberName && !v.subscriberRelationship)
    ctx.addIssue({ code: "custom", path: ["subscriberRelationship"], message: "Choose how the subscriber is related" });
}

const patientShape = { ...detailsShape, ...coverageShape, ...subscriberShape };

export const patientSchema = z
  .object(patientShape)
  .superRefine(checkCoverage(""))
  .superRefine(checkCoverage("secondary"))
  .superRefine(checkSubscriber)
  .transform((v) => ({
    ...v,
    memberId: v.payerType === "medicare" ? normalizeMbi(v.memberId) : v.memberId,
    secondaryMemberId: v.secondaryPayerType === "medicare" && v.secondaryMemberId ? normalizeMbi(v.secondaryMemberId) : v.secondaryMemberId,
  }));

/** The patient edit form: who they are and where they live (coverages have their own form). */
export const patientDetailsSchema = z.object(detailsShape);
export type PatientDetailsInput = z.output<typeof patientDetailsSchema>;

/**
 * A coverage added or put in place of the current one of its rank (the old
 * one is kept in the patient's history). The subscriber goes with the
 * primary coverage.
 */
export const coverageSchema = z
  .object({
    rank: requiredOption(COVERAGE_RANKS, "Choose primary or secondary"),
    payerName: coverageShape.payerName,
    payerType: coverageShape.payerType,
    memberId: coverageShape.memberId,
    groupNumber: coverageShape.groupNumber,
    payerPhone: coverageShape.payerPhone,
    ...subscriberShape,
  })
  .superRefine(checkCoverage(""))
  .superRefine(checkSubscriber)
  .transform((v) => ({ ...v, memberId: v.payerType === "medicare" ? normalizeMbi(v.memberId) : v.memberId }));
export type CoverageInput = z.output<typeof coverageSchema>;

export type PatientInput = z.output<typeof patientSchema>;
