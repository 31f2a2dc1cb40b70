/**
 * The submissions domain's vocabulary, browser-safe: the four form kinds, the
 * statuses a submission moves through and which moves are allowed. The
 * database enums, the console's badges and filters, and the lifecycle
 * function all read from here, so a word exists once.
 */

export const KINDS = ["contact", "intake", "application", "callback"] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABELS: Record<Kind, string> = {
  contact: "Contact",
  intake: "Consultation",
  application: "Application",
  callback: "Partner callback",
};

export const STATUSES = ["new", "in_progress", "closed"] as const;
export type Status = (typeof STATUSES)[number];

export const STATUS_LABELS: Record<Status, string> = {
  new: "New",
  in_progress: "In progress",
  closed: "Closed",
};

/**
 * Allowed status changes. Staff triage freely: a submission can be picked up,
 * closed, reopened or put back to new; only "no change" is not a transition.
 */
export const TRANSITIONS: Record<Status, readonly Status[]> = {
  new: ["in_progress", "closed"],
  in_progress: ["new", "closed"],
  closed: ["new", "in_progress"],
};

export function canTransition(from: Status, to: Status): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isKind(value: unknown): value is Kind {
  return typeof value === "string" && (KINDS as readonly string[]).includes(value);
}

export function isStatus(value: unknown): value is Status {
  return typeof value === "string" && (STATUSES as readonly string[]).includes(value);
}

/** Orders of the inbox: newest first (the default), oldest first, or by status (new, in progress, closed), newest first within each. */
export const INBOX_SORTS = ["newest", "oldest", "status"] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

export const INBOX_PAGE_SIZE = 25;
export const MAX_NOTE = 5000;
export const MAX_SEARCH = 200;
