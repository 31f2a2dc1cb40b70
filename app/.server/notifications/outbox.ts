import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { ivrFollowers, notificationChoices, orderFollowers, practices, smsNumbers, smsOptOuts, smsOutbox, user } from "~/.server/db/schema";
import { afterCommit, inTransaction } from "~/.server/db/transaction";
import { siteConfig } from "~/.server/env";
import { log, outsideRequest } from "~/.server/log";
import { phoneEnding } from "~/lib/phone";
import type { NotificationEvent } from "~/lib/notifications";
import type { SmsProvider } from "./sms/provider";
import { smsText, type SmsTextInput } from "./sms/texts";
import { smsEnabled } from "./sms/config";

/**
 * The SMS outbox: texts are written in the transaction of the change they
 * are about (queueFollowerTexts) and sent later by the worker, as mail is.
 * Every text comes from SMS_TEMPLATES through smsText: a reference and a
 * status, never patient data. Logs name a text by its id and a number by its
 * last digits only.
 */

export type SmsRow = typeof smsOutbox.$inferSelect;

const FOLLOWED = {
  ivr: { table: ivrFollowers, of: ivrFollowers.ivrId },
  order: { table: orderFollowers, of: orderFollowers.orderId },
} as const;

/**
 * The followers of the IVR or order `id` who chose `event` by text, have a
 * confirmed number that did not reply STOP, and whose account is enabled;
 * the person who made the change (`except`, an email) gets none.
 */
async function textRecipients(tx: Db, kind: keyof typeof FOLLOWED, id: string, event: NotificationEvent, except: string | null) {
  const { table, of } = FOLLOWED[kind];
  const rows = await tx
    .select({ userId: user.id, email: user.email, phone: smsNumbers.phone })
    .from(table)
    .innerJoin(user, eq(user.id, table.userId))
    .innerJoin(smsNumbers, eq(smsNumbers.userId, user.id))
    .innerJoin(notificationChoices, and(eq(notificationChoices.userId, user.id), eq(notificationChoices.event, event)))
    .leftJoin(smsOptOuts, eq(smsOptOuts.phone, smsNumbers.phone))
    .where(and(eq(of, id), eq(user.disabled, false), eq(notificationChoices.byText, true), isNotNull(smsNumbers.phone), isNotNull(smsNumbers.confirmedAt), isNull(smsOptOuts.phone)));
  return rows.filter((r) => r.email !== except && r.phone) as { userId: string; email: string; phone: string }[];
}

/**
 * Queues the event's text to every follower of the IVR or order who chose it
 * by text, in the caller's transaction. Nothing when texts are off or the
 * practice is the live demo's. Answers how many were queued; the worker is
 * woken after the commit.
 */
export async function queueFollowerTexts(
  tx: Db,
  { kind, id, practiceId, except, text }: { kind: keyof typeof FOLLOWED; id: string; practiceId: string; except: string | null; text: SmsTextInput },
): Promise<number> {
  if (!smsEnabled()) return 0;
  const [practice] = await tx.select({ demo: practices.demo }).from(practices).where(eq(practices.id, practiceId));
  if (!practice || practice.demo) return 0;
  const recipients = await textRecipients(tx, kind, id, text.event, except);
  if (recipients.length === 0) return 0;
  let body: string;
  try {
    body = smsText(text, siteConfig().companyName);
  } catch (error) {
    // A value that does not look as a text's must (a tracking number typed oddly): no text, the change stands.
    log.warn({ event: text.event, reason: error instanceof Error ? error.message : String(error) }, "text not queued");
    return 0;
  }
  await tx.insert(smsOutbox).values(recipients.map((r) => ({ to: r.phone, body, event: text.event, reference: text.reference, userId: r.userId })));
  afterCommit(tx, smsQueued);
  return recipients.length;
}

/** Queues a text to one number (a confirmation code), outside any follower list. */
export async function queueText(tx: Db, values: { to: string; body: string; event: string; reference: string; userId: string | null }): Promise<void> {
  await tx.insert(smsOutbox).values(values);
  afterCommit(tx, smsQueued);
}

