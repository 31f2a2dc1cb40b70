import { randomInt } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { findUserByEmail, insertUserIfNew, sendPasswordLink } from "~/.server/accounts/accounts";
import type { ConsoleContext, ConsoleResult } from "~/.server/accounts";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { partnerPractices, partners, practices, submissions, user } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { siteOrigin } from "~/.server/env";
import { Refused } from "~/.server/refused";
import { formatCents } from "~/lib/format";
import { formatBps, PARTNER_PLAN_LABELS, REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH, type PartnerPlan } from "~/lib/partners";

/**
 * What staff do to sales partners: make one from their callback, assign
 * practices, set an upline and split, set the plan. Each change and its audit
 * row commit in one transaction. Nothing here reads patient data.
 */

/** A refusal of a partner's console page, answered beside its field or at the top. */
export class PartnerRefused extends Refused {}

/** A fresh referral code: REFERRAL_CODE_LENGTH letters and digits of an alphabet without look-alikes. */
export function newReferralCode(): string {
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** The partner a callback was made into, if any. */
export async function partnerOfSubmission(db: Db, submissionId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db.select({ id: partners.id, name: partners.name }).from(partners).where(eq(partners.submissionId, submissionId)).limit(1);
  return row ?? null;
}

class AlreadyExists extends Error {}

/**
 * Makes the sender of a partner callback a sales partner: an account with the
 * role partner (the callback's email and name), their partner record with a
 * new referral code, and one invitation mail with a set-password link, in one
 * transaction. Refused when the submission is not a callback (404), was made a
 * partner already, or its email has an account (409).
 */
export async function makePartner(db: Db, ctx: ConsoleContext, submissionId: string): Promise<ConsoleResult & { partnerId?: string }> {
  const refused = (status: ConsoleResult["status"], message: string) => ({ ok: false, status, message });
  const result = await inTransaction(db, async (tx) => {
    const [s] = await tx
      .select({ id: submissions.id, kind: submissions.kind, firstName: submissions.firstName, lastName: submissions.lastName, email: submissions.email })
      .from(submissions)
      .where(eq(submissions.id, submissionId))
      .for("update");
    if (!s || s.kind !== "callback") return "not-callback" as const;
    const made = await partnerOfSubmission(tx, s.id);
    if (made) return { made };
    const name = `${s.firstName} ${s.lastName}`.trim();
    const created = (await findUserByEmail(tx, s.email)) ? null : await insertUserIfNew(tx, { email: s.email, role: "partner", name });
    if (!created) throw new AlreadyExists();
    // A code drawn twice (one in 27 billion) is drawn again.
    let row: { id: string; code: string } | undefined;
    for (let attempt = 0; attempt < 5 && !row; attempt++) {
      [row] = await tx
        .insert(partners)
        .values({ userId: created.id, name, code: newReferralCode(), submissionId: s.id })
        .onConflictDoNothing({ target: partners.code })
        .returning({ id: partners.id, code: partners.code });
    }
    if (!row) throw new Error("no free referral code");
    const token = await sendPasswordLink(tx, { userId: created.id, email: created.email, purpose: "invite", area: "partner area" });
    await audit(tx, {
      actorEmail: ctx.actor.email,
      action: "partner.create",
      target: row.id,
      ip: ctx.ip,
      detail: `from callback ${s.id}; code ${row.code}${ctx.mailOff ? "; mail delivery off: link shown to staff" : ""}`,
    });
    return { partnerId: row.id, email: created.email, name, token };
  }).catch((error: unknown) => {
    if (error instanceof AlreadyExists) return "exists" as const;
    throw error;
  });
  if (result === "not-callback") return refused(404, "Only a partner callback can be made a partner.");
  if (result === "exists") {
    const [s] = await db.select({ email: submissions.email }).from(submissions).where(eq(submissions.id, submissionId));
    const existing = s ? await findUserByEmail(db, s.email) : undefined;
    return refused(409, `${existing?.email ?? "This email"} already has ${existing ? `a ${existing.role} account` : "an account"}: a partner needs an account of their own. Ask them for another email, or ask an admin.`);
  }
  if ("made" in result && result.made) return { ...refused(409, `This callback was already made a partner: ${result.made.name}.`), partnerId: result.made.id };
  if (ctx.mailOff) {
    return {
      ok: true,
      status: 200,
      message: `Mail delivery is off, so no invitation was mailed. Give ${result.email} this link yourself: it works once and expires in 72 hours.`,
      mailed: true,
      link: `${siteOrigin()}/set-password?token=${result.token}`,
      partnerId: result.partnerId,
    };
  }
  return { ok: true, status: 200, message: `${result.name} is now a partner. An invitation was sent to ${result.email}.`, mailed: true, partnerId: result.partnerId };
}

// ---------------------------------------------------------------------------
// The console's list and page

export type PartnerListRow = { id: string; name: string; email: string; code: string; plan: PartnerPlan; practices: number; upline: string | null };

export async function listPartners(db: Db): Promise<PartnerListRow[]> {
  const upline = sql<string | null>`(select u.name from ${partners} u where u.id = ${partners.parentId})`;
  const rows = await db
    .select({
      id: partners.id,
      name: partners.name,
      email: user.email,
      code: partners.code,
      plan: partners.plan,
      upline,
      practices: sql<number>`(select count(*) from ${partnerPractices} pp where pp.partner_id = ${partners.id})`.mapWith(Number),
    })
    .from(partners)
    .innerJoin(user, eq(user.id, partners.userId))
    .orderBy(asc(sql`lower(${partners.name})`));
  return rows;
}

export type PartnerDetail = {
  id: string;
  name: string;
  email: string;
  code: string;
  createdAt: string;
  submissionId: string | null;
  parent: { id: string; name: string } | null;
  splitBps: number | null;
  plan: PartnerPlan;
  monthlyFeeCents: number | null;
  percentBps: number | null;
  planSetBy: string | null;
  planSetAt: string | null;
  planRiskAcceptedBy: string | null;
  planRiskAcceptedAt: string | null;
  practices: { id: string; name: string; assignedBy: string; assignedAt: string }[];
  subPartners: { id: string; name: string; splitBps: number | null }[];
};

export async function partnerForStaff(db: Db, id: string): Promise<PartnerDetail | null> {
  const [p] = await db
    .select({ partner: partners, email: user.email })
    .from(partners)
    .innerJoin(user, eq(user.id, partners.userId))
    .where(eq(partners.id, id));
  if (!p) return null;
  const [parent] = p.partner.parentId ? await db.select({ id: partners.id, name: partners.name }).from(partners).where(eq(partners.id, p.partner.parentId)) : [];
  const assigned = await db
    .select({ id: practices.id, name: practices.name, assignedBy: partnerPractices.assignedBy, assignedAt: partnerPractices.createdAt })
    .from(partnerPractices)
    .innerJoin(practices, eq(practices.id, partnerPractices.practiceId))
    .where(eq(partnerPractices.partnerId, id))
    .orderBy(asc(practices.nameKey));
  const subs = await db.select({ id: partners.id, name: partners.name, splitBps: partners.splitBps }).from(partners).where(eq(partners.parentId, id)).orderBy(asc(partners.name));
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: p.partner.id,
    name: p.partner.name,
    email: p.email,
    code: p.partner.code,
    createdAt: p.partner.createdAt.toISOString(),
    submissionId: p.partner.submissionId,
    parent: parent ?? null,
    splitBps: p.partner.splitBps,
    plan: p.partner.plan,
    monthlyFeeCents: p.partner.monthlyFeeCents,
    percentBps: p.partner.percentBps,
    planSetBy: p.partner.planSetBy,
    planSetAt: iso(p.partner.planSetAt),
    planRiskAcceptedBy: p.partner.planRiskAcceptedBy,
    planRiskAcceptedAt: iso(p.partner.planRiskAcceptedAt),
    practices: assigned.map((a) => ({ ...a, assignedAt: a.assignedAt.toISOString() })),
    subPartners: subs,
  };
}

