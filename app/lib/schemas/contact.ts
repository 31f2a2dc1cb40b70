import { z } from "zod";
import { email, firstName, lastName, LIMITS, optionalText, requiredText } from "./common";

/** Contact message of the landing page (SPEC section 3). */
export const contactSchema = z.object({
  firstName: firstName(),
  lastName: lastName(),
  email: email(),
  company: optionalText("Company", LIMITS.short),
  message: requiredText("Message", LIMITS.long, "Enter your message"),
});

export type ContactInput = z.output<typeof contactSchema>;
export type ContactField = keyof ContactInput;
