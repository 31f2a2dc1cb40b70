import { z } from "zod";
import { npiProblem } from "~/lib/clinical/identifiers";
import { PLACES_OF_SERVICE } from "~/lib/ivr";
import { LIMITS, optionalText, requiredOption, requiredText, usState, zipCode } from "./common";

/**
 * The practice's own details, typed by its members (facilities, providers)
 * and by staff (the practice itself). Browser and server run these.
 */

const TAX_ID = /^\d{2}-?\d{7}$/;
const PTAN = /^[A-Z0-9]{1,15}$/;

function phoneField(label: string, missing?: string) {
  const invalid = `Enter a valid ${label.toLowerCase()}`;
  const base = z
    .string()
    .trim()
    .max(LIMITS.phone, `${label} must be ${LIMITS.phone} characters or fewer`)
    .regex(/^[\d\s+().-]*$/, invalid)
    .refine((v) => v === "" || (v.match(/\d/g)?.length ?? 0) >= 10, invalid);
  return missing ? base.min(1, missing) : base.transform((v) => (v === "" ? undefined : v)).optional();
}

/** An NPI: ten digits with a valid check digit; the message names the number typed. */
export function npiField(missing: string | null) {
  const field = z
    .string({ error: missing ?? "Enter an NPI" })
    .trim()
    .superRefine((value, ctx) => {
      if (value === "") {
        if (missing) ctx.addIssue({ code: "custom", message: missing });
        return;
      }
      const problem = npiProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
  return missing ? field : field.transform((v) => (v === "" ? undefined : v)).optional();
}

const taxId = z
  .string()
  .trim()
  .refine((v) => v === "" || TAX_ID.test(v), "Enter the tax id as nine digits (12-3456789)")
  .transform((v) => (v === "" ? undefined : v.replace(/^(\d{2})-?(\d{7})$/, "$1-$2")))
  .optional();

const ptan = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === "" || PTAN.test(v), "A PTAN is letters and digits, at most 15")
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const practiceSchema = z.object({
  name: requiredText("Practice name", LIMITS.short, "Enter the practice's name"),
  taxId,
});
export type PracticeInput = z.output<typeof practiceSchema>;

export const facilitySchema = z.object({
  name: requiredText("Facility name", LIMITS.short, "Enter the facility's name"),
  addressLine1: requiredText("Street address", LIMITS.short, "Enter the street address"),
  addressLine2: optionalText("Address line 2", LIMITS.short),
  city: requiredText("City", LIMITS.name, "Enter the city"),
  state: usState(),
  zip: zipCode(),
  phone: phoneField("Phone number", "Enter the facility's phone number"),
  groupNpi: npiField(null),
  ptan,
  taxId,
  placeOfService: requiredOption(PLACES_OF_SERVICE, "Choose the usual place of service"),
});
export type FacilityInput = z.output<typeof facilitySchema>;

export const providerSchema = z.object({
  firstName: requiredText("First name", LIMITS.name, "Enter the provider's first name"),
  lastName: requiredText("Last name", LIMITS.name, "Enter the provider's last name"),
  credentials: optionalText("Credentials", 40),
  specialty: optionalText("Specialty", LIMITS.name),
  npi: npiField("Enter the provider's individual NPI"),
  ptan,
});
export type ProviderInput = z.output<typeof providerSchema>;

export { phoneField };