/** Members who turned off `event` by mail: their mail for it is not queued (mailFollowers' `skip`). */
export async function mailOptedOut(tx: Db, event: NotificationEvent): Promise<Set<string>> {
  const rows = await tx
    .select({ userId: notificationChoices.userId })
    .from(notificationChoices)
    .where(and(eq(notificationChoices.event, event), eq(notificationChoices.byMail, false)));
  return new Set(rows.map((r) => r.userId));
}

const LEASE_SECONDS = 120;

/** Wait before the next attempt: 30 s, 1 min, 2 min ... capped at 1 hour; or what the provider asked, if longer. */
export function smsBackoffSeconds(attempts: number, asked?: number): number {
  return Math.max(Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600), asked ?? 0);
}

async function claimNext(db: Db, leaseSeconds = LEASE_SECONDS): Promise<SmsRow | undefined> {
  const due = db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.status, "pending"), lte(smsOutbox.nextAttemptAt, sql`now()`), or(isNull(smsOutbox.leaseUntil), lt(smsOutbox.leaseUntil, sql`now()`))))
    .orderBy(smsOutbox.nextAttemptAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(smsOutbox)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`${smsOutbox.attempts} + 1` })
    .where(eq(smsOutbox.id, sql`(${due})`))
    .returning();
  return row;
}

export type SmsDeliveryReport = { sent: number; retried: number; failed: number; skipped: number };

/** Records that `phone` replied STOP (or the provider says it did): nothing more is sent to it. */
export async function recordOptOut(db: Db, phone: string): Promise<void> {
  await db.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
}

export async function removeOptOut(db: Db, phone: string): Promise<void> {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}

