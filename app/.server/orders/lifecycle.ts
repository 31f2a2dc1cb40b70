import { and, eq } from "drizzle-orm";
import { statusSubject } from "~/lib/mail";
import {
  canTransitionOrder,
  carrierLabel,
  ORDER_STATUS_LABELS,
  orderReference,
  orderTransitionRefusal,
  trackingUrl,
  type Carrier,
  type OrderActorKind,
  type OrderStatus,
} from "~/lib/orders";
import { audit, type Actor } from "~/.server/audit";
import { seal } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { orderFollowers, orderHistory, orders, outbox } from "~/.server/db/schema";
import { afterCommit, inTransaction } from "~/.server/db/transaction";
import { siteConfig, siteOrigin } from "~/.server/env";
import { publishStatus } from "~/.server/events";
import { mailFollowers, mailQueued } from "~/.server/mail";
import { queueFollowerTexts } from "~/.server/notifications/outbox";
import type { SmsTextInput } from "~/.server/notifications/sms/texts";
import { SEALED } from "./sealed";
import { Refused } from "~/.server/refused";

/**
 * An order's lifecycle: this module is the only code that writes an order's
 * status. `openOrder` writes a new order's first status; `transitionOrder`
 * makes every later change, allowed only when ORDER_TRANSITIONS (lib/orders.ts)
 * lists it for who makes it. Each writes, in the caller's transaction: the
 * status, a history row, the audit row, a mail to every member following the
 * order (its reference and new status, no personal data) and a status event
 * for the live boards; once the outermost transaction commits, it wakes the
 * mail worker (for its mail and any the caller queued with the change).
 */

export class OrderTransitionRefused extends Refused {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
    readonly by: OrderActorKind,
  ) {
    super(orderTransitionRefusal(from, to, by), null, 409);
    this.name = "OrderTransitionRefused";
  }
}

export type OrderRow = typeof orders.$inferSelect;

export type OrderTransition = {
  id: string;
  to: OrderStatus;
  actor: Actor;
  by: OrderActorKind;
  /** Only this practice's order may move (a member's change); null for staff. */
  practiceId: string | null;
  /** A note kept (sealed) in the history: why staff cancelled, say. */
  note?: string | null;
  /** Other columns that change with the status (shipment, delivery). */
  set?: Partial<Pick<OrderRow, "carrier" | "trackingNumber" | "shippedAt" | "deliveredAt" | "deliveredOn">>;
  /** The status the change is meant for (an approval is for an order awaiting one): any other is refused. */
  expect?: OrderStatus;
};

/**
 * Mail to a follower: the reference and the status in words, and where to
 * look; a shipped order's mail also names the carrier and the tracking
 * number (nothing of the patient).
 */
export function orderStatusMail(row: Pick<OrderRow, "number" | "id" | "carrier" | "trackingNumber">, to: OrderStatus) {
  const reference = orderReference(row.number);
  const label = ORDER_STATUS_LABELS[to];
  const shipment = [`Carrier: ${carrierLabel(row.carrier) ?? "not given"}`, `Tracking number: ${row.trackingNumber}`, trackingUrl(row.carrier, row.trackingNumber)];
  const tracking = to === "shipped" && row.trackingNumber ? `${shipment.filter(Boolean).join("\n")}\n\n` : "";
  return {
    subject: statusSubject(reference, label),
    text: `${reference} is now ${label}: sign in to see it.\n\n${tracking}${siteOrigin()}/members/orders/${row.id}\n`,
  };
}

/**
 * Writes a new order with its first status (submitted; suggested for a
 * reorder the portal drafts for a member to place; awaiting_approval when the
 * practice's approval rule holds it), in the caller's
 * transaction: the row, its history and audit rows, its followers and a status
 * event. The rules of what may be ordered are the caller's (`placeOrder`,
 * the reorders of `inventory/reorder.ts`).
 */
export async function openOrder(
  tx: Db,
  {
    values,
    actor,
    followers,
    status = "submitted",
  }: { values: Omit<typeof orders.$inferInsert, "status" | "id" | "number">; actor: Actor; followers: readonly string[]; status?: "submitted" | "suggested" | "awaiting_approval" },
): Promise<OrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({ ...values, status })
    .returning();
  await tx.insert(orderHistory).values({ orderId: row!.id, fromStatus: null, toStatus: status, actorEmail: actor.email });
  const from = values.ivrId ? `from IVR ${values.ivrId}` : `${values.reorder} reorder of stock`;
  await audit(tx, { actorEmail: actor.email, action: "order.create", target: row!.id, ip: actor.ip, detail: from });
  const unique = [...new Set(followers)];
  if (unique.length > 0) await tx.insert(orderFollowers).values(unique.map((userId) => ({ orderId: row!.id, userId }))).onConflictDoNothing();
  await publishStatus(tx, { practiceId: row!.practiceId, kind: "order", id: row!.id, status });
  afterCommit(tx, mailQueued);
  return row!;
}

