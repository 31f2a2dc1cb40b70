import { eq, getTableName, inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { DEMO_PRACTICE_NAME } from "~/content/demo";
import type { Db } from "~/.server/db/client";
import * as S from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { reindexPatients } from "~/.server/patients";
import { BulkWriter } from "./bulk";
import { Ids, numberRecords, practiceWriter, TABLES } from "./index";
import { DemoYear } from "./plan";

/**
 * The live demo's practice (`npm run seed:demo -- --demo-practice`, and the
 * browser tests' seed): one practice of the demo year, marked `demo`, named
 * so nobody takes it for a real one, in ANY database, beside whatever is
 * there. Its members are user rows with no credential: nobody signs in as
 * them; the demo reads as its admin (see ~/.server/demo). Running it again
 * replaces the demo practice (the same sample data, made up to now). Its
 * records take the numbers after the database's own, and it writes no audit
 * rows: nobody did any of it.
 */
export type DemoPracticeOptions = { now: Date; seed?: string; patients?: number };

export const DEMO_EMAIL_DOMAIN = "sample-clinic.example";

/** The seed whose one practice is the demo's (it holds stock, as the first practice of a year always does). */
const DEMO_SEED = "live demo";

export async function seedDemoPractice(db: Db, options: DemoPracticeOptions): Promise<{ practiceId: string; replaced: boolean; counts: Record<string, number> }> {
  const year = new DemoYear({ practices: 1, seed: options.seed ?? DEMO_SEED, largePractice: 0, now: options.now, patientsPerPractice: options.patients ?? 60 });
  const [y] = [...year.practiceYears()];
  const p = y!.practice;
  const base = p.name.replace(/ \(.*\)$/, "");
  p.name = DEMO_PRACTICE_NAME;
  for (const f of p.facilities) f.name = f.name.replace(base, "Demo Wound Care");
  const taken = new Set<string>();
  const renamed = new Map<string, string>();
  for (const m of p.members) {
    const [first = "member", last = ""] = m.name.toLowerCase().replace(/[^a-z ]/g, "").split(" ");
    let local = last ? `${first}.${last}` : first;
    for (let k = 2; taken.has(local); k++) local = `${first}.${last}${k}`;
    taken.add(local);
    renamed.set(m.email, `${local}@${DEMO_EMAIL_DOMAIN}`);
  }
  // The year's records name their members by email (history, verifications, applications): all of them, renamed.
  renameEmails(y, renamed);
  const numbers = numberRecords(year);
  const ids = new Ids(`${options.seed ?? DEMO_SEED} demo`);

  return inTransaction(db, async (tx) => {
    const replaced = await removeDemoPractices(tx);
    // After the database's own numbers: the demo's records never take a real record's number.
    const after = {
      ivr: await maxOf(tx, S.ivrs, S.ivrs.number),
      order: await maxOf(tx, S.orders, S.orders.number),
      invoice: await maxOf(tx, S.invoices, S.invoices.number),
      application: await maxOf(tx, S.graftApplications, S.graftApplications.number),
    };
    const kindOf = new Map<string, keyof typeof after>();
    for (const i of y!.ivrs) kindOf.set(i.id, "ivr");
    for (const o of y!.orders) kindOf.set(o.id, "order");
    for (const i of y!.invoices) kindOf.set(i.id, "invoice");
    for (const a of y!.applications) kindOf.set(a.id, "application");
    const number = (id: string) => {
      const n = numbers.get(id);
      return n === undefined ? null : after[kindOf.get(id)!] + n;
    };
    const w = new BulkWriter(tx, TABLES);
    await practiceWriter(w, { number, ids, audit: () => {} })(y!, { passwordHash: null, demo: true });
    await w.finish();
    // The sequences go on after the largest number, whoever made it.
    for (const [table, column] of [
      [S.orders, S.orders.number],
      [S.invoices, S.invoices.number],
      [S.graftApplications, S.graftApplications.number],
    ] as const) {
      const name = getTableName(table);
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${`"${name}"`}, ${column.name}), greatest((select coalesce(max(${column}), 0) from ${table}), 1), (select count(*) > 0 from ${table}))`,
      );
    }
    await tx.execute(sql`select setval('ivr_number_seq', greatest((select coalesce(max(${S.ivrs.number}), 0) from ${S.ivrs}), (select last_value from ivr_number_seq)) + 1, false)`);
    await reindexPatients(tx);
    return { practiceId: p.id, replaced, counts: Object.fromEntries(w.written) };
  });
}

/** Every `email` of the plan's objects that `renamed` names, renamed (the plan is a graph: each object once). */
function renameEmails(root: unknown, renamed: ReadonlyMap<string, string>) {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null || seen.has(value) || value instanceof Date || ArrayBuffer.isView(value)) continue;
    seen.add(value);
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const v = record[key];
      if (key === "email" && typeof v === "string") record[key] = renamed.get(v) ?? v;
      else if (typeof v === "object" && v !== null) stack.push(v);
    }
  }
}

async function maxOf(db: Db, table: PgTable, column: PgColumn): Promise<number> {
  const result = await db.execute(sql`select coalesce(max(${column}), 0)::int as "max" from ${table}`);
  return (result as unknown as { rows: { max: number }[] }).rows[0]!.max;
}

/** Removes every demo practice, its records and its credential-less members, children first (some keys restrict). */
async function removeDemoPractices(db: Db): Promise<boolean> {
  const demos = (await db.select({ id: S.practices.id }).from(S.practices).where(eq(S.practices.demo, true))).map((r) => r.id);
  if (demos.length === 0) return false;
  const members = (await db.select({ id: S.practiceMembers.userId }).from(S.practiceMembers).where(inArray(S.practiceMembers.practiceId, demos))).map((r) => r.id);
  await db.delete(S.graftApplications).where(inArray(S.graftApplications.practiceId, demos));
  await db.delete(S.invoices).where(inArray(S.invoices.practiceId, demos));
  await db.delete(S.orders).where(inArray(S.orders.practiceId, demos));
  await db.delete(S.ivrs).where(inArray(S.ivrs.practiceId, demos));
  await db.delete(S.patients).where(inArray(S.patients.practiceId, demos));
  await db.delete(S.practices).where(inArray(S.practices.id, demos));
  // Only the demo's own users: a member with a credential (none should be there) keeps their account.
  if (members.length > 0)
    await db.execute(sql`delete from ${S.user} where ${inArray(S.user.id, members)} and not exists (select 1 from ${S.account} where ${S.account.userId} = ${S.user.id})`);
  return true;
}
