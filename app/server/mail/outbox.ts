import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { outbox } from "~/server/db/schema";

export type OutboxRow = typeof outbox.$inferSelect;
export type NewMail = Pick<typeof outbox.$inferInsert, "purpose" | "to" | "replyTo" | "subject" | "text" | "submissionId">;

/**
 * Sends one mail. `id` is the outbox row's: a mail sent again after a crash
 * (sent, but the process died before recording it) carries the same
 * Message-ID, so mail clients show it once.
 */
export type SendMail = (mail: { id: string; to: string; replyTo?: string | null; subject: string; text: string }) => Promise<void>;

/** Where a link mail's text names its secret link; filled in only when the mail is sent. */
export const LINK_PLACEHOLDER = "{link}";

/**
 * Queues a mail that carries a secret link (a password, invitation or sign-in
 * link): `text` names it with LINK_PLACEHOLDER. The one way such mail is
 * queued, so the link's handling (how it is kept until sent, when it is
 * dropped) lives here. `linkExpiresAt` is when the link stops working.
 */
export async function queueLinkMail(
  db: Db,
  mail: Pick<NewMail, "purpose" | "to" | "subject" | "text"> & { link: string; linkExpiresAt: Date },
): Promise<void> {
  await db.insert(outbox).values({
    purpose: mail.purpose,
    to: mail.to,
    subject: mail.subject,
    text: mail.text.replace(LINK_PLACEHOLDER, mail.link),
  });
}

/** How long a claimed row is held by one worker before another may take it (MAIL_LEASE_SECONDS). */
const LEASE_SECONDS = 120;

/** Wait before the next attempt: 30 s, 1 min, 2 min ... capped at 1 hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Claims due mail for this worker. FOR UPDATE SKIP LOCKED keeps two workers
 * from picking the same row at once; the lease keeps it theirs while they send.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds = LEASE_SECONDS): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
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
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({
        leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(
        inArray(
          outbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export type DeliveryReport = { sent: number; retried: number; failed: number };

/** Sends what is due once; returns what happened. */
export async function deliverDue(
  db: Db,
  send: SendMail,
  { limit = 20, maxAttempts = 8, leaseSeconds = LEASE_SECONDS }: { limit?: number; maxAttempts?: number; leaseSeconds?: number } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  const rows = await claimDue(db, limit, leaseSeconds);
  for (const row of rows) {
    try {
      await send({ id: row.id, to: row.to, replyTo: row.replyTo, subject: row.subject, text: row.text });
      await db
        .update(outbox)
        .set({ status: "sent", sentAt: sql`now()`, leaseUntil: null, lastError: null })
        .where(eq(outbox.id, row.id));
      report.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= maxAttempts;
      await db
        .update(outbox)
        .set({
          status: giveUp ? "failed" : "pending",
          leaseUntil: null,
          lastError: message.slice(0, 1000),
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
        })
        .where(eq(outbox.id, row.id));
      if (giveUp) report.failed++;
      else report.retried++;
    }
  }
  return report;
}

/** Puts a failed (or waiting) mail back in line to be sent now. */
export async function retryMail(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: sql`now()`, leaseUntil: null, attempts: 0 })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ["failed", "pending"])))
    .returning({ id: outbox.id });
  return rows.length === 1;
}
