import { data } from "react-router";
import type { Route } from "./+types/orders-detail";
import { ORDER_REFUSED, type OrderCancelStep } from "~/components/console-orders/answer";
import { formatCents } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { canCorrectTracking, ORDER_STATUS_LABELS, type OrderStatus } from "~/lib/orders";
import { cancelOrderSchema, deliverySchema, invoiceSchema, paymentSchema, shipmentSchema, trackingSchema } from "~/lib/schemas/order";
import { requireRole } from "~/.server/accounts";
import { conversationIntents, threadForPage } from "~/.server/conversations/page";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm } from "~/.server/http/form-action";
import { MAX_TEXT_FORM_BYTES } from "~/.server/http/form-body";
import { notFound } from "~/.server/http/not-found";
import {
  cancelOrderAsStaff,
  confirmOrder,
  correctTracking,
  defaultDueOn,
  invoiceOrder,
  lastUnitPrices,
  markDelivered,
  orderInitials,
  ordersToday,
  readOrderAsStaff,
  recordPayment,
  shipOrder,
} from "~/.server/orders";
import { clientInfo } from "~/.server/request-context";
import { historyView, invoiceView, nextStep, orderFields, priceLines, shipmentView, shipTo, sizesView, unitGroups, workOf } from "./orders-view.server";

/** Opening the page is a staff read of the order (its notes may speak of the patient): readOrderAsStaff writes its audit row. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const db = getDb();
  const today = ordersToday();
  const detail = await readOrderAsStaff(db, { id: params.id.toLowerCase(), actor: { email: me.email, ip: clientInfo(context).ip }, today });
  if (!detail) notFound();
  const status = detail.row.status;
  const work = workOf(status);
  const [initials, lastPrices, messages] = await Promise.all([
    orderInitials(db, detail.row.patientId),
    work.invoice ? lastUnitPrices(db, detail.row.id) : Promise.resolve({}),
    // The conversation with the practice (read with the order, audited above); opening the page marks it read.
    threadForPage(db, { kind: "order", id: detail.row.id }, me.id),
  ]);
  return {
    id: detail.row.id,
    reference: detail.reference,
    status,
    practice: detail.practice,
    ivr: detail.ivr ? { id: detail.ivr.id, reference: detail.ivr.reference } : null,
    reorder: detail.row.reorder,
    placedAt: detail.row.createdAt,
    fields: orderFields(detail, initials),
    sizes: sizesView(detail),
    shipment: shipmentView(detail),
    invoice: invoiceView(detail.invoice),
    history: historyView(detail.history),
    work,
    correctsTracking: canCorrectTracking(status),
    next: nextStep(status),
    units: work.ship ? unitGroups(detail) : [],
    shipTo: work.ship ? shipTo(detail) : null,
    prices: work.invoice ? priceLines(detail, lastPrices) : [],
    dueOnDefault: defaultDueOn(today),
    today,
    messages,
  };
}

/**
 * Each step of the order's work is a form with its intent, answered by the
 * one form answerer (decision 009): a step's own rule it breaks (a unit
 * without its identifier, a due date past) beside its control, a move the
 * lifecycle's table refuses at the top of the work, a database failure 503
 * with what was typed kept. Each change queues mail to the practice's
 * followers; the lifecycle wakes the mail worker once it commits.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const id = params.id.toLowerCase();
  const db = getDb();
  const actor = { email: me.email, ip: clientInfo(context).ip };
  const back = `/admin/orders/${id}`;
  const done = (title: string, description: string) => redirectWithFlash(back, { title, description, variant: "success" });
  const now = (status: OrderStatus) => `The order is now ${ORDER_STATUS_LABELS[status]}.`;
  // Every step answers null for an order that is gone.
  const found = <T>(result: T | null | undefined): T => result ?? notFound();

  return answerForm(request, {
    // The shipping form's identifiers take a label's scan, group separators and all.
    read: { maxBytes: MAX_TEXT_FORM_BYTES, multiline: ["reason", "body"], scanned: (name) => name.startsWith("unit-") },
    title: ORDER_REFUSED,
    intents: {
      message: conversationIntents({ db, ref: { kind: "order", id }, practiceId: null, side: "staff", author: { id: me.id, email: me.email }, here: back }).message,
      confirm: async () => {
        found(await confirmOrder(db, { id, actor }));
        return done("Order confirmed", `${now("confirmed")} The practice hears it is being prepared.`);
      },
      cancel: async ({ parse, values }) => {
        const reason = parse(cancelOrderSchema).reason ?? null;
        // Cancelling is confirmed first: in a dialog, or without JavaScript in a second step.
        if (values.confirmed !== "1") return data({ ok: false, confirm: "cancel", reason: reason ?? "", intent: "cancel" } satisfies OrderCancelStep & { intent: "cancel" });
        found(await cancelOrderAsStaff(db, { id, actor, reason }));
        return done("Order cancelled", now("cancelled"));
      },
      ship: async ({ parse }) => {
        found(await shipOrder(db, { id, actor, input: parse(shipmentSchema) }));
        return done("Order shipped", now("shipped"));
      },
      tracking: async ({ parse }) => {
        const input = parse(trackingSchema);
        const corrected = found(await correctTracking(db, { id, actor, input }));
        return done("Tracking corrected", `${corrected.reference} now ships with ${input.trackingNumber}.`);
      },
      deliver: async ({ parse }) => {
        found(await markDelivered(db, { id, actor, input: parse(deliverySchema), today: ordersToday() }));
        return done("Order delivered", `${now("delivered")} It waits to be invoiced.`);
      },
      invoice: async ({ parse }) => {
        const invoiced = found(await invoiceOrder(db, { id, actor, input: parse(invoiceSchema), today: ordersToday() }));
        return done("Invoice created", `${invoiced.invoiceNumber} is issued. ${now("invoiced")}`);
      },
      payment: async ({ parse }) => {
        const paid = found(await recordPayment(db, { id, actor, input: parse(paymentSchema) }));
        if (paid.settled) return done("Payment recorded", `${paid.invoiceNumber} is paid in full. ${now("paid")}`);
        return done("Part payment recorded", `${paid.invoiceNumber} has ${formatCents(paid.balanceCents)} left to pay.`);
      },
    },
  });
}
