import { and, asc, count, eq, inArray, notExists, or, sql } from "drizzle-orm";
import { timeZoneOf, type TimeZone } from "~/content/time-zones";
import { IVR_OPEN_STATUSES } from "~/lib/ivr";
import type { PracticeRole } from "~/lib/practice-roles";
import type { PracticeInput } from "~/lib/schemas/practice";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { account, auditLog, facilities, ivrs, practiceMembers, practices, providers, session, user } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { Refused } from "~/.server/refused";
import { listFacilities, listProviders, type Facility, type Provider } from "./people";

export type Practice = typeof practices.$inferSelect;

/** "Sunrise  Wound Care " and "sunrise wound care" name one practice. */
export function practiceNameKey(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

export function cleanPracticeName(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/g, " ");
}

/** The practice of that name, created when new. Safe when two callers race: the unique name key decides. */
export async function findOrCreatePractice(db: Db, name: string): Promise<{ practice: Practice; created: boolean }> {
  const clean = cleanPracticeName(name);
  if (!clean) throw new Error("A practice needs a name.");
  const nameKey = practiceNameKey(clean);
  const [inserted] = await db.insert(practices).values({ name: clean, nameKey }).onConflictDoNothing().returning();
  if (inserted) return { practice: inserted, created: true };
  const [existing] = await db.select().from(practices).where(eq(practices.nameKey, nameKey));
  return { practice: existing!, created: false };
}

/** A practice of that name (whatever its spacing and case) already exists: said beside the name (409). */
export class PracticeNameTaken extends Refused {
  constructor(readonly name: string) {
    super(`A practice named ${name} already exists`, "name", 409);
    this.name = "PracticeNameTaken";
  }
}

/** Staff create a practice; refused (PracticeNameTaken) when the name is taken. Audited in the same transaction. */
export async function createPractice(db: Db, { actor, input }: { actor: Actor; input: PracticeInput }): Promise<Practice> {
  const clean = cleanPracticeName(input.name);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(practices)
      .values({ name: clean, nameKey: practiceNameKey(clean), taxId: input.taxId ?? null })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new PracticeNameTaken(clean);
    await audit(tx, { actorEmail: actor.email, action: "practice.create", target: row.id, ip: actor.ip, detail: clean });
    return row;
  });
}

/** A member sets the zone their practice reads times in; audited with the change. */
export async function setPracticeTimeZone(db: Db, { practiceId, actor, timeZone }: { practiceId: string; actor: Actor; timeZone: TimeZone }) {
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select({ timeZone: practices.timeZone }).from(practices).where(eq(practices.id, practiceId)).for("update");
    if (!before) return null;
    await tx.update(practices).set({ timeZone }).where(eq(practices.id, practiceId));
    const from = timeZoneOf(before.timeZone);
    if (from !== timeZone) await audit(tx, { actorEmail: actor.email, action: "practice.time-zone", target: practiceId, ip: actor.ip, detail: `${from} -> ${timeZone}` });
    return timeZone;
  });
}

/** No account joins the live demo's practice: it is sample data, read by the demo's own user alone. */
export class DemoPracticeClosed extends Error {
  constructor() {
    super("The demo practice holds sample data only: no account can join it.");
    this.name = "DemoPracticeClosed";
  }
}

/** Whether the practice is the live demo's (see DemoPracticeClosed). */
export async function isDemoPractice(db: Db, practiceId: string): Promise<boolean> {
  const [row] = await db.select({ demo: practices.demo }).from(practices).where(eq(practices.id, practiceId));
  return row?.demo === true;
}

/** Puts the user in the practice with the role, moving them when they were in another. Never into the demo practice. */
export async function setMemberPractice(db: Db, userId: string, practiceId: string, role: PracticeRole) {
  if (await isDemoPractice(db, practiceId)) throw new DemoPracticeClosed();
  await db
    .insert(practiceMembers)
    .values({ userId, practiceId, role })
    .onConflictDoUpdate({ target: practiceMembers.userId, set: { practiceId, role } });
}

/** The practice a member works for and their role in it, or null when they are in none. */
export async function membershipOfUser(db: Db, userId: string): Promise<{ practice: Practice; role: PracticeRole } | null> {
  const [row] = await db
    .select({ practice: practices, role: practiceMembers.role })
    .from(practiceMembers)
    .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
    .where(and(eq(practiceMembers.userId, userId), notDemoUnlessNoCredential(db, userId)));
  return row ?? null;
}

/** The practice a member works for, or null when they are in none. */
export async function practiceOfUser(db: Db, userId: string): Promise<Practice | null> {
  const [row] = await db
    .select({ practice: practices })
    .from(practiceMembers)
    .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
    .where(and(eq(practiceMembers.userId, userId), notDemoUnlessNoCredential(db, userId)));
  return row?.practice ?? null;
}

/**
 * A demo practice is the practice of no account that can sign in: only of the
 * demo's own user, which has no credential. Even a membership row that found
 * its way there (none is made: see DemoPracticeClosed) never opens it to a
 * real account.
 */
function notDemoUnlessNoCredential(db: Db, userId: string) {
  return or(eq(practices.demo, false), notExists(db.select({ one: sql`1` }).from(account).where(eq(account.userId, userId))));
}

