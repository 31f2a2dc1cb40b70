/**
 * A practice's stock: the units of its orders, from the day the order is
 * delivered or its receipt confirmed, until each ends with one disposition.
 * Every read and write here is scoped by the practice, so another practice's
 * units are not found.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { productBySlug } from "~/content/products";
import { sizeArea, sizeLabel } from "~/lib/clinical/graft-sizes";
import { isScanError, readScan } from "~/lib/identifiers/scan";
import { addDays } from "~/lib/calendar";
import { EXPIRING_SOON_DAYS, expiresSoon, isExpired, recallReference, type UnitDisposition } from "~/lib/inventory/units";
import { ORDER_STATUS_LABELS, orderReference, type OrderStatus } from "~/lib/orders";
import { audit, type Actor } from "~/.server/audit";
import { seal } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { encodeCursor, keysetPage, type Cursor, type Direction } from "~/.server/db/keyset";
import { facilities, orders, orderUnits, practices, recalls, type ReceiptProblems } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { Refused } from "~/.server/refused";
import { sizeOfMm } from "~/.server/orders/orders";

export class StockRefused extends Refused {
  constructor(message: string, field: string | null = null) {
    super(message, field);
    this.name = "StockRefused";
  }
}

/** Contexts of the stock's sealed columns. */
export const STOCK_SEALED = { dispositionNote: "order_units.disposition_note" } as const;

/** Orders whose box may be in the practice's hands: shipped, or any later step. */
const RECEIVABLE: readonly OrderStatus[] = ["shipped", "delivered", "invoiced", "paid"];

/** At most this many identifiers in one receipt: far more than any order's units. */
export const RECEIPT_MAX_LINES = 200;

/**
 * Reads what a member scanned or typed, one identifier a line (a scanner ends
 * each code with Enter). Each line is read as a label's barcode or a typed
 * identifier; a line that cannot be read refuses the whole receipt, naming it,
 * so nothing is half recorded.
 */
export function readReceiptLines(text: string): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length === 0) throw new StockRefused("Scan or type at least one unit's identifier", "scans");
  if (lines.length > RECEIPT_MAX_LINES) throw new StockRefused(`At most ${RECEIPT_MAX_LINES} identifiers at once`, "scans");
  const ids: string[] = [];
  lines.forEach((line, i) => {
    const reading = readScan(line);
    if (isScanError(reading)) throw new StockRefused(`Line ${i + 1}: ${reading.error}`, "scans");
    if (reading.tissueId === null) throw new StockRefused(`Line ${i + 1}: ${reading.next ?? "this barcode does not identify one unit"}`, "scans");
    if (!ids.includes(reading.tissueId)) ids.push(reading.tissueId);
  });
  return ids;
}

export type ReceiptResult = { reference: string; received: number; missing: string[]; unexpected: string[] };

/**
 * The practice confirms receipt of an order's units by scanning or typing
 * each identifier on the order's page. Units found are received and on the
 * practice's shelf from now; units of the order not (yet) scanned, and
 * identifiers scanned that the order does not hold, are kept on the order for
 * staff to see. A receipt can be sent again for units found later.
 */
