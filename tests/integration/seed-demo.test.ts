import { verifyPassword } from "better-auth/crypto";
import { and, asc, eq, getTableName, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatSchedule } from "~/content/chat";
import { chatAvailability, localMoment, parseChatHours } from "~/lib/chat";
import { applicationAreaIssues } from "~/lib/clinical/claim-line";
import { sizeArea } from "~/lib/clinical/graft-sizes";
import { isIcd10, isValidMbi, isValidNpi } from "~/lib/clinical/identifiers";
import { NO_ATTENTION_RANK } from "~/lib/eligibility";
import { canTransitionIvr, IVR_STATUSES, IVR_WAITING_ON_STAFF, type IvrStatus } from "~/lib/ivr";
import { canTransitionOrder, INVOICE_STATES, invoiceState, ORDER_STATUSES, type OrderStatus } from "~/lib/orders";
import { parseQueueFilters } from "~/lib/queue-filters";
import { parseWith } from "~/lib/schemas/fields";
import { applicationSchema } from "~/lib/schemas/graft-application";
import { shipmentSchema } from "~/lib/schemas/order";
import { patientSchema } from "~/lib/schemas/patient";
import { facilitySchema, providerSchema } from "~/lib/schemas/practice";
import { latestUsToday } from "~/lib/schemas/patient";
import { verificationSchema } from "~/lib/schemas/verification";
import { verificationDateIssues } from "~/lib/schemas/verification-fields";
import { addDays } from "~/lib/calendar";
import { KINDS } from "~/lib/submissions";
import { action as authAction } from "~/routes/auth/auth";
import { listAudit } from "~/.server/audit";
import { chatQueue, readChat, waitFigures } from "~/.server/chat";
import { open, openJson, setPhiRing } from "~/.server/crypto";
import { keyRing, newKey } from "~/.server/crypto/fields";
import { SEALED_COLUMNS } from "~/.server/crypto/rotate";
import {
  account,
  auditLog,
  chatMessages,
  chats,
  coverages,
  facilities,
  graftApplications,
  invoices,
  ivrHistory,
  ivrs,
  orderHistory,
  orderLines,
  orders,
  orderUnits,
  parLevels,
  patients,
  practiceMembers,
  practices,
  providers,
  submissionFiles,
  submissions,
  user,
} from "~/.server/db/schema";
import { boardCounts, ivrQueuePage, practiceBoardPage, readIvrAsStaff, saveDraft, todayUtc } from "~/.server/ivr";
import { transitionIvr } from "~/.server/ivr/lifecycle";
import { applicationsOfIvr, getApplication } from "~/.server/inventory/applications";
import { practiceReorderPlan } from "~/.server/inventory/reorder";
import { practiceStock } from "~/.server/inventory/stock";
import { sizeOfMm } from "~/.server/orders/orders";
import { orderableIvrs, orderQueuePage, ordersToday, practiceInvoicesPage, practiceInvoiceTotals, practiceOrdersPage, readOrderAsStaff } from "~/.server/orders";
import { getPatient, listPatientChoices } from "~/.server/patients";
import { listSubmissions, parseInboxFilters, viewSubmission } from "~/.server/submissions";
import { appTables } from "../../scripts/seed/bulk";
import { DatabaseNotEmpty, seedDemo } from "../../scripts/seed";
import { DemoYear, SHOWCASE_IVR_STATUSES } from "../../scripts/seed/plan";
import { answerOf, contextFrom, formPost } from "./support/actions";
import { freshDatabase } from "./support/database";
import { walkPages } from "./support/pages";

/** A fixed moment for both runs (the readers' "today" agrees with it: it is this hour). */
const NOW = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
const OPTIONS = { practices: 2, seed: "test", largePractice: 0, now: NOW, password: "demo password 123" } as const;
const staff = { email: "reader@company.example", ip: "192.0.2.200" };

type Database = Awaited<ReturnType<typeof freshDatabase>>;

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

/** Every table's rows with sealed values opened and the password hash (salted afresh each time) left out, in a stable order. */
async function contents(database: Database) {
  const out: Record<string, string[]> = {};
  for (const table of appTables()) {
    const name = getTableName(table);
    const result = await database.db.execute(sql`select to_jsonb(t) as row from ${table} t`);
    const rows = (result as unknown as { rows: { row: Record<string, unknown> }[] }).rows.map(({ row }) => {
      for (const c of SEALED_COLUMNS.filter((s) => s.table === name && !s.bytes))
        if (typeof row[c.column] === "string") row[c.column] = open(row[c.column] as string, c.context);
      if (name === "account") row.password = "(the shared hash)";
      return JSON.stringify(row);
    });
    out[name] = rows.sort();
  }
  // A patient's name terms are padded with random ones (so the table does not tell a name's length): only how many each has is the same.
  const terms = new Map<string, number>();
  for (const row of out.patient_search_terms ?? []) {
    const id = (JSON.parse(row) as { patient_id: string }).patient_id;
    terms.set(id, (terms.get(id) ?? 0) + 1);
  }
  out.patient_search_terms = [...terms].map(([id, n]) => `${id}: ${n}`).sort();
  return out;
}

