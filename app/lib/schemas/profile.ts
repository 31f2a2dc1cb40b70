import { z } from "zod";
import { TIME_ZONES } from "~/content/time-zones";
import { LIMITS, requiredOption, requiredText } from "./common";

/** The zone times are shown in: a practice's (set by its members) or a staff member's own. */
export const timeZoneField = requiredOption(TIME_ZONES, "Choose a time zone from the list");

/** The time zone form of a practice's page. */
export const practiceTimeZoneSchema = z.object({ timeZone: timeZoneField });

/** A staff member's profile: the name others see, and the zone they read times in. */
export const profileSchema = z.object({
  name: requiredText("Name", LIMITS.name, "Enter your name"),
  timeZone: timeZoneField,
});

export type ProfileInput = z.infer<typeof profileSchema>;
