/**
 * Eligibility checks as the pages and the queue speak of them: why a check
 * was asked, its states, and what an answer asks of a person (the queue's
 * first rows). Browser-safe.
 */

export const ELIGIBILITY_CHECK_WHY = ["sent", "again", "reverification", "before-order", "daily"] as const;
export type EligibilityCheckWhy = (typeof ELIGIBILITY_CHECK_WHY)[number];

export const ELIGIBILITY_CHECK_STATES = ["waiting", "answered", "failed"] as const;
export type EligibilityCheckState = (typeof ELIGIBILITY_CHECK_STATES)[number];

/** What an answer asks of a person, most pressing first: the order is the queue's. */
export const ELIGIBILITY_ATTENTION = ["inactive", "rejected", "authorisation", "other-payer"] as const;
export type EligibilityAttention = (typeof ELIGIBILITY_ATTENTION)[number];

/** ivrs.eligibility_attention when nothing asks for a person: after every attention rank. */
export const NO_ATTENTION_RANK = 9;

/** The queue's rank of an attention (1 first); NO_ATTENTION_RANK for none. */
export function attentionRank(attention: EligibilityAttention | null): number {
  return attention === null ? NO_ATTENTION_RANK : ELIGIBILITY_ATTENTION.indexOf(attention) + 1;
}

/** The attention a rank stands for; null for none (or a rank this version does not know). */
export function attentionOfRank(rank: number): EligibilityAttention | null {
  return ELIGIBILITY_ATTENTION[rank - 1] ?? null;
}

export const ELIGIBILITY_WHY_LABELS: Record<EligibilityCheckWhy, string> = {
  sent: "IVR sent",
  again: "Asked again",
  reverification: "Re-verification started",
  "before-order": "Before an order",
  daily: "Daily re-check",
};

export const ELIGIBILITY_ATTENTION_LABELS: Record<EligibilityAttention, string> = {
  inactive: "Coverage inactive",
  rejected: "Payer rejected the check",
  authorisation: "Authorisation required",
  "other-payer": "Another payer found",
};

/** What the console says when no connector is chosen. */
export const ELIGIBILITY_OFF = "Eligibility checks are off (ELIGIBILITY_CONNECTOR is not set).";
/** Asking again while a check of the coverage waits. */
export const ELIGIBILITY_UNDER_WAY = "A check is already under way";
/** A patient made up by seed:demo: never sent to a payer. */
export const ELIGIBILITY_SYNTHETIC = "Not sent: this patient was made up for the demo.";

/**
 * The board's line of an IVR: the practice's line when coverage was found; a
 * pointer to the IVR's page otherwise (a rejection may quote the member id,
 * which the board, showing initials only, does not).
 */
export function boardEligibilityLine(practiceLine: string | null): string | null {
  if (!practiceLine) return null;
  return practiceLine.startsWith("Coverage found") ? practiceLine : "Eligibility: the payer's answer needs you. Open the IVR.";
}