export type PracticeListRow = {
  id: string;
  name: string;
  taxId: string | null;
  members: number;
  facilities: number;
  providers: number;
  openIvrs: number;
  createdAt: string;
};

const OPEN_SENT = IVR_OPEN_STATUSES.filter((s) => s !== "draft");

/** Every practice with its counts, by name (the console's list). */
export async function listPractices(db: Db): Promise<PracticeListRow[]> {
  const countOf = (table: typeof practiceMembers | typeof facilities | typeof providers) =>
    db.select({ practiceId: table.practiceId, n: count() }).from(table).groupBy(table.practiceId);
  const [rows, members, facilityCounts, providerCounts, open] = await Promise.all([
    db.select().from(practices).orderBy(asc(practices.nameKey)),
    countOf(practiceMembers),
    countOf(facilities),
    countOf(providers),
    db
      .select({ practiceId: ivrs.practiceId, n: count() })
      .from(ivrs)
      .where(sql`${ivrs.status} in (${sql.join(OPEN_SENT.map((s) => sql`${s}`), sql`, `)})`)
      .groupBy(ivrs.practiceId),
  ]);
  const byPractice = (list: { practiceId: string; n: number }[]) => new Map(list.map((r) => [r.practiceId, Number(r.n)]));
  const [m, f, p, o] = [byPractice(members), byPractice(facilityCounts), byPractice(providerCounts), byPractice(open)];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    taxId: r.taxId,
    members: m.get(r.id) ?? 0,
    facilities: f.get(r.id) ?? 0,
    providers: p.get(r.id) ?? 0,
    openIvrs: o.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The practices by name, id and name only: the console queues' practice filter. */
export async function listPracticeNames(db: Db): Promise<{ id: string; name: string }[]> {
  return db.select({ id: practices.id, name: practices.name }).from(practices).orderBy(asc(practices.nameKey));
}

export type PracticeMemberRow = { id: string; email: string; name: string; role: string; practiceRole: PracticeRole; disabled: boolean; lastSignInAt: string | null };

export type PracticeOverview = {
  practice: Practice;
  members: PracticeMemberRow[];
  facilities: Facility[];
  providers: Provider[];
};

/** A practice with its members (last sign-in), facilities and providers; null when there is none with this id. */
export async function getPracticeOverview(db: Db, id: string): Promise<PracticeOverview | null> {
  const [practice] = await db.select().from(practices).where(eq(practices.id, id));
  if (!practice) return null;
  const [members, facilityRows, providerRows] = await Promise.all([listPracticeMembers(db, id), listFacilities(db, id), listProviders(db, id)]);
  return { practice, members, facilities: facilityRows, providers: providerRows };
}

/** A practice's members by email, with their role in it and their last sign-in. */
export async function listPracticeMembers(db: Db, practiceId: string): Promise<PracticeMemberRow[]> {
  const members = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      practiceRole: practiceMembers.role,
      disabled: user.disabled,
      // The audit log keeps sign-ins after their session ends; the newest session fills in otherwise.
      lastSignInAt: sql<Date | null>`greatest(
        (select max(s.created_at) from ${session} s where s.user_id = ${user.id}),
        (select max(a.at) from ${auditLog} a where lower(a.actor_email) = lower(${user.email}) and a.action ~ '(^|\\.)sign-in$')
      )`,
    })
    .from(practiceMembers)
    .innerJoin(user, eq(user.id, practiceMembers.userId))
    .where(eq(practiceMembers.practiceId, practiceId))
    .orderBy(asc(user.email));
  return members.map((m) => ({ ...m, lastSignInAt: m.lastSignInAt ? new Date(m.lastSignInAt).toISOString() : null }));
}

/** Member accounts in no practice (invited before a practice was asked for, or made by `user:add` without one), by email. */
export async function listMembersWithoutPractice(db: Db): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: user.id, email: user.email })
    .from(user)
    .leftJoin(practiceMembers, eq(practiceMembers.userId, user.id))
    .where(sql`${user.role} = 'member' and ${practiceMembers.userId} is null`)
    .orderBy(asc(user.email));
}

/** One practice, or null. */
export async function getPractice(db: Db, id: string): Promise<Practice | null> {
  const [row] = await db.select().from(practices).where(eq(practices.id, id));
  return row ?? null;
}

/** The members of these practices whose accounts are not disabled, by email: who a practice's notices are mailed to. */
export async function activeMemberEmails(
  db: Db,
  practiceIds: readonly string[],
  { roles }: { roles?: readonly PracticeRole[] } = {},
): Promise<{ practiceId: string; email: string }[]> {
  if (practiceIds.length === 0) return [];
  return db
    .select({ practiceId: practiceMembers.practiceId, email: user.email })
    .from(practiceMembers)
    .innerJoin(user, eq(user.id, practiceMembers.userId))
    // The live demo's practice mails nobody.
    .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
    .where(and(inArray(practiceMembers.practiceId, [...practiceIds]), eq(user.disabled, false), roles ? inArray(practiceMembers.role, [...roles]) : undefined, eq(practices.demo, false)))
    .orderBy(asc(user.email));
}
