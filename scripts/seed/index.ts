import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { ivrReference } from "~/lib/ivr";
import { invoiceReference } from "~/lib/orders";
import type { Db } from "~/.server/db/client";
import * as S from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { reindexPatients } from "~/.server/patients";
import { advanceIdentities, BulkWriter, tablesWithRows } from "./bulk";
import { DemoYear, type AuditPlan, type ChatMember, type InvoicePlan, type IvrPlan, type OrderPlan, type PatientPlan, type PracticeYear, type SeedOptions, type UserPlan } from "./plan";
import { Rng } from "./random";
import * as R from "./rows";

export { type SeedOptions } from "./plan";

/**
 * `npm run seed:demo`: a year of synthetic practices, patients, IVRs, orders,
 * invoices, applications, stock, form submissions, live chats and audit rows, written
 * into an empty database in one transaction (all of it or nothing). See planDemo for what is made,
 * rows.ts for how each table's row is built, bulk.ts for how rows are written.
 */

/** Parents before children: the order every batch is written in. */
export const TABLES: readonly PgTable[] = [
  S.user,
  S.account,
  S.practices,
  S.practiceMembers,
  S.facilities,
  S.parLevels,
  S.providers,
  S.patients,
  S.coverages,
  S.ivrs,
  S.ivrFollowers,
  S.ivrHistory,
  S.ivrVerifications,
  S.priorAuthorisations,
  S.orders,
  S.orderLines,
  S.orderUnits,
  S.orderHistory,
  S.orderFollowers,
  S.graftApplications,
  S.invoices,
  S.invoiceLines,
  S.invoicePayments,
  S.submissions,
  S.contactMessages,
  S.intakes,
  S.callbacks,
  S.applications,
  S.applicationExperience,
  S.applicationCertifications,
  S.submissionFiles,
  S.submissionNotes,
  S.chats,
  S.chatMessages,
  S.auditLog,
];

export class DatabaseNotEmpty extends Error {
  constructor(readonly tables: readonly string[]) {
    super(
      `The database already holds data (in ${tables.length > 4 ? `${tables.slice(0, 3).join(", ")} and ${tables.length - 3} other tables` : tables.join(", ")}): the demo data goes only into an empty database. Create a new one (or use a new DATA_DIR) and run this again.`,
    );
    this.name = "DatabaseNotEmpty";
  }
}

export type SeedReport = {
  year: DemoYear;
  /** Rows written, by table. */
  counts: Record<string, number>;
};

/** Ids of rows the plan leaves unnamed (history, audit), drawn in the order the rows are made, so they repeat with the seed. */
export class Ids {
  private readonly streams = new Map<string, Rng>();
  constructor(private readonly seed: string) {}
  next(table: string): string {
    let rng = this.streams.get(table);
    if (!rng) this.streams.set(table, (rng = new Rng(`seed:demo ${this.seed} ids ${table}`)));
    return rng.uuid();
  }
}

/**
 * IVR, order, invoice and application numbers in the order the records were made, across
 * every practice, as the app gives them: a first pass over the year finds
 * them, the second writes the rows with them.
 */
export function numberRecords(year: DemoYear): Map<string, number> {
  const made: Record<"ivr" | "order" | "invoice" | "application", { at: number; id: string }[]> = { ivr: [], order: [], invoice: [], application: [] };
  for (const y of year.practiceYears()) {
    // An IVR is numbered when it is sent; a draft has no number.
    for (const i of y.ivrs) if (i.sent) made.ivr.push({ at: i.sent.submittedAt, id: i.id });
    for (const o of y.orders) made.order.push({ at: o.createdAt, id: o.id });
    for (const i of y.invoices) made.invoice.push({ at: i.at, id: i.id });
    for (const a of y.applications) made.application.push({ at: a.at, id: a.id });
  }
  const numbers = new Map<string, number>();
  for (const list of Object.values(made)) list.sort((a, b) => a.at - b.at || compareIds(a, b)).forEach((r, k) => numbers.set(r.id, k + 1));
  return numbers;
}

