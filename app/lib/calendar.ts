/**
 * Calendar days as the site counts them ("2026-03-04", no time, no zone):
 * adding days, and business days (no weekend, no US federal holiday, from
 * app/content/shipping.ts). Pure and browser-safe, so a form's check in the
 * browser and the rule on the server count the same days.
 */
import { FEDERAL_HOLIDAYS } from "~/content/shipping";
import { formatCalendarDate } from "./format";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** The day `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The same day `years` later; February 29 becomes February 28 in a year without it. */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${String(y + years).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** "Wednesday" */
export function weekdayOf(date: string): string {
  return WEEKDAYS[utc(date).getUTCDay()]!;
}

/** "Wednesday, December 2, 2026" */
export function formatDayWithWeekday(date: string): string {
  return `${weekdayOf(date)}, ${formatCalendarDate(date)}`;
}

/** The federal holiday on this day, by name, or null. */
export function holidayOn(date: string): string | null {
  const year = Number(date.slice(0, 4));
  return FEDERAL_HOLIDAYS[year]?.find((h) => h.date === date)?.name ?? null;
}

/** Monday to Friday, and not a US federal holiday. */
export function isBusinessDay(date: string): boolean {
  const day = utc(date).getUTCDay();
  return day !== 0 && day !== 6 && holidayOn(date) === null;
}

/** The day itself when it is a business day, else the next one. */
export function nextBusinessDayFrom(date: string): string {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** The `count`th business day after `date` (0: `date` when a business day, else the next). */
export function addBusinessDays(date: string, count: number): string {
  if (count <= 0) return nextBusinessDayFrom(date);
  let day = date;
  for (let left = count; left > 0; ) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left--;
  }
  return day;
}
