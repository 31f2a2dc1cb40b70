import { and, asc, count, desc, eq, inArray, isNull, lte, notInArray, sql, type SQL } from "drizzle-orm";
import { outsideDemo } from "~/.server/demo/scope";
import { queueFollowerTexts } from "~/.server/notifications/outbox";
import { addDays } from "~/lib/calendar";
import { formatCents } from "~/lib/format";
import {
  hiddenFromStaff,
  ORDER_HIDDEN_FROM_STAFF,
  canCorrectTracking,
  canTransitionOrder,
  carrierLabel,
  INVOICE_NET_DAYS,
  invoiceBalance,
  invoiceReference,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_WAITING_ON_STAFF,
  orderReference,
  type OrderStatus,
} from "~/lib/orders";
import { queueAgeDays, type QueueFilters } from "~/lib/queue-filters";
import type { DeliveryInput, InvoiceInput, PaymentInput, ShipmentInput, TrackingInput } from "~/lib/schemas/order";
import { latestUsToday } from "~/lib/schemas/patient";
import { unitField, priceField } from "~/lib/schemas/order";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { COUNT_CAP, encodeCursor, exactTime, keysetPage, type Cursor, type Direction, type KeysetPage } from "~/.server/db/keyset";
import { invoiceLines, invoicePayments, invoices, ivrs, orderLines, orders, orderUnits } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { OrderTransitionRefused, transitionOrder } from "./lifecycle";
import { getOrderDetail, OrderRefused, toOrderBoardRows, type OrderBoardRow, type OrderDetail } from "./orders";

/** The console's side of orders: the queue, reading (audited), and each step from confirming to payment. */

export type OrderQueueRow = OrderBoardRow & { practice: string; practiceId: string; shippingSpeed: string };

/** The queue's rows per page. */
export const ORDER_QUEUE_PAGE_SIZE = 50;

/** A page of the queue, and how many orders match its filters in all (`COUNT_CAP` + 1 past the cap: "10,000+"). */
export type OrderQueuePage = KeysetPage<OrderQueueRow> & { total: number };

/**
 * One page of the queue, longest waiting first (then by number): by default
 * what waits on staff (to confirm, ship, invoice). Age counts from the last
 * change. `at` is the cursor of the page's URL, null for the first page.
 */
export async function orderQueuePage(
  db: Db,
  filters: QueueFilters<OrderStatus>,
  { now = new Date(), at = null, size = ORDER_QUEUE_PAGE_SIZE }: { now?: Date; at?: { direction: Direction; cursor: Cursor } | null; size?: number } = {},
): Promise<OrderQueuePage> {
  const where: SQL[] = [];
  if (filters.status === "open") where.push(inArray(orders.status, [...ORDER_WAITING_ON_STAFF]));
  else if (filters.status !== "all") where.push(eq(orders.status, filters.status));
  // An order awaiting its practice's approval is not the supplier's yet, under any filter.
  if (filters.status === "all" || (filters.status !== "open" && hiddenFromStaff(filters.status))) where.push(notInArray(orders.status, [...ORDER_HIDDEN_FROM_STAFF]));
  // The live demo's practice is nobody's work: its sample orders show only when it is chosen.
  where.push(filters.practiceId !== "all" ? eq(orders.practiceId, filters.practiceId) : outsideDemo(orders.practiceId));
  const days = queueAgeDays(filters.age);
  if (days) where.push(lte(orders.updatedAt, new Date(now.getTime() - days * 86_400_000)));
  const [page, [counted]] = await Promise.all([
    keysetPage(
      at,
      size,
      (direction, cursor, limit) => {
        const conditions = [...where];
        if (cursor) {
          conditions.push(
            direction === "after"
              ? sql`(${orders.updatedAt}, ${orders.number}) > (${cursor.key}::timestamptz, ${Number(cursor.id)})`
              : sql`(${orders.updatedAt}, ${orders.number}) < (${cursor.key}::timestamptz, ${Number(cursor.id)})`,
          );
        }
        return db
          .select({ order: orders, ivrNumber: ivrs.number, key: exactTime(orders.updatedAt) })
          .from(orders)
          // A stock order has no IVR: it is listed all the same.
          .leftJoin(ivrs, eq(ivrs.id, orders.ivrId))
          .where(conditions.length > 0 ? and(...conditions) : undefined)
          .orderBy(...(direction === "after" ? [asc(orders.updatedAt), asc(orders.number)] : [desc(orders.updatedAt), desc(orders.number)]))
          .limit(limit);
      },
      (row) => encodeCursor(row.key, row.order.number),
    ),
    db
      .select({ n: count() })
      .from(
        db
          .select({ one: sql`1` })
          .from(orders)
          .where(where.length > 0 ? and(...where) : undefined)
          .limit(COUNT_CAP + 1)
          .as("counted"),
      ),
  ]);
  const board = await toOrderBoardRows(
    db,
    page.rows.map((r) => ({ ...r.order, ivrNumber: r.ivrNumber })),
  );
  // The practice by the name the order was placed under, as the order's own page shows it.
  const rows = board.map((b, i) => {
    const { order } = page.rows[i]!;
    return { ...b, practice: order.practiceName, practiceId: order.practiceId, shippingSpeed: order.shippingSpeed };
  });
  return { ...page, rows, total: Number(counted?.n ?? 0) };
}