export async function seedDemo(db: Db, options: SeedOptions & { password: string; onProgress?: (line: string) => void }): Promise<SeedReport> {
  const filled = await tablesWithRows(db);
  if (filled.length > 0) throw new DatabaseNotEmpty(filled);
  const progress = options.onProgress ?? (() => {});
  // Better Auth's scrypt hash is slow on purpose: one hash, shared by every demo account.
  const passwordHash = await hashPassword(options.password);
  progress("password hashed");
  const year = new DemoYear(options);
  const numbers = numberRecords(year);
  progress(`numbered the year's IVRs, orders and invoices`);
  const ids = new Ids(options.seed);

  const counts = await inTransaction(db, async (tx) => {
    const w = new BulkWriter(tx, TABLES);
    const audit = (a: AuditPlan) => w.add(S.auditLog, R.auditRow(ids.next("audit_log"), a));
    const practiceYear = practiceWriter(w, { number: (id) => numbers.get(id) ?? null, ids, audit });

    for (const u of [...year.admins, ...year.staff]) {
      w.add(S.user, R.userRow(u));
      w.add(S.account, R.accountRow(u, ids.next("account"), passwordHash));
    }
    for (const a of year.companyAudit()) audit(a);

    // Who may chat as a member: only these few fields are kept, not the practices' plans.
    const members: ChatMember[] = [];
    for (const y of year.practiceYears()) {
      await practiceYear(y, { passwordHash });
      for (const m of y.practice.members) if (!m.disabled) members.push({ id: m.id, practiceId: y.practice.id, createdAt: m.createdAt });
      if ((y.practice.index + 1) % 25 === 0 || y.practice.index + 1 === options.practices) progress(`${y.practice.index + 1} of ${options.practices} practices made`);
    }

    for (const s of year.submissions()) {
      w.add(S.submissions, R.submissionRow(s));
      const kind = R.kindRow(s);
      w.add(kind.table as PgTable, kind.row);
      s.experience.forEach((e, i) => w.add(S.applicationExperience, R.experienceRow(s, e, i)));
      s.certifications.forEach((c, i) => w.add(S.applicationCertifications, R.certificationRow(s, c, i)));
      for (const f of s.files) w.add(S.submissionFiles, await R.submissionFileRow(s, f));
      for (const n of s.notes) {
        w.add(S.submissionNotes, R.submissionNoteRow(s, n));
        audit({ at: n.at, actor: n.author.email, action: "submission.note", target: s.id, ip: n.author.ip, detail: `${n.body.length} characters` });
      }
      for (const v of s.views) audit({ at: v.at, actor: v.actor.email, action: "submission.view", target: s.id, ip: v.actor.ip, detail: null });
      for (const step of s.steps)
        audit({ at: step.at, actor: step.actor.email, action: "submission.status", target: s.id, ip: step.actor.ip, detail: `${step.from} -> ${step.to}` });
      await w.maybeFlush();
    }
    progress(`${year.submissionCount} form submissions made`);
    let chatCount = 0;
    for (const c of year.chats(members)) {
      w.add(S.chats, R.chatRow(c));
      for (const m of c.messages) w.add(S.chatMessages, R.chatMessageRow(c, m));
      // As the console audits them: each read of the chat's page, Take, and staff's Close.
      for (const v of c.views) audit({ at: v.at, actor: v.actor.email, action: "chat.read", target: c.id, ip: v.actor.ip, detail: null });
      if (c.tookFirst) audit({ at: c.takenAt!, actor: c.takenBy!.email, action: "chat.take", target: c.id, ip: c.takenBy!.ip, detail: null });
      if (c.closedBy === "staff") audit({ at: c.closedAt!, actor: c.takenBy!.email, action: "chat.close", target: c.id, ip: c.takenBy!.ip, detail: null });
      chatCount++;
      await w.maybeFlush();
    }
    progress(`${chatCount} chats made`);
    await w.finish();
    await advanceIdentities(tx, TABLES);
    // IVRs take their numbers from a sequence as they are sent: it goes on after the seeded ones.
    await tx.execute(sql`select setval('ivr_number_seq', coalesce(max(${S.ivrs.number}), 0) + 1, false) from ${S.ivrs}`);
    // Patients are found by part of their name through keyed hashes: the app's own indexer makes them.
    await reindexPatients(tx);
    return Object.fromEntries(w.written);
  });
  return { year, counts };
}

/**
 * Writes one practice's year: its members (with a credential each when given
 * a password hash; the demo practice's have none), the practice, its people,
 * patients, IVRs, orders, applications and invoices, and (with `audit`) the
 * audit rows the app would have written. `number` gives each record its IVR-,
 * ORD-, INV- or application number.
 */
