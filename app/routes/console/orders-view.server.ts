import { formatCents, formatCm2, timeSince } from "~/lib/format";
import {
  canTransitionOrder,
  carrierLabel,
  INVOICE_STATE_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_WAITING_ON_STAFF,
  shippingSpeedLabel,
  type OrderStatus,
} from "~/lib/orders";
import { priceField, unitField } from "~/lib/schemas/order";
import { shipToLines, type OrderDetail, type OrderQueueRow } from "~/.server/orders";

/**
 * What the console's order pages show, in words: built on the server so the
 * pages need none of the form schemas (and zod) to name a value or a control.
 */

export type ViewField = { label: string; value: string | null };

const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? null : String(v));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The queue's age of an order, since its last change: "waiting 3 days" while it waits on staff, else "unchanged for 3 days". */
export function orderAge(status: OrderStatus, since: Date, now: Date): string {
  const span = timeSince(since, now);
  if (span === "just now") return "changed just now";
  return (ORDER_WAITING_ON_STAFF as readonly OrderStatus[]).includes(status) ? `waiting ${span}` : `unchanged for ${span}`;
}

/** What staff do next with an order in this status, in the queue's words; null when nothing waits on staff. */
export function nextStep(status: OrderStatus): string | null {
  switch (status) {
    case "submitted":
      return "Confirm it";
    case "confirmed":
      return "Ship it";
    case "shipped":
      return "Mark it delivered when it arrives";
    case "delivered":
      return "Invoice it";
    case "invoiced":
      return "Record the payment when it arrives";
    default:
      return null;
  }
}

/** "Standard", "Expedited", "Same day": the speed's name without its promise, for a table cell. */
export function shortSpeed(value: string): string {
  return shippingSpeedLabel(value).replace(/\s*\(.*\)$/, "");
}

export function queueRow(row: OrderQueueRow, now: Date) {
  return {
    id: row.id,
    reference: row.reference,
    practice: row.practice,
    practiceId: row.practiceId,
    ivrId: row.ivrId,
    ivrReference: row.ivrReference,
    initials: row.initials,
    product: row.product,
    /** one line per size: "4 × 4 cm × 1" */
    sizes: row.sizes.split(", "),
    dateOfService: row.dateOfService,
    speed: shortSpeed(row.shippingSpeed),
    /** faster than standard: the queue marks it, so it is picked first */
    rush: row.shippingSpeed !== "standard",
    status: row.status,
    age: orderAge(row.status, row.updatedAt, now),
    changedAt: row.updatedAt.toISOString(),
  };
}

/** The order panel: what was ordered, for whom (initials only), where to and how fast. */
export function orderFields(detail: OrderDetail, initials: string): ViewField[] {
  const to = detail.shipTo;
  return [
    { label: "Patient", value: initials ? `${initials} (initials)` : null },
    { label: "Product", value: detail.product.hcpcs ? `${detail.product.name}, HCPCS ${detail.product.hcpcs}` : detail.product.name },
    { label: "Date of service", value: detail.row.dateOfService },
    { label: "Ship to", value: [to.facilityName, ...shipToLines(to), `Phone ${to.phone}`].join("\n") },
    { label: "Shipping speed", value: shippingSpeedLabel(detail.row.shippingSpeed) },
    { label: "PO number", value: text(detail.row.poNumber) },
    { label: "Notes", value: text(detail.notes) },
  ];
}

/** What the shipping clerk needs beside the form: how fast, and where to, on one line. */
export function shipTo(detail: OrderDetail) {
  return {
    speed: shippingSpeedLabel(detail.row.shippingSpeed),
    rush: detail.row.shippingSpeed !== "standard",
    address: [detail.shipTo.facilityName, ...shipToLines(detail.shipTo)].join(", "),
  };
}

/** The sizes panel: one row per line, the total area ordered, the wound's, and the over-order warning. */
export function sizesView(detail: OrderDetail) {
  return {
    lines: detail.lines.map((l) => ({
      position: l.position,
      size: l.size,
      hcpcs: l.hcpcs,
      quantity: l.quantity,
      areaEach: formatCm2(l.areaCm2),
      area: formatCm2(l.areaCm2 * l.quantity),
    })),
    units: detail.lines.reduce((sum, l) => sum + l.quantity, 0),
    totalArea: formatCm2(detail.totalAreaCm2),
    woundArea: detail.woundAreaCm2 === null ? null : formatCm2(detail.woundAreaCm2),
    warning: detail.warning,
    /** the practice's reason for ordering more than the wound (it may speak of the patient: the page's read is audited) */
    reason: detail.overOrderReason,
  };
}

