import { z } from "zod";
import { email, firstName, lastName, LIMITS, optionalOption, optionalText, phone, type Option } from "./common";

export type ExperienceRange = "0-2" | "3-5" | "6-10" | "10+";
export type CallTime = "morning" | "afternoon" | "evening" | "anytime";

export const experienceOptions = [
  { value: "0-2", label: "0-2 years" },
  { value: "3-5", label: "3-5 years" },
  { value: "6-10", label: "6-10 years" },
  { value: "10+", label: "10+ years" },
] as const satisfies readonly [Option<ExperienceRange>, ...Option<ExperienceRange>[]];

export const bestTimeOptions = [
  { value: "morning", label: "Morning (8AM-12PM)" },
  { value: "afternoon", label: "Afternoon (12PM-5PM)" },
  { value: "evening", label: "Evening (5PM-8PM)" },
  { value: "anytime", label: "Anytime" },
] as const satisfies readonly [Option<CallTime>, ...Option<CallTime>[]];

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
