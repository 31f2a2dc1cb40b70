import { z } from "zod";
import { email, firstName, lastName, LIMITS, phone, requiredOption, requiredText, type Option } from "./common";

export type IntakeRole =
  | "physician"
  | "practice-manager"
  | "administrator"
  | "nurse"
  | "billing"
  | "industry-representative"
  | "other";

/** The role is descriptive data only (SPEC section 3). */
export const roleOptions = [
  { value: "physician", label: "Physician" },
  { value: "practice-manager", label: "Practice Manager" },
  { value: "administrator", label: "Administrator" },
  { value: "nurse", label: "Nurse" },
  { value: "billing", label: "Billing Staff" },
  { value: "industry-representative", label: "Industry Representative" },
  { value: "other", label: "Other" },
] as const satisfies readonly [Option<IntakeRole>, ...Option<IntakeRole>[]];

/** Free consultation request: every field is required (SPEC section 5). */
export const intakeSchema = z.object({
  firstName: firstName(),
  lastName: lastName(),
  email: email(),
  phone: phone(),
  organization: requiredText("Organization", LIMITS.short, "Enter your organization"),
  role: requiredOption(roleOptions, "Choose your role"),
  query: requiredText("Your request", LIMITS.long, "Tell us how we can help"),
});

export type IntakeInput = z.output<typeof intakeSchema>;
