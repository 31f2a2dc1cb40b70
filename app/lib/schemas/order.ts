import { z } from "zod";
import { overOrderWarning, parseSizeKey } from "~/lib/clinical/graft-sizes";
import { centsOf } from "~/lib/format";
import { isScanError, readScan } from "~/lib/identifiers/scan";
import { CARRIERS, MAX_UNITS_PER_SIZE, normalizeTrackingNumber, SHIPPING_SPEEDS, trackingNumberIssue } from "~/lib/orders";
import { shippingRefusal } from "~/lib/shipping";
import { LIMITS, optionalText, requiredOption, requiredText } from "./common";
import { unitPriceCents } from "./invoice-fields";
import { OVER_ORDER_REASON_MISSING, QUANTITY_PREFIX } from "./order-fields";
import { dateField, isRealDate, latestUsToday } from "./patient";

/**
 * The forms of an order: the member's order, and staff's shipment, invoice
 * and payment. The same schemas check them in the browser and in the actions.
 *
 * An order's sizes are one quantity control per size the product comes in,
 * named `qty-<length>x<width>` ("qty-2x3"): a message about one size sits
 * beside its control.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (message: string) => z.string({ error: message }).trim().regex(UUID, message);

export { OVER_ORDER_REASON_MISSING, QUANTITY_PREFIX, quantityField } from "./order-fields";

/** "", "0" .. "20": how many of one size. */
function quantity(value: string): number | string {
  const v = value.trim();
  if (v === "") return 0;
  if (!/^\d{1,3}$/.test(v)) return "Enter a whole number of grafts";
  const n = Number(v);
  return n > MAX_UNITS_PER_SIZE ? `At most ${MAX_UNITS_PER_SIZE} of one size in an order` : n;
}

/** A positive area in cm², up to two decimals; "" when not given. */
const woundArea = z
  .string()
  .trim()
  .refine((v) => v === "" || /^\d{1,5}(\.\d{1,2})?$/.test(v), "Enter the area in cm², up to two decimals")
  .transform((v) => (v === "" ? undefined : Number(v)))
  .refine((v) => v === undefined || (v > 0 && v <= 10_000), "Enter an area between 0.01 and 10,000 cm²")
  .optional();

export type OrderLineInput = { sizeKey: string; quantity: number };

/** A message for one control, found while reading a group of controls. */
type Issue = { name: string; message: string };

/**
 * Refinements on a group of controls (sizes, units, prices) run even when
 * another field failed, so every message of the form shows at once, not in
 * rounds; the transform that follows runs only when all is well.
 */
const EVEN_WITH_OTHER_ERRORS = { when: () => true } as const;

function report(ctx: z.RefinementCtx, issues: readonly Issue[]) {
  for (const issue of issues) ctx.addIssue({ code: "custom", path: [issue.name], message: issue.message });
}

/** The sizes' quantity controls: the lines with a quantity, and what is wrong with the others. */
function readQuantities(values: Record<string, unknown>): { lines: OrderLineInput[]; issues: Issue[] } {
  const lines: OrderLineInput[] = [];
  const issues: Issue[] = [];
  for (const [name, raw] of Object.entries(values)) {
    if (!name.startsWith(QUANTITY_PREFIX)) continue;
    const key = name.slice(QUANTITY_PREFIX.length);
    const n = typeof raw === "string" ? quantity(raw) : "Enter a whole number of grafts";
    if (!parseSizeKey(key)) issues.push({ name, message: "This size is not one we make" });
    else if (typeof n === "string") issues.push({ name, message: n });
    else if (n > 0) lines.push({ sizeKey: key, quantity: n });
  }
  if (lines.length === 0 && issues.length === 0) issues.push({ name: "lines", message: "Enter how many grafts of at least one size" });
  return { lines, issues };
}

