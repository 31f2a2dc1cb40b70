import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseWith } from "./fields";
import { deliverySchema, invoiceSchema, orderSchema, paymentSchema, shipmentSchema, trackingSchema } from "./order";

/** An order form for one 2 × 2 cm graft by standard shipping, but for its date of service. */
const ORDER = {
  ivrId: "4c0c3ab8-98ad-4a61-9bd4-0ee4b0a6a7e1",
  patientId: "4c0c3ab8-98ad-4a61-9bd4-0ee4b0a6a7e2",
  productSlug: "membrane-wrap",
  facilityId: "4c0c3ab8-98ad-4a61-9bd4-0ee4b0a6a7e3",
  shippingSpeed: "standard",
  "qty-2x2": "1",
};

const errors = (schema: Parameters<typeof parseWith>[0], values: Record<string, string>) => {
  const parsed = parseWith(schema, values);
  return parsed.success ? {} : parsed.fieldErrors;
};

describe("the order forms' groups of controls", () => {
  it("report every message at once: a missing tissue identifier beside its unit even when the carrier is missing too", () => {
    const result = parseWith(shipmentSchema, { carrier: "", trackingNumber: "", "unit-1-1": "D", "lot-1-1": "L1", "expires-1-1": "2099-01-31", "unit-1-2": "" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.fieldErrors).toEqual({
      carrier: "Choose the carrier",
      trackingNumber: "Enter the tracking number",
      "unit-1-1": "“D” is not a tissue identifier we can read. A tissue identifier is 3 to 40 letters, digits, dots, slashes or dashes, or a GS1 or ISBT 128 barcode.",
      "unit-1-2": "Enter this unit's tissue identifier",
      "lot-1-2": "Enter this unit's lot",
      "expires-1-2": "Enter this unit's expiry date",
    });
  });

  it("take a unit's lot and expiry from its label's GS1 barcode, and refuse a typed lot or a past expiry the label contradicts", () => {
    const base = { carrier: "ups", trackingNumber: "1Z999AA10123456784" };
    const label = "(01)09501101020917(17)351231(10)LOT77(21)SER-0042";
    const parsed = parseWith(shipmentSchema, { ...base, "unit-1-1": label });
    expect(parsed.success && parsed.data.units).toEqual([
      { line: 1, unit: 1, tissueId: "SER-0042", lot: "LOT77", expiresOn: "2035-12-31", gtin: "09501101020917" },
    ]);
    expect(errors(shipmentSchema, { ...base, "unit-1-1": label, "lot-1-1": "LOT78" })).toEqual({ "lot-1-1": "The label's barcode says lot LOT77" });
    expect(errors(shipmentSchema, { ...base, "unit-1-1": "TID-0001", "lot-1-1": "L1", "expires-1-1": "2020-01-31" })).toEqual({
      "expires-1-1": "This unit expired on 2020-01-31: pack another",
    });
    expect(errors(shipmentSchema, { ...base, "unit-1-1": "TID-0001", "lot-1-1": "L1", "expires-1-1": "2099-02-30" })).toEqual({ "expires-1-1": "Enter a real date" });
  });

  it("say a price is missing beside it when the due date is missing too", () => {
    const result = parseWith(invoiceSchema, { dueOn: "", "price-1": "", "price-2": "12.345" });
    expect(result.success ? {} : result.fieldErrors).toEqual({
      dueOn: "Enter the due date",
      "price-1": "Enter the unit price",
      "price-2": "Enter a price in dollars (450 or 450.00)",
    });
  });

  it("say no size was chosen along with the other fields' messages, and read the sizes when all is well", () => {
    const bad = parseWith(orderSchema, { ivrId: "x", "qty-2x2": "" });
    expect(bad.success ? {} : bad.fieldErrors).toMatchObject({ lines: "Enter how many grafts of at least one size", dateOfService: "Enter the date of service" });
    const sizes = { ...ORDER, dateOfService: "2099-01-01", "qty-2x2": "2", "qty-4x4": "0" };
    const unknownSize = parseWith(orderSchema, { ...sizes, "qty-9x9x": "1" });
    expect(unknownSize.success ? {} : unknownSize.fieldErrors).toEqual({ "qty-9x9x": "This size is not one we make" });
    const fine = parseWith(orderSchema, sizes);
    expect(fine.success && fine.data.lines).toEqual([{ sizeKey: "2x2", quantity: 2 }]);
  });
});

describe("the order forms' dates and numbers, on a fixed day", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // Friday 2026-11-27, noon UTC.
    vi.setSystemTime(new Date("2026-11-27T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  const order = { ...ORDER, dateOfService: "2026-12-01" };

  it("refuse a shipping speed that cannot arrive by the date of service beside the speeds", () => {
    expect(errors(orderSchema, order).shippingSpeed).toMatch(/^Standard \(2–3 business days\) arrives by Wednesday, December 2, 2026.*choose Expedited/);
    expect(errors(orderSchema, { ...order, shippingSpeed: "expedited" })).toEqual({});
    expect(errors(orderSchema, { ...order, dateOfService: "2026-12-02" })).toEqual({});
  });

  it("ask a reason beside its field when the typed wound area is exceeded by more than the smallest size", () => {
    const over = { ...order, dateOfService: "2026-12-04", woundArea: "4", "qty-2x2": "3" };
    expect(errors(orderSchema, over)).toEqual({ overOrderReason: "Say why this order needs more than the wound's area (a second application, a wound that has grown...)" });
    const explained = parseWith(orderSchema, { ...over, overOrderReason: "Two wounds" });
    expect(explained.success && explained.data.overOrderReason).toBe("Two wounds");
  });

  it("check the tracking number against the carrier and write it as the carrier prints it", () => {
    const ship = { carrier: "ups", trackingNumber: "1z999aa1 0123456784", "unit-1-1": "TID-0001", "lot-1-1": "L1", "expires-1-1": "2099-01-31" };
    const parsed = parseWith(shipmentSchema, ship);
    expect(parsed.success && parsed.data.trackingNumber).toBe("1Z999AA10123456784");
    expect(errors(shipmentSchema, { ...ship, carrier: "fedex" })).toEqual({ trackingNumber: "A FedEx tracking number is 12 or 15 digits" });
    expect(errors(trackingSchema, { carrier: "usps", trackingNumber: "123" })).toEqual({ trackingNumber: "A USPS tracking number is 20 to 22 digits" });
  });

  it("take a delivery day up to today, and a payment's amount in dollars", () => {
    expect(errors(deliverySchema, { deliveredOn: "2026-11-27" })).toEqual({});
    expect(errors(deliverySchema, { deliveredOn: "2026-11-28" })).toEqual({ deliveredOn: "A delivery cannot be in the future" });
    const paid = parseWith(paymentSchema, { paidOn: "2026-11-27", amount: "$1,250.5", reference: "Check 1042" });
    expect(paid.success && paid.data).toEqual({ paidOn: "2026-11-27", amountCents: 125_050, reference: "Check 1042" });
    for (const bad of ["", "0", "-5", "12.345", "abc"]) expect(errors(paymentSchema, { paidOn: "2026-11-27", amount: bad, reference: "x" }), bad).toHaveProperty("amount");
  });
});