export function practiceWriter(
  w: BulkWriter,
  { number: numberOf, ids, audit }: { number: (id: string) => number | null; ids: Ids; audit: (a: AuditPlan) => void },
) {
  const number = (id: string) => numberOf(id)!;
  return async (y: PracticeYear, { passwordHash, demo = false }: { passwordHash: string | null; demo?: boolean }) => {
    const p = y.practice;
    for (const u of p.members) {
      w.add(S.user, R.userRow(u));
      if (passwordHash) w.add(S.account, R.accountRow(u, ids.next("account"), passwordHash));
    }
    w.add(S.practices, { ...R.practiceRow(p), demo });
    for (const m of p.members) w.add(S.practiceMembers, R.memberRow(m, p));
    for (const f of p.facilities) w.add(S.facilities, R.facilityRow(f, p));
    for (const level of p.stock?.parLevels ?? []) w.add(S.parLevels, R.parLevelRow(p, level));
    for (const v of p.providers) w.add(S.providers, R.providerRow(v, p));
    for (const a of y.audit) audit(a);
    // Parents before children: patients, then IVRs, orders, invoices.
    for (const patient of y.patients) {
      emitPatient(patient);
      await w.maybeFlush();
    }
    for (const ivr of y.ivrs) {
      emitIvr(ivr);
      await w.maybeFlush();
    }
    for (const order of y.orders) {
      emitOrder(order);
      await w.maybeFlush();
    }
    for (const a of y.applications) {
      w.add(S.graftApplications, R.graftApplicationRow(a, number(a.id)));
      audit({ at: a.at, actor: a.by.email, action: "application.record", target: a.id, ip: a.by.ip, detail: `${a.line.tissueIds[a.index]} under ${ivrReference(number(a.ivr.id))}` });
    }
    for (const invoice of y.invoices) emitInvoice(invoice);
    await w.maybeFlush();
  };

  function emitPatient(p: PatientPlan) {
    w.add(S.patients, R.patientRow(p));
    for (const c of p.coverages) w.add(S.coverages, R.coverageRow(c, p));
    audit({ at: p.createdAt, actor: p.createdBy.email, action: "patient.create", target: p.id, ip: p.createdBy.ip, detail: null });
  }

  function emitIvr(i: IvrPlan) {
    w.add(S.ivrs, R.ivrRow(i, numberOf(i.id)));
    for (const u of i.followers) w.add(S.ivrFollowers, R.ivrFollowerRow(i, u));
    for (const step of i.steps) {
      w.add(S.ivrHistory, R.ivrHistoryRow(ids.next("ivr_history"), i, step));
      // A draft is its member's own: the app audits an IVR's moves, not its opening (`openIvr`).
      if (step.from !== null)
        audit({ at: step.at, actor: step.actor.email, action: "ivr.status", target: i.id, ip: step.actor.ip, detail: `${step.from} -> ${step.to}` });
    }
    for (const v of i.verifications) {
      w.add(S.ivrVerifications, R.ivrVerificationRow(i, v));
      // An approval is also the IVR's authorisation record, as `recordVerification` writes it.
      const authorisation = R.priorAuthorisationRow(i, v);
      if (authorisation) w.add(S.priorAuthorisations, authorisation);
    }
    for (const v of i.views) audit({ at: v.at, actor: v.actor.email, action: "ivr.view", target: i.id, ip: v.actor.ip, detail: null });
  }

  function emitOrder(o: OrderPlan) {
    w.add(S.orders, R.orderRow(o, number(o.id)));
    for (const l of o.lines) {
      w.add(S.orderLines, R.orderLineRow(o, l));
      l.tissueIds.forEach((tissueId, k) => {
        w.add(S.orderUnits, R.orderUnitRow(o, l, k));
        // An application audits itself; a unit returned, damaged or expired is audited as the stock page records it.
        const end = l.ends[k];
        if (end && end.disposition !== "applied")
          audit({ at: end.at, actor: end.by.email, action: `unit.${end.disposition}`, target: l.unitIds[k]!, ip: end.by.ip, detail: tissueId });
      });
    }
    for (const u of o.followers) w.add(S.orderFollowers, R.orderFollowerRow(o, u));
    for (const step of o.steps) {
      w.add(S.orderHistory, R.orderHistoryRow(ids.next("order_history"), o, step));
      if (step.from === null)
        audit({ at: step.at, actor: step.actor.email, action: "order.create", target: o.id, ip: step.actor.ip, detail: o.ivr ? `from IVR ${o.ivr.id}` : `${o.reorder} reorder of stock` });
      else audit({ at: step.at, actor: step.actor.email, action: "order.status", target: o.id, ip: step.actor.ip, detail: `${step.from} -> ${step.to}` });
    }
    for (const v of o.views) audit({ at: v.at, actor: v.actor.email, action: "order.view", target: o.id, ip: v.actor.ip, detail: null });
  }

  function emitInvoice(i: InvoicePlan) {
    const reference = invoiceReference(number(i.id));
    w.add(S.invoices, R.invoiceRow(i, number(i.id)));
    for (const l of i.lines) w.add(S.invoiceLines, R.invoiceLineRow(i, l));
    if (i.payment) w.add(S.invoicePayments, R.invoicePaymentRow(ids.next("invoice_payments"), i));
    audit({ at: i.at, actor: i.issuedBy.email, action: "invoice.create", target: i.order.id, ip: i.issuedBy.ip, detail: reference });
    if (i.payment) audit({ at: i.payment.at, actor: i.payment.by.email, action: "invoice.paid", target: i.order.id, ip: i.payment.by.ip, detail: reference });
  }
}

const compareIds = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A few accounts of each kind to sign in with: admins, staff, and members of the first practices (the large one first). */
export function accountsToShow(year: DemoYear): { role: string; email: string; practice: string | null }[] {
  const shown = (u: UserPlan) => ({ role: u.role, email: u.email, practice: u.practice?.name ?? null });
  const members: UserPlan[] = [];
  for (const y of year.practiceYears()) {
    members.push(...y.practice.members.filter((m) => !m.disabled).slice(0, 2));
    if (y.practice.index === 2) break;
  }
  return [...year.admins.map(shown), ...year.staff.slice(0, 3).map(shown), ...members.map(shown)];
}