export const orderSchema = z
  .object({
    ivrId: uuid("Start the order from a verified IVR"),
    patientId: uuid("Start the order from a verified IVR"),
    productSlug: requiredText("Product", 60, "Start the order from a verified IVR"),
    dateOfService: dateField("Enter the date of service").refine((v) => v >= latestUsToday(), "The date of service must be today or later"),
    facilityId: uuid("Choose where to ship"),
    shippingSpeed: requiredOption(SHIPPING_SPEEDS, "Choose a shipping speed"),
    poNumber: optionalText("PO number", 40),
    notes: optionalText("Notes", LIMITS.long),
    woundArea,
    overOrderReason: optionalText("Reason", LIMITS.long),
  })
  .catchall(z.unknown())
  .superRefine((v, ctx) => report(ctx, readQuantities(v).issues), EVEN_WITH_OTHER_ERRORS)
  .superRefine((v, ctx) => {
    // The server checks both again, against the IVR's own area when none is typed.
    const late = shippingRefusal(v.shippingSpeed, v.dateOfService, latestUsToday());
    if (late) ctx.addIssue({ code: "custom", path: ["shippingSpeed"], message: late });
    const lines = readQuantities(v).lines.map((l) => ({ size: parseSizeKey(l.sizeKey)!, quantity: l.quantity }));
    if (v.woundArea !== undefined && !v.overOrderReason && overOrderWarning(lines, v.woundArea))
      ctx.addIssue({ code: "custom", path: ["overOrderReason"], message: OVER_ORDER_REASON_MISSING });
  })
  .transform((v) => ({
    ivrId: v.ivrId.toLowerCase(),
    patientId: v.patientId.toLowerCase(),
    productSlug: v.productSlug,
    dateOfService: v.dateOfService,
    facilityId: v.facilityId.toLowerCase(),
    shippingSpeed: v.shippingSpeed,
    poNumber: v.poNumber,
    notes: v.notes,
    woundArea: v.woundArea,
    overOrderReason: v.overOrderReason,
    lines: readQuantities(v).lines,
  }));

export type OrderInput = z.output<typeof orderSchema>;

// ---------------------------------------------------------------------------
// Staff's forms

/** Each unit's tissue identifier: `unit-<line position>-<unit position>`, both from 1. */
export const unitField = (line: number, unit: number) => `unit-${line}-${unit}`;
/** Each unit's lot and expiry date, beside its identifier. */
export const lotField = (line: number, unit: number) => `lot-${line}-${unit}`;
export const expiryField = (line: number, unit: number) => `expires-${line}-${unit}`;
const UNIT_FIELD = /^unit-(\d{1,3})-(\d{1,3})$/;
/** A lot as printed on a graft's label: what staff record when shipping, and what a recall by lot looks for. */
export const LOT = /^[A-Za-z0-9][A-Za-z0-9./-]{0,19}$/;
export const LOT_RULE = "A lot is 1 to 20 letters, digits, dots, slashes or dashes";

export type ShippedUnit = { line: number; unit: number; tissueId: string; lot: string; expiresOn: string; gtin: string | null };

/**
 * The units' controls: each identifier as scanned or typed (a label's GS1
 * barcode also gives its lot, expiry and GTIN; a typed identifier needs the
 * lot and expiry typed beside it), and what is wrong with the others. A lot or
 * expiry typed beside a barcode that says otherwise is refused: one of them is
 * not this unit's.
 */
function readUnits(values: Record<string, unknown>, today: string): { units: ShippedUnit[]; issues: Issue[] } {
  const units: ShippedUnit[] = [];
  const issues: Issue[] = [];
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string).trim() : "");
  for (const name of Object.keys(values)) {
    const match = UNIT_FIELD.exec(name);
    if (!match) continue;
    const [line, unit] = [Number(match[1]), Number(match[2])];
    const before = issues.length;
    const refuse = (field: string, message: string) => issues.push({ name: field, message });

    const scanned = text(name);
    const reading = scanned === "" ? null : readScan(scanned);
    if (reading === null) refuse(name, "Enter this unit's tissue identifier");
    else if (isScanError(reading)) refuse(name, reading.error);
    else if (reading.tissueId === null) refuse(name, reading.next ?? "Scan the unit's own barcode, or type its tissue identifier");
    const label = reading && !isScanError(reading) ? reading : null;

    const lotName = lotField(line, unit);
    const typedLot = text(lotName);
    const lot = typedLot || label?.lot || "";
    if (typedLot !== "" && label?.lot !== undefined && typedLot !== label.lot) refuse(lotName, `The label's barcode says lot ${label.lot}`);
    else if (lot === "") refuse(lotName, "Enter this unit's lot");
    else if (!LOT.test(lot)) refuse(lotName, LOT_RULE);

    const expiryName = expiryField(line, unit);
    const typedExpiry = text(expiryName);
    const expiresOn = typedExpiry || label?.expiry || "";
    if (typedExpiry !== "" && label?.expiry !== undefined && typedExpiry !== label.expiry)
      refuse(expiryName, `The label's barcode says it expires ${label.expiry}`);
    else if (expiresOn === "") refuse(expiryName, "Enter this unit's expiry date");
    else if (!isRealDate(expiresOn)) refuse(expiryName, "Enter a real date");
    else if (expiresOn < today) refuse(expiryName, `This unit expired on ${expiresOn}: pack another`);

    if (issues.length === before && label?.tissueId)
      units.push({ line, unit, tissueId: label.tissueId, lot, expiresOn, gtin: label.gtin ?? null });
  }
  return { units, issues };
}

