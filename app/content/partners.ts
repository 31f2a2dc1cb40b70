/**
 * What staff read when they set how a sales partner is paid, and what a
 * partner reads about their area. Words only: the plans themselves are in
 * ~/lib/partners.
 */

/** Shown when staff choose a plan that pays by the volume or value of referred business (a percentage of paid invoices). */
export const ANTI_KICKBACK_WARNING = {
  title: "Anti-Kickback Statute risk",
  text:
    "Paying 1099 contractors by the volume or value of business they refer carries Anti-Kickback Statute risk (42 U.S.C. § 1320a-7b(b)): " +
    "the products are paid for by federal health care programs, and the safe harbors for personal services ask for compensation set in advance, " +
    "consistent with fair market value and not determined by the volume or value of referrals. Check this plan with counsel before it is used; " +
    "a fixed monthly fee fits the safe harbor better.",
  accept: "I have read this warning and accept the risk of a volume-based plan for this partner.",
} as const;

/** The partner area's promise, shown on its pages: what it never shows. */
export const PARTNER_PRIVACY_NOTE =
  "You see references, statuses, dates, products and amounts only: never a patient's name, date of birth, member id, wound details or files.";

/** What a statement explains under its lines. */
export const STATEMENT_NOTES = {
  none: "No plan is set for you: nothing is owed for this month.",
  fixed: "Your plan is a fixed monthly fee.",
  percentage: "Your plan is a percentage of the invoice payments your practices made in the month.",
  override: "Override lines are your share of what your sub-partners' practices earned, after their split.",
  month: "A month is reckoned by the day each payment was made, in the company's time zone.",
} as const;
