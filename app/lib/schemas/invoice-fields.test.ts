import { describe, expect, it } from "vitest";
import { parseWith } from "./fields";
import { invoiceTotals, unitPriceCents } from "./invoice-fields";
import { invoiceSchema } from "./order";

describe("the invoice form's live arithmetic", () => {
  it("reads a price as the invoice schema does, for every spelling staff might type", () => {
    const typed = ["450", "450.00", "$450", " 1,250.5 ", "125.50", "0.01", "999999.99", "", " ", "12.345", "1e3", "-5", "45O", "$", "1,000,000", "0"];
    for (const text of typed) {
      const parsed = parseWith(invoiceSchema, { dueOn: "2030-01-31", "price-1": text });
      const schemaCents = parsed.success ? parsed.data.prices[0]!.unitPriceCents : null;
      expect(unitPriceCents(text), JSON.stringify(text)).toBe(schemaCents);
    }
  });

  it("totals each line and the invoice in cents, with no float drift", () => {
    expect(invoiceTotals([{ quantity: 1, price: "450" }, { quantity: 2, price: "125.50" }])).toEqual({ lines: [45000, 25100], totalCents: 70100 });
    expect(invoiceTotals([{ quantity: 3, price: "0.10" }])).toEqual({ lines: [30], totalCents: 30 });
  });

  it("leaves the total open while a line has no valid price", () => {
    expect(invoiceTotals([{ quantity: 1, price: "450" }, { quantity: 2, price: "" }])).toEqual({ lines: [45000, null], totalCents: null });
    expect(invoiceTotals([{ quantity: 1, price: "abc" }])).toEqual({ lines: [null], totalCents: null });
  });
});
