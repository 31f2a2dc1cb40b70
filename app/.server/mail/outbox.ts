import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, like, lt, lte, not, or, sql } from "drizzle-orm";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { outbox } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { env } from "~/.server/env";
import { openLink, sealLink } from "./link-secret";

export type OutboxRow = typeof outbox.$inferSelect;
export type NewMail = Pick<typeof outbox.$inferInsert, "purpose" | "to" | "replyTo" | "subject" | "text" | "submissionId">;

/**
 * Sends one mail. `id` is the outbox row's: a mail sent again after a crash
 * (sent, but the process died before recording it) carries the same
 * Message-ID, so mail clients show it once.
 */
export type SendMail = (mail: {
  id: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  /** An HTML side of the same words (a practice's branded mail: app/.server/branding/mail.ts), and its inline images. */
  html?: string;
  attachments?: { cid: string; filename: string; content: Buffer; contentType: string }[];
}) => Promise<void>;

/** Where a link mail's text names its secret link; filled in only when the mail is sent. */
export const LINK_PLACEHOLDER = "{link}";
/** What a stored link mail shows in place of its link, wherever a body is shown. */
export const LINK_REMOVED = "[link removed]";

export const LINK_EXPIRED = "link expired before it could be sent";
const LINK_UNREADABLE = "link could not be read (the session signing secret changed); send a new one";

/**
 * Queues a mail that carries a secret link (a password, invitation or sign-in
 * link): `text` names it with LINK_PLACEHOLDER. The one way such mail is
 * queued, so the link's handling lives here: the stored text keeps the
 * placeholder, the link is kept only encrypted (`secret`) until the mail is
 * sent or `linkExpiresAt`, when the link stops working, has passed.
 */
export async function queueLinkMail(
  db: Db,
  mail: Pick<NewMail, "purpose" | "to" | "subject" | "text"> & { link: string; linkExpiresAt: Date },
): Promise<void> {
  // A text without the placeholder would go out without its link: a mistake in the caller, not something to send.
  if (!mail.text.includes(LINK_PLACEHOLDER)) throw new Error(`link mail ${mail.purpose} does not name its link`);
  const id = randomUUID();
  await db.insert(outbox).values({
    id,
    purpose: mail.purpose,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    secret: sealLink(mail.link, id),
    secretExpiresAt: mail.linkExpiresAt,
  });
}

/** A stored body as staff may see it: a link mail's placeholder reads "[link removed]". */
export function shownText(text: string): string {
  return text.replaceAll(LINK_PLACEHOLDER, LINK_REMOVED);
}

/** How long a claimed row is held by one worker before another may take it (MAIL_LEASE_SECONDS). */
const LEASE_SECONDS = 120;

/** Wait before the next attempt: 30 s, 1 min, 2 min ... capped at 1 hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Claims the next due mail for this worker, one row at a time: the lease
 * covers one send, never a batch that could outlive it and let another
 * worker send the same mail. FOR UPDATE SKIP LOCKED keeps two workers from
 * picking the same row at once; the lease keeps it theirs while they send.
 */