/** The shipment panel, once the order has shipped: carrier, tracking, and each line's tissue identifiers. */
export function shipmentView(detail: OrderDetail) {
  const { row } = detail;
  if (!row.shippedAt && !row.trackingNumber) return null;
  return {
    carrier: carrierLabel(row.carrier),
    carrierValue: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: detail.trackingUrl,
    shippedAt: row.shippedAt,
    deliveredOn: row.deliveredOn,
    lines: detail.lines.map((l) => ({
      position: l.position,
      label: `${l.size} × ${l.quantity}`,
      units: l.units.map((u) => ({ position: u.position, tissueId: u.tissueId, lot: u.lot, expiresOn: u.expiresOn, received: u.received })),
    })),
    /** What the practice's receipt found wrong: units not received, identifiers not in the order. */
    receiptProblems: row.receiptProblems,
  };
}

/** The invoice panel: its number, dates, lines and state, money in words. */
export function invoiceView(invoice: OrderDetail["invoice"]) {
  if (!invoice) return null;
  return {
    number: invoice.number,
    issuedOn: invoice.issuedOn,
    dueOn: invoice.dueOn,
    state: invoice.state,
    stateLabel: INVOICE_STATE_LABELS[invoice.state],
    total: formatCents(invoice.totalCents),
    paid: formatCents(invoice.paidCents),
    balance: formatCents(invoice.balanceCents),
    /** the balance in dollars, for the payment form's amount */
    balanceDollars: (invoice.balanceCents / 100).toFixed(2),
    paidOn: invoice.paidOn,
    payments: invoice.payments.map((p, i) => ({ key: i, paidOn: p.paidOn, amount: formatCents(p.amountCents), reference: p.reference, recordedBy: p.recordedBy })),
    lines: invoice.lines.map((l) => ({
      position: l.position,
      hcpcs: l.hcpcs,
      description: `${l.product}, ${l.size}`,
      units: l.units,
      unitPrice: formatCents(l.unitPriceCents),
      total: formatCents(l.totalCents),
    })),
  };
}

/** The changes staff may make now: only what the lifecycle's table allows from this status. */
export function workOf(status: OrderStatus) {
  const can = (to: OrderStatus) => canTransitionOrder(status, to, "staff");
  return {
    confirm: can("confirmed"),
    ship: can("shipped"),
    deliver: can("delivered"),
    invoice: can("invoiced"),
    payment: can("paid"),
    cancel: can("cancelled"),
  };
}

/**
 * The shipping form's identifier controls, one group per line and one
 * control per unit, in the order the grafts are packed: line by line.
 */
export function unitGroups(detail: OrderDetail) {
  return detail.lines.map((l) => ({
    position: l.position,
    legend: `${l.size}: ${plural(l.quantity, "unit")} (${l.hcpcs})`,
    units: Array.from({ length: l.quantity }, (_, i) => ({
      name: unitField(l.position, i + 1),
      label: `${l.size}, unit ${i + 1} of ${l.quantity}: tissue identifier`,
    })),
  }));
}

/** The invoice form's lines: each line's price control, prefilled with the last price invoiced for its code and size. */
export function priceLines(detail: OrderDetail, lastPrices: Record<string, string>) {
  return detail.lines.map((l) => {
    const name = priceField(l.position);
    return {
      name,
      label: `${l.size} (${l.hcpcs}): unit price`,
      description: `${detail.product.name}, ${l.size}`,
      hcpcs: l.hcpcs,
      quantity: l.quantity,
      prefill: lastPrices[name] ?? "",
    };
  });
}

export function historyView(history: OrderDetail["history"]) {
  return history.map((h) => ({
    id: h.id,
    change: h.from ? `${ORDER_STATUS_LABELS[h.from]} → ${ORDER_STATUS_LABELS[h.to]}` : ORDER_STATUS_LABELS[h.to],
    actorEmail: h.actorEmail,
    at: h.at,
    note: h.note,
  }));
}

/** The shapes the order page's panels and forms draw (components/console-orders), as the loader builds them. */
export type OrderWork = ReturnType<typeof workOf>;
export type SizesView = ReturnType<typeof sizesView>;
export type ShipmentView = NonNullable<ReturnType<typeof shipmentView>>;
export type InvoiceView = NonNullable<ReturnType<typeof invoiceView>>;
export type OrderHistoryRow = ReturnType<typeof historyView>[number];
export type UnitGroup = ReturnType<typeof unitGroups>[number];
export type ShipTo = ReturnType<typeof shipTo>;
export type PriceLine = ReturnType<typeof priceLines>[number];
