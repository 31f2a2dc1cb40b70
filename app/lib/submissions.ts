/**
 * The submissions domain's vocabulary, browser-safe: the form kinds (each
 * declared once, in submission-kinds.ts), the statuses a submission moves
 * through and which moves are allowed. The database enums, the console's
 * badges and filters, and the lifecycle function all read from here, so a
 * word exists once.
 */
import { KIND_INFO, KINDS, type Kind } from "./submission-kinds";

export { KINDS, type Kind };

export const KIND_LABELS = Object.fromEntries(KINDS.map((kind) => [kind, KIND_INFO[kind].label])) as Record<Kind, string>;

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

/** Why a change is refused, in the words the console shows. */
export function transitionRefusal(from: Status, to: Status): string {
  return from === to
    ? `The submission is already ${STATUS_LABELS[to].toLowerCase()}.`
    : `A submission that is ${STATUS_LABELS[from].toLowerCase()} cannot be set to ${STATUS_LABELS[to].toLowerCase()}.`;
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
