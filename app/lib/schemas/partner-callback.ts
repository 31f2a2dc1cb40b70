import { z } from "zod";
import { email, firstName, lastName, LIMITS, optionalOption, optionalText, phone } from "./common";
import { bestTimeOptions, experienceOptions } from "./partner-callback-options";

export * from "./partner-callback-options";

/** 1099 partner callback request: name, email and phone required, the rest optional. */
export const partnerCallbackSchema = z.object({
  firstName: firstName(),
  lastName: lastName(),
  email: email(),
  phone: phone(),
  currentRole: optionalText("Current role", LIMITS.short),
  experience: optionalOption(experienceOptions, "Choose your experience from the list"),
  territory: optionalText("Territory", LIMITS.short),
  bestTimeToCall: optionalOption(bestTimeOptions, "Choose a time from the list"),
  additionalInfo: optionalText("Additional information", LIMITS.long),
});

export type PartnerCallbackInput = z.output<typeof partnerCallbackSchema>;