/** The practices staff may assign: not a demo practice, and not another partner's (a practice has at most one partner). */
export async function assignablePractices(db: Db): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: practices.id, name: practices.name })
    .from(practices)
    .leftJoin(partnerPractices, eq(partnerPractices.practiceId, practices.id))
    .where(and(eq(practices.demo, false), sql`${partnerPractices.practiceId} is null`))
    .orderBy(asc(practices.nameKey));
}

/** The partners a partner may report to: any other (a cycle is refused when set). */
export async function otherPartners(db: Db, id: string): Promise<{ id: string; name: string }[]> {
  return db.select({ id: partners.id, name: partners.name }).from(partners).where(sql`${partners.id} <> ${id}`).orderBy(asc(sql`lower(${partners.name})`));
}

async function lockPartner(tx: Db, id: string) {
  const [p] = await tx.select().from(partners).where(eq(partners.id, id)).for("update");
  if (!p) throw new PartnerRefused("That partner no longer exists. Reload the page.", null, 404);
  return p;
}

/** Assigns a practice to a partner: refused for a demo practice, or one another partner has. */
export async function assignPractice(db: Db, actor: Actor, input: { partnerId: string; practiceId: string }): Promise<{ practice: string }> {
  return inTransaction(db, async (tx) => {
    const p = await lockPartner(tx, input.partnerId);
    const [practice] = await tx.select({ id: practices.id, name: practices.name, demo: practices.demo }).from(practices).where(eq(practices.id, input.practiceId));
    if (!practice) throw new PartnerRefused("That practice no longer exists. Reload the page.", "practiceId", 404);
    if (practice.demo) throw new PartnerRefused("The demo practice cannot be assigned to a partner.", "practiceId");
    // The practice is the key: of two assignments at once, one is kept and the other told whose it is.
    const [added] = await tx.insert(partnerPractices).values({ practiceId: practice.id, partnerId: p.id, assignedBy: actor.email }).onConflictDoNothing().returning();
    if (!added) {
      const [holder] = await tx
        .select({ name: partners.name, id: partners.id })
        .from(partnerPractices)
        .innerJoin(partners, eq(partners.id, partnerPractices.partnerId))
        .where(eq(partnerPractices.practiceId, practice.id));
      if (holder?.id === p.id) return { practice: practice.name };
      throw new PartnerRefused(`${practice.name} is already assigned to ${holder?.name ?? "another partner"}: a practice has one partner.`, "practiceId", 409);
    }
    await audit(tx, { actorEmail: actor.email, action: "partner.practice.assign", target: p.id, ip: actor.ip, detail: `${practice.name} (${practice.id})` });
    return { practice: practice.name };
  });
}

