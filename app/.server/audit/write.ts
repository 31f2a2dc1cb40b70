import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/.server/db/client";
import { auditLog } from "~/.server/db/schema";
import { inDemoRequest } from "~/.server/accounts/session-cookies";

/** Who acts and from where: a signed-in user's email (or "command line") and the client's address. */
export type Actor = { email: string; ip: string | null };

export type AuditEntry = {
  /** Who: an account's email, "command line", or nobody (a visitor). */
  actorEmail?: string | null;
  /** What, as a dotted word: "submission.status", "mail.retry", "sign-in.failed". */
  action: string;
  /** Which record: an id or an account's email. */
  target?: string | null;
  /** From where: the client's address. */
  ip?: string | null;
  /** What else a reader needs ("new -> closed"); never a form's contents. */
  detail?: string | null;
  /** The patient whose data was read or changed, for the patient's access list. */
  patientId?: string | null;
};

/**
 * Writes one audit row (the time is the database's). Pass the transaction
 * that changes the data: the row then commits or rolls back with it.
 * A request of the live demo writes none (it changes nothing; its reads are
 * of sample data, by nobody).
 */
export async function audit(tx: Db, entry: AuditEntry): Promise<void> {
  // The live demo's reads of its sample data are nobody's: nothing of the demo is written.
  if (inDemoRequest()) return;
  await tx.insert(auditLog).values({
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? null,
    patientId: entry.patientId ?? null,
  });
}

/** Reads of one record by one person within this many minutes are one read. */
export const READ_WINDOW_MINUTES = 10;

/**
 * Audits a read of a patient's data by a person of their practice (a page
 * that refreshes itself as statuses change, or after the person's own
 * change, reads it again): one row per reader, action, record and
 * READ_WINDOW_MINUTES. Staff reads, downloads and reveals are each audited
 * with `audit`.
 */
export async function auditRead(db: Db, entry: AuditEntry & { actorEmail: string; target: string; patientId: string }): Promise<void> {
  const [recent] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.patientId, entry.patientId),
        eq(auditLog.action, entry.action),
        eq(auditLog.target, entry.target),
        eq(auditLog.actorEmail, entry.actorEmail),
        gt(auditLog.at, sql`now() - make_interval(mins => ${READ_WINDOW_MINUTES})`),
      ),
    )
    .limit(1);
  if (!recent) await audit(db, entry);
}