export async function confirmReceipt(
  db: Db,
  { orderId, practiceId, actor, scans }: { orderId: string; practiceId: string; actor: Actor; scans: string },
): Promise<ReceiptResult | null> {
  const ids = readReceiptLines(scans);
  return inTransaction(db, async (tx) => {
    const [order] = await tx
      .select({ number: orders.number, status: orders.status, receiptProblems: orders.receiptProblems })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.practiceId, practiceId)))
      .for("update");
    if (!order) return null;
    if (!RECEIVABLE.includes(order.status))
      throw new StockRefused(`This order is ${ORDER_STATUS_LABELS[order.status]}: its units can be received once it has shipped.`);
    const units = await tx.select({ id: orderUnits.id, tissueId: orderUnits.tissueId, receivedAt: orderUnits.receivedAt }).from(orderUnits).where(eq(orderUnits.orderId, orderId));
    const found = units.filter((u) => ids.includes(u.tissueId) && u.receivedAt === null);
    const now = new Date();
    if (found.length > 0)
      await tx
        .update(orderUnits)
        .set({ receivedAt: now, receivedBy: actor.email, stockedAt: sql`coalesce(${orderUnits.stockedAt}, ${now})` })
        .where(inArray(orderUnits.id, found.map((u) => u.id)));
    const ours = new Set(units.map((u) => u.tissueId));
    const receivedNow = new Set(found.map((u) => u.id));
    const missing = units.filter((u) => u.receivedAt === null && !receivedNow.has(u.id)).map((u) => u.tissueId);
    const unexpected = [...new Set([...(order.receiptProblems?.unexpected ?? []), ...ids.filter((id) => !ours.has(id))])];
    const problems: ReceiptProblems | null = missing.length > 0 || unexpected.length > 0 ? { missing, unexpected } : null;
    await tx.update(orders).set({ receiptProblems: problems, updatedAt: now }).where(eq(orders.id, orderId));
    await audit(tx, {
      actorEmail: actor.email,
      action: "order.receipt",
      target: orderId,
      ip: actor.ip,
      detail: `${found.length} received${missing.length ? `, ${missing.length} missing` : ""}${unexpected.length ? `, ${unexpected.length} not in the order` : ""}`,
    });
    return { reference: orderReference(order.number), received: found.length, missing, unexpected };
  });
}

export type StockUnitRow = {
  id: string;
  tissueId: string;
  lot: string | null;
  expiresOn: string | null;
  productSlug: string;
  product: string;
  size: string;
  areaCm2: number;
  facilityId: string;
  facility: string;
  orderId: string;
  order: string;
  /** Held by a recall: its reference. */
  recall: string | null;
  expired: boolean;
  expiresSoon: boolean;
  usable: boolean;
};

export type StockGroup = {
  facilityId: string;
  facility: string;
  productSlug: string;
  product: string;
  size: string;
  onHand: number;
  usable: number;
  expiringSoon: number;
  nextExpiry: string | null;
};

/** Units of the shelf listed on one page of the stock page. */
export const STOCK_PAGE_SIZE = 50;

/** A unit's place in the shelf's order: soonest expiry first (none last), then id. */
const shelfKey = sql<string>`coalesce(${orderUnits.expiresOn}, '9999-12-31'::date)`;

/**
 * The practice's shelf: its counts by facility, product and size (counted in
 * the database, whatever the shelf holds), and one page of its units (no
 * disposition yet), soonest to expire first. `at` is the page's cursor.
 */
