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
