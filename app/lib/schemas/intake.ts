import { z } from "zod";
import { email, firstName, lastName, LIMITS, phone, requiredOption, requiredText } from "./common";
import { roleOptions } from "./intake-options";

export * from "./intake-options";

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