export async function practiceStock(
  db: Db,
  {
    practiceId,
    today,
    at = null,
    size = STOCK_PAGE_SIZE,
  }: { practiceId: string; today: string; at?: { direction: Direction; cursor: Cursor } | null; size?: number },
) {
  const onShelf = and(eq(orderUnits.practiceId, practiceId), isNotNull(orderUnits.stockedAt), isNull(orderUnits.disposition));
  const in30 = addDays(today, EXPIRING_SOON_DAYS);
  const fit = sql`${orderUnits.recallId} is null and coalesce(${orderUnits.expiresOn}, '9999-12-31'::date) >= ${today}::date`;
  const [groupRows, page] = await Promise.all([
    db
      .select({
        facilityId: orderUnits.facilityId,
        facility: facilities.name,
        productSlug: orderUnits.productSlug,
        lengthMm: orderUnits.lengthMm,
        widthMm: orderUnits.widthMm,
        onHand: sql<number>`count(*)::int`,
        usable: sql<number>`(count(*) filter (where ${fit}))::int`,
        expiringSoon: sql<number>`(count(*) filter (where ${fit} and ${orderUnits.expiresOn} <= ${in30}::date))::int`,
        nextExpiry: sql<string | null>`(min(${orderUnits.expiresOn}) filter (where ${fit}))::text`,
      })
      .from(orderUnits)
      .innerJoin(facilities, eq(facilities.id, orderUnits.facilityId))
      .where(onShelf)
      .groupBy(orderUnits.facilityId, facilities.name, orderUnits.productSlug, orderUnits.lengthMm, orderUnits.widthMm),
    keysetPage(
      at,
      size,
      (direction, cursor, limit) => {
        const where = [onShelf];
        if (cursor)
          where.push(direction === "after" ? sql`(${shelfKey}, ${orderUnits.id}) > (${cursor.key}::date, ${cursor.id}::uuid)` : sql`(${shelfKey}, ${orderUnits.id}) < (${cursor.key}::date, ${cursor.id}::uuid)`);
        return db
          .select({
            id: orderUnits.id,
            tissueId: orderUnits.tissueId,
            lot: orderUnits.lot,
            expiresOn: orderUnits.expiresOn,
            productSlug: orderUnits.productSlug,
            lengthMm: orderUnits.lengthMm,
            widthMm: orderUnits.widthMm,
            facilityId: orderUnits.facilityId,
            facility: facilities.name,
            orderId: orderUnits.orderId,
            orderNumber: orders.number,
            recallNumber: recalls.number,
            key: sql<string>`${shelfKey}::text`,
          })
          .from(orderUnits)
          .innerJoin(orders, eq(orders.id, orderUnits.orderId))
          .innerJoin(facilities, eq(facilities.id, orderUnits.facilityId))
          .leftJoin(recalls, eq(recalls.id, orderUnits.recallId))
          .where(and(...where))
          .orderBy(...(direction === "after" ? [asc(shelfKey), asc(orderUnits.id)] : [desc(shelfKey), desc(orderUnits.id)]))
          .limit(limit);
      },
      (row) => encodeCursor(row.key, row.id),
    ),
  ]);
  const units: StockUnitRow[] = page.rows.map((r) => {
    const size = sizeOfMm(r.lengthMm, r.widthMm);
    const state = { expiresOn: r.expiresOn ?? "9999-12-31", disposition: null, quarantined: r.recallNumber !== null };
    return {
      id: r.id,
      tissueId: r.tissueId,
      lot: r.lot,
      expiresOn: r.expiresOn,
      productSlug: r.productSlug,
      product: productBySlug(r.productSlug)?.name ?? r.productSlug,
      size: sizeLabel(size),
      areaCm2: sizeArea(size),
      facilityId: r.facilityId,
      facility: r.facility,
      orderId: r.orderId,
      order: orderReference(r.orderNumber),
      recall: r.recallNumber === null ? null : recallReference(r.recallNumber),
      expired: isExpired(state, today),
      expiresSoon: expiresSoon(state, today),
      usable: !state.quarantined && !isExpired(state, today),
    };
  });
  const groups: StockGroup[] = groupRows.map((g) => ({
    facilityId: g.facilityId,
    facility: g.facility,
    productSlug: g.productSlug,
    product: productBySlug(g.productSlug)?.name ?? g.productSlug,
    size: sizeLabel(sizeOfMm(g.lengthMm, g.widthMm)),
    onHand: g.onHand,
    usable: g.usable,
    expiringSoon: g.expiringSoon,
    nextExpiry: g.nextExpiry,
  }));
  const byName = (a: StockGroup, b: StockGroup) => a.facility.localeCompare(b.facility) || a.product.localeCompare(b.product) || a.size.localeCompare(b.size, undefined, { numeric: true });
  return { units, groups: groups.sort(byName), after: page.after, before: page.before };
}

/** A unit of the practice's shelf found by what was scanned or typed, or a message saying why not. */
export async function findStockUnit(
  db: Db,
  { practiceId, scan }: { practiceId: string; scan: string },
): Promise<{ error: string } | { unit: typeof orderUnits.$inferSelect }> {
  const reading = readScan(scan.trim());
  if (isScanError(reading)) return { error: reading.error };
  if (reading.tissueId === null) return { error: reading.next ?? "This barcode does not identify one unit" };
  const [unit] = await db
    .select()
    .from(orderUnits)
    .where(and(eq(orderUnits.practiceId, practiceId), eq(orderUnits.tissueId, reading.tissueId)))
    .orderBy(sql`${orderUnits.disposition} is null desc`)
    .limit(1);
  if (!unit) return { error: `No unit ${reading.tissueId} is in your practice's stock` };
  return { unit };
}

