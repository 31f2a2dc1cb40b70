import { describe, expect, it } from "vitest";
import { parseWith } from "./fields";
import { invoiceSchema, orderSchema, shipmentSchema } from "./order";

describe("the order forms' groups of controls", () => {
  it("report every message at once: a missing tissue identifier beside its unit even when the carrier is missing too", () => {
    const result = parseWith(shipmentSchema, { carrier: "", trackingNumber: "", "unit-1-1": "D", "unit-1-2": "" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.fieldErrors).toEqual({
      carrier: "Choose the carrier",
      trackingNumber: "Enter the tracking number",
      "unit-1-1": "A tissue identifier is 3 to 40 letters, digits, dots, slashes or dashes",
      "unit-1-2": "Enter this unit's tissue identifier",
    });
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
    const good = parseWith(orderSchema, {
      ivrId: "4c0c3ab8-98ad-4a61-9bd4-0ee4b0a6a7e1",
      patientId: "4c0c3ab8-98ad-4a61-9bd4-0ee4b0a6a7e2",
      productSlug: "membrane-wrap",
      dateOfService: "2099-01-01",
      facilityId: "4c0c3ab8-98ad-4a61-9bd4-0ee4b0a6a7e3",
      shippingSpeed: "standard",
      "qty-2x2": "2",
      "qty-4x4": "0",
      "qty-9x9x": "1",
    });
    expect(good.success ? {} : good.fieldErrors).toEqual({ "qty-9x9x": "This size is not one we make" });
    const fine = parseWith(orderSchema, {
      ivrId: "4c0c3ab8-98ad-4a61-9bd4-0ee4b0a6a7e1",
      patientId: "4c0c3ab8-98ad-4a61-9bd4-0ee4b0a6a7e2",
      productSlug: "membrane-wrap",
      dateOfService: "2099-01-01",
      facilityId: "4c0c3ab8-98ad-4a61-9bd4-0ee4b0a6a7e3",
      shippingSpeed: "standard",
      "qty-2x2": "2",
      "qty-4x4": "0",
    });
    expect(fine.success && fine.data.lines).toEqual([{ sizeKey: "2x2", quantity: 2 }]);
  });
});
