/**
 * The order domain's vocabulary, browser-safe: statuses, their labels, who
 * may make which change, shipping speeds, carriers and invoice states. The
 * database enum, the badges, the board, the console and the one lifecycle
 * function (`transitionOrder`) read these tables; nothing else decides
 * whether a change is allowed.
 */

export const ORDER_STATUSES = ["suggested", "awaiting_approval", "submitted", "confirmed", "shipped", "delivered", "invoiced", "paid", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  suggested: "Suggested reorder",
  awaiting_approval: "Awaiting practice approval",
  submitted: "Submitted",
  confirmed: "Confirmed",
  shipped: "Shipped",
  delivered: "Delivered",
  invoiced: "Invoiced",
  paid: "Paid",
  cancelled: "Cancelled",
};

/** Who makes a change: a member of the order's practice, or the company's staff. */
export type OrderActorKind = "member" | "staff";

/**
 * Every allowed change, by who may make it, and nothing else: staff move an
 * order along submitted -> confirmed -> shipped -> delivered -> invoiced ->
 * paid and may cancel it until it ships; a member may cancel it only while it
 * is submitted (once confirmed, it is being picked). A reorder the portal
 * suggests (stock below par) waits for a member to place it or set it aside;
 * staff see it but do not act on it. An order the practice's approval rule
 * holds waits in awaiting_approval for a practice admin to approve it (on to
 * submitted) or decline it (cancelled, with the reason); staff do not see it
 * until then.
 */
export const ORDER_TRANSITIONS: Record<OrderActorKind, Record<OrderStatus, readonly OrderStatus[]>> = {
  staff: {
    suggested: [],
    awaiting_approval: [],
    submitted: ["confirmed", "cancelled"],
    confirmed: ["shipped", "cancelled"],
    shipped: ["delivered"],
    delivered: ["invoiced"],
    invoiced: ["paid"],
    paid: [],
    cancelled: [],
  },
  member: {
    suggested: ["awaiting_approval", "submitted", "cancelled"],
    awaiting_approval: ["submitted", "cancelled"],
    submitted: ["cancelled"],
    confirmed: [],
    shipped: [],
    delivered: [],
    invoiced: [],
    paid: [],
    cancelled: [],
  },
};

export function canTransitionOrder(from: OrderStatus, to: OrderStatus, by: OrderActorKind): boolean {
  return ORDER_TRANSITIONS[by][from].includes(to);
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The refusal a person reads when a change is not allowed. */
export function orderTransitionRefusal(from: OrderStatus, to: OrderStatus, by: OrderActorKind): string {
  if (by === "member" && to === "cancelled" && canTransitionOrder(from, to, "staff"))
    return `An order that is ${ORDER_STATUS_LABELS[from]} is being prepared: call or mail us to cancel it.`;
  return `An order that is ${ORDER_STATUS_LABELS[from]} cannot become ${ORDER_STATUS_LABELS[to]}.`;
}

/** Orders the supplier does not see yet: they wait for the practice's own approval. */
export const ORDER_HIDDEN_FROM_STAFF = ["awaiting_approval"] as const satisfies readonly OrderStatus[];

export function hiddenFromStaff(status: OrderStatus): boolean {
  return (ORDER_HIDDEN_FROM_STAFF as readonly OrderStatus[]).includes(status);
}

/** Orders that wait on staff: to confirm, to ship, to invoice. */
export const ORDER_WAITING_ON_STAFF = ["submitted", "confirmed", "delivered"] as const satisfies readonly OrderStatus[];

/** Orders that count against an IVR's authorised applications: every one not cancelled. */
export const ORDER_COUNTED_STATUSES = ORDER_STATUSES.filter((s) => s !== "cancelled");

/** "ORD-000123" */
export function orderReference(number: number): string {
  return `ORD-${String(number).padStart(6, "0")}`;
}

/** "INV-000123" */
export function invoiceReference(number: number): string {
  return `INV-${String(number).padStart(6, "0")}`;
}

/** SPEC section 9: standard 2-3 business days, expedited next business day, same-day in select metro areas. */
export const SHIPPING_SPEEDS = [
  { value: "standard", label: "Standard (2–3 business days)" },
  { value: "expedited", label: "Expedited (next business day)" },
  { value: "same-day", label: "Same day (select metro areas)" },
] as const;
export type ShippingSpeed = (typeof SHIPPING_SPEEDS)[number]["value"];

export function shippingSpeedLabel(value: string): string {
  return SHIPPING_SPEEDS.find((s) => s.value === value)?.label ?? value;
}

/** Carriers, with the address of their tracking page (a local courier has none). */
export const CARRIERS = [
  { value: "ups", label: "UPS" },
  { value: "fedex", label: "FedEx" },
  { value: "usps", label: "USPS" },
  { value: "courier", label: "Local courier" },
] as const;
export type Carrier = (typeof CARRIERS)[number]["value"];

export function carrierLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return CARRIERS.find((c) => c.value === value)?.label ?? value;
}

/** A tracking number as carriers print it: spaces and dashes out and letters upper case, except a local courier's, kept as typed. */
export function normalizeTrackingNumber(carrier: string, value: string): string {
  const trimmed = value.trim().replace(/\s+/g, " ");
  return carrier === "courier" ? trimmed : trimmed.replace(/[\s-]/g, "").toUpperCase();
}

/**
 * What is wrong with a tracking number for this carrier, or null: UPS is 1Z
 * and 16 letters or digits, FedEx 12 or 15 digits, USPS 20 to 22 digits; a
 * local courier's reference is letters, digits, spaces and dashes.
 */
export function trackingNumberIssue(carrier: string, value: string): string | null {
  const n = normalizeTrackingNumber(carrier, value);
  switch (carrier) {
    case "ups":
      return /^1Z[0-9A-Z]{16}$/.test(n) ? null : "A UPS tracking number is 1Z and 16 letters or digits (1Z999AA10123456784)";
    case "fedex":
      return /^(\d{12}|\d{15})$/.test(n) ? null : "A FedEx tracking number is 12 or 15 digits";
    case "usps":
      return /^\d{20,22}$/.test(n) ? null : "A USPS tracking number is 20 to 22 digits";
    default:
      return /^[A-Za-z0-9 -]+$/.test(n) ? null : "A tracking number has letters, digits, spaces and dashes only";
  }
}

/** A shipment's tracking can be corrected while the order is shipped, until it is delivered. */
export function canCorrectTracking(status: OrderStatus): boolean {
  return status === "shipped";
}

/** The carrier's own tracking page for this number, or null (a courier, or no number yet). */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  if (!carrier || !trackingNumber) return null;
  const n = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case "ups":
      return `https://www.ups.com/track?tracknum=${n}`;
    case "fedex":
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case "usps":
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    default:
      return null;
  }
}

/** Days from the invoice's date to its due date, unless staff set another. */
export const INVOICE_NET_DAYS = 30;

export const INVOICE_STATES = ["open", "overdue", "paid"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = { open: "Open", overdue: "Overdue", paid: "Paid" };

/** What is left to pay of an invoice. */
export function invoiceBalance(invoice: { totalCents: number; paidCents: number }): number {
  return Math.max(0, invoice.totalCents - invoice.paidCents);
}

/** Paid once payments cover it (the last one dates it); overdue once its due date has passed; open before. */
export function invoiceState(invoice: { paidOn: string | null; dueOn: string }, today: string): InvoiceState {
  if (invoice.paidOn) return "paid";
  return invoice.dueOn < today ? "overdue" : "open";
}

/** The most of one size an order line may ask for. */
export const MAX_UNITS_PER_SIZE = 20;