export async function claimNext(db: Db, leaseSeconds = LEASE_SECONDS): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, "pending"),
        lte(outbox.nextAttemptAt, sql`now()`),
        or(isNull(outbox.leaseUntil), lt(outbox.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(outbox)
    .set({
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${outbox.attempts} + 1`,
    })
    // A scalar subquery runs once (an InitPlan): at most one row is locked and leased.
    .where(eq(outbox.id, sql`(${due})`))
    .returning();
  return row;
}

export type DeliveryReport = { sent: number; retried: number; failed: number };

/** Sends what is due, at most `limit` mails, each claimed just before it is sent; returns what happened. */
export async function deliverDue(
  db: Db,
  send: SendMail,
  { limit = 20, maxAttempts = 8, leaseSeconds = LEASE_SECONDS }: { limit?: number; maxAttempts?: number; leaseSeconds?: number } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  for (let n = 0; n < limit; n++) {
    const row = await claimNext(db, leaseSeconds);
    if (!row) break;
    report[await deliverOne(db, send, row, maxAttempts)]++;
  }
  return report;
}

/** The text to send: a link mail gets its link back here, and only in the mail that leaves. */
function textToSend(row: OutboxRow): { text: string } | { problem: string } {
  if (row.secretExpiresAt === null) return { text: row.text };
  if (row.secret === null || row.secretExpiresAt.getTime() <= Date.now()) return { problem: LINK_EXPIRED };
  const link = openLink(row.secret, row.id);
  if (link === null) return { problem: LINK_UNREADABLE };
  return { text: row.text.replaceAll(LINK_PLACEHOLDER, () => link) };
}

/**
 * A refusal that sending again will not change: 5xx on the recipient or the
 * message. A refused login (also 5xx) is the operator's to fix, and the mail
 * goes once they have, so it waits like a network error.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === "number" && responseCode >= 500 && responseCode < 600 && code !== "EAUTH";
}

async function deliverOne(db: Db, send: SendMail, row: OutboxRow, maxAttempts: number): Promise<keyof DeliveryReport> {
  const body = textToSend(row);
  if ("problem" in body) {
    await db
      .update(outbox)
      .set({ status: "failed", leaseUntil: null, lastError: body.problem, secret: null })
      .where(eq(outbox.id, row.id));
    return "failed";
  }
  try {
    await send({ id: row.id, to: row.to, replyTo: row.replyTo, subject: row.subject, text: body.text });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = isPermanentRefusal(error) || row.attempts >= maxAttempts;
    await db
      .update(outbox)
      .set({
        status: giveUp ? "failed" : "pending",
        leaseUntil: null,
        lastError: message.slice(0, 1000),
        nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
      })
      .where(eq(outbox.id, row.id));
    return giveUp ? "failed" : "retried";
  }
  // Sent: the link has done its job and is dropped.
  await db
    .update(outbox)
    .set({ status: "sent", sentAt: sql`now()`, leaseUntil: null, lastError: null, secret: null })
    .where(eq(outbox.id, row.id));
  return "sent";
}

export type RetryResult = "queued" | "not-waiting" | "link-gone";

/**
 * Staff put a failed, dismissed (or waiting) mail back in line to be sent
 * now, audited as `mail.retry` in the same transaction. A link mail whose
 * link expired or was dropped cannot be sent again: a new link is needed.
 */
export async function retryMail(db: Db, id: string, actor: Actor): Promise<RetryResult> {
  return inTransaction(db, async (tx) => {
    const [was] = await tx.select({ purpose: outbox.purpose, status: outbox.status }).from(outbox).where(eq(outbox.id, id)).for("update");
    const rows = await tx
      .update(outbox)
      .set({ status: "pending", nextAttemptAt: sql`now()`, leaseUntil: null, attempts: 0 })
      .where(
        and(
          eq(outbox.id, id),
          inArray(outbox.status, ["failed", "pending", "dismissed"]),
          or(isNull(outbox.secretExpiresAt), and(isNotNull(outbox.secret), sql`${outbox.secretExpiresAt} > now()`)),
        ),
      )
      .returning({ id: outbox.id });
    if (rows.length === 1 && was) {
      await audit(tx, { actorEmail: actor.email, action: "mail.retry", target: id, ip: actor.ip, detail: `${was.purpose} (was ${was.status})` });
      return "queued";
    }
    const [row] = await tx.select({ status: outbox.status, secretExpiresAt: outbox.secretExpiresAt }).from(outbox).where(eq(outbox.id, id));
    return row && row.status !== "sent" && row.secretExpiresAt !== null ? "link-gone" : "not-waiting";
  });
}

/**
 * Staff decided a failed mail will not be sent: it leaves the failed count
 * and the worker's queue, and a link it carried is dropped. Audited as
 * `mail.dismiss` in the same transaction; false when the mail had not failed.
 */
export async function dismissMail(db: Db, id: string, actor: Actor): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .update(outbox)
      .set({ status: "dismissed", leaseUntil: null, secret: null })
      .where(and(eq(outbox.id, id), eq(outbox.status, "failed")))
      .returning({ id: outbox.id, purpose: outbox.purpose });
    const [dismissed] = rows;
    if (!dismissed) return false;
    await audit(tx, { actorEmail: actor.email, action: "mail.dismiss", target: id, ip: actor.ip, detail: `${dismissed.purpose} (was failed)` });
    return true;
  });
}

export type PurgeReport = { linksExpired: number; linksDropped: number; bodiesRemoved: number };

/**
 * What the outbox may keep, applied periodically:
 * - a link whose time has passed is dropped; a link mail still waiting for it
 *   is marked failed (a worker sending it right now is left alone: it checks
 *   the time itself);
 * - a sent (or dismissed) mail older than `retentionDays` (MAIL_RETENTION_DAYS) loses its body,
 *   which for a notification is the whole form; who it went to, what kind
 *   (purpose) and when stay. A notification's subject names the sender and
 *   its Reply-To is the sender's address, so both go too.
 */
export async function purgeOutbox(
  db: Db,
  { retentionDays = env().MAIL_RETENTION_DAYS, now = new Date() }: { retentionDays?: number; now?: Date } = {},
): Promise<PurgeReport> {
  const expired = await db
    .update(outbox)
    .set({ status: "failed", lastError: LINK_EXPIRED, secret: null })
    .where(
      and(
        eq(outbox.status, "pending"),
        isNotNull(outbox.secretExpiresAt),
        lte(outbox.secretExpiresAt, now),
        or(isNull(outbox.leaseUntil), lt(outbox.leaseUntil, now)),
      ),
    )
    .returning({ id: outbox.id });
  const dropped = await db
    .update(outbox)
    .set({ secret: null })
    .where(and(isNotNull(outbox.secret), lte(outbox.secretExpiresAt, now)))
    .returning({ id: outbox.id });

  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const old = and(
    isNull(outbox.bodyRemovedAt),
    or(and(eq(outbox.status, "sent"), lt(outbox.sentAt, cutoff)), and(eq(outbox.status, "dismissed"), lt(outbox.createdAt, cutoff))),
  );
  const removed = `(body removed after ${retentionDays} days)`;
  const notification = like(outbox.purpose, "%.notification");
  const notifications = await db
    .update(outbox)
    .set({ text: removed, subject: `(subject removed after ${retentionDays} days)`, replyTo: null, bodyRemovedAt: now })
    .where(and(old, notification))
    .returning({ id: outbox.id });
  const others = await db
    .update(outbox)
    .set({ text: removed, bodyRemovedAt: now })
    .where(and(old, not(notification)))
    .returning({ id: outbox.id });
  return { linksExpired: expired.length, linksDropped: dropped.length, bodiesRemoved: notifications.length + others.length };
}
