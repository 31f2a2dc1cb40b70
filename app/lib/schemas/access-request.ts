import { z } from "zod";
import { practiceSpecialties } from "~/content/access-request";
import { email, firstName, lastName, LIMITS, optionalText, phone, requiredText, usState, zipCode } from "./common";
import { npiField, phoneField } from "./practice";

/** A referral code as typed: letters and digits (folded to capitals), checked against the partners on the server. */
export const REFERRAL_CODE_MESSAGE = "A referral code is 4 to 16 letters and digits";
const referralCode = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4,16}$/, REFERRAL_CODE_MESSAGE)
    .optional(),
);

const SPECIALTY_VALUES = practiceSpecialties.map((s) => s.value) as [string, ...string[]];

/** The ticked specialties: a list (check boxes share one name), at least one, each from the list. */
const specialties = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.string(), { error: "Choose the specialties from the list" })
    .min(1, "Choose at least one specialty")
    // One message for the list, beside its boxes (not one per entry).
    .refine((list) => list.length <= SPECIALTY_VALUES.length && list.every((v) => SPECIALTY_VALUES.includes(v)), "Choose the specialties from the list")
    .transform((list) => SPECIALTY_VALUES.filter((value) => list.includes(value))),
);

const providerCount = z
  .string({ error: "Enter the number of providers" })
  .trim()
  .min(1, "Enter the number of providers")
  .regex(/^\d{1,3}$/, "Enter the number of providers as a whole number from 1 to 999")
  .transform(Number)
  .refine((n) => n >= 1 && n <= 999, "Enter the number of providers as a whole number from 1 to 999");

/**
 * A practice's request for Clinical Portal access (/request-access). The group
 * NPI is checked as the portal's facility form checks it (ten digits and the
 * check digit); the referral code against the partners, on the server.
 */
export const accessRequestSchema = z.object({
  practiceName: requiredText("Practice name", LIMITS.short, "Enter the practice's name"),
  groupNpi: npiField("Enter the practice's group NPI"),
  addressLine1: requiredText("Street address", LIMITS.short, "Enter the street address"),
  addressLine2: optionalText("Address line 2", LIMITS.short),
  city: requiredText("City", LIMITS.name, "Enter the city"),
  state: usState(),
  zip: zipCode(),
  phone: phoneField("Practice phone", "Enter the practice's phone number"),
  contactFirstName: firstName(),
  contactLastName: lastName(),
  contactEmail: email(),
  contactPhone: phone(),
  providerCount,
  specialties,
  referralCode,
});

export type AccessRequestInput = z.output<typeof accessRequestSchema>;

/** The form's values as the schema reads them: every text field, and the ticked specialties as a list. */
export function accessRequestValues(formData: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === "string" && key !== "specialties" && !(key in values)) values[key] = value;
  }
  values.specialties = formData.getAll("specialties").filter((v): v is string => typeof v === "string");
  return values;
}

/** Staff decline a request: the reason is mailed to the requester. */
export const declineAccessRequestSchema = z.object({
  reason: requiredText("Reason", LIMITS.long, "Enter the reason the requester will read"),
});