/** How many orders wait on staff (the console's menu shows it). */
export async function countWaitingOrders(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(inArray(orders.status, [...ORDER_WAITING_ON_STAFF]), outsideDemo(orders.practiceId)));
  return row?.n ?? 0;
}

/** Staff open an order (its notes may speak of the patient): everything but the patient's name, and an audit row saying who read it. */
export async function readOrderAsStaff(db: Db, { id, actor, today }: { id: string; actor: Actor; today: string }): Promise<OrderDetail | null> {
  const detail = await getOrderDetail(db, { id, practiceId: null, today, withPatient: false });
  // Not the supplier's until its practice approves it: as if there were none.
  if (detail && hiddenFromStaff(detail.row.status)) return null;
  if (detail) await audit(db, { actorEmail: actor.email, action: "order.view", target: id, ip: actor.ip, patientId: detail.row.patientId });
  return detail;
}

export function confirmOrder(db: Db, { id, actor }: { id: string; actor: Actor }) {
  return transitionOrder(db, { id, to: "confirmed", actor, by: "staff", practiceId: null });
}

export function cancelOrderAsStaff(db: Db, { id, actor, reason }: { id: string; actor: Actor; reason?: string | null }) {
  return transitionOrder(db, { id, to: "cancelled", actor, by: "staff", practiceId: null, note: reason ?? null });
}

/**
 * Marks the order delivered on the day the carrier delivered it (today unless
 * staff say an earlier day): never in the future, never before it shipped.
 */
export async function markDelivered(db: Db, { id, actor, input, today }: { id: string; actor: Actor; input: DeliveryInput; today: string }) {
  if (input.deliveredOn > today) throw new OrderRefused("A delivery cannot be in the future", "deliveredOn");
  return inTransaction(db, async (tx) => {
    const [order] = await tx.select({ shippedAt: orders.shippedAt }).from(orders).where(eq(orders.id, id));
    if (!order) return null;
    // The day it shipped, in the US: a shipment late in the evening is still that day in Hawaii.
    const shippedOn = order.shippedAt ? latestUsToday(order.shippedAt) : null;
    if (shippedOn && input.deliveredOn < shippedOn) throw new OrderRefused(`It shipped on ${shippedOn}: it was delivered on that day or after`, "deliveredOn");
    const moved = await transitionOrder(tx, {
      id,
      to: "delivered",
      actor,
      by: "staff",
      practiceId: null,
      set: { deliveredAt: new Date(), deliveredOn: input.deliveredOn },
    });
    // Delivered: its units are the practice's stock (unless a receipt already made them so).
    if (moved) await tx.update(orderUnits).set({ stockedAt: new Date() }).where(and(eq(orderUnits.orderId, id), isNull(orderUnits.stockedAt)));
    return moved;
  });
}

/**
 * Staff correct a shipped order's carrier and tracking number (a typo, a
 * parcel sent again) until it is delivered; the change is audited with the
 * number before and after (tracking numbers carry no patient data). The
 * status does not move, so the lifecycle is not involved.
 */
