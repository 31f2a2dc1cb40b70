import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, ORDER_TRANSITIONS } from "~/lib/orders";
import type { OrderDetail } from "~/.server/orders";
import {
  historyView,
  invoiceView,
  nextStep,
  orderAge,
  orderFields,
  priceLines,
  queueRow,
  shipmentView,
  shipTo,
  shortSpeed,
  sizesView,
  unitGroups,
  workOf,
} from "./orders-view.server";

const at = (iso: string) => new Date(iso);

/** An order of one 4 × 4 cm and two 2 × 2 cm grafts, shipped, as the domain reads it. */
function detail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    row: {
      id: "0e6f1f44-6d53-4b7e-8d1b-3c1d3c9e8a10",
      number: 12,
      practiceId: "p",
      ivrId: "i",
      patientId: "patient",
      productSlug: "membrane-wrap",
      createdBy: null,
      status: "shipped",
      dateOfService: "2030-04-02",
      facilityId: "f",
      shippingSpeed: "expedited",
      poNumber: "PO-4410",
      notesSealed: "p1.sealed",
      woundAreaHundredths: 1225,
      overOrderReasonSealed: "p1.sealed",
      receiptProblems: null,
      reorder: null,
      practiceName: "Lakeside Wound Clinic",
      facilityName: "Lakeside clinic",
      shipTo: { addressLine1: "40 Shore Road", addressLine2: null, city: "Madison", state: "WI", zip: "53703", phone: "608 555 0140" },
      productName: "Membrane Wrap",
      carrier: "fedex",
      trackingNumber: "771234567810",
      shippedAt: at("2030-03-30T15:00:00Z"),
      deliveredAt: null,
      deliveredOn: null,
      createdAt: at("2030-03-28T09:00:00Z"),
      updatedAt: at("2030-03-30T15:00:00Z"),
    },
    reference: "ORD-000012",
    statusLabel: "Shipped",
    ivr: { id: "i", reference: "IVR-000003", validUntil: "2030-06-01", authorisedApplications: null },
    practice: { id: "p", name: "Lakeside Wound Clinic" },
    patient: null,
    product: { slug: "membrane-wrap", name: "Membrane Wrap", hcpcs: "Q4205" },
    shipTo: { facilityName: "Lakeside clinic", addressLine1: "40 Shore Road", addressLine2: null, city: "Madison", state: "WI", zip: "53703", phone: "608 555 0140" },
    notes: "Leave at reception",
    overOrderReason: "Second application next week",
    lines: [
      { id: "l1", position: 1, hcpcs: "Q4205", size: "4 × 4 cm", lengthMm: 40, widthMm: 40, areaCm2: 16, quantity: 1, units: [{ position: 1, tissueId: "LK-1-0001", lot: "LK-1", expiresOn: "2031-01-31", received: false }] },
      {
        id: "l2",
        position: 2,
        hcpcs: "Q4205",
        size: "2 × 2 cm",
        lengthMm: 20,
        widthMm: 20,
        areaCm2: 4,
        quantity: 2,
        units: [
          { position: 1, tissueId: "LK-1-0002", lot: "LK-1", expiresOn: "2031-01-31", received: false },
          { position: 2, tissueId: "LK-1-0003", lot: "LK-1", expiresOn: "2031-01-31", received: false },
        ],
      },
    ],
    totalAreaCm2: 24,
    woundAreaCm2: 12.25,
    warning: "This order is 11.75 cm² more than the wound's area.",
    trackingUrl: "https://www.fedex.com/fedextrack/?trknbr=771234567810",
    history: [
      { id: "h1", from: null, to: "submitted", actorEmail: "orders@lakeside.example", note: null, at: at("2030-03-28T09:00:00Z") },
      { id: "h2", from: "confirmed", to: "cancelled", actorEmail: "staff@site.example", note: "Duplicate of ORD-000011", at: at("2030-03-29T09:00:00Z") },
    ],
    invoice: null,
    ...overrides,
  };
}