describe("npm run seed:demo (2 practices on the embedded database)", () => {
  let database: Database;
  const db = () => database.db;
  let practiceIds: string[];
  /** What the seed wrote, before the tests below read (and audit) anything. */
  let seeded: Record<string, string[]>;

  beforeAll(async () => {
    setPhiRing(keyRing([newKey()]));
    database = await freshDatabase("pglite");
    await seedDemo(database.db, OPTIONS);
    seeded = await contents(database);
    practiceIds = (await db().select({ id: practices.id }).from(practices).orderBy(asc(practices.name))).map((p) => p.id);
  }, 120_000);

  afterAll(async () => {
    await database?.dispose();
    setPhiRing(undefined);
  });

  it("holds IVRs and orders in every status, invoices open, overdue and paid, and form submissions of every kind", async () => {
    expect(practiceIds).toHaveLength(2);
    const holding = new Set((await db().select({ id: practices.id }).from(practices).where(eq(practices.holdsStock, true))).map((p) => p.id));
    // The first practice always holds stock: a small demo shows it.
    expect(holding.size).toBeGreaterThan(0);
    for (const practiceId of practiceIds) {
      const ivrStatuses = await db().selectDistinct({ s: ivrs.status }).from(ivrs).where(eq(ivrs.practiceId, practiceId));
      expect(ivrStatuses.map((r) => r.s).sort()).toEqual([...IVR_STATUSES].sort());
      const orderStatuses = await db().selectDistinct({ s: orders.status }).from(orders).where(eq(orders.practiceId, practiceId));
      // A suggested reorder is drafted only for a practice that holds stock: each of those has one waiting for a member.
      // The first practice approves its stock orders: its newest automatic reorder waits for its practice admin.
      const approving = (await db().select({ id: practices.id }).from(practices).where(and(eq(practices.id, practiceId), eq(practices.approveStock, true)))).length > 0;
      const expected = ORDER_STATUSES.filter((status) => (status !== "suggested" || holding.has(practiceId)) && (status !== "awaiting_approval" || approving));
      expect(orderStatuses.map((r) => r.s).sort()).toEqual([...expected].sort());
      const states = new Set((await practiceInvoicesPage(db(), practiceId, ordersToday(), { size: 1000 })).rows.map((i) => i.state));
      expect([...states].sort()).toEqual([...INVOICE_STATES].sort());
    }
    const kinds = await db().selectDistinct({ k: submissions.kind }).from(submissions);
    expect(kinds.map((k) => k.k).sort()).toEqual([...KINDS].sort());
    // About 100 patients, 400 IVRs and 300 orders a practice, 400 submissions.
    const count = async (table: typeof patients | typeof ivrs | typeof orders | typeof submissions) =>
      (await db().select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    expect(await count(patients)).toBe(200);
    expect(await count(ivrs)).toBeGreaterThan(600);
    expect(await count(ivrs)).toBeLessThan(1000);
    expect(await count(orders)).toBeGreaterThan(450);
    expect(await count(orders)).toBeLessThan(750);
    expect(await count(submissions)).toBe(800);
    const synthetic = await db().selectDistinct({ s: patients.synthetic }).from(patients);
    expect(synthetic).toEqual([{ s: true }]);
    // A resume on every application, a real PDF.
    const files = await db().select().from(submissionFiles);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files.slice(0, 5)) expect(Buffer.from(f.data).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("statuses agree with their history, step by step, as the transition tables allow", async () => {
    const creators = new Map((await db().select({ id: user.id, email: user.email }).from(user)).map((u) => [u.id, u.email]));
    /**
     * Checks a record's history row by row: the first as the lifecycle's open writes it (to `first`, from nothing, by
     * the member who made the record, when they made it), each later one leaving the status the one before reached,
     * by a move the table allows. Answers the status it reached.
     */
    function walk<S extends string>(
      record: { createdBy: string | null; createdAt: Date },
      steps: readonly { fromStatus: S | null; toStatus: S; actorEmail: string | null; at: Date }[],
      first: S,
      allowed: (from: S, to: S) => boolean,
      opener = creators.get(record.createdBy!),
    ): S {
      expect(steps[0]).toMatchObject({ fromStatus: null, toStatus: first, actorEmail: opener, at: record.createdAt });
      let status = first;
      for (const step of steps.slice(1)) {
        expect(step.fromStatus).toBe(status);
        expect(allowed(status, step.toStatus)).toBe(true);
        status = step.toStatus;
      }
      return status;
    }

    const ivrSteps = groupBy(await db().select().from(ivrHistory).orderBy(asc(ivrHistory.at)), (h) => h.ivrId);
    for (const ivr of await db().select().from(ivrs)) {
      const steps = ivrSteps.get(ivr.id)!;
      // As the app's openIvr writes it: to draft.
      expect(ivr.status).toBe(walk<IvrStatus>(ivr, steps, "draft", (from, to) => canTransitionIvr(from, to)));
      // A draft's typing changes it without a move; a sent IVR was last changed by its last move.
      if (steps.length > 1) expect(ivr.updatedAt.getTime()).toBe(steps.at(-1)!.at.getTime());
      // Housekeeping expires it within ten minutes after its last valid day (UTC): till then it may be yesterday's.
      if (ivr.status === "covered" || ivr.status === "prior_auth_approved") expect(ivr.validUntil! >= todayUtc(new Date(NOW.getTime() - 10 * 60_000))).toBe(true);
    }
    const orderSteps = groupBy(await db().select().from(orderHistory).orderBy(asc(orderHistory.at)), (h) => h.orderId);
    // Held for approval only when the practice approves stock orders: then it was opened so.
    const approving = new Set((await db().select({ id: practices.id }).from(practices).where(eq(practices.approveStock, true))).map((p) => p.id));
    const heldAtOpen = new Set((await db().select({ id: orders.id, practiceId: orders.practiceId }).from(orders)).filter((o) => approving.has(o.practiceId) && orderSteps.get(o.id)?.[0]?.toStatus === "awaiting_approval").map((o) => o.id));
    const steps0 = (id: string) => (heldAtOpen.has(id) ? "awaiting_approval" : null);
    for (const order of await db().select().from(orders)) {
      // As the app's openOrder writes it: to submitted, or for a reorder the portal drafted, to suggested, by the portal;
      // an automatic reorder the practice's approval rule holds, to awaiting approval.
      const first = order.reorder === "suggested" ? "suggested" : steps0(order.id) === "awaiting_approval" ? "awaiting_approval" : "submitted";
      const opener = order.reorder ? "reorder@portal" : undefined;
      const allowed = (from: OrderStatus, to: OrderStatus) => canTransitionOrder(from, to, "staff") || canTransitionOrder(from, to, "member");
      const reached = opener ? walk<OrderStatus>(order, orderSteps.get(order.id)!, first, allowed, opener) : walk<OrderStatus>(order, orderSteps.get(order.id)!, first, allowed);
      expect(order.status).toBe(reached);
      if (order.reorder) expect(order.createdBy).toBeNull();
    }
  });

  it("pages the board, the orders, the invoices and both queues: Older and Newer visit every row once, in order", async () => {
    const [practiceId] = practiceIds as [string, ...string[]];
    const today = ordersToday();

    // The board: the practice's IVRs but drafts, latest change first, counted by status.
    const sent = await db()
      .select({ id: ivrs.id, status: ivrs.status, number: ivrs.number, patientId: ivrs.patientId })
      .from(ivrs)
      .where(sql`${ivrs.practiceId} = ${practiceId} and ${ivrs.status} <> 'draft'`)
      .orderBy(sql`${ivrs.updatedAt} desc, ${ivrs.id} desc`);
    expect(sent.length).toBeGreaterThan(100);
    const board = await walkPages((at) => practiceBoardPage(db(), practiceId, { at, size: 37 }));
    expect(board.forward).toEqual(sent.map((r) => r.id));
    expect(board.backward).toEqual(board.forward);
    expect(board.pages).toBe(Math.ceil(sent.length / 37));
    const counts = await boardCounts(db(), practiceId);
    for (const status of IVR_STATUSES) expect(counts[status] ?? 0, status).toBe(sent.filter((r) => r.status === status).length);
    // A status filter pages through that status alone; a number finds its IVR, patients find theirs.
    const covered = await walkPages((at) => practiceBoardPage(db(), practiceId, { at, size: 7, filter: { status: "covered" } }));
    expect(covered.forward).toEqual(sent.filter((r) => r.status === "covered").map((r) => r.id));
    const one = sent[sent.length - 1]!;
    expect((await practiceBoardPage(db(), practiceId, { filter: { number: one.number } })).rows.map((r) => r.id)).toEqual([one.id]);
    const patientIds = [...new Set(sent.map((r) => r.patientId).filter((id): id is string => Boolean(id)))].slice(0, 3);
    const ofPatients = await walkPages((at) => practiceBoardPage(db(), practiceId, { at, size: 2, filter: { patientIds } }));
    expect(ofPatients.forward).toEqual(sent.filter((r) => r.patientId && patientIds.includes(r.patientId)).map((r) => r.id));
    expect((await practiceBoardPage(db(), practiceId, { filter: { patientIds: [] } })).rows).toEqual([]);
    // Another practice's IVR is not found by its number here.
    const [foreign] = await db().select({ number: ivrs.number }).from(ivrs).where(sql`${ivrs.practiceId} <> ${practiceId} and ${ivrs.status} <> 'draft'`).limit(1);
    expect((await practiceBoardPage(db(), practiceId, { filter: { number: foreign!.number } })).rows).toEqual([]);

    // The practice's orders, its stock orders among them, latest change first.
    const placed = await db().select({ id: orders.id }).from(orders).where(eq(orders.practiceId, practiceId)).orderBy(sql`${orders.updatedAt} desc, ${orders.id} desc`);
    const orderPages = await walkPages((at) => practiceOrdersPage(db(), practiceId, { at, size: 23 }));
    expect(orderPages.forward).toEqual(placed.map((r) => r.id));
    expect(orderPages.backward).toEqual(orderPages.forward);

    // The IVRs to order from: covered or approved and valid today, soonest to expire first.
    const orderable = await db()
      .select({ id: ivrs.id })
      .from(ivrs)
      .where(sql`${ivrs.practiceId} = ${practiceId} and ${ivrs.status} in ('covered', 'prior_auth_approved') and ${ivrs.validUntil} >= ${today}`)
      .orderBy(sql`${ivrs.validUntil} asc, ${ivrs.number} asc`);
    expect(orderable.length).toBeGreaterThan(3);
    const orderablePages = await walkPages((at) => orderableIvrs(db(), practiceId, today, { at, size: 3 }));
    expect(orderablePages.forward).toEqual(orderable.map((r) => r.id));
    expect(orderablePages.backward).toEqual(orderablePages.forward);

    // The invoices: unpaid first, soonest due (the latest number first on one day); then paid, latest first. Totals of what is to pay.
    const billed = await db().select().from(invoices).where(eq(invoices.practiceId, practiceId)).orderBy(sql`${invoices.number} desc`);
    const unpaid = billed.filter((i) => !i.paidOn).sort((a, b) => a.dueOn.localeCompare(b.dueOn));
    const expected = [...unpaid, ...billed.filter((i) => i.paidOn)].map((i) => i.id);
    expect(unpaid.length).toBeGreaterThan(0);
    expect(expected.length - unpaid.length).toBeGreaterThan(0);
    for (const size of [5, unpaid.length, unpaid.length + 1]) {
      const invoicePages = await walkPages((at) => practiceInvoicesPage(db(), practiceId, today, { at, size }));
      expect(invoicePages.forward, `${size} a page`).toEqual(expected);
      expect(invoicePages.backward, `${size} a page`).toEqual(expected);
    }
    const balance = (i: (typeof billed)[number]) => Math.max(0, i.totalCents - i.paidCents);
    const overdue = unpaid.filter((i) => i.dueOn < today);
    expect(await practiceInvoiceTotals(db(), practiceId, today)).toEqual({
      unpaid: unpaid.length,
      unpaidCents: unpaid.reduce((sum, i) => sum + balance(i), 0),
      overdue: overdue.length,
      overdueCents: overdue.reduce((sum, i) => sum + balance(i), 0),
    });

    // The console's IVR queue, of all statuses: oldest sent first, counted.
    const all = parseQueueFilters(new URLSearchParams("status=all"), IVR_STATUSES);
    const queued = await db().select({ id: ivrs.id }).from(ivrs).where(sql`${ivrs.status} <> 'draft'`).orderBy(sql`${ivrs.submittedAt} asc, ${ivrs.number} asc`);
    const queue = await walkPages((at) => ivrQueuePage(db(), all, { at, size: 50, now: NOW }));
    expect(queue.forward).toEqual(queued.map((r) => r.id));
    expect(queue.backward).toEqual(queue.forward);
    expect((await ivrQueuePage(db(), all, { now: NOW })).total).toBe(queued.length);

    // Its default view (what waits on staff) with some IVRs marked by an eligibility answer: the marked first, by rank
    // then oldest, then the rest oldest first, across page boundaries both ways (each part is read from its own index).
    const waitingIvrs = await db().select({ id: ivrs.id }).from(ivrs).where(inArray(ivrs.status, IVR_WAITING_ON_STAFF)).orderBy(sql`${ivrs.submittedAt} asc, ${ivrs.number} asc`);
    expect(waitingIvrs.length).toBeGreaterThan(20);
    const marks = waitingIvrs.filter((_, i) => i % 7 === 3).map((r, i) => ({ id: r.id, rank: 1 + (i % 4) }));
    for (const { id, rank } of marks) await db().update(ivrs).set({ eligibilityAttention: rank }).where(eq(ivrs.id, id));
    const open = parseQueueFilters(new URLSearchParams(), IVR_STATUSES);
    const byAttention = await db()
      .select({ id: ivrs.id })
      .from(ivrs)
      .where(inArray(ivrs.status, IVR_WAITING_ON_STAFF))
      .orderBy(sql`${ivrs.eligibilityAttention} asc, ${ivrs.submittedAt} asc, ${ivrs.number} asc`);
    for (const size of [3, 7]) {
      const walked = await walkPages((at) => ivrQueuePage(db(), open, { at, size, now: NOW }));
      expect(walked.forward).toEqual(byAttention.map((r) => r.id));
      expect(walked.backward).toEqual(walked.forward);
    }
    await db().update(ivrs).set({ eligibilityAttention: NO_ATTENTION_RANK }).where(inArray(ivrs.id, marks.map((m) => m.id)));

    // The console's order queue: the longest unchanged first, counted; what awaits a practice's approval is not the supplier's yet.
    const allOrders = parseQueueFilters(new URLSearchParams("status=all"), ORDER_STATUSES);
    const waiting = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.status} <> 'awaiting_approval'`)
      .orderBy(sql`${orders.updatedAt} asc, ${orders.number} asc`);
    const orderQueue = await walkPages((at) => orderQueuePage(db(), allOrders, { at, size: 41, now: NOW }));
    expect(orderQueue.forward).toEqual(waiting.map((r) => r.id));
    expect(orderQueue.backward).toEqual(orderQueue.forward);
    expect((await orderQueuePage(db(), allOrders, { now: NOW })).total).toBe(waiting.length);
  });

  it("the portal's and the console's own readers open the seeded records", async () => {
    const [practiceId] = practiceIds;
    const board = (await practiceBoardPage(db(), practiceId!, { today: todayUtc(NOW), size: 500 })).rows;
    expect(board.length).toBeGreaterThan(100);
    for (const row of board) expect(row.initials).toMatch(/^[A-Z]\.[A-Z]\.$/);

    const verified = board.find((r) => r.status === "covered")!;
    const detail = await readIvrAsStaff(db(), { id: verified.id, actor: staff });
    expect(detail!.patient!.firstName).toMatch(/^[A-Z][a-z]+$/);
    expect(detail!.patient!.lastName).toMatch(/^[A-Z][a-z]+[a-z]+$/);
    expect(detail!.clinical!.icdPrimary).toBeTruthy();
    expect(isIcd10(detail!.clinical!.icdPrimary!)).toBe(true);
    expect(detail!.verifications.at(-1)!.outcome).toBe("covered");
    expect(detail!.history[0]).toMatchObject({ from: null, to: "draft" });
    expect(detail!.history[1]).toMatchObject({ from: "draft", to: "submitted" });
    expect(detail!.history.at(-1)).toMatchObject({ from: "in_review", to: "covered" });
    expect(detail!.signer).toBeTruthy();

    const queue = (await ivrQueuePage(db(), parseQueueFilters(new URLSearchParams(), IVR_STATUSES), { now: NOW })).rows;
    expect(queue.length).toBeGreaterThan(0);
    expect(new Set(queue.map((q) => q.status))).toEqual(new Set(["submitted", "in_review", "prior_auth_required", "prior_auth_submitted"]));

    const list = (await practiceOrdersPage(db(), practiceId!, { size: 500 })).rows;
    expect(list.length).toBeGreaterThan(50);
    const paid = list.find((o) => o.status === "paid")!;
    expect(paid.sizes).toMatch(/cm × \d/);
    expect(paid.trackingNumber).toBeTruthy();
    const order = await readOrderAsStaff(db(), { id: paid.id, actor: staff, today: ordersToday() });
    expect(order!.lines.every((l) => l.units.length === l.quantity)).toBe(true);
    expect(order!.invoice!.state).toBe("paid");
    expect(order!.invoice!.totalCents).toBe(order!.invoice!.lines.reduce((sum, l) => sum + l.totalCents, 0));
    expect((await orderQueuePage(db(), parseQueueFilters(new URLSearchParams(), ORDER_STATUSES), { now: NOW })).rows.length).toBeGreaterThan(0);

    // The shelf, the reorder plan and an application, as the portal's inventory pages read them.
    const [holder] = await db().select({ id: practices.id }).from(practices).where(eq(practices.holdsStock, true)).limit(1);
    const shelf = await practiceStock(db(), { practiceId: holder!.id, today: ordersToday() });
    expect(shelf.units.length).toBeGreaterThan(0);
    expect(shelf.groups.reduce((n, g) => n + g.onHand, 0)).toBe(shelf.units.length);
    expect(await practiceReorderPlan(db(), { practiceId: holder!.id, today: ordersToday() })).not.toBeNull();
    const [applied] = await db().select().from(graftApplications).where(sql`${graftApplications.discardedHundredths} > 0`).limit(1);
    const record = await getApplication(db(), { id: applied!.id, practiceId: applied!.practiceId });
    expect(record!.reference).toMatch(/^APP-\d{6}$/);
    expect(record!.discardReason).toBeTruthy();
    expect(record!.claim.text).toMatch(/^\d{5}/);
    expect(record!.appliedCm2 + record!.discardedCm2).toBeCloseTo(record!.unit.areaCm2, 5);
    expect((await applicationsOfIvr(db(), { ivrId: applied!.ivrId, practiceId: applied!.practiceId })).map((a) => a.id)).toContain(applied!.id);

    const choices = await listPatientChoices(db(), practiceId!);
    expect(choices).toHaveLength((await db().select({ id: patients.id }).from(patients).where(eq(patients.practiceId, practiceId!))).length);
    expect(choices[0]!.name).toMatch(/^[A-Z][a-z]+, [A-Z][a-z]+$/);

    const inbox = await listSubmissions(db(), parseInboxFilters(new URLSearchParams()));
    expect(inbox.total).toBe(800);
    const opened = await viewSubmission(db(), inbox.rows[0]!.id, staff);
    expect(opened?.submission.email).toMatch(/@example\.(com|org|net)$/);

    const audit = await listAudit(db(), { action: "ivr.status" });
    expect(audit.total).toBeGreaterThan(1000);
    // Beginning a draft is no move the app audits: every IVR status row names the status it left.
    const details = await db().select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.action, "ivr.status"));
    expect(details.filter((r) => !/^[a-z_]+ -> [a-z_]+$/.test(r.detail ?? "") || r.detail!.startsWith("null "))).toEqual([]);
    expect((await listAudit(db(), { action: "invoice.create" })).rows[0]!.detail).toMatch(/^INV-\d{6}$/);
  });

  it("units end once, on the shelf they were stocked on: applied ones with their one application, stock orders and par levels where a practice holds stock", async () => {
    const units = await db().select().from(orderUnits);
    const applications = await db().select().from(graftApplications);
    const byUnit = groupBy(applications, (a) => a.unitId);
    const unitById = new Map(units.map((u) => [u.id, u]));
    const ivrById = new Map((await db().select().from(ivrs)).map((i) => [i.id, i]));
    for (const u of units) {
      // Every applied unit has exactly one application; no other unit has any.
      expect(byUnit.get(u.id)?.length ?? 0, u.tissueId).toBe(u.disposition === "applied" ? 1 : 0);
      // Only a unit on the practice's shelf ends, on or after the day it came, with who recorded it.
      if (u.disposition !== null) {
        expect(u.stockedAt).not.toBeNull();
        // (An application's day is the United States' day it was recorded: up to a day behind UTC's.)
        expect(u.disposedOn! >= latestUsToday(u.stockedAt!)).toBe(true);
        expect(u.disposedBy).toBeTruthy();
      } else expect(u.disposedOn).toBeNull();
    }
    for (const a of applications) {
      const unit = unitById.get(a.unitId)!;
      const ivr = ivrById.get(a.ivrId)!;
      expect(unit.disposition).toBe("applied");
      expect(unit.disposedOn).toBe(a.appliedOn);
      expect(a.appliedOn <= unit.expiresOn!).toBe(true);
      expect(a.appliedOn <= ivr.validUntil!).toBe(true);
      expect(a).toMatchObject({ practiceId: unit.practiceId, patientId: ivr.patientId });
      expect(ivr).toMatchObject({ practiceId: unit.practiceId, productSlug: unit.productSlug });
      // Applied and discarded are the whole unit.
      expect(a.appliedHundredths + a.discardedHundredths).toBe(Math.round(sizeArea(sizeOfMm(unit.lengthMm, unit.widthMm)) * 100));
      expect(a.discardReasonSealed === null).toBe(a.discardedHundredths === 0);
    }
    expect(applications.length).toBeGreaterThan(300);
    expect(applications.some((a) => a.discardedHundredths > 0)).toBe(true);
    const ended = new Set(units.map((u) => u.disposition));
    for (const d of ["applied", "returned", "damaged", null]) expect(ended.has(d as (typeof units)[number]["disposition"]), String(d)).toBe(true);

    // A stock order is for no patient; a patient's order names both its IVR and its patient.
    const all = await db().select().from(orders);
    for (const o of all) {
      if (o.reorder) expect({ ivrId: o.ivrId, patientId: o.patientId }).toEqual({ ivrId: null, patientId: null });
      else expect(o.ivrId !== null && o.patientId !== null).toBe(true);
    }
    const holding = new Map((await db().select().from(practices)).map((p) => [p.id, p]));
    for (const o of all.filter((x) => x.reorder)) expect(holding.get(o.practiceId)!.holdsStock).toBe(true);
    const levels = await db().select().from(parLevels);
    const facilityOf = new Map((await db().select().from(facilities)).map((f) => [f.id, f.practiceId]));
    for (const level of levels) {
      expect(holding.get(level.practiceId)!.holdsStock).toBe(true);
      expect(facilityOf.get(level.facilityId)).toBe(level.practiceId);
    }
    for (const p of holding.values()) {
      if (!p.holdsStock) {
        expect(p.autoReorder).toBe(false);
        continue;
      }
      expect(levels.some((l) => l.practiceId === p.id)).toBe(true);
      if (p.autoReorder) expect(p.reorderMonthlyCents).toBeGreaterThan(0);
      expect(all.some((o) => o.practiceId === p.id && o.reorder === "suggested" && o.status === "suggested")).toBe(true);
      // Its stock orders' delivered units: some applied, some still on the shelf.
      const stockUnits = units.filter((u) => u.practiceId === p.id && all.some((o) => o.id === u.orderId && o.reorder) && u.stockedAt);
      expect(stockUnits.some((u) => u.disposition === null)).toBe(true);
    }
  });

  it("identifiers and values pass the app's own checks", async () => {
    for (const p of await db().select().from(providers)) {
      expect(isValidNpi(p.npi)).toBe(true);
      expect(parseWith(providerSchema, { ...p, credentials: p.credentials ?? "", specialty: p.specialty ?? "", ptan: p.ptan ?? "" }).success).toBe(true);
    }
    for (const f of await db().select().from(facilities)) {
      expect(isValidNpi(f.groupNpi!)).toBe(true);
      const values = Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v ?? ""]));
      expect(parseWith(facilitySchema, values)).toMatchObject({ success: true });
    }
    const medicare = await db().select().from(coverages).where(eq(coverages.payerType, "medicare"));
    expect(medicare.length).toBeGreaterThan(50);
    for (const c of medicare) expect(isValidMbi(open(c.memberIdSealed, "coverages.member_id"))).toBe(true);

    for (const { id, practiceId } of (await db().select({ id: patients.id, practiceId: patients.practiceId }).from(patients)).slice(0, 60)) {
      const p = (await getPatient(db(), practiceId, id))!;
      const [primary, secondary] = p.coverages;
      const form = {
        firstName: p.firstName,
        lastName: p.lastName,
        birthDate: p.birthDate,
        sex: p.sex,
        addressLine1: p.address.line1,
        city: p.address.city,
        state: p.address.state,
        zip: p.address.zip,
        phone: p.phone ?? "",
        payerName: primary!.payerName,
        payerType: primary!.payerType,
        memberId: primary!.memberId,
        groupNumber: primary!.groupNumber ?? "",
        payerPhone: primary!.payerPhone ?? "",
        subscriberName: primary!.subscriber?.name ?? "",
        subscriberBirthDate: primary!.subscriber?.birthDate ?? "",
        subscriberRelationship: primary!.subscriber?.relationship ?? "",
        secondaryPayerName: secondary?.payerName ?? "",
        secondaryPayerType: secondary?.payerType ?? "",
        secondaryMemberId: secondary?.memberId ?? "",
        secondaryPayerPhone: secondary?.payerPhone ?? "",
      };
      expect(parseWith(patientSchema, form)).toMatchObject({ success: true });
    }

    for (const ivr of (await db().select().from(ivrs).where(sql`${ivrs.status} in ('covered', 'prior_auth_approved', 'expired')`)).slice(0, 60)) {
      const detail = await readIvrAsStaff(db(), { id: ivr.id, actor: staff });
      for (const v of detail!.verifications) {
        const form = Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => k !== "verifiedBy" && k !== "verifiedAt")
            .map(([k, value]) => [k, String(value)]),
        );
        // The dates are judged as on the day of the verification, the rest as the form judges it today.
        const day = todayUtc(new Date(v.verifiedAt));
        expect(verificationDateIssues({ ...form, validUntil: form.validUntil! } as Parameters<typeof verificationDateIssues>[0], day)).toEqual([]);
        const asToday = { ...form, validUntil: addDays(latestUsToday(), 30), priorAuthFrom: form.priorAuthFrom && latestUsToday(), priorAuthTo: form.priorAuthTo && addDays(latestUsToday(), 30) };
        expect(parseWith(verificationSchema, Object.fromEntries(Object.entries(asToday).filter(([, value]) => value !== undefined)))).toMatchObject({ success: true });
      }
    }

    const units = groupBy(await db().select().from(orderUnits), (u) => u.orderId);
    const lines = groupBy(await db().select().from(orderLines), (l) => l.orderId);
    for (const order of await db().select().from(orders).where(sql`${orders.status} in ('shipped', 'delivered', 'invoiced', 'paid')`)) {
      const form: Record<string, string> = { carrier: order.carrier!, trackingNumber: order.trackingNumber! };
      const positions = new Map((lines.get(order.id) ?? []).map((l) => [l.id, l.position]));
      for (const u of units.get(order.id) ?? []) {
        const at = `${positions.get(u.lineId)}-${u.position}`;
        // A short-dated lot was fit to ship on the day it shipped; one that has expired since is judged with tomorrow's date.
        expect(u.expiresOn! > todayUtc(order.shippedAt!)).toBe(true);
        const expiresOn = u.expiresOn! < latestUsToday() ? addDays(latestUsToday(), 1) : u.expiresOn;
        Object.assign(form, { [`unit-${at}`]: u.tissueId, [`lot-${at}`]: u.lot, [`expires-${at}`]: expiresOn });
      }
      expect(Object.keys(form)).toHaveLength(2 + 3 * (lines.get(order.id) ?? []).reduce((n, l) => n + l.quantity, 0));
      expect(parseWith(shipmentSchema, form)).toMatchObject({ success: true });
    }
    const today = ordersToday();
    for (const i of await db().select().from(invoices)) expect(INVOICE_STATES).toContain(invoiceState(i, today));

    // Each application as its form would have taken it, and its areas as the form's rule has them.
    const unitById = new Map([...units.values()].flat().map((u) => [u.id, u]));
    for (const a of await db().select().from(graftApplications)) {
      const unit = unitById.get(a.unitId)!;
      const wound = openJson<{ lengthCm: number; widthCm: number; location: string }>(a.woundSealed, "graft_applications.wound");
      const discardReason = open(a.discardReasonSealed, "graft_applications.discard_reason") ?? "";
      const form = {
        unit: unit.tissueId,
        ivrId: a.ivrId,
        appliedOn: a.appliedOn,
        location: wound.location,
        lengthCm: String(wound.lengthCm),
        widthCm: String(wound.widthCm),
        appliedCm2: String(a.appliedHundredths / 100),
        discardedCm2: String(a.discardedHundredths / 100),
        discardReason,
        signerName: a.signerName,
      };
      expect(parseWith(applicationSchema, form)).toMatchObject({ success: true });
      const areas = { unitAreaCm2: sizeArea(sizeOfMm(unit.lengthMm, unit.widthMm)), appliedCm2: a.appliedHundredths / 100, discardedCm2: a.discardedHundredths / 100, discardReason };
      expect(applicationAreaIssues(areas)).toEqual([]);
      expect(openJson<{ text: string }>(a.claimSealed, "graft_applications.claim").text).toMatch(/^\d{5}/);
    }
  });

  it("a seeded member signs in with the shared password, and the app's next IVR number follows the seeded ones", async () => {
    const [member] = await db().select().from(user).where(eq(user.email, "p1.m1@demo.example"));
    const [credential] = await db().select().from(account).where(eq(account.userId, member!.id));
    expect(await verifyPassword({ hash: credential!.password!, password: OPTIONS.password })).toBe(true);
    const answer = await answerOf(
      await authAction({ request: await formPost("/auth", { email: member!.email, password: OPTIONS.password }), context: contextFrom("198.51.100.77"), params: {} } as never),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/members");

    const [{ max } = { max: 0 }] = await db().select({ max: sql<number>`max(${ivrs.number})` }).from(ivrs);
    const [practiceId] = practiceIds;
    const id = await saveDraft(db(), { practiceId: practiceId!, userId: member!.id, values: { requestType: "new-wound" } });
    const numberOf = async () => (await db().select({ number: ivrs.number }).from(ivrs).where(eq(ivrs.id, id!)))[0]!.number;
    // A draft has no number; it takes the next one when it is sent.
    expect(await numberOf()).toBeNull();
    await transitionIvr(db(), { id: id!, to: "submitted", actor: { email: member!.email, ip: null }, by: "member", practiceId: practiceId! });
    expect(await numberOf()).toBe(max + 1);
  });

  it("numbers IVRs in the order they were sent (drafts have none), and gives every practice one IVR resting in each status", async () => {
    const rows = await db().select({ number: ivrs.number, status: ivrs.status, submittedAt: ivrs.submittedAt }).from(ivrs).orderBy(asc(ivrs.number));
    const sent = rows.filter((r) => r.status !== "draft");
    expect(sent.every((r) => r.number !== null && r.submittedAt !== null)).toBe(true);
    expect(rows.filter((r) => r.status === "draft").every((r) => r.number === null)).toBe(true);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.submittedAt! >= sent[i - 1]!.submittedAt!).toBe(true);
    expect([...SHOWCASE_IVR_STATUSES].sort()).toEqual([...IVR_STATUSES].sort());
  });

  it("holds a year of live chats: 6 to 15 each day chat is answered and none on other days, a third from members, turns alternating, each sealed as the domain seals it", async () => {
    const all = await db().select().from(chats).orderBy(asc(chats.number));
    const messages = groupBy(await db().select().from(chatMessages).orderBy(asc(chatMessages.createdAt), asc(chatMessages.id)), (m) => m.chatId);
    const zone = chatSchedule.timeZone;
    const hours = { hours: parseChatHours(chatSchedule.hours)!, timeZone: zone, holidays: chatSchedule.holidays };
    const dayOf = (at: Date) => localMoment(at, zone).date;
    // Every chat started in the hours, on a day they are kept; every such day of the year (but today's, still going) has 6 to 15.
    for (const c of all) expect(chatAvailability(c.createdAt, hours).open, c.createdAt.toISOString()).toBe(true);
    const perDay = groupBy(all, (c) => dayOf(c.createdAt));
    const today = dayOf(NOW);
    for (const [day, list] of perDay) {
      expect(list.length, day).toBeLessThanOrEqual(15);
      if (day !== today) expect(list.length, day).toBeGreaterThanOrEqual(6);
    }
    // The days chat was answered in the year: at 3 PM UTC, 10 or 11 AM Eastern.
    const businessDays: string[] = [];
    for (let d = dayOf(new Date(NOW.getTime() - 364 * 86_400_000)); d < today; d = addDays(d, 1))
      if (chatAvailability(new Date(`${d}T15:00:00Z`), hours).open) businessDays.push(d);
    expect(businessDays.length).toBeGreaterThan(240);
    expect([...perDay.keys()].filter((d) => d !== today && d >= businessDays[0]!).sort()).toEqual(businessDays);
    expect(all.length).toBeGreaterThan(6 * businessDays.length);
    expect(all.length).toBeLessThan(15 * (businessDays.length + 2));
    // Numbered in the order they were started.
    for (let i = 1; i < all.length; i++) expect(all[i]!.createdAt >= all[i - 1]!.createdAt).toBe(true);

    // Two thirds from visitors with made-up addresses, a third from members of their own practices.
    const visitors = all.filter((c) => c.visitorEmail !== null);
    expect(visitors.length / all.length).toBeGreaterThan(0.58);
    expect(visitors.length / all.length).toBeLessThan(0.75);
    for (const c of visitors) {
      expect(c.visitorEmail).toMatch(/^[a-z]+\.[a-z]+\d*@example\.(com|org|net)$/);
      expect(c.visitorName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(c.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect({ userId: c.userId, practiceId: c.practiceId }).toEqual({ userId: null, practiceId: null });
    }
    const memberships = new Set((await db().select().from(practiceMembers)).map((m) => `${m.userId} ${m.practiceId}`));
    for (const c of all.filter((x) => x.visitorEmail === null)) {
      expect(memberships.has(`${c.userId} ${c.practiceId}`)).toBe(true);
      expect({ visitorName: c.visitorName, tokenHash: c.tokenHash }).toEqual({ visitorName: null, tokenHash: null });
    }

    // Staff answer after a wait, take and close as the domain records it; only the newest few are still going.
    const roles = new Map((await db().select({ id: user.id, role: user.role }).from(user)).map((u) => [u.id, u.role]));
    const waits: number[] = [];
    for (const c of all) {
      const list = messages.get(c.id)!;
      const asker = c.visitorEmail !== null ? "visitor" : "member";
      expect(list[0]).toMatchObject({ side: asker, createdAt: c.createdAt, authorId: c.userId });
      expect(c.lastMessageAt).toEqual(list.at(-1)!.createdAt);
      expect(list.length).toBeLessThanOrEqual(12);
      // (A chat of the last hour may have been closed after its first message.)
      if (dayOf(c.createdAt) !== today) expect(list.length).toBeGreaterThanOrEqual(2);
      if (c.status === "closed") expect(c.closedAt! >= c.lastMessageAt).toBe(true);
      else expect(c.closedAt).toBeNull();
      if (c.status === "waiting") expect({ takenBy: c.takenBy, firstAnsweredAt: c.firstAnsweredAt }).toEqual({ takenBy: null, firstAnsweredAt: null });
      if (c.firstAnsweredAt === null) {
        // Nobody answered (yet): the asker wrote alone.
        expect(list.every((m) => m.side === asker)).toBe(true);
        continue;
      }
      expect(roles.get(c.takenBy!)).toBe("staff");
      expect(c.takenAt! <= c.firstAnsweredAt).toBe(true);
      expect(c.takenAt! >= c.createdAt).toBe(true);
      expect(list[1]).toMatchObject({ side: "staff", createdAt: c.firstAnsweredAt, authorId: c.takenBy });
      list.forEach((m, i) => expect(m).toMatchObject(i % 2 ? { side: "staff", authorId: c.takenBy } : { side: asker, authorId: c.userId }));
      waits.push((c.firstAnsweredAt.getTime() - c.createdAt.getTime()) / 1000);
    }
    const closed = all.filter((c) => c.status === "closed");
    const unanswered = closed.filter((c) => c.firstAnsweredAt === null).length;
    expect(unanswered).toBeGreaterThan(0);
    expect(unanswered / closed.length).toBeLessThan(0.08);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(30);
    expect(Math.max(...waits)).toBeLessThanOrEqual(15 * 60);
    const quick = waits.filter((w) => w <= 4 * 60).length / waits.length;
    expect(quick).toBeGreaterThan(0.72);
    expect(quick).toBeLessThan(0.92);
    expect(all.filter((c) => c.status !== "closed").length).toBeLessThanOrEqual(3);
    for (const c of all.filter((x) => x.status !== "closed")) expect(NOW.getTime() - c.createdAt.getTime()).toBeLessThan(3 * 3_600_000);

    // Sealed: the stored text is not the message; the domain opens it (the console's page, the queue, the week's figures).
    for (const c of [...all.slice(0, 3), ...all.slice(-3)]) {
      const chat = (await readChat(db(), c.id))!;
      const stored = messages.get(c.id)!;
      expect(chat.messages.map((m) => m.id)).toEqual(stored.map((m) => m.id));
      expect(chat.who.kind).toBe(c.visitorEmail !== null ? "visitor" : "member");
      for (const [i, m] of chat.messages.entries()) {
        expect(m.body.length).toBeGreaterThan(5);
        expect(stored[i]!.bodySealed).not.toContain(m.body.slice(0, 12));
      }
    }
    const bodies = new Set<string>();
    for (const c of all.slice(0, 300)) for (const m of (await readChat(db(), c.id))!.messages) bodies.add(m.body);
    // Records are named by their reference alone.
    for (const body of bodies) expect(body).not.toMatch(/[{}]/);
    expect([...bodies].some((b) => /\b(IVR|ORD|INV)-\d{6}\b/.test(b))).toBe(true);
    expect((await chatQueue(db())).closed.length).toBeGreaterThan(0);
    const figures = await waitFigures(db());
    expect(figures.answered).toBeGreaterThan(0);
    expect(figures.median).toBeGreaterThanOrEqual(30);
    // The console's reads, takes and closes are in the audit log, as the app writes them.
    for (const action of ["chat.read", "chat.take", "chat.close"]) expect((await listAudit(db(), { action })).total, action).toBeGreaterThan(100);
  });

  it("refuses a database that holds data", async () => {
    await expect(seedDemo(db(), OPTIONS)).rejects.toBeInstanceOf(DatabaseNotEmpty);
    await expect(seedDemo(db(), OPTIONS)).rejects.toThrow(/already holds data .*: the demo data goes only into an empty database/);
    // A chat alone is data too.
    const other = await freshDatabase("pglite");
    try {
      await other.db.insert(chats).values({ visitorName: "Ada Pebblekettle", visitorEmail: "ada@example.com", tokenHash: "00" });
      await expect(seedDemo(other.db, OPTIONS)).rejects.toMatchObject({ tables: ["chats"] });
    } finally {
      await other.dispose();
    }
  });

  it("makes the same data from the same seed, and other data from another", async () => {
    const again = await freshDatabase("pglite");
    try {
      await seedDemo(again.db, OPTIONS);
      const second = await contents(again);
      for (const table of Object.keys(seeded)) expect(second[table], table).toEqual(seeded[table]);
      expect(second.ivrs!.length).toBeGreaterThan(500);
    } finally {
      await again.dispose();
    }
    const patientsOf = (seed: string) => {
      const [year] = new DemoYear({ ...OPTIONS, seed }).practiceYears();
      return year!.patients.map((p) => `${p.firstName} ${p.lastName} ${p.birthDate}`);
    };
    expect(patientsOf("test")).toEqual(patientsOf("test"));
    expect(patientsOf("another")).not.toEqual(patientsOf("test"));
  }, 120_000);
});