export async function correctTracking(db: Db, { id, actor, input }: { id: string; actor: Actor; input: TrackingInput }) {
  return inTransaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!order) return null;
    if (!canCorrectTracking(order.status))
      throw new OrderRefused(`An order that is ${ORDER_STATUS_LABELS[order.status]} keeps its tracking: it can be corrected while it is Shipped, until it is delivered.`);
    if (order.carrier === input.carrier && order.trackingNumber === input.trackingNumber)
      throw new OrderRefused("This is the tracking the order has: change the carrier or the number", "trackingNumber");
    await tx.update(orders).set({ carrier: input.carrier, trackingNumber: input.trackingNumber, updatedAt: new Date() }).where(eq(orders.id, id));
    await audit(tx, {
      actorEmail: actor.email,
      action: "order.tracking",
      target: id,
      ip: actor.ip,
      detail: `${carrierLabel(order.carrier) ?? "none"} ${order.trackingNumber ?? ""} -> ${carrierLabel(input.carrier)} ${input.trackingNumber}`,
    });
    return { reference: orderReference(order.number) };
  });
}

/**
 * Ships the order, in one transaction: the carrier, tracking number and the
 * move to shipped, and one row per unit with its tissue identifier. Every
 * unit of every line needs one (21 CFR 1271.290: traceable from donor to
 * patient); a missing one is refused beside its control.
 */
export async function shipOrder(db: Db, { id, actor, input }: { id: string; actor: Actor; input: ShipmentInput }) {
  return inTransaction(db, async (tx) => {
    const [order] = await tx
      .select({ practiceId: orders.practiceId, facilityId: orders.facilityId, productSlug: orders.productSlug })
      .from(orders)
      .where(eq(orders.id, id));
    if (!order) return null;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position));
    const given = new Map(input.units.map((u) => [unitField(u.line, u.unit), u]));
    const units: (typeof orderUnits.$inferInsert)[] = [];
    for (const line of lines) {
      for (let unit = 1; unit <= line.quantity; unit++) {
        const shipped = given.get(unitField(line.position, unit));
        if (!shipped) throw new OrderRefused("Enter this unit's tissue identifier", unitField(line.position, unit));
        units.push({
          orderId: id,
          lineId: line.id,
          position: unit,
          tissueId: shipped.tissueId,
          lot: shipped.lot,
          expiresOn: shipped.expiresOn,
          gtin: shipped.gtin,
          ...order,
          lengthMm: line.lengthMm,
          widthMm: line.widthMm,
        });
      }
    }
    const moved = await transitionOrder(tx, {
      id,
      to: "shipped",
      actor,
      by: "staff",
      practiceId: null,
      set: { carrier: input.carrier, trackingNumber: input.trackingNumber, shippedAt: new Date() },
    });
    if (!moved) return null;
    if (units.length > 0) await tx.insert(orderUnits).values(units);
    return moved;
  });
}

/** The invoice's due date unless staff set another: net 30. */
export function defaultDueOn(issuedOn: string): string {
  return addDays(issuedOn, INVOICE_NET_DAYS);
}

/**
 * Invoices a delivered order, in one transaction: the move to invoiced, the
 * invoice (its number, dates and total) and one line per order line with the
 * unit price staff entered. Totals are computed here, never taken from the form.
 */
export async function invoiceOrder(db: Db, { id, actor, input, today }: { id: string; actor: Actor; input: InvoiceInput; today: string }) {
  if (input.dueOn < today) throw new OrderRefused("The due date is on or after today, the invoice's date", "dueOn");
  return inTransaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id));
    if (!order) return null;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position));
    const prices = new Map(input.prices.map((p) => [p.line, p.unitPriceCents]));
    const invoiceRows = lines.map((l) => {
      const unitPriceCents = prices.get(l.position);
      if (unitPriceCents === undefined) throw new OrderRefused("Enter the unit price", priceField(l.position));
      return {
        position: l.position,
        hcpcs: l.hcpcs,
        product: order.productName,
        lengthMm: l.lengthMm,
        widthMm: l.widthMm,
        units: l.quantity,
        unitPriceCents,
        totalCents: unitPriceCents * l.quantity,
      };
    });
    const moved = await transitionOrder(tx, { id, to: "invoiced", actor, by: "staff", practiceId: null });
    if (!moved) return null;
    const totalCents = invoiceRows.reduce((sum, l) => sum + l.totalCents, 0);
    const [invoice] = await tx
      .insert(invoices)
      .values({ orderId: id, practiceId: order.practiceId, issuedOn: today, dueOn: input.dueOn, totalCents, issuedBy: actor.email })
      .returning();
    await tx.insert(invoiceLines).values(invoiceRows.map((l) => ({ ...l, invoiceId: invoice!.id })));
    await audit(tx, { actorEmail: actor.email, action: "invoice.create", target: id, ip: actor.ip, detail: invoiceReference(invoice!.number) });
    await queueFollowerTexts(tx, { kind: "order", id, practiceId: order.practiceId, except: actor.email, text: { event: "invoiceIssued", reference: invoiceReference(invoice!.number) } });
    return { ...moved, invoiceNumber: invoiceReference(invoice!.number) };
  });
}

