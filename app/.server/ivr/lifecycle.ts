import { and, eq, inArray } from "drizzle-orm";
import { canTransitionIvr, IVR_STATUS_LABELS, ivrReference, ivrTransitionRefusal, type IvrStatus } from "~/lib/ivr";
import { statusSubject } from "~/lib/mail";
import { audit, type Actor } from "~/.server/audit";
import { seal } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { ivrFollowers, ivrHistory, ivrs, outbox, user } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { siteOrigin } from "~/.server/env";
import { publishStatus } from "~/.server/events";
import { SEALED } from "./sealed";

/**
 * An IVR's lifecycle: `transitionIvr` is the only code that changes an IVR's
 * status. The allowed moves are IVR_TRANSITIONS in lib/ivr.ts. Each move
 * writes, in one transaction: the status, a history row, the audit row, a
 * mail to every member following the IVR (its reference and new status, no
 * personal data), and a status event for the live boards. An IVR leaving
 * draft takes its number there, from the database (a trigger on the status,
 * migration ivr_numbers_when_sent): a draft has none, so drafts use no numbers.
 */

export class IvrTransitionRefused extends Error {
  constructor(
    readonly from: IvrStatus,
    readonly to: IvrStatus,
  ) {
    super(ivrTransitionRefusal(from, to));
    this.name = "IvrTransitionRefused";
  }
}

export type IvrRow = typeof ivrs.$inferSelect;

export type IvrTransition = {
  id: string;
  to: IvrStatus;
  actor: Actor;
  /** Only this practice's IVR may move (a member's change); null for staff. */
  practiceId: string | null;
  /** A note kept (sealed) in the history: a member's answer, staff's message. */
  note?: string | null;
  /** Other columns that change with the status (validity, the request message...). */
  set?: Partial<Pick<IvrRow, "validUntil" | "authorisedApplications" | "priorAuthFrom" | "priorAuthTo" | "requestMessageSealed" | "submittedAt" | "informationRequestedBy">>;
};

/** Mail to a follower: the reference and the status in words, and where to look. */
export function statusMail(number: number | null, id: string, to: IvrStatus) {
  const reference = ivrReference(number);
  const label = IVR_STATUS_LABELS[to];
  return {
    subject: statusSubject(reference, label),
    text: `${reference} is now ${label}: sign in to see it.\n\n${siteOrigin()}/members/ivrs/${id}\n`,
  };
}

/**
 * Moves the IVR to `to`. Answers null when no IVR has this id (or not in the
 * practice given); throws IvrTransitionRefused for a move not in the table.
 */
export async function transitionIvr(db: Db, move: IvrTransition): Promise<{ from: IvrStatus; to: IvrStatus; row: IvrRow } | null> {
  return inTransaction(db, async (tx) => {
    const where = move.practiceId ? and(eq(ivrs.id, move.id), eq(ivrs.practiceId, move.practiceId)) : eq(ivrs.id, move.id);
    const [current] = await tx.select().from(ivrs).where(where).for("update");
    if (!current) return null;
    const from = current.status;
    if (!canTransitionIvr(from, move.to)) throw new IvrTransitionRefused(from, move.to);
    const [row] = await tx
      .update(ivrs)
      .set({
        ...move.set,
        status: move.to,
        updatedAt: new Date(),
        ...(move.to === "submitted" ? { submittedAt: new Date() } : {}),
      })
      .where(eq(ivrs.id, move.id))
      .returning();
    await tx.insert(ivrHistory).values({
      ivrId: move.id,
      fromStatus: from,
      toStatus: move.to,
      actorEmail: move.actor.email,
      noteSealed: move.note ? seal(move.note, SEALED.note) : null,
    });
    await audit(tx, { actorEmail: move.actor.email, action: "ivr.status", target: move.id, ip: move.actor.ip, detail: `${from} -> ${move.to}` });
    if (move.to !== "submitted" || from !== "draft") await mailFollowers(tx, row!, move.to, move.actor.email);
    await publishStatus(tx, { practiceId: current.practiceId, kind: "ivr", id: move.id, status: move.to });
    return { from, to: move.to, row: row! };
  });
}

/** Every follower but the one who made the change gets the status mail. */
async function mailFollowers(tx: Db, row: IvrRow, to: IvrStatus, actorEmail: string) {
  const followers = await tx
    .select({ email: user.email })
    .from(ivrFollowers)
    .innerJoin(user, eq(user.id, ivrFollowers.userId))
    .where(and(eq(ivrFollowers.ivrId, row.id), eq(user.disabled, false)));
  const recipients = followers.map((f) => f.email).filter((email) => email !== actorEmail);
  if (recipients.length === 0) return;
  const mail = statusMail(row.number, row.id, to);
  await tx.insert(outbox).values(recipients.map((email) => ({ purpose: "ivr.status", to: email, subject: mail.subject, text: mail.text })));
}

/** The member follows (or stops following) the IVR's changes by mail. */
export async function setFollowing(db: Db, { ivrId, userId, follow }: { ivrId: string; userId: string; follow: boolean }) {
  if (follow) await db.insert(ivrFollowers).values({ ivrId, userId }).onConflictDoNothing();
  else await db.delete(ivrFollowers).where(and(eq(ivrFollowers.ivrId, ivrId), eq(ivrFollowers.userId, userId)));
}

export async function isFollowing(db: Db, ivrId: string, userId: string): Promise<boolean> {
  const [row] = await db.select().from(ivrFollowers).where(and(eq(ivrFollowers.ivrId, ivrId), eq(ivrFollowers.userId, userId)));
  return Boolean(row);
}

/** Covered and approved IVRs whose valid-until date has passed become expired. Answers how many. */
export async function expireDue(db: Db, today: string): Promise<number> {
  const due = await db
    .select({ id: ivrs.id, validUntil: ivrs.validUntil })
    .from(ivrs)
    .where(inArray(ivrs.status, ["covered", "prior_auth_approved"]));
  let expired = 0;
  for (const row of due) {
    if (!row.validUntil || row.validUntil >= today) continue;
    const moved = await transitionIvr(db, { id: row.id, to: "expired", actor: { email: "system", ip: null }, practiceId: null }).catch(
      (error: unknown) => (error instanceof IvrTransitionRefused ? null : Promise.reject(error)),
    );
    if (moved) expired++;
  }
  return expired;
}
