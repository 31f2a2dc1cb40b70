/**
 * Prior authorisations in words, browser-safe: how many applications are
 * used of how many, when an authorisation ends soon, and when a reminder is
 * due. The records and the rules that read the database are the
 * authorisations domain's (`app/.server/authorisations`).
 */
import { addDays } from "~/lib/calendar";

/** What the portal and the console show of an IVR's current authorisation. */
export type AuthorisationUsage = {
  /** applications used: the IVR's orders that are not cancelled (one order is one application) */
  used: number;
  /** applications the payer authorised; null when it gave no count */
  authorised: number | null;
  validFrom: string;
  validTo: string;
};

/** Reminders go this many days before an authorisation or a verification ends, the first one soonest. */
export const REMINDER_DAYS = [30, 7] as const;

/** The board marks an authorisation ending within this many days while applications remain. */
export const ENDS_SOON_DAYS = REMINDER_DAYS[0];

const applications = (n: number) => (n === 1 ? "1 application" : `${n} applications`);

/** "3 of 8 applications used, valid until 2027-02-24" (without a count: "3 applications used, ..."). */
export function usageText(usage: AuthorisationUsage): string {
  const used = usage.authorised === null ? `${applications(usage.used)} used` : `${usage.used} of ${applications(usage.authorised)} used`;
  return `${used}, valid until ${usage.validTo}`;
}

/** Applications the payer authorised are left (an authorisation without a count always has some). */
export function applicationsRemain(usage: Pick<AuthorisationUsage, "used" | "authorised">): boolean {
  return usage.authorised === null || usage.used < usage.authorised;
}

/** Ends within ENDS_SOON_DAYS of `today` (and has not ended) while applications remain: the board marks it. */
export function endsSoon(usage: AuthorisationUsage, today: string): boolean {
  return usage.validTo >= today && usage.validTo <= addDays(today, ENDS_SOON_DAYS) && applicationsRemain(usage);
}

/** The board's mark: "Authorisation ends 2027-02-24". */
export function endsSoonText(validTo: string): string {
  return `Authorisation ends ${validTo}`;
}

/**
 * The reminder due for something that ends on `endsOn`, seen on `today`: the
 * smallest threshold it is within (7 once a week is left, else 30), or null
 * when it is further off or has ended. A day missed (no process ran) is
 * caught up the next day; a threshold already passed is not sent late.
 */
export function reminderDue(endsOn: string, today: string): number | null {
  if (endsOn < today) return null;
  const within = REMINDER_DAYS.filter((days) => endsOn <= addDays(today, days));
  return within.length > 0 ? Math.min(...within) : null;
}

/** Whole days from `today` to `date`. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** "ends in 30 days", "ends tomorrow", "ends today". */
export function endsInWords(endsOn: string, today: string): string {
  const days = daysUntil(endsOn, today);
  return days <= 0 ? "ends today" : days === 1 ? "ends tomorrow" : `ends in ${days} days`;
}

/** An authorisation as a page shows it, in words (dates are Date on the server, strings once sent to the browser). */
export type AuthorisationView<When = Date> = {
  number: string;
  trackingNumber: string | null;
  validFrom: string;
  validTo: string;
  authorisedApplications: number | null;
  /** "3 of 8 applications used, valid until 2027-02-24"; null for one that was replaced */
  usage: string | null;
  /** "Authorisation ends 2027-02-24" when it ends within 30 days with applications left */
  endsSoon: string | null;
  /** the products it covers by name; "Every product of the IVR" when it names none */
  products: string;
  productSlugs: string[];
  recordedBy: string | null;
  createdAt: When;
  replacedAt: When | null;
};
