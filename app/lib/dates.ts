/**
 * Calendar dates as the site stores them, "yyyy-mm-dd" (no time, no zone),
 * the same in the browser and on the server. Two such strings compare in
 * date order as plain strings. Adding days is calendar.ts's addDays.
 */

/** Days in a month (1 to 12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** "yyyy-mm-dd" of a year, month (1 to 12) and day. */
export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Whether a string is a real calendar date written "yyyy-mm-dd" (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}