/**
 * Moves the order to `to`. Answers null when no order has this id (or not in
 * the practice given); throws OrderTransitionRefused for a change the table
 * does not allow to whoever makes it.
 */
export async function transitionOrder(db: Db, move: OrderTransition): Promise<{ from: OrderStatus; to: OrderStatus; row: OrderRow } | null> {
  return inTransaction(db, async (tx) => {
    const where = move.practiceId ? and(eq(orders.id, move.id), eq(orders.practiceId, move.practiceId)) : eq(orders.id, move.id);
    const [current] = await tx.select().from(orders).where(where).for("update");
    if (!current) return null;
    const from = current.status;
    if (move.expect && from !== move.expect)
      throw new Refused(`${orderReference(current.number)} is ${ORDER_STATUS_LABELS[from]}, no longer ${ORDER_STATUS_LABELS[move.expect]}: nothing was changed.`);
    if (!canTransitionOrder(from, move.to, move.by)) throw new OrderTransitionRefused(from, move.to, move.by);
    const [row] = await tx
      .update(orders)
      .set({ ...move.set, status: move.to, updatedAt: new Date() })
      .where(eq(orders.id, move.id))
      .returning();
    await tx.insert(orderHistory).values({
      orderId: move.id,
      fromStatus: from,
      toStatus: move.to,
      actorEmail: move.actor.email,
      noteSealed: move.note ? seal(move.note, SEALED.note) : null,
    });
    await audit(tx, { actorEmail: move.actor.email, action: "order.status", target: move.id, ip: move.actor.ip, detail: `${from} -> ${move.to}` });
    const event = move.to === "shipped" ? "orderShipped" : move.to === "delivered" ? "orderDelivered" : move.to === "invoiced" ? "invoiceIssued" : undefined;
    await mailFollowers(tx, { kind: "order", id: move.id, except: move.actor.email, mail: orderStatusMail(row!, move.to), event });
    // By text too, to followers who chose it (never for the demo practice): a reference, a carrier and its tracking number.
    const reference = orderReference(row!.number);
    const text: SmsTextInput | null =
      move.to === "shipped" && row!.carrier && row!.trackingNumber
        ? { event: "orderShipped", reference, carrier: row!.carrier as Carrier, tracking: row!.trackingNumber }
        : move.to === "delivered"
          ? { event: "orderDelivered", reference }
          : null;
    if (text) await queueFollowerTexts(tx, { kind: "order", id: move.id, practiceId: current.practiceId, except: move.actor.email, text });
    await publishStatus(tx, { practiceId: current.practiceId, kind: "order", id: move.id, status: move.to });
    // Whatever mail the move, or the caller's transaction around it, queued goes out once it commits.
    afterCommit(tx, mailQueued);
    return { from, to: move.to, row: row! };
  });
}

/** The member follows (or stops following) the order's changes by mail. */
export async function setOrderFollowing(db: Db, { orderId, userId, follow }: { orderId: string; userId: string; follow: boolean }) {
  if (follow) await db.insert(orderFollowers).values({ orderId, userId }).onConflictDoNothing();
  else await db.delete(orderFollowers).where(and(eq(orderFollowers.orderId, orderId), eq(orderFollowers.userId, userId)));
}

export async function isFollowingOrder(db: Db, orderId: string, userId: string): Promise<boolean> {
  const [row] = await db.select().from(orderFollowers).where(and(eq(orderFollowers.orderId, orderId), eq(orderFollowers.userId, userId)));
  return Boolean(row);
}

/** The company's order inbox hears of every order placed, and of one the practice cancelled: its reference only. */
export async function notifyCompany(tx: Db, row: OrderRow, what: "received" | "cancelled") {
  const reference = orderReference(row.number);
  await tx.insert(outbox).values({
    purpose: what === "received" ? "order.received" : "order.cancelled",
    to: siteConfig().email,
    subject: what === "received" ? `${reference} received` : `${reference} cancelled by the practice`,
    text: `${reference} was ${what === "received" ? "placed" : "cancelled"} by a practice.\n\n${siteOrigin()}/admin/orders/${row.id}\n`,
  });
}
