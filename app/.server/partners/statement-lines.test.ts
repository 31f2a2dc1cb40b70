import { describe, expect, it } from "vitest";
import { computeStatement, shareOf, type PaymentOfPractice, type StatementInput } from "./statement-lines";

const pay = (invoiceNumber: number, amountCents: number, paidOn = "2026-11-10", practiceName = "Sunrise Wound Care"): PaymentOfPractice => ({
  invoiceNumber,
  practiceName,
  paidOn,
  amountCents,
});

const alone = (terms: Partial<StatementInput["partner"]>, payments: PaymentOfPractice[] = []): StatementInput => ({
  month: "2026-11",
  partner: { plan: "none", monthlyFeeCents: null, percentBps: null, splitBps: null, hasUpline: false, ...terms },
  payments,
  subPartners: [],
});

describe("shareOf", () => {
  it("rounds to the cent, half away from zero", () => {
    expect(shareOf(1_000_00, 500)).toBe(5_000); // 5% of $1,000.00
    expect(shareOf(12_345, 250)).toBe(309); // 308.625 -> 309
    expect(shareOf(10_010, 50)).toBe(50); // 50.05 -> 50
    expect(shareOf(30, 5_000)).toBe(15);
    expect(shareOf(1, 5_000)).toBe(1); // 0.5 -> 1
    expect(shareOf(-1, 5_000)).toBe(-1);
    expect(shareOf(0, 1_234)).toBe(0);
  });
});

describe("computeStatement", () => {
  it("owes nothing on plan none, whatever was paid", () => {
    const s = computeStatement(alone({ plan: "none" }, [pay(1, 500_00)]));
    expect(s.lines).toEqual([]);
    expect(s.totalCents).toBe(0);
  });

  it("owes the fee on a fixed plan, and nothing by payment", () => {
    const s = computeStatement(alone({ plan: "fixed", monthlyFeeCents: 250_00 }, [pay(1, 500_00)]));
    expect(s.lines).toEqual([{ kind: "fee", description: "Fixed monthly fee", commissionCents: 250_00 }]);
    expect(s.totalCents).toBe(250_00);
  });

  it("pays a percentage of each payment, one line each, in the order they were paid", () => {
    const s = computeStatement(alone({ plan: "percentage", percentBps: 750 }, [pay(7, 2_000_00, "2026-11-20"), pay(3, 1_234_56, "2026-11-02")]));
    expect(s.lines.map((l) => [l.kind, "invoiceNumber" in l ? l.invoiceNumber : null, l.commissionCents])).toEqual([
      ["commission", 3, 92_59], // 7.5% of 1,234.56 = 92.592 -> 92.59
      ["commission", 7, 150_00],
    ]);
    expect(s.totalCents).toBe(92_59 + 150_00);
  });

  it("splits a sub-partner's commission: they keep their split, their upline gets the rest as override lines", () => {
    const subPayments = [pay(11, 1_000_01, "2026-11-05", "Mesa Clinic")];
    // The sub-partner: 5% of $1,000.01 = 50.0005 -> $50.00; they keep 70% = $35.00.
    const sub = computeStatement({
      month: "2026-11",
      partner: { plan: "percentage", monthlyFeeCents: null, percentBps: 500, splitBps: 7_000, hasUpline: true },
      payments: subPayments,
      subPartners: [],
    });
    expect(sub.lines).toMatchObject([{ kind: "commission", invoiceNumber: 11, commissionCents: 35_00 }]);
    // The upline, on a fixed plan of its own: its fee and the override of $15.00.
    const upline = computeStatement({
      month: "2026-11",
      partner: { plan: "fixed", monthlyFeeCents: 100_00, percentBps: null, splitBps: null, hasUpline: false },
      payments: [],
      subPartners: [{ name: "Sub Partner", plan: "percentage", monthlyFeeCents: null, percentBps: 500, splitBps: 7_000, payments: subPayments }],
    });
    expect(upline.lines).toMatchObject([
      { kind: "fee", commissionCents: 100_00 },
      { kind: "override", subPartner: "Sub Partner", invoiceNumber: 11, practiceName: "Mesa Clinic", rateBps: 3_000, commissionCents: 15_00 },
    ]);
    expect(upline.totalCents).toBe(115_00);
  });

  it("makes a split's two halves add up to the commission exactly, cent for cent", () => {
    for (const [amount, rate, split] of [
      [333, 333, 3_333],
      [99_999, 1_250, 6_667],
      [1, 10_000, 5_000],
      [12_345_67, 875, 1],
    ] as const) {
      const payments = [pay(1, amount)];
      const commission = shareOf(amount, rate);
      const sub = computeStatement({ month: "2026-11", partner: { plan: "percentage", monthlyFeeCents: null, percentBps: rate, splitBps: split, hasUpline: true }, payments, subPartners: [] });
      const upline = computeStatement(alone({}, []));
      const withOverride = computeStatement({
        ...alone({}),
        subPartners: [{ name: "S", plan: "percentage", monthlyFeeCents: null, percentBps: rate, splitBps: split, payments }],
      });
      expect(upline.totalCents).toBe(0);
      expect(sub.totalCents + withOverride.totalCents).toBe(commission);
    }
  });

  it("gives no override for a sub-partner whose plan earns nothing by payment, or who keeps it all", () => {
    const s = computeStatement({
      ...alone({ plan: "percentage", percentBps: 500 }),
      subPartners: [
        { name: "Fixed", plan: "fixed", monthlyFeeCents: 50_00, percentBps: null, splitBps: 5_000, payments: [pay(1, 100_00)] },
        { name: "All", plan: "percentage", monthlyFeeCents: null, percentBps: 500, splitBps: 10_000, payments: [pay(2, 100_00)] },
      ],
    });
    expect(s.lines).toEqual([]);
  });
});
