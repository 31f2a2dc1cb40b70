import { eq, inArray } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { canTransition, transitionRefusal, type Status } from "~/lib/submissions";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { submissionNotes, submissions } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { Refused } from "~/.server/refused";

/**
 * A submission's lifecycle: `transition` is the only code that changes a
 * status. The allowed moves are the table in lib/submissions.ts
 * (TRANSITIONS), which the console reads too. The domain's index exports the
 * functions around it (setSubmissionStatus, setStatuses), not `transition`.
 */

/** A move the transition table does not allow; its message is the console's. */
export class TransitionRefused extends Refused {
  constructor(
    readonly from: Status,
    readonly to: Status,
  ) {
    super(transitionRefusal(from, to), null, 409);
    this.name = "TransitionRefused";
  }
}

export type TransitionInput = {
  id: string;
  to: Status;
  actor: Actor;
  /** A staff note kept with the change, as a note on the submission. */
  note?: string;
};

/**
 * Moves one submission to `to`, in one transaction (a savepoint inside the
 * caller's): locks the row, checks the pair against the transition table,
 * writes the status, the note if any, and the audit row that is the status
 * history ("new -> closed"). No change of status mails anyone today; a mail
 * one should send belongs here, in the same transaction, through the outbox.
 *
 * Throws TransitionRefused for a pair not in the table (staying put is not
 * a move), which rolls back the caller's transaction with it. Answers the
 * status left, or null when no submission has this id.
 */
export async function transition(db: Db, { id, to, actor, note }: TransitionInput): Promise<{ from: Status; to: Status } | null> {
  if (!isUuid(id)) return null;
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select({ status: submissions.status }).from(submissions).where(eq(submissions.id, id)).for("update");
    if (!current) return null;
    const from = current.status;
    if (!canTransition(from, to)) throw new TransitionRefused(from, to);
    await tx.update(submissions).set({ status: to, updatedAt: new Date() }).where(eq(submissions.id, id));
    if (note) await tx.insert(submissionNotes).values({ submissionId: id, authorEmail: actor.email, body: note });
    await audit(tx, { actorEmail: actor.email, action: "submission.status", target: id, ip: actor.ip, detail: `${from} -> ${to}` });
    return { from, to };
  });
}

/**
 * The submission page's status change. Choosing the status it already has
 * changes nothing and records nothing. Answers the previous status, or null
 * when the submission does not exist; throws TransitionRefused.
 */
export async function setSubmissionStatus(db: Db, id: string, status: Status, actor: Actor): Promise<{ from: Status } | null> {
  if (!isUuid(id)) return null;
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select({ status: submissions.status }).from(submissions).where(eq(submissions.id, id)).for("update");
    if (!current) return null;
    if (current.status === status) return { from: current.status };
    const moved = await transition(tx, { id, to: status, actor });
    return moved && { from: moved.from };
  });
}

/**
 * The inbox's bulk change: every ticked submission moves in one transaction,
 * each through `transition` with its own audit row; all change or none (a
 * refused pair refuses them all). Those already at that status are left as
 * they are. Answers how many changed.
 */
export async function setStatuses(
  db: Db,
  { ids, status, actor }: { ids: readonly string[]; status: Status; actor: Actor },
): Promise<number> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return 0;
  return inTransaction(db, async (tx) => {
    const current = await tx
      .select({ id: submissions.id, status: submissions.status })
      .from(submissions)
      .where(inArray(submissions.id, valid))
      .for("update");
    const changing = current.filter((row) => row.status !== status);
    for (const row of changing) await transition(tx, { id: row.id, to: status, actor });
    return changing.length;
  });
}