async function deliverOne(db: Db, provider: SmsProvider, row: SmsRow, maxAttempts: number): Promise<keyof SmsDeliveryReport> {
  const [optedOut] = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, row.to));
  if (optedOut) {
    await db.update(smsOutbox).set({ status: "skipped", leaseUntil: null, lastError: "the number replied STOP" }).where(eq(smsOutbox.id, row.id));
    return "skipped";
  }
  const result = await provider.sendSms({ to: row.to, body: row.body, idempotencyKey: row.id });
  if (result.ok) {
    await db
      .update(smsOutbox)
      // A confirmation code has done its job once it leaves: it is not kept.
      .set({ status: "sent", sentAt: sql`now()`, leaseUntil: null, lastError: null, providerSid: result.providerId, deliveryStatus: result.status, ...(row.event === "confirmation" ? { body: "(code removed after sending)" } : {}) })
      .where(eq(smsOutbox.id, row.id));
    return "sent";
  }
  if (result.kind === "opted-out") await recordOptOut(db, row.to);
  const giveUp = !result.retryable || row.attempts >= maxAttempts;
  await db
    .update(smsOutbox)
    .set({
      status: giveUp ? "failed" : "pending",
      leaseUntil: null,
      lastError: result.reason.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${smsBackoffSeconds(row.attempts, result.retryAfterSeconds)})`,
    })
    .where(eq(smsOutbox.id, row.id));
  log.warn({ text: row.id, to: phoneEnding(row.to), code: result.code, giveUp }, "text not sent");
  return giveUp ? "failed" : "retried";
}

/** Sends what is due, at most `limit` texts, each claimed just before it is sent. */
export async function deliverDueTexts(
  db: Db,
  provider: SmsProvider,
  { limit = 20, maxAttempts = 8, leaseSeconds = LEASE_SECONDS }: { limit?: number; maxAttempts?: number; leaseSeconds?: number } = {},
): Promise<SmsDeliveryReport> {
  const report: SmsDeliveryReport = { sent: 0, retried: 0, failed: 0, skipped: 0 };
  for (let n = 0; n < limit; n++) {
    const row = await claimNext(db, leaseSeconds);
    if (!row) break;
    report[await deliverOne(db, provider, row, maxAttempts)]++;
  }
  return report;
}

/** A delivery report from the provider: the row's delivery status, and an opt-out when it says so. */
export async function recordDelivery(db: Db, report: { key: string | null; providerId: string | null; messageStatus: string | null; optedOut: boolean; failed: boolean; errorCode: number | null }): Promise<void> {
  if (!report.key || !/^[0-9a-f-]{36}$/i.test(report.key) || !report.messageStatus) return;
  const [row] = await db
    .update(smsOutbox)
    .set({ deliveryStatus: report.messageStatus.slice(0, 40), ...(report.failed ? { lastError: `not delivered${report.errorCode ? ` (Twilio ${report.errorCode})` : ""}` } : {}) })
    .where(and(eq(smsOutbox.id, report.key), report.providerId ? eq(smsOutbox.providerSid, report.providerId) : sql`true`))
    .returning({ to: smsOutbox.to });
  if (row && report.optedOut) await recordOptOut(db, row.to);
}

export type SmsWorker = { stop(): Promise<void>; kick(): void };
let current: SmsWorker | undefined;

/** Wakes the process's SMS worker after a text was queued; nothing when none runs. */
export function smsQueued() {
  outsideRequest(() => current?.kick());
}

/** Polls the SMS outbox and sends due texts. One per process. */
export function startSmsWorker({ db, provider, intervalMs, maxAttempts }: { db: Db; provider: SmsProvider; intervalMs: number; maxAttempts: number }): SmsWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = async () => {
    try {
      for (;;) {
        const report = await deliverDueTexts(db, provider, { maxAttempts });
        const total = report.sent + report.retried + report.failed + report.skipped;
        if (total) log.info({ ...report }, "text delivery");
        if (stopped || total < 20) break;
      }
    } catch (error) {
      log.warn({ err: error }, "text delivery pass failed; will try again");
    }
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
    }, delay);
    timer.unref();
  };
  schedule(0);
  const worker: SmsWorker = {
    kick() {
      if (stopped || running) return;
      clearTimeout(timer);
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (current === worker) current = undefined;
      clearTimeout(timer);
      await running;
    },
  };
  current = worker;
  return worker;
}

// The console's view: texts with their status; a failed one can be sent again, or dismissed.

export type TextRow = Omit<SmsRow, "to" | "leaseUntil"> & { to: string };

/** The latest texts, failed ones first when `failedOnly`; the number shown by its last digits only. */
export async function listTexts(db: Db, { failedOnly = false, limit = 100 }: { failedOnly?: boolean; limit?: number } = {}): Promise<TextRow[]> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(failedOnly ? eq(smsOutbox.status, "failed") : undefined)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
  return rows.map(({ leaseUntil: _lease, ...r }) => ({ ...r, to: phoneEnding(r.to) }));
}

export async function countFailedTexts(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(smsOutbox).where(eq(smsOutbox.status, "failed"));
  return Number(row?.n ?? 0);
}

/** Staff put a failed text back in line, audited as `sms.retry`; false when it had not failed (or the number replied STOP). */
export async function retryText(db: Db, id: string, actor: Actor): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .update(smsOutbox)
      .set({ status: "pending", nextAttemptAt: sql`now()`, leaseUntil: null, attempts: 0 })
      .where(and(eq(smsOutbox.id, id), inArray(smsOutbox.status, ["failed"]), sql`not exists (select 1 from ${smsOptOuts} where ${smsOptOuts.phone} = ${smsOutbox.to})`))
      .returning({ event: smsOutbox.event, reference: smsOutbox.reference });
    const [row] = rows;
    if (!row) return false;
    await audit(tx, { actorEmail: actor.email, action: "sms.retry", target: id, ip: actor.ip, detail: `${row.event} ${row.reference}` });
    afterCommit(tx, smsQueued);
    return true;
  });
}

/**
 * Staff decided a failed text will not be sent: it leaves the failed count
 * shown on every console page, and stays listed as dismissed. Audited as
 * `sms.dismiss` in the same transaction; false when the text had not failed.
 */
export async function dismissText(db: Db, id: string, actor: Actor): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(smsOutbox)
      .set({ status: "dismissed", leaseUntil: null })
      .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, "failed")))
      .returning({ event: smsOutbox.event, reference: smsOutbox.reference });
    if (!row) return false;
    await audit(tx, { actorEmail: actor.email, action: "sms.dismiss", target: id, ip: actor.ip, detail: `${row.event} ${row.reference} (was failed)` });
    return true;
  });
}
