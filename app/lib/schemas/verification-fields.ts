/**
 * What staff's verification form needs without zod: its option lists and its
 * date rules, which the schema (verification.ts) checks in the browser and in
 * the action, and `recordVerification` checks again on the server.
 */
import { addYears } from "~/lib/calendar";
import { formatCalendarDate } from "~/lib/format";

export const NETWORK_OPTIONS = [
  { value: "in-network", label: "In network" },
  { value: "out-of-network", label: "Out of network" },
  { value: "unknown", label: "Unknown" },
] as const;

/** The outcome staff choose, by the IVR's current status: each is an allowed transition. */
export const VERIFICATION_OUTCOMES = [
  { value: "covered", label: "Covered" },
  { value: "prior_auth_required", label: "Prior auth required" },
  { value: "not_covered", label: "Not covered" },
  { value: "prior_auth_approved", label: "Prior auth approved" },
  { value: "prior_auth_denied", label: "Prior auth denied" },
] as const;

/** A verification holds for at most this many years from the day it was made. */
export const MAX_VALID_YEARS = 1;

export type VerificationDates = {
  outcome: string;
  validUntil: string;
  priorAuthFrom?: string;
  priorAuthTo?: string;
};

/**
 * What is wrong with a verification's dates, made on `today`: valid-until is
 * after the day of the verification and at most a year later; an approved
 * prior authorization has its window, and a window has both ends, the end
 * after the start. Each message belongs beside its control.
 */
export function verificationDateIssues(v: VerificationDates, today: string): { path: keyof VerificationDates; message: string }[] {
  const issues: { path: keyof VerificationDates; message: string }[] = [];
  const latest = addYears(today, MAX_VALID_YEARS);
  if (v.validUntil <= today)
    issues.push({ path: "validUntil", message: `Valid until is after today (${formatCalendarDate(today)}), the day of this verification` });
  else if (v.validUntil > latest)
    issues.push({ path: "validUntil", message: `A verification holds for a year at most: choose ${formatCalendarDate(latest)} or before` });
  const window = v.outcome === "prior_auth_approved" || Boolean(v.priorAuthFrom) || Boolean(v.priorAuthTo);
  if (window && !v.priorAuthFrom) issues.push({ path: "priorAuthFrom", message: "Enter the day the authorization starts" });
  if (window && !v.priorAuthTo) issues.push({ path: "priorAuthTo", message: "Enter the day the authorization ends" });
  if (v.priorAuthFrom && v.priorAuthTo && v.priorAuthTo <= v.priorAuthFrom)
    issues.push({ path: "priorAuthTo", message: "The authorization ends after it starts" });
  return issues;
}
