import { and, eq } from "drizzle-orm";
import { PRACTICE_ROLE_LABEL, type PracticeRole } from "~/lib/practice-roles";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { practiceMembers, practices, session, user } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { Refused } from "~/.server/refused";

/**
 * A practice admin's changes to their own practice's people: a member's role,
 * or a member removed. A practice always keeps one practice admin. Each change
 * commits with its audit row; a member of another practice is not found.
 */

export class MemberRefused extends Refused {}

export const LAST_ADMIN =
  "A practice keeps at least one practice admin: make another member practice admin first.";

type Change = { practiceId: string; actor: Actor; userId: string };

/**
 * The member of this practice, the practice row locked for the change: two
 * admins changing each other at once take turns, so neither leaves the
 * practice without one.
 */
async function lockedMember(tx: Db, { practiceId, userId }: { practiceId: string; userId: string }) {
  const [practice] = await tx.select({ name: practices.name }).from(practices).where(eq(practices.id, practiceId)).for("update");
  if (!practice) return null;
  const [member] = await tx
    .select({ email: user.email, role: practiceMembers.role })
    .from(practiceMembers)
    .innerJoin(user, eq(user.id, practiceMembers.userId))
    .where(and(eq(practiceMembers.userId, userId), eq(practiceMembers.practiceId, practiceId)));
  return member ? { practice: practice.name, ...member } : null;
}

async function otherAdmins(tx: Db, { practiceId, userId }: { practiceId: string; userId: string }): Promise<number> {
  const rows = await tx
    .select({ userId: practiceMembers.userId })
    .from(practiceMembers)
    .innerJoin(user, eq(user.id, practiceMembers.userId))
    .where(and(eq(practiceMembers.practiceId, practiceId), eq(practiceMembers.role, "admin"), eq(user.disabled, false)));
  return rows.filter((r) => r.userId !== userId).length;
}

/** Gives a member of the practice another role; null when they are not its member. */
export function changeMemberRole(db: Db, { practiceId, actor, userId, role }: Change & { role: PracticeRole }) {
  return inTransaction(db, async (tx) => {
    const member = await lockedMember(tx, { practiceId, userId });
    if (!member) return null;
    if (member.role === role) return { email: member.email, role, changed: false };
    if (member.role === "admin" && (await otherAdmins(tx, { practiceId, userId })) === 0) throw new MemberRefused(LAST_ADMIN);
    await tx.update(practiceMembers).set({ role }).where(eq(practiceMembers.userId, userId));
    await audit(tx, {
      actorEmail: actor.email,
      action: "practice.role",
      target: member.email,
      ip: actor.ip,
      detail: `${member.practice}: ${PRACTICE_ROLE_LABEL[member.role]} -> ${PRACTICE_ROLE_LABEL[role]}`,
    });
    return { email: member.email, role, changed: true };
  });
}

/**
 * Takes a member out of the practice: their account stays, in no practice,
 * and every session of it ends at once (their next request signs in again
 * and finds nothing of the practice). Null when they are not its member.
 */
export function removeMember(db: Db, { practiceId, actor, userId }: Change) {
  return inTransaction(db, async (tx) => {
    const member = await lockedMember(tx, { practiceId, userId });
    if (!member) return null;
    if (member.role === "admin" && (await otherAdmins(tx, { practiceId, userId })) === 0) throw new MemberRefused(LAST_ADMIN);
    await tx.delete(practiceMembers).where(eq(practiceMembers.userId, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await audit(tx, { actorEmail: actor.email, action: "practice.member-remove", target: member.email, ip: actor.ip, detail: `${member.practice}, was ${PRACTICE_ROLE_LABEL[member.role]}` });
    return { email: member.email };
  });
}
