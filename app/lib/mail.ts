/**
 * Mail purposes and states in words, for the console (browser-safe: no
 * server imports). The keys are what the outbox stores in `purpose`:
 * `<kind>.notification` and `<kind>.confirmation` for form mail (the kind's
 * words come from its record), `account.*` for portal mail.
 */
import { KIND_INFO, KINDS } from "./submission-kinds";

const FORM_NAMES: Record<string, string> = Object.fromEntries(KINDS.map((kind) => [kind, KIND_INFO[kind].formName]));

const NAMED_PURPOSES: Record<string, string> = {
  "account.invite": "Invitation to the portal",
  "account.reset": "Password reset",
  "account.sign-in-link": "Sign-in link",
  "account.sign-in-limited": "Sign-in limited notice",
  "account.two-factor-reset": "Two-factor sign-in reset",
  "ivr.received": "IVR received: notice to the company",
  "ivr.status": "IVR status change: notice to the practice",
  "ivr.reminder": "IVR authorisation or verification ending: reminder to the practice",
  "ivr.coverage-ended": "IVR coverage ended (payer's answer): notice to the practice and the company",
  "order.received": "Order received: notice to the company",
  "order.cancelled": "Order cancelled by the practice: notice to the company",
  "order.status": "Order status change: notice to the practice",
  "order.approval": "Order waiting for the practice's approval: notice to its practice admins",
  "inventory.recall": "Recall of grafts: notice to the practice",
  "inventory.reorder-suggested": "Reorder below par drafted: notice to the practice",
  "inventory.reorder-placed": "Reorder below par placed automatically: notice to the practice",
  "inventory.expiring": "Units expiring within 30 days: weekly count to the practice",
  "access-request.notification": "Portal access request: notification to the company",
  "access-request.confirmation": "Portal access request: confirmation to the requester",
  "access-request.declined": "Portal access request declined: the reason to the requester",
  "chat.transcript": "Live chat transcript to the visitor",
};

const FORM_MAILS: Record<string, string> = {
  notification: "notification to the company",
  confirmation: "confirmation to the sender",
};

/**
 * "Contact form: notification to the company", "Password reset", ... A key
 * nobody gave words to yet still reads as something ("Other mail (x.y)"), so
 * a new kind of mail never shows up blank.
 */
export function mailPurposeLabel(purpose: string): string {
  const account = NAMED_PURPOSES[purpose];
  if (account) return account;
  const [kind, mail, ...rest] = purpose.split(".");
  const form = kind ? FORM_NAMES[kind] : undefined;
  const what = mail ? FORM_MAILS[mail] : undefined;
  if (form && what && rest.length === 0) return `${form}: ${what}`;
  return `Other mail (${purpose})`;
}

/** States of an outbox mail, as the database enum, the console's filter and its badges know them. */
export const MAIL_STATES = ["pending", "sent", "failed", "dismissed"] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  pending: "Pending",
  sent: "Sent",
  failed: "Failed",
  dismissed: "Dismissed",
};

export function isMailState(value: unknown): value is MailState {
  return typeof value === "string" && (MAIL_STATES as readonly string[]).includes(value);
}

export const OUTBOX_PAGE_SIZE = 50;

/** The subject of a status mail: "IVR-000123: needs information", the reference and the status in words (no personal data). */
export function statusSubject(reference: string, statusLabel: string): string {
  return `${reference}: ${statusLabel.charAt(0).toLowerCase()}${statusLabel.slice(1)}`;
}
