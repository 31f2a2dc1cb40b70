/**
 * Recalls: staff find every unit shipped of a lot, a tissue identifier or a
 * GTIN, wherever it is now (on a practice's shelf, on its way, applied to a
 * patient, returned), and start a recall that holds the unused ones (they
 * cannot be applied) and tells each practice concerned by mail. A unit
 * belongs to a recall when the recall holds it, or when it matches what the
 * recall looks for (an applied unit is never held: it is already used, but
 * the practice must still know whose it was).
 *
 * Nothing here opens a sealed column but the names of the patients of
 * applied units, for the recall's own page (staff, audited per patient) and
 * the practice's recall page (its own patients only).
 */
import { and, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { productBySlug } from "~/content/products";
import { sizeLabel } from "~/lib/clinical/graft-sizes";
import { ivrReference } from "~/lib/ivr";
import { isRecallBy, recallTarget, recallTitle, unitStanding, type RecallBy } from "~/lib/inventory/recalls";
import { dispositionLabel, recallReference, type UnitDisposition } from "~/lib/inventory/units";
import { orderReference } from "~/lib/orders";
import type { RecallStartInput } from "~/lib/schemas/recall";
import { audit, auditRead, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { facilities, graftApplications, ivrs, orders, orderUnits, outbox, practices, recalls } from "~/.server/db/schema";
import { activeMemberEmails } from "~/.server/practices";
import { afterCommit, inTransaction } from "~/.server/db/transaction";
import { siteOrigin } from "~/.server/env";
import { mailQueued } from "~/.server/mail";
import { sizeOfMm } from "~/.server/orders/orders";
import { namesByPatient } from "~/.server/patients";
import { Refused } from "~/.server/refused";
import { toCsv } from "~/.server/submissions";

export class RecallRefused extends Refused {
  constructor(message: string, field: string | null = null) {
    super(message, field);
    this.name = "RecallRefused";
  }
}

/** The recall holding a unit (a second name for the table, where a query also joins the recall it reads). */
const holding = alias(recalls, "holding");

/** Units matching what a recall looks for: each through its own index (lot, tissue identifier, GTIN). */
function matching(by: RecallBy, value: string): SQL {
  if (by === "lot") return eq(orderUnits.lot, value);
  if (by === "tissue") return eq(orderUnits.tissueId, value);
  return eq(orderUnits.gtin, value);
}

/**
 * A unit belongs to the recall `r` of the query: held by it, or matching what
 * it looks for. Each arm compares one indexed column with a value of the
 * recall's row (null for the arms of the other kinds), so the database reads
 * the few units of each recall through the indexes, not the whole table.
 */
function concerns(r: typeof recalls): SQL {
  return or(
    eq(orderUnits.recallId, r.id),
    sql`${orderUnits.lot} = (case when ${r.by} = 'lot' then ${r.value} end)`,
    sql`${orderUnits.tissueId} = (case when ${r.by} = 'tissue' then ${r.value} end)`,
    sql`${orderUnits.gtin} = (case when ${r.by} = 'gtin' then ${r.value} end)`,
  )!;
}

const UNIT_COLUMNS = {
  id: orderUnits.id,
  tissueId: orderUnits.tissueId,
  lot: orderUnits.lot,
  gtin: orderUnits.gtin,
  expiresOn: orderUnits.expiresOn,
  productSlug: orderUnits.productSlug,
  lengthMm: orderUnits.lengthMm,
  widthMm: orderUnits.widthMm,
  practiceId: orderUnits.practiceId,
  practice: practices.name,
  facility: facilities.name,
  orderId: orderUnits.orderId,
  orderNumber: orders.number,
  stockedAt: orderUnits.stockedAt,
  disposition: orderUnits.disposition,
  disposedOn: orderUnits.disposedOn,
  heldById: orderUnits.recallId,
  heldByNumber: holding.number,
  ivrId: graftApplications.ivrId,
  ivrNumber: ivrs.number,
  appliedOn: graftApplications.appliedOn,
  patientId: graftApplications.patientId,
};

/** One unit as a recall sees it. The patient is named by id only: the pages that name them open it. */
export type RecallUnit = {
  id: string;
  tissueId: string;
  lot: string | null;
  gtin: string | null;
  expiresOn: string | null;
  product: string;
  size: string;
  practiceId: string;
  practice: string;
  facility: string;
  orderId: string;
  order: string;
  disposition: UnitDisposition | null;
  disposedOn: string | null;
  stocked: boolean;
  heldBy: { id: string; reference: string } | null;
  /** Where it stands in words: "Applied", "Held by RCL-000123", "On the shelf"... */
  standing: string;
  application: { ivrId: string; ivr: string; appliedOn: string; patientId: string } | null;
};

/** The units of a query's `where`, with their practice, facility, order, holding recall and application (none of the recall joined). */
function selectUnits(db: Db, where: SQL | undefined) {
  return db
    .select(UNIT_COLUMNS)
    .from(orderUnits)
    .innerJoin(practices, eq(practices.id, orderUnits.practiceId))
    .innerJoin(facilities, eq(facilities.id, orderUnits.facilityId))
    .innerJoin(orders, eq(orders.id, orderUnits.orderId))
    .leftJoin(holding, eq(holding.id, orderUnits.recallId))
    .leftJoin(graftApplications, eq(graftApplications.unitId, orderUnits.id))
    .leftJoin(ivrs, eq(ivrs.id, graftApplications.ivrId))
    .where(where);
}

type UnitRow = Awaited<ReturnType<typeof selectUnits>>[number];

function toUnit(r: UnitRow): RecallUnit {
  const heldBy = r.heldById !== null && r.heldByNumber !== null ? { id: r.heldById, reference: recallReference(r.heldByNumber) } : null;
  const stocked = r.stockedAt !== null;
  return {
    id: r.id,
    tissueId: r.tissueId,
    lot: r.lot,
    gtin: r.gtin,
    expiresOn: r.expiresOn,
    product: productBySlug(r.productSlug)?.name ?? r.productSlug,
    size: sizeLabel(sizeOfMm(r.lengthMm, r.widthMm)),
    practiceId: r.practiceId,
    practice: r.practice,
    facility: r.facility,
    orderId: r.orderId,
    order: orderReference(r.orderNumber),
    disposition: r.disposition,
    disposedOn: r.disposedOn,
    stocked,
    heldBy,
    standing: unitStanding({ disposition: r.disposition, heldBy: heldBy?.reference ?? null, stocked }),
    application:
      r.ivrId !== null && r.appliedOn !== null && r.patientId !== null ? { ivrId: r.ivrId, ivr: ivrReference(r.ivrNumber), appliedOn: r.appliedOn, patientId: r.patientId } : null,
  };
}

const byPlace = (a: RecallUnit, b: RecallUnit) =>
  a.practice.localeCompare(b.practice) || a.facility.localeCompare(b.facility) || a.tissueId.localeCompare(b.tissueId, undefined, { numeric: true });

/** Every unit shipped of a lot, a tissue identifier or a GTIN, by practice, facility and identifier. */
export async function findRecallUnits(db: Db, { by, value }: { by: RecallBy; value: string }): Promise<RecallUnit[]> {
  const rows = await selectUnits(db, matching(by, value));
  return rows.map(toUnit).sort(byPlace);
}

export type Recall = {
  id: string;
  number: number;
  reference: string;
  /** "RCL-000123: recall of lot LT-11" */
  title: string;
  by: RecallBy;
  value: string;
  reason: string;
  createdBy: string | null;
  createdAt: Date;
};

function toRecall(r: typeof recalls.$inferSelect): Recall {
  // Only the console writes `by`, from its schema's three choices.
  const by: RecallBy = isRecallBy(r.by) ? r.by : "lot";
  return { id: r.id, number: r.number, reference: recallReference(r.number), title: recallTitle(r.number, by, r.value), by, value: r.value, reason: r.reason, createdBy: r.createdBy, createdAt: r.createdAt };
}

// ---------------------------------------------------------------------------
// Starting a recall

export type StartedRecall = { id: string; reference: string; units: number; held: number; practices: number; mails: number };

/** How a unit stands, as the practice's mail says it: what to do with it, never whose it was. */
function mailStanding(unit: RecallUnit, recallId: string): string {
  if (unit.heldBy?.id === recallId) return unit.stocked ? "held: set it aside, do not apply it" : "held: on its way to you; set it aside when it arrives, do not apply it";
  if (unit.heldBy) return `already held by ${unit.heldBy.reference}`;
  if (unit.disposition === "applied") return "already applied: the patient is named in the portal";
  if (unit.disposition) return `already recorded as ${dispositionLabel(unit.disposition).toLowerCase()}`;
  return unit.stocked ? "on the shelf" : "on its way to you";
}

/** The practice's mail: the recall, its reason and the practice's units by identifier, lot, product, size and facility; no patient data. */
export function recallMailText(recall: Pick<Recall, "id" | "title" | "reason">, units: readonly RecallUnit[]): string {
  const lines = units.map((u) => `- ${u.tissueId}, lot ${u.lot ?? "not recorded"}, ${u.product} ${u.size}, ${u.facility}: ${mailStanding(u, recall.id)}`);
  return [
    recall.title,
    "",
    `Why: ${recall.reason}`,
    "",
    `Your practice's units concerned (${units.length}):`,
    ...lines,
    "",
    "A unit held by the recall cannot be applied: keep it apart until we tell you how to return it.",
    "Sign in to see the affected units and patients:",
    `${siteOrigin()}/members/recalls`,
    "",
  ].join("\n");
}

/**
 * Starts a recall, in one transaction: the recall's row, every unit it finds
 * that is not used and not held yet held by it (it cannot be applied from
 * now), its audit row, and one mail to each member of every practice with a
 * unit concerned. Refused when no unit was ever shipped of what it looks for.
 */
export async function startRecall(db: Db, { input, actor }: { input: RecallStartInput; actor: Actor }): Promise<StartedRecall> {
  const { by, value, reason } = input;
  return inTransaction(db, async (tx) => {
    const [found] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orderUnits).where(matching(by, value));
    if (!found || found.n === 0) throw new RecallRefused(`No unit of ${recallTarget(by, value)} has shipped: there is nothing to recall.`, "value");
    const [row] = await tx.insert(recalls).values({ by, value, reason, createdBy: actor.email }).returning();
    const recall = toRecall(row!);
    // Units another recall holds stay with it; used units are told of, not held.
    const held = await tx
      .update(orderUnits)
      .set({ recallId: recall.id })
      .where(and(matching(by, value), isNull(orderUnits.disposition), isNull(orderUnits.recallId)))
      .returning({ id: orderUnits.id });
    const units = (await selectUnits(tx, or(matching(by, value), eq(orderUnits.recallId, recall.id)))).map(toUnit).sort(byPlace);
    const practiceIds = [...new Set(units.map((u) => u.practiceId))];
    const members = await activeMemberEmails(tx, practiceIds);
    const mails = practiceIds.flatMap((practiceId) => {
      const text = recallMailText(recall, units.filter((u) => u.practiceId === practiceId));
      return members.filter((m) => m.practiceId === practiceId).map((m) => ({ purpose: "inventory.recall", to: m.email, subject: recall.title, text }));
    });
    if (mails.length > 0) {
      await tx.insert(outbox).values(mails);
      afterCommit(tx, mailQueued);
    }
    await audit(tx, {
      actorEmail: actor.email,
      action: "recall.start",
      target: recall.id,
      ip: actor.ip,
      detail: `${recall.title}: ${held.length} of ${units.length} units held, ${practiceIds.length} ${practiceIds.length === 1 ? "practice" : "practices"} told`,
    });
    return { id: recall.id, reference: recall.reference, units: units.length, held: held.length, practices: practiceIds.length, mails: mails.length };
  });
}

// ---------------------------------------------------------------------------
// Reading recalls (staff)

export type RecallSummary = Recall & { held: number; stillHeld: number };

/** The recalls, newest first, with how many units each holds and how many of them are still unused. */
export async function recallsList(db: Db, limit = 100): Promise<RecallSummary[]> {
  const rows = await db
    .select({
      recall: recalls,
      held: sql<number>`(select count(*) from ${orderUnits} where ${orderUnits.recallId} = ${recalls.id})`.mapWith(Number),
      stillHeld: sql<number>`(select count(*) from ${orderUnits} where ${orderUnits.recallId} = ${recalls.id} and ${orderUnits.disposition} is null)`.mapWith(Number),
    })
    .from(recalls)
    .orderBy(desc(recalls.number))
    .limit(limit);
  return rows.map((r) => ({ ...toRecall(r.recall), held: r.held, stillHeld: r.stillHeld }));
}

async function recallRow(db: Db, where: SQL): Promise<Recall | null> {
  const [row] = await db.select().from(recalls).where(where);
  return row ? toRecall(row) : null;
}

/** The units of a recall: those it holds and those matching what it looks for. */
async function unitsOf(db: Db, recall: Recall): Promise<RecallUnit[]> {
  const rows = await selectUnits(db, or(eq(orderUnits.recallId, recall.id), matching(recall.by, recall.value)));
  return rows.map(toUnit).sort(byPlace);
}

/** A recall with its units (no patient named), or null. */
export async function getRecall(db: Db, id: string): Promise<(Recall & { units: RecallUnit[] }) | null> {
  const recall = await recallRow(db, eq(recalls.id, id));
  return recall ? { ...recall, units: await unitsOf(db, recall) } : null;
}

/**
 * A recall's page for staff: its units and the names of the patients of its
 * applied units, each patient's name read audited (`recall.view`, once per
 * reader and ten minutes, so it appears in the patient's access list).
 */
export async function readRecallAsStaff(
  db: Db,
  { id, actor }: { id: string; actor: Actor },
): Promise<(Recall & { units: (RecallUnit & { patientName: string | null })[] }) | null> {
  const recall = await getRecall(db, id);
  if (!recall) return null;
  const patientIds = [...new Set(recall.units.flatMap((u) => (u.application ? [u.application.patientId] : [])))];
  const names = await namesByPatient(db, patientIds, null);
  for (const patientId of patientIds)
    await auditRead(db, { actorEmail: actor.email, action: "recall.view", target: recall.id, ip: actor.ip, patientId, detail: recall.reference });
  return { ...recall, units: recall.units.map((u) => ({ ...u, patientName: u.application ? (names.get(u.application.patientId) ?? null) : null })) };
}

export const RECALL_CSV_HEADER = [
  "Recall",
  "Tissue identifier",
  "Lot",
  "GTIN",
  "Expires",
  "Product",
  "Size",
  "Practice",
  "Facility",
  "Order",
  "Standing",
  "Recorded on",
  "IVR",
  "Applied on",
] as const;

/**
 * The recall's report as CSV, one row per unit: where each is and, for an
 * applied one, the IVR and the day; never a patient's name. Downloading it is
 * audited (`recall.export`). Null when there is no such recall.
 */
export async function recallReport(db: Db, { number, actor }: { number: number; actor: Actor }): Promise<{ reference: string; csv: string } | null> {
  const recall = await recallRow(db, eq(recalls.number, number));
  if (!recall) return null;
  const units = await unitsOf(db, recall);
  const rows = units.map((u) => [
    recall.reference,
    u.tissueId,
    u.lot,
    u.gtin,
    u.expiresOn,
    u.product,
    u.size,
    u.practice,
    u.facility,
    u.order,
    u.standing,
    u.disposedOn,
    u.application?.ivr,
    u.application?.appliedOn,
  ]);
  await audit(db, { actorEmail: actor.email, action: "recall.export", target: recall.id, ip: actor.ip, detail: `${recall.reference}: ${units.length} units` });
  return { reference: recall.reference, csv: toCsv(RECALL_CSV_HEADER, rows) };
}

// ---------------------------------------------------------------------------
// The practice's side

export type PracticeRecallBanner = { reference: string; held: number; applied: number };

/**
 * The recalls the practice must act on, for the portal's banner, in one
 * query through the units' indexes: each recall with the practice's units it
 * holds that are still unused, and its units already applied to patients.
 */
export async function practiceRecallBanner(db: Db, practiceId: string): Promise<PracticeRecallBanner[]> {
  const held = sql<number>`count(*) filter (where ${orderUnits.recallId} = ${recalls.id} and ${orderUnits.disposition} is null)`.mapWith(Number);
  const applied = sql<number>`count(*) filter (where ${orderUnits.disposition} = 'applied')`.mapWith(Number);
  const rows = await db
    .select({ number: recalls.number, held, applied })
    .from(recalls)
    .innerJoin(orderUnits, concerns(recalls))
    .where(eq(orderUnits.practiceId, practiceId))
    .groupBy(recalls.id, recalls.number)
    .having(sql`${held} > 0 or ${applied} > 0`)
    .orderBy(desc(recalls.number))
    .limit(5);
  return rows.map((r) => ({ reference: recallReference(r.number), held: r.held, applied: r.applied }));
}

export type PracticeRecall = Recall & { units: (RecallUnit & { patientName: string | null })[] };

/**
 * Every recall touching the practice's units, newest first, with those units
 * and, for applied ones, the IVR, the day and the patient's name (the
 * practice's own patient). Another practice's units are never read.
 */
export async function practiceRecalls(db: Db, practiceId: string): Promise<PracticeRecall[]> {
  const rows = await db
    .select({ recall: recalls, unit: UNIT_COLUMNS })
    .from(recalls)
    .innerJoin(orderUnits, concerns(recalls))
    .innerJoin(practices, eq(practices.id, orderUnits.practiceId))
    .innerJoin(facilities, eq(facilities.id, orderUnits.facilityId))
    .innerJoin(orders, eq(orders.id, orderUnits.orderId))
    .leftJoin(holding, eq(holding.id, orderUnits.recallId))
    .leftJoin(graftApplications, eq(graftApplications.unitId, orderUnits.id))
    .leftJoin(ivrs, eq(ivrs.id, graftApplications.ivrId))
    .where(eq(orderUnits.practiceId, practiceId))
    .orderBy(desc(recalls.number));
  const names = await namesByPatient(
    db,
    rows.flatMap((r) => (r.unit.patientId ? [r.unit.patientId] : [])),
    practiceId,
  );
  const byRecall = new Map<string, PracticeRecall>();
  for (const r of rows) {
    const recall = byRecall.get(r.recall.id) ?? { ...toRecall(r.recall), units: [] };
    const unit = toUnit(r.unit);
    recall.units.push({ ...unit, patientName: unit.application ? (names.get(unit.application.patientId) ?? null) : null });
    byRecall.set(r.recall.id, recall);
  }
  const list = [...byRecall.values()];
  for (const recall of list) recall.units.sort(byPlace);
  return list;
}
