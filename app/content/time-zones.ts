/**
 * The time zones a practice or a staff member can read times in: the IANA
 * zones of the United States and its territories, and UTC. Times are shown
 * in the viewer's zone with its name ("Nov 27, 2026, 9:14 AM MST"); Arizona,
 * where the company works, is the default.
 */
export const TIME_ZONES = [
  { value: "America/New_York", label: "Eastern (New York)" },
  { value: "America/Chicago", label: "Central (Chicago)" },
  { value: "America/Denver", label: "Mountain (Denver)" },
  { value: "America/Phoenix", label: "Arizona (Phoenix, no daylight saving)" },
  { value: "America/Los_Angeles", label: "Pacific (Los Angeles)" },
  { value: "America/Anchorage", label: "Alaska (Anchorage)" },
  { value: "America/Adak", label: "Hawaii-Aleutian (Adak)" },
  { value: "Pacific/Honolulu", label: "Hawaii (Honolulu)" },
  { value: "America/Puerto_Rico", label: "Atlantic (Puerto Rico, U.S. Virgin Islands)" },
  { value: "Pacific/Guam", label: "Chamorro (Guam, Northern Mariana Islands)" },
  { value: "Pacific/Pago_Pago", label: "Samoa (American Samoa)" },
  { value: "UTC", label: "UTC" },
] as const;

export type TimeZone = (typeof TIME_ZONES)[number]["value"];

export const DEFAULT_TIME_ZONE: TimeZone = "America/Phoenix";

export const TIME_ZONE_VALUES = TIME_ZONES.map((z) => z.value) as [TimeZone, ...TimeZone[]];

export function isTimeZone(value: unknown): value is TimeZone {
  return typeof value === "string" && (TIME_ZONE_VALUES as readonly string[]).includes(value);
}

/** A stored setting as a zone to show times in: the default when none is set (or one no longer listed). */
export function timeZoneOf(value: string | null | undefined): TimeZone {
  return isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}
