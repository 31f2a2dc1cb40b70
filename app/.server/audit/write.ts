import type { Db } from "~/.server/db/client";
import { auditLog } from "~/.server/db/schema";

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
};

/**
 * Writes one audit row (the time is the database's). Pass the transaction
 * that changes the data: the row then commits or rolls back with it.
 */
export async function audit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? null,
  });
}
