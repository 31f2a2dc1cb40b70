/**
 * The sales-partner domain's vocabulary, browser-safe: the plans a partner is
 * paid by, the portal access request's states and references.
 */

/** none: nothing is owed; fixed: a fee each month; percentage: a share of their practices' paid invoices. */
export const PARTNER_PLANS = ["none", "fixed", "percentage"] as const;
export type PartnerPlan = (typeof PARTNER_PLANS)[number];

export const PARTNER_PLAN_LABELS: Record<PartnerPlan, string> = {
  none: "None",
  fixed: "Fixed monthly fee",
  percentage: "Percentage of paid invoices",
};

/** A plan whose pay grows with the practices' business: staff accept the Anti-Kickback warning to set it. */
export const VOLUME_BASED_PLANS: readonly PartnerPlan[] = ["percentage"];

export const ACCESS_REQUEST_STATES = ["pending", "approved", "declined"] as const;
export type AccessRequestState = (typeof ACCESS_REQUEST_STATES)[number];

/** PAR-000123: a portal access request's reference, in mails and on the console. */
export function accessRequestReference(n: number): string {
  return `PAR-${String(n).padStart(6, "0")}`;
}

export const ACCESS_REQUEST_STATE_LABELS: Record<AccessRequestState, string> = {
  pending: "Pending",
  approved: "Approved",
  declined: "Declined",
};

/** At most this many access requests a console page lists: the pending queue is short, decided ones are searched. */
export const ACCESS_REQUEST_PAGE = 200;

/** Referral codes drawn by the console: no 0/O, 1/I/L, so a code read aloud or typed is not mistaken. */
export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const REFERRAL_CODE_LENGTH = 7;

/** A statement's month, "2026-11". */
export const STATEMENT_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isStatementMonth(value: string | undefined): value is string {
  return typeof value === "string" && STATEMENT_MONTH.test(value);
}

/** "November 2026". */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-").map(Number);
  return new Date(Date.UTC(year!, m! - 1, 1)).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

/** The months from `first` to `last` ("YYYY-MM", both included), newest first. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [y, m] = last.split("-").map(Number) as [number, number];
  const stop = first;
  for (let i = 0; i < 600; i++) {
    const month = `${y}-${String(m).padStart(2, "0")}`;
    if (month < stop) break;
    months.push(month);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return months;
}

/** "12.5%" from basis points. */
export function formatBps(bps: number): string {
  return `${(bps / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}