export async function unassignPractice(db: Db, actor: Actor, input: { partnerId: string; practiceId: string }): Promise<{ practice: string } | null> {
  return inTransaction(db, async (tx) => {
    const p = await lockPartner(tx, input.partnerId);
    const [removed] = await tx
      .delete(partnerPractices)
      .where(and(eq(partnerPractices.partnerId, p.id), eq(partnerPractices.practiceId, input.practiceId)))
      .returning({ practiceId: partnerPractices.practiceId });
    if (!removed) return null;
    const [practice] = await tx.select({ name: practices.name }).from(practices).where(eq(practices.id, input.practiceId));
    await audit(tx, { actorEmail: actor.email, action: "partner.practice.unassign", target: p.id, ip: actor.ip, detail: `${practice?.name ?? "practice"} (${input.practiceId})` });
    return { practice: practice?.name ?? "The practice" };
  });
}

/**
 * Sets (or clears) a partner's upline and the share they keep. Refused when
 * the upline is the partner or one of their own sub-partners, at any depth
 * (the chain would go round).
 */
export async function setUpline(db: Db, actor: Actor, input: { partnerId: string; parentId: string | null; splitBps: number | null }): Promise<{ parent: string | null }> {
  return inTransaction(db, async (tx) => {
    const p = await lockPartner(tx, input.partnerId);
    let parentName: string | null = null;
    if (input.parentId) {
      if (input.parentId === p.id) throw new PartnerRefused("A partner cannot be their own upline.", "parentId");
      const [parent] = await tx.select({ id: partners.id, name: partners.name }).from(partners).where(eq(partners.id, input.parentId));
      if (!parent) throw new PartnerRefused("That partner no longer exists. Reload the page.", "parentId", 404);
      // The upline's own chain of uplines must not pass through this partner.
      const chain = await tx.execute(sql`
        with recursive up(id, parent_id, depth) as (
          select id, parent_id, 0 from ${partners} where id = ${parent.id}
          union all
          select p.id, p.parent_id, up.depth + 1 from ${partners} p join up on p.id = up.parent_id where up.depth < 100
        )
        select id from up`);
      const ids = (chain as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      if (ids.includes(p.id)) throw new PartnerRefused(`${parent.name} is ${p.name}'s own sub-partner (directly or further down): the chain would go round.`, "parentId");
      parentName = parent.name;
    }
    await tx
      .update(partners)
      .set({ parentId: input.parentId, splitBps: input.parentId ? input.splitBps : null })
      .where(eq(partners.id, p.id));
    await audit(tx, {
      actorEmail: actor.email,
      action: "partner.upline",
      target: p.id,
      ip: actor.ip,
      detail: parentName ? `upline ${parentName} (${input.parentId}); keeps ${formatBps(input.splitBps ?? 10_000)}` : "no upline",
    });
    return { parent: parentName };
  });
}

/** What a plan says in the audit log and on the page: "Fixed monthly fee, $250.00". */
export function planSummary(p: { plan: PartnerPlan; monthlyFeeCents: number | null; percentBps: number | null }): string {
  if (p.plan === "fixed") return `${PARTNER_PLAN_LABELS.fixed}, ${formatCents(p.monthlyFeeCents ?? 0)}`;
  if (p.plan === "percentage") return `${PARTNER_PLAN_LABELS.percentage}, ${formatBps(p.percentBps ?? 0)}`;
  return PARTNER_PLAN_LABELS.none;
}

/**
 * Sets how a partner is paid, with who set it and when. A volume-based plan
 * is set only with the Anti-Kickback warning accepted (`riskAccepted`): who
 * accepted it and when are kept, and cleared by a plan that is not one.
 */
export async function setPlan(
  db: Db,
  actor: Actor,
  input: { partnerId: string; plan: PartnerPlan; monthlyFeeCents: number | null; percentBps: number | null; riskAccepted: boolean },
): Promise<string> {
  if (input.plan === "percentage" && !input.riskAccepted) throw new PartnerRefused("Accept the Anti-Kickback warning to set a percentage plan.", "acceptRisk");
  return inTransaction(db, async (tx) => {
    const p = await lockPartner(tx, input.partnerId);
    const terms = {
      plan: input.plan,
      monthlyFeeCents: input.plan === "fixed" ? input.monthlyFeeCents : null,
      percentBps: input.plan === "percentage" ? input.percentBps : null,
    };
    const now = new Date();
    const volume = input.plan === "percentage";
    await tx
      .update(partners)
      .set({ ...terms, planSetBy: actor.email, planSetAt: now, planRiskAcceptedBy: volume ? actor.email : null, planRiskAcceptedAt: volume ? now : null })
      .where(eq(partners.id, p.id));
    const summary = planSummary(terms);
    await audit(tx, { actorEmail: actor.email, action: "partner.plan", target: p.id, ip: actor.ip, detail: volume ? `${summary}; Anti-Kickback warning accepted` : summary });
    return summary;
  });
}