describe("the console's order pages", () => {
  it("says how long an order has waited since its last change, on the server's clock", () => {
    const now = at("2030-04-10T12:00:00Z");
    expect(orderAge("confirmed", at("2030-04-07T12:00:00Z"), now)).toBe("waiting 3 days");
    expect(orderAge("submitted", at("2030-04-10T12:00:00Z"), now)).toBe("changed just now");
    expect(orderAge("shipped", at("2030-04-09T12:00:00Z"), now)).toBe("unchanged for 24 hours");
  });

  it("gives the queue each size on its own line, the speed in a word and rush orders marked", () => {
    const row = queueRow(
      {
        id: "o",
        reference: "ORD-000012",
        ivrId: "i",
        ivrReference: "IVR-000003",
        initials: "R.O.",
        product: "Membrane Wrap",
        sizes: "4 × 4 cm × 1, 2 × 2 cm × 2",
        dateOfService: "2030-04-02",
        createdAt: at("2030-03-28T09:00:00Z"),
        updatedAt: at("2030-03-28T09:00:00Z"),
        status: "submitted",
        statusLabel: "Submitted",
        carrier: null,
        trackingNumber: null,
        trackingUrl: null,
        practice: "Lakeside Wound Clinic",
        practiceId: "p",
        shippingSpeed: "same-day",
      },
      at("2030-03-31T10:00:00Z"),
    );
    expect(row).toMatchObject({ sizes: ["4 × 4 cm × 1", "2 × 2 cm × 2"], speed: "Same day", rush: true, age: "waiting 3 days", changedAt: "2030-03-28T09:00:00.000Z" });
  });

  it("offers exactly the changes the lifecycle's table allows staff from each status", () => {
    const moves = { confirm: "confirmed", ship: "shipped", deliver: "delivered", invoice: "invoiced", payment: "paid", cancel: "cancelled" } as const;
    for (const status of ORDER_STATUSES) {
      const offered = Object.entries(workOf(status))
        .filter(([, can]) => can)
        .map(([intent]) => moves[intent as keyof typeof moves]);
      expect(offered.sort(), status).toEqual([...ORDER_TRANSITIONS.staff[status]].sort());
      // Something to do exactly when the queue names a next step.
      expect(nextStep(status) !== null, status).toBe(offered.some((to) => to !== "cancelled"));
    }
  });

  it("names one identifier control per unit, line by line, with the words a reader hears", () => {
    const groups = unitGroups(detail());
    expect(groups.map((g) => g.legend)).toEqual(["4 × 4 cm: 1 unit (Q4205)", "2 × 2 cm: 2 units (Q4205)"]);
    expect(groups.flatMap((g) => g.units.map((u) => u.name))).toEqual(["unit-1-1", "unit-2-1", "unit-2-2"]);
    expect(groups[1]!.units[1]!.label).toBe("2 × 2 cm, unit 2 of 2: tissue identifier");
  });

  it("prefills each line's price with the last price invoiced for its size, and leaves the others empty", () => {
    const lines = priceLines(detail(), { "price-1": "450.00" });
    expect(lines.map((l) => [l.name, l.prefill, l.quantity])).toEqual([
      ["price-1", "450.00", 1],
      ["price-2", "", 2],
    ]);
    expect(lines[0]!.label).toBe("4 × 4 cm (Q4205): unit price");
  });

  it("shows the patient by initials only, the product with its code, and the full ship-to address", () => {
    const fields = Object.fromEntries(orderFields(detail(), "R.O.").map((f) => [f.label, f.value]));
    expect(fields.Patient).toBe("R.O. (initials)");
    expect(fields.Product).toBe("Membrane Wrap, HCPCS Q4205");
    expect(fields["Ship to"]).toBe("Lakeside clinic\n40 Shore Road\nMadison, WI 53703\nPhone 608 555 0140");
    expect(fields["Shipping speed"]).toBe("Expedited (next business day)");
    expect(fields.Notes).toBe("Leave at reception");
    expect(shortSpeed("same-day")).toBe("Same day");
    expect(shipTo(detail())).toEqual({ speed: "Expedited (next business day)", rush: true, address: "Lakeside clinic, 40 Shore Road, Madison, WI 53703" });
  });

  it("totals the sizes against the wound and keeps the over-order warning", () => {
    const sizes = sizesView(detail());
    expect(sizes.lines.map((l) => [l.size, l.quantity, l.area])).toEqual([
      ["4 × 4 cm", 1, "16 cm²"],
      ["2 × 2 cm", 2, "8 cm²"],
    ]);
    expect([sizes.units, sizes.totalArea, sizes.woundArea]).toEqual([3, "24 cm²", "12.25 cm²"]);
    expect(sizes.warning).toMatch(/more than the wound/);
    expect(sizes.reason).toBe("Second application next week");
  });

  it("lists the shipment's identifiers by line, and nothing before it ships", () => {
    const shipment = shipmentView(detail())!;
    expect(shipment.carrier).toBe("FedEx");
    expect(shipment.trackingUrl).toMatch(/^https:\/\/www\.fedex\.com\//);
    expect(shipment.lines.map((l) => [l.label, l.units.map((u) => u.tissueId)])).toEqual([
      ["4 × 4 cm × 1", ["LK-1-0001"]],
      ["2 × 2 cm × 2", ["LK-1-0002", "LK-1-0003"]],
    ]);
    const unshipped = detail();
    unshipped.row = { ...unshipped.row, status: "confirmed", carrier: null, trackingNumber: null, shippedAt: null };
    expect(shipmentView(unshipped)).toBeNull();
  });

  it("writes the invoice's money in dollars and its history in words", () => {
    const invoice = invoiceView({
      id: "inv",
      number: "INV-000007",
      issuedOn: "2030-04-05",
      dueOn: "2030-05-05",
      totalCents: 70100,
      paidCents: 20000,
      balanceCents: 50100,
      paidOn: null,
      paymentReference: null,
      state: "open",
      payments: [{ paidOn: "2030-04-10", amountCents: 20000, reference: "Check 1042", recordedBy: "staff@site.example" }],
      lines: [
        { position: 1, hcpcs: "Q4205", product: "Membrane Wrap", size: "4 × 4 cm", units: 1, unitPriceCents: 45000, totalCents: 45000 },
        { position: 2, hcpcs: "Q4205", product: "Membrane Wrap", size: "2 × 2 cm", units: 2, unitPriceCents: 12550, totalCents: 25100 },
      ],
    })!;
    expect([invoice.total, invoice.paid, invoice.balance, invoice.balanceDollars, invoice.stateLabel]).toEqual(["$701.00", "$200.00", "$501.00", "501.00", "Open"]);
    expect(invoice.payments.map((p) => [p.paidOn, p.amount, p.reference])).toEqual([["2030-04-10", "$200.00", "Check 1042"]]);
    expect(invoice.lines.map((l) => [l.description, l.unitPrice, l.total])).toEqual([
      ["Membrane Wrap, 4 × 4 cm", "$450.00", "$450.00"],
      ["Membrane Wrap, 2 × 2 cm", "$125.50", "$251.00"],
    ]);
    expect(invoiceView(null)).toBeNull();
    expect(historyView(detail().history).map((h) => [h.change, h.note])).toEqual([
      ["Submitted", null],
      ["Confirmed → Cancelled", "Duplicate of ORD-000011"],
    ]);
  });
});
