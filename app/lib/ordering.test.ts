import { describe, expect, it } from "vitest";
import { sizeLabel } from "~/lib/clinical/graft-sizes";
import { dateOfServiceRange, defaultDateOfService, invoiceTotals, linesOf, orderSummary, quantitiesOf, setText, sizeWithArea, typedArea } from "./ordering";

const cm = (lengthCm: number, widthCm: number) => ({ lengthCm, widthCm });
const SIZES = [cm(2, 2), cm(2, 3), cm(4, 4)];

describe("the order form's first date of service", () => {
  const today = "2026-05-10";
  it("is the IVR's expected date while it is to come and within the IVR's validity", () => {
    expect(defaultDateOfService({ dateOfService: "2026-05-17", validUntil: "2026-09-01" }, today)).toBe("2026-05-17");
    expect(defaultDateOfService({ dateOfService: today, validUntil: "2026-09-01" }, today)).toBe(today);
    expect(defaultDateOfService({ dateOfService: "2026-09-01", validUntil: "2026-09-01" }, today)).toBe("2026-09-01");
  });
  it("is today when the expected date has passed, is after valid-until, or is missing", () => {
    expect(defaultDateOfService({ dateOfService: "2026-05-09", validUntil: "2026-09-01" }, today)).toBe(today);
    expect(defaultDateOfService({ dateOfService: "2026-09-02", validUntil: "2026-09-01" }, today)).toBe(today);
    expect(defaultDateOfService({ dateOfService: null, validUntil: "2026-09-01" }, today)).toBe(today);
  });
  it("falls inside the prior authorization's window when the IVR has one", () => {
    const window = { validUntil: "2026-09-01", priorAuthFrom: "2026-05-20", priorAuthTo: "2026-07-31" };
    expect(defaultDateOfService({ ...window, dateOfService: "2026-05-17" }, today)).toBe("2026-05-20");
    expect(defaultDateOfService({ ...window, dateOfService: "2026-06-02" }, today)).toBe("2026-06-02");
    expect(defaultDateOfService({ ...window, dateOfService: "2026-08-03" }, today)).toBe("2026-05-20");
    expect(dateOfServiceRange(window, today)).toEqual({ min: "2026-05-20", max: "2026-07-31" });
    expect(dateOfServiceRange({ ...window, priorAuthFrom: "2026-04-01" }, today)).toEqual({ min: today, max: "2026-07-31" });
    expect(dateOfServiceRange({ validUntil: "2026-09-01" }, today)).toEqual({ min: today, max: "2026-09-01" });
  });
});

describe("the order form's live summary", () => {
  it("reads each size's count from its control; empty, negative, fractional or too many count for nothing", () => {
    const lines = linesOf(SIZES, { "qty-2x2": "2", "qty-2x3": "", "qty-4x4": "1.5", "qty-9x9": "4" });
    expect(lines.map((l) => l.quantity)).toEqual([2, 0, 0]);
    expect(linesOf(SIZES, { "qty-2x2": "-1", "qty-2x3": "21", "qty-4x4": " 3 " }).map((l) => l.quantity)).toEqual([0, 0, 3]);
  });

  it("sums the area ordered and sets it against the typed wound area, suggesting the least covering set", () => {
    const summary = orderSummary(SIZES, { "qty-2x2": "1", "qty-4x4": "1", woundArea: "12.25" }, 9);
    expect(summary.total).toBe(20);
    expect(summary.pieces).toBe(2);
    expect(summary.wound).toBe(12.25);
    expect(summary.difference).toBe(7.75);
    // 13 cm² at least: 2 × 3 + 2 × 2 + 2 × 2 = 14 cm² is the least area that covers it (one 4 × 4 is 16).
    expect(summary.suggestion).toEqual([
      { size: cm(2, 3), quantity: 1 },
      { size: cm(2, 2), quantity: 2 },
    ]);
    expect(summary.suggestionArea).toBe(14);
    expect(summary.isSuggestion).toBe(false);
    // 7.75 cm² over is more than the smallest size ordered (2 × 2, 4 cm²).
    expect(summary.warning).toMatch(/more than its smallest size \(4 cm²\)/);
  });

  it("falls back to the IVR's verified area when the typed one is empty or not an area", () => {
    expect(orderSummary(SIZES, { woundArea: "" }, 9).wound).toBe(9);
    expect(orderSummary(SIZES, { woundArea: "about 10" }, 9).wound).toBe(9);
    expect(orderSummary(SIZES, {}, null).wound).toBeNull();
    expect(orderSummary(SIZES, {}, null).suggestion).toEqual([]);
  });

  it("knows when the order is the suggested set, and warns when the order is too large", () => {
    const exact = orderSummary(SIZES, { "qty-2x2": "2", "qty-2x3": "1", "qty-4x4": "0", woundArea: "12.25" }, null);
    expect(exact.isSuggestion).toBe(true);
    const big = orderSummary(SIZES, { "qty-4x4": "3", woundArea: "12.25" }, null);
    expect(big.warning).toMatch(/^This order is 48 cm², 35\.75 cm² more than the wound's 12\.25 cm²/);
    expect(big.difference).toBe(35.75);
  });

  it("fills every size's control from a set, emptying the others", () => {
    expect(quantitiesOf(SIZES, [{ size: cm(4, 4), quantity: 1 }, { size: cm(2, 2), quantity: 2 }])).toEqual({ "qty-2x2": "2", "qty-2x3": "", "qty-4x4": "1" });
  });

  it("writes sizes and areas as the form shows them", () => {
    expect(sizeWithArea(cm(4, 4), sizeLabel)).toBe("4 × 4 cm (16 cm²)");
    expect(setText([{ size: cm(4, 4), quantity: 1 }, { size: cm(2, 2), quantity: 2 }], sizeLabel)).toBe("4 × 4 cm × 1, 2 × 2 cm × 2");
    expect(typedArea("0")).toBeNull();
    expect(typedArea("3.125")).toBeNull();
    expect(typedArea("3.12")).toBe(3.12);
  });
});

describe("the PAY INVOICE tab's totals", () => {
  it("adds up what is unpaid (the balances of open and overdue invoices) and what of it is overdue; paid invoices count for nothing", () => {
    expect(
      invoiceTotals([
        { state: "open", balanceCents: 70_100 },
        { state: "overdue", balanceCents: 12_550 },
        { state: "paid", balanceCents: 0 },
      ]),
    ).toEqual({ unpaid: 2, unpaidCents: 82_650, overdue: 1, overdueCents: 12_550 });
    expect(invoiceTotals([])).toEqual({ unpaid: 0, unpaidCents: 0, overdue: 0, overdueCents: 0 });
  });
});