/**
 * Staff record a payment of the order's invoice: its day, amount and
 * reference. A part leaves the invoice open with its balance; the payment
 * that brings the balance to zero dates the invoice paid and moves the order
 * to paid. More than the balance is refused beside the amount.
 */
export async function recordPayment(db: Db, { id, actor, input }: { id: string; actor: Actor; input: PaymentInput }) {
  return inTransaction(db, async (tx) => {
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    if (!order) return null;
    // Payments are taken while the order is invoiced (the move to paid is the lifecycle's to allow).
    if (!canTransitionOrder(order.status, "paid", "staff")) throw new OrderTransitionRefused(order.status, "paid", "staff");
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, id)).for("update");
    if (!invoice) throw new OrderRefused("This order has no invoice to pay.");
    if (input.paidOn < invoice.issuedOn) throw new OrderRefused(`The invoice was issued on ${invoice.issuedOn}: a payment cannot come before it`, "paidOn");
    const balance = invoiceBalance(invoice);
    if (input.amountCents > balance)
      throw new OrderRefused(`The balance is ${formatCents(balance)}: a payment cannot be more than it`, "amount");
    const paidCents = invoice.paidCents + input.amountCents;
    const settled = paidCents >= invoice.totalCents;
    await tx.insert(invoicePayments).values({ invoiceId: invoice.id, amountCents: input.amountCents, paidOn: input.paidOn, reference: input.reference, recordedBy: actor.email });
    await tx
      .update(invoices)
      .set(settled ? { paidCents, paidOn: input.paidOn, paymentReference: input.reference, paymentRecordedBy: actor.email } : { paidCents })
      .where(eq(invoices.id, invoice.id));
    const number = invoiceReference(invoice.number);
    await audit(tx, {
      actorEmail: actor.email,
      action: settled ? "invoice.paid" : "invoice.payment",
      target: id,
      ip: actor.ip,
      detail: `${number}: ${formatCents(input.amountCents)}, balance ${formatCents(invoice.totalCents - paidCents)}`,
    });
    const moved = settled ? await transitionOrder(tx, { id, to: "paid", actor, by: "staff", practiceId: null }) : null;
    return { settled, moved, balanceCents: invoice.totalCents - paidCents, invoiceNumber: number };
  });
}

/** The unit price last invoiced for each line's code and size, to prefill the invoice form; lines never invoiced have none. */
export async function lastUnitPrices(db: Db, orderId: string): Promise<Record<string, string>> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const prices: Record<string, string> = {};
  for (const line of lines) {
    const [last] = await db
      .select({ cents: invoiceLines.unitPriceCents })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(and(eq(invoiceLines.hcpcs, line.hcpcs), eq(invoiceLines.lengthMm, line.lengthMm), eq(invoiceLines.widthMm, line.widthMm)))
      .orderBy(desc(invoices.createdAt), desc(invoices.number))
      .limit(1);
    if (last) prices[priceField(line.position)] = (last.cents / 100).toFixed(2);
  }
  return prices;
}

const STAFF_ORDER_STATUSES = ORDER_STATUSES.filter((s) => !hiddenFromStaff(s));

/** How many orders are in each status (of one practice, when one is given), for the queue's counts; statuses with none are 0. */
export async function orderCountsByStatus(db: Db, { practiceId }: { practiceId: string | null }): Promise<Record<OrderStatus, number>> {
  // Each status counted on its own, no further than the cap (delivered and cancelled orders pile up for years), in one statement.
  const ofPractice = practiceId ? sql` and ${orders.practiceId} = ${practiceId}` : sql` and ${outsideDemo(orders.practiceId)}`;
  const counts = sql.join(
    STAFF_ORDER_STATUSES.map(
      (status) => sql`(select count(*)::int from (select 1 from ${orders} where ${orders.status} = ${status}${ofPractice} limit ${COUNT_CAP + 1}) counted) as ${sql.identifier(status)}`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`select ${counts}`);
  const row = (result as unknown as { rows: Record<string, number | string>[] }).rows[0] ?? {};
  // What staff do not see counts 0.
  return Object.fromEntries(ORDER_STATUSES.map((s) => [s, Number(row[s] ?? 0)])) as Record<OrderStatus, number>;
}