/**
 * Records how a unit left the shelf other than by application: returned to
 * the supplier, damaged, or expired. A unit has one disposition; a reason is
 * kept sealed (it may speak of a patient).
 */
export async function recordDisposition(
  db: Db,
  {
    unitId,
    practiceId,
    actor,
    disposition,
    note,
    today,
  }: { unitId: string; practiceId: string; actor: Actor; disposition: Exclude<UnitDisposition, "applied">; note: string; today: string },
) {
  return inTransaction(db, async (tx) => {
    const [unit] = await tx
      .select()
      .from(orderUnits)
      .where(and(eq(orderUnits.id, unitId), eq(orderUnits.practiceId, practiceId)))
      .for("update");
    if (!unit) return null;
    if (unit.disposition !== null) throw new StockRefused(`Unit ${unit.tissueId} is no longer on the shelf: its use is already recorded.`);
    if (unit.stockedAt === null) throw new StockRefused(`Unit ${unit.tissueId} is not in stock yet: confirm the order's receipt first.`);
    await tx
      .update(orderUnits)
      .set({ disposition, disposedOn: today, disposedBy: actor.email, dispositionNoteSealed: seal(note.trim() || null, STOCK_SEALED.dispositionNote) })
      .where(eq(orderUnits.id, unitId));
    await audit(tx, { actorEmail: actor.email, action: `unit.${disposition}`, target: unitId, ip: actor.ip, detail: unit.tissueId });
    return { tissueId: unit.tissueId };
  });
}

export type PracticeStockSummary = {
  practiceId: string;
  practice: string;
  holdsStock: boolean;
  onHand: number;
  usable: number;
  expiring30: number;
  expiring90: number;
  /** On the shelf past their expiry date and not yet recorded as expired. */
  expired: number;
  held: number;
  /** Days the oldest unit on the shelf has been there. */
  oldestDays: number | null;
  averageDays: number | null;
};

/**
 * The supplier's view of stock across practices: what each holds on its
 * shelves, how much expires within 30 and 90 days, what has expired there
 * unrecorded, and how long units wait (aging). One grouped read from the
 * shelf's partial index.
 */
export async function stockAcrossPractices(db: Db, today: string): Promise<PracticeStockSummary[]> {
  const in30 = addDays(today, EXPIRING_SOON_DAYS);
  const in90 = addDays(today, 90);
  const rows = await db
    .select({
      practiceId: orderUnits.practiceId,
      practice: practices.name,
      holdsStock: practices.holdsStock,
      onHand: sql<number>`count(*)::int`,
      usable: sql<number>`(count(*) filter (where ${orderUnits.recallId} is null and (${orderUnits.expiresOn} is null or ${orderUnits.expiresOn} >= ${today})))::int`,
      expiring30: sql<number>`(count(*) filter (where ${orderUnits.recallId} is null and ${orderUnits.expiresOn} between ${today} and ${in30}))::int`,
      expiring90: sql<number>`(count(*) filter (where ${orderUnits.recallId} is null and ${orderUnits.expiresOn} between ${today} and ${in90}))::int`,
      expired: sql<number>`(count(*) filter (where ${orderUnits.expiresOn} < ${today}))::int`,
      held: sql<number>`(count(*) filter (where ${orderUnits.recallId} is not null))::int`,
      oldestDays: sql<number | null>`(extract(epoch from (now() - min(${orderUnits.stockedAt}))) / 86400)::int`,
      averageDays: sql<number | null>`((extract(epoch from now()) - avg(extract(epoch from ${orderUnits.stockedAt}))) / 86400)::int`,
    })
    .from(orderUnits)
    .innerJoin(practices, eq(practices.id, orderUnits.practiceId))
    .where(and(isNotNull(orderUnits.stockedAt), isNull(orderUnits.disposition)))
    .groupBy(orderUnits.practiceId, practices.name, practices.holdsStock)
    .orderBy(sql`count(*) desc`, asc(practices.name));
  return rows;
}
