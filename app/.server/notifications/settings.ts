import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/.server/db/client";
import { notificationChoices, smsNumbers, smsOptOuts } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { siteConfig, siteOrigin } from "~/.server/env";
import { hitRateLimit } from "~/.server/http/rate-limit";
import { NOTIFICATION_EVENTS, type NotificationEvent } from "~/lib/notifications";
import { checkConfirmation, CONFIRMATION_MINUTES, newConfirmation, type ConfirmationCheck } from "./sms/confirmation";
import { confirmationCodeText } from "./sms/texts";
import { queueText } from "./outbox";

/**
 * A member's notification settings: by mail and by text per event, and the
 * mobile number texts go to, confirmed by a code texted to it.
 */

export type EventChoice = { event: NotificationEvent; byMail: boolean; byText: boolean };

export type NotificationSettings = {
  choices: EventChoice[];
  /** The confirmed number (E.164), or null. */
  phone: string | null;
  /** A number waiting for its code, or null. */
  pendingPhone: string | null;
  /** The confirmed number replied STOP: nothing is sent to it until START. */
  optedOut: boolean;
};

export async function notificationSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const [rows, [number]] = await Promise.all([
    db.select().from(notificationChoices).where(eq(notificationChoices.userId, userId)),
    db.select().from(smsNumbers).where(eq(smsNumbers.userId, userId)),
  ]);
  const byEvent = new Map(rows.map((r) => [r.event, r]));
  const phone = number?.confirmedAt ? number.phone : null;
  const [optOut] = phone ? await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone)) : [];
  return {
    choices: NOTIFICATION_EVENTS.map((event) => ({ event, byMail: byEvent.get(event)?.byMail ?? true, byText: byEvent.get(event)?.byText ?? false })),
    phone,
    pendingPhone: number?.pendingPhone && number.pendingExpiresAt && number.pendingExpiresAt > new Date() ? number.pendingPhone : null,
    optedOut: Boolean(optOut),
  };
}

/** Saves every event's choice at once; `textsOn` false keeps the text choices as they were (the option is hidden). */
export async function saveChoices(db: Db, userId: string, choices: EventChoice[], { textsOn }: { textsOn: boolean }): Promise<void> {
  await inTransaction(db, async (tx) => {
    for (const c of choices) {
      const set = textsOn ? { byMail: c.byMail, byText: c.byText, updatedAt: new Date() } : { byMail: c.byMail, updatedAt: new Date() };
      await tx
        .insert(notificationChoices)
        .values({ userId, event: c.event, byMail: c.byMail, byText: textsOn ? c.byText : false })
        .onConflictDoUpdate({ target: [notificationChoices.userId, notificationChoices.event], set });
    }
  });
}

/** Codes texted per account: 3 in 10 minutes, 10 a day. */
const CODE_LIMITS = [
  { limit: 3, windowMs: 10 * 60_000 },
  { limit: 10, windowMs: 24 * 3600_000 },
];

export type StartResult = { ok: true } | { ok: false; reason: "too-many"; retryAfterSeconds: number } | { ok: false; reason: "opted-out" };

/**
 * Texts a code to `phone` for the member to type, in place of any earlier
 * code. Limited per account, so the form cannot be used to text strangers.
 */
export async function startConfirmation(db: Db, userId: string, phone: string, { limitDb = db }: { limitDb?: Db } = {}): Promise<StartResult> {
  const [optedOut] = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  if (optedOut) return { ok: false, reason: "opted-out" };
  for (const { limit, windowMs } of CODE_LIMITS) {
    const hit = await hitRateLimit(limitDb, `sms-code:${windowMs}:${userId}`, { limit, windowMs });
    if (!hit.allowed) return { ok: false, reason: "too-many", retryAfterSeconds: hit.retryAfterSeconds };
  }
  const { code, pending } = newConfirmation(userId, phone);
  const host = new URL(siteOrigin()).host;
  await inTransaction(db, async (tx) => {
    const pendingValues = { pendingPhone: pending.phone, pendingCodeHash: pending.codeHash, pendingExpiresAt: pending.expiresAt, pendingAttempts: 0, updatedAt: new Date() };
    await tx
      .insert(smsNumbers)
      .values({ userId, ...pendingValues })
      .onConflictDoUpdate({ target: smsNumbers.userId, set: pendingValues });
    await queueText(tx, { to: phone, body: confirmationCodeText(code, CONFIRMATION_MINUTES, { companyName: siteConfig().companyName, host }), event: "confirmation", reference: "code", userId });
  });
  return { ok: true };
}

export type ConfirmResult = ConfirmationCheck | { result: "none"; message: string };

/** Checks the typed code; confirmed, the number becomes the member's (replacing any earlier one). */
export async function confirmNumber(db: Db, userId: string, typed: string, { now = new Date() }: { now?: Date } = {}): Promise<ConfirmResult> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(smsNumbers).where(eq(smsNumbers.userId, userId)).for("update");
    if (!row?.pendingPhone || !row.pendingCodeHash || !row.pendingExpiresAt) return { result: "none" as const, message: "Send a code to your number first." };
    const check = checkConfirmation({ phone: row.pendingPhone, codeHash: row.pendingCodeHash, expiresAt: row.pendingExpiresAt, attempts: row.pendingAttempts }, typed, userId, { now });
    if (check.result === "confirmed") {
      await tx
        .update(smsNumbers)
        .set({ phone: check.phone, confirmedAt: now, pendingPhone: null, pendingCodeHash: null, pendingExpiresAt: null, pendingAttempts: 0, updatedAt: now })
        .where(eq(smsNumbers.userId, userId));
    } else if (check.result === "wrong") {
      await tx
        .update(smsNumbers)
        .set({ pendingAttempts: check.attempts })
        .where(and(eq(smsNumbers.userId, userId), eq(smsNumbers.pendingAttempts, row.pendingAttempts)));
    }
    return check;
  });
}

/** Forgets the member's number (and any pending code): no more texts. */
export async function removeNumber(db: Db, userId: string): Promise<void> {
  await db.delete(smsNumbers).where(eq(smsNumbers.userId, userId));
}

/** Drops a pending code only, keeping a confirmed number. */
export async function cancelPending(db: Db, userId: string): Promise<void> {
  await db
    .update(smsNumbers)
    .set({ pendingPhone: null, pendingCodeHash: null, pendingExpiresAt: null, pendingAttempts: 0, updatedAt: sql`now()` })
    .where(eq(smsNumbers.userId, userId));
}