/** The carrier and its tracking number, checked against the carrier's format and written as the carrier prints it. */
const trackingShape = {
  carrier: requiredOption(CARRIERS, "Choose the carrier"),
  trackingNumber: requiredText("Tracking number", 40, "Enter the tracking number"),
};

function checkTracking(v: { carrier: string; trackingNumber: string }, ctx: z.RefinementCtx) {
  const issue = trackingNumberIssue(v.carrier, v.trackingNumber);
  if (issue) ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: issue });
}

export const shipmentSchema = z
  .object(trackingShape)
  .catchall(z.unknown())
  .superRefine((v, ctx) => report(ctx, readUnits(v, latestUsToday()).issues), EVEN_WITH_OTHER_ERRORS)
  .superRefine(checkTracking)
  .transform((v) => ({
    carrier: v.carrier,
    trackingNumber: normalizeTrackingNumber(v.carrier, v.trackingNumber),
    units: readUnits(v, latestUsToday()).units,
  }));

export type ShipmentInput = z.output<typeof shipmentSchema>;

/** Staff correct a shipped order's tracking. */
export const trackingSchema = z
  .object(trackingShape)
  .superRefine(checkTracking)
  .transform((v) => ({ carrier: v.carrier, trackingNumber: normalizeTrackingNumber(v.carrier, v.trackingNumber) }));

export type TrackingInput = z.output<typeof trackingSchema>;

/** The day the carrier delivered the order: today unless staff say an earlier day. */
export const deliverySchema = z.object({
  deliveredOn: dateField("Enter the day it was delivered").refine((v) => v <= latestUsToday(), "A delivery cannot be in the future"),
});

export type DeliveryInput = z.output<typeof deliverySchema>;

/** Each line's unit price: `price-<line position>`, in dollars. */
export const priceField = (line: number) => `price-${line}`;
const PRICE_FIELD = /^price-(\d{1,3})$/;

/** Each line's unit price control: the prices in cents, and what is wrong with the others. */
function readPrices(values: Record<string, unknown>): { prices: { line: number; unitPriceCents: number }[]; issues: Issue[] } {
  const prices: { line: number; unitPriceCents: number }[] = [];
  const issues: Issue[] = [];
  for (const [name, raw] of Object.entries(values)) {
    const match = PRICE_FIELD.exec(name);
    if (!match) continue;
    const text = typeof raw === "string" ? raw.trim() : "";
    const cents = unitPriceCents(text);
    if (text === "") issues.push({ name, message: "Enter the unit price" });
    else if (cents === null) issues.push({ name, message: "Enter a price in dollars (450 or 450.00)" });
    else prices.push({ line: Number(match[1]), unitPriceCents: cents });
  }
  return { prices, issues };
}

export const invoiceSchema = z
  .object({
    dueOn: dateField("Enter the due date"),
  })
  .catchall(z.unknown())
  .superRefine((v, ctx) => report(ctx, readPrices(v).issues), EVEN_WITH_OTHER_ERRORS)
  .transform((v) => ({ dueOn: v.dueOn, prices: readPrices(v).prices }));

export type InvoiceInput = z.output<typeof invoiceSchema>;

export const paymentSchema = z
  .object({
    paidOn: dateField("Enter the date the payment arrived").refine((v) => v <= latestUsToday(), "A payment date cannot be in the future"),
    amount: z
      .string({ error: "Enter the amount paid" })
      .trim()
      .min(1, "Enter the amount paid")
      .transform((v) => centsOf(v))
      .refine((v): v is number => v !== null && v > 0 && v < 100_000_000, "Enter the amount paid in dollars (450 or 450.00), more than $0"),
    reference: requiredText("Payment reference", 60, "Enter the payment's reference (check number, transfer id)"),
  })
  .transform((v) => ({ paidOn: v.paidOn, amountCents: v.amount as number, reference: v.reference }));

export type PaymentInput = z.output<typeof paymentSchema>;

export const cancelOrderSchema = z.object({
  reason: optionalText("Reason", LIMITS.long),
});
