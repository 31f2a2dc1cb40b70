import { and, eq, inArray } from "drizzle-orm";
import { outsideDemo } from "~/.server/demo/scope";
import { canTransitionIvr, IVR_STATUS_LABELS, ivrReference, ivrTransitionRefusal, type IvrActorKind, type IvrStatus } from "~/lib/ivr";
import { statusSubject } from "~/lib/mail";
import { audit, type Actor } from "~/.server/audit";
import { seal } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { ivrFollowers, ivrHistory, ivrs } from "~/.server/db/schema";
import { afterCommit, inTransaction } from "~/.server/db/transaction";
import { siteOrigin } from "~/.server/env";
import { publishStatus } from "~/.server/events";
import { mailFollowers, mailQueued } from "~/.server/mail";
import { queueFollowerTexts } from "~/.server/notifications/outbox";
import { SEALED } from "./sealed";
import { Refused } from "~/.server/refused";

/**
 * An IVR's lifecycle: this module is the only code that inserts an IVR or
 * writes its status (a test scans for any other). `openIvr` writes a new IVR
 * as a draft with its first history row; `transitionIvr` makes every later
 * change, allowed only when IVR_TRANSITIONS_BY (lib/ivr.ts) lists it for who
 * makes it. Each move writes, in one transaction: the status, a history row,
 * the audit row, a mail to every member following the IVR (its reference and
 * new status, no personal data), and a status event for the live boards; once
 * the outermost transaction commits, it wakes the mail worker. An IVR leaving
 * draft takes its number there, from the database (a trigger on the status,
 * migration ivr_numbers_when_sent): a draft has none, so drafts use no numbers.
 */

export class IvrTransitionRefused extends Refused {
  constructor(
    readonly from: IvrStatus,
    readonly to: IvrStatus,
    readonly by?: IvrActorKind,
  ) {
    super(ivrTransitionRefusal(from, to, by), null, 409);
    this.name = "IvrTransitionRefused";
  }
}

export type IvrRow = typeof ivrs.$inferSelect;

export type IvrTransition = {
  id: string;
  to: IvrStatus;
  actor: Actor;
  /** Who makes the change: the table says what each may do. */
  by: IvrActorKind;
  /** Only this practice's IVR may move (a member's change); null for staff and the system. */
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
 * Writes a new IVR as a draft, in the caller's transaction: the row (no
 * number: a draft has none), its first history row (-> Draft, by whoever
 * created it) and its followers. A draft is its member's own: no audit row,
 * no mail, no status event. With a client key another IVR of this member
 * already holds, nothing is written and the answer is null.
 */
export async function openIvr(
  tx: Db,
  { values, actor, followers }: { values: Omit<typeof ivrs.$inferInsert, "status" | "id" | "number">; actor: Actor; followers: readonly string[] },
): Promise<{ id: string } | null> {
  return inTransaction(tx, async (tx) => {
    const [row] = await tx
      .insert(ivrs)
      .values({ ...values, status: "draft" })
      .onConflictDoNothing({ target: [ivrs.createdBy, ivrs.clientKey] })
      .returning({ id: ivrs.id });
    if (!row) return null;
    await tx.insert(ivrHistory).values({ ivrId: row.id, fromStatus: null, toStatus: "draft", actorEmail: actor.email });
    const unique = [...new Set(followers)];
    if (unique.length > 0) await tx.insert(ivrFollowers).values(unique.map((userId) => ({ ivrId: row.id, userId }))).onConflictDoNothing();
    return row;
  });
}

/**
 * Moves the IVR to `to`. Answers null when no IVR has this id (or not in the
 * practice given); throws IvrTransitionRefused for a move the table does not
 * allow to whoever makes it.
 */
export async function transitionIvr(db: Db, move: IvrTransition): Promise<{ from: IvrStatus; to: IvrStatus; row: IvrRow } | null> {
  return inTransaction(db, async (tx) => {
    if (move.by === "member" && !move.practiceId) throw new Error("a member moves an IVR of their own practice: practiceId is required");
    const where = move.practiceId ? and(eq(ivrs.id, move.id), eq(ivrs.practiceId, move.practiceId)) : eq(ivrs.id, move.id);
    const [current] = await tx.select().from(ivrs).where(where).for("update");
    if (!current) return null;
    const from = current.status;
    if (!canTransitionIvr(from, move.to, move.by)) throw new IvrTransitionRefused(from, move.to, move.by);
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
    // Sending a draft is news to no follower yet: the company hears of it from the caller (notifyCompany).
    if (move.to !== "submitted" || from !== "draft") {
      await mailFollowers(tx, { kind: "ivr", id: move.id, except: move.actor.email, mail: statusMail(row!.number, row!.id, move.to), event: "ivrStatus" });
      // By text too, to followers who chose it (never for the demo practice).
      if (row!.number !== null)
        await queueFollowerTexts(tx, { kind: "ivr", id: move.id, practiceId: current.practiceId, except: move.actor.email, text: { event: "ivrStatus", reference: ivrReference(row!.number), status: move.to } });
    }
    await publishStatus(tx, { practiceId: current.practiceId, kind: "ivr", id: move.id, status: move.to });
    // Whatever mail the move, or the caller's transaction around it, queued goes out once it commits.
    afterCommit(tx, mailQueued);
    return { from, to: move.to, row: row! };
  });
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
    .where(and(inArray(ivrs.status, ["covered", "prior_auth_approved"]), outsideDemo(ivrs.practiceId)));
  let expired = 0;
  for (const row of due) {
    if (!row.validUntil || row.validUntil >= today) continue;
    const moved = await transitionIvr(db, { id: row.id, to: "expired", actor: { email: "system", ip: null }, by: "system", practiceId: null }).catch(
      (error: unknown) => (error instanceof IvrTransitionRefused ? null : Promise.reject(error)),
    );
    if (moved) expired++;
  }
  return expired;
}
