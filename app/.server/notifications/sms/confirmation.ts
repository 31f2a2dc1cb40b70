import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { derivedKey } from "~/.server/crypto";

/**
 * Confirming a mobile number: a 6-digit code texted to it, good for 10
 * minutes and 5 tries. Pure functions; the caller stores `PendingConfirmation`.
 *
 * Only a keyed hash of the code is kept: a plain hash of six digits is undone
 * by trying the million of them, a keyed one is not without the key (derived
 * from the session signing secret, so nothing more to set up). The hash also
 * binds the account and the number: copied to another account or number, it
 * matches nothing.
 */

export const CONFIRMATION_DIGITS = 6;
export const CONFIRMATION_MINUTES = 10;
export const CONFIRMATION_ATTEMPTS = 5;

export type PendingConfirmation = {
  /** The number being confirmed, E.164. */
  phone: string;
  codeHash: string;
  expiresAt: Date;
  /** Wrong codes typed so far. */
  attempts: number;
};

export const CONFIRMATION_MESSAGES = {
  malformed: `Enter the ${CONFIRMATION_DIGITS}-digit code from the text.`,
  wrong: "That code is not the one we sent.",
  expired: "That code has expired: send a new one.",
  locked: "Too many wrong codes: send a new one.",
} as const;

export function confirmationKey(): Buffer {
  return derivedKey("sms", "sms confirmation code v1");
}

function hashCode(key: Buffer, subject: string, phone: string, code: string): string {
  return createHmac("sha256", key).update([subject, phone, code].join("\u0000"), "utf8").digest("base64url");
}

/**
 * A new code for `phone`, confirmed by the account `subject` (its user id).
 * Text `code` (confirmationCodeText) and store `pending`, in place of any
 * earlier code for that account.
 */
export function newConfirmation(
  subject: string,
  phone: string,
  { now = new Date(), key = confirmationKey() }: { now?: Date; key?: Buffer } = {},
): { code: string; pending: PendingConfirmation } {
  const code = String(randomInt(0, 10 ** CONFIRMATION_DIGITS)).padStart(CONFIRMATION_DIGITS, "0");
  return {
    code,
    pending: { phone, codeHash: hashCode(key, subject, phone, code), expiresAt: new Date(now.getTime() + CONFIRMATION_MINUTES * 60_000), attempts: 0 },
  };
}

export type ConfirmationCheck =
  | { result: "confirmed"; phone: string }
  /** Store `attempts`; `left` more tries remain (0: the code is spent). */
  | { result: "wrong"; attempts: number; left: number; message: string }
  /** Nothing to store: the form shows the message. */
  | { result: "malformed" | "expired" | "locked"; message: string };

/**
 * Checks a typed code ("123456", "123 456", "123-456"). A wrong code counts;
 * one that is not six digits does not (it is a slip, not a guess). Store the
 * count with a condition on the count read (`WHERE attempts = pending.attempts`),
 * so two tries at once cannot both count as the fifth.
 */
export function checkConfirmation(
  pending: PendingConfirmation,
  typed: string,
  subject: string,
  { now = new Date(), key = confirmationKey() }: { now?: Date; key?: Buffer } = {},
): ConfirmationCheck {
  if (pending.attempts >= CONFIRMATION_ATTEMPTS) return { result: "locked", message: CONFIRMATION_MESSAGES.locked };
  if (now.getTime() >= pending.expiresAt.getTime()) return { result: "expired", message: CONFIRMATION_MESSAGES.expired };
  const code = typed.replace(/[\s-]/g, "");
  if (!new RegExp(`^\\d{${CONFIRMATION_DIGITS}}$`).test(code)) return { result: "malformed", message: CONFIRMATION_MESSAGES.malformed };
  const expected = Buffer.from(pending.codeHash, "utf8");
  const given = Buffer.from(hashCode(key, subject, pending.phone, code), "utf8");
  if (expected.length === given.length && timingSafeEqual(expected, given)) return { result: "confirmed", phone: pending.phone };
  const attempts = pending.attempts + 1;
  const left = CONFIRMATION_ATTEMPTS - attempts;
  return { result: "wrong", attempts, left, message: left > 0 ? CONFIRMATION_MESSAGES.wrong : CONFIRMATION_MESSAGES.locked };
}
