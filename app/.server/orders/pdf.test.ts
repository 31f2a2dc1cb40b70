import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/pdf-text";
import { centsOf, formatCents } from "~/lib/format";
import { invoicePdf, packingListPdf, type InvoicePdfData, type PackingListPdfData } from "./pdf";

const company = {
  name: "Meridian Amniotic Tissue Co.",
  addressLines: ["1200 Harbor Point Blvd, Suite 400", "Tampa, FL 33602"],
  phone: "(813) 555-0142",
  email: "billing@meridian.example",
};

const invoice: InvoicePdfData = {
  company,
  invoiceNumber: "INV-000123",
  issuedOn: "2026-11-24",
  dueOn: "2026-12-24",
  orderReference: "ORD-000045",
  ivrReference: "IVR-000012",
  poNumber: "PO-7781",
  dateOfService: "2026-11-30",
  billTo: "Bayside Wound Care",
  shipTo: { name: "St. Joseph's Wound Center", lines: ["3001 W Dr MLK Jr Blvd", "Tampa, FL 33607", "(813) 555-0190"] },
  lines: [
    { hcpcs: "Q4186", product: "Amnion – dual layer", size: "2 × 3 cm (6 cm²)", units: 4, unitPriceCents: 41250, totalCents: 165000 },
    { hcpcs: "Q4169", product: "Amnion – single layer", size: "4 × 4 cm", units: 2, unitPriceCents: 123450, totalCents: 246900 },
  ],
  totalCents: 411900,
  payments: [],
  balanceCents: 411900,
  howToPay: ["Pay by ACH to First Coast Bank, routing 063100277.", "Put INV-000123 in the payment reference."],
};

const packingList: PackingListPdfData = {
  company,
  orderReference: "ORD-000045",
  ivrReference: "IVR-000012",
  poNumber: null,
  dateOfService: "2026-11-28",
  shippingSpeed: "Expedited (next business day)",
  shipTo: { name: "St. Joseph's Wound Center", lines: ["3001 W Dr MLK Jr Blvd", "Tampa, FL 33607"] },
  carrier: "UPS",
  trackingNumber: "1Z999AA10123456784",
  shippedOn: "2026-11-25",
  lines: [
    { hcpcs: "Q4186", product: "Amnion – dual layer", size: "2 × 3 cm", quantity: 2, tissueIds: ["TID-A-0001", "TID-A-0002"] },
    { hcpcs: "Q4169", product: "Amnion – single layer", size: "4 × 4 cm", quantity: 1, tissueIds: ["TID-B-0001"] },
  ],
};

/** How often `needle` occurs in `text`. */
const count = (text: string, needle: string) => text.split(needle).length - 1;

describe("formatCents", () => {
  it("writes dollars with thousands separators and two decimals", () => {
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(100_000_000)).toBe("$1,000,000.00");
    expect(formatCents(-500)).toBe("-$5.00");
  });

  it("drops the cents of whole dollars when asked, as benefits are quoted", () => {
    expect(formatCents(150000, { wholeDollars: true })).toBe("$1,500");
    expect(formatCents(0, { wholeDollars: true })).toBe("$0");
    expect(formatCents(25750, { wholeDollars: true })).toBe("$257.50");
  });

  it("reads dollars as typed or stored back into cents", () => {
    expect(centsOf("1500")).toBe(150_000);
    expect(centsOf("$1,250.5")).toBe(125_050);
    expect(centsOf("0.07")).toBe(7);
    for (const bad of ["", "abc", "1.234", "-5", null, undefined]) expect(centsOf(bad), String(bad)).toBeNull();
  });
});

describe("invoicePdf", () => {
  it("shows the invoice's number, references, codes, each line's total and the grand total in dollars", async () => {
    const text = await pdfText(await invoicePdf(invoice));
    expect(text).toContain("Invoice INV-000123");
    for (const reference of ["ORD-000045", "IVR-000012", "PO-7781", "2026-11-24", "2026-12-24"]) expect(text).toContain(reference);
    expect(text).toContain("Q4186");
    expect(text).toContain("Q4169");
    expect(text).toContain("$412.50");
    expect(text).toContain("$1,650.00");
    expect(text).toContain("$2,469.00");
    expect(text).toContain("$4,119.00");
    expect(text).toContain("Bayside Wound Care");
    expect(text).toContain("St. Joseph's Wound Center");
    expect(text).toContain("Put INV-000123 in the payment reference.");
    expect(text).toContain("Page 1 of 1");
    // WinAnsi characters come through as they are.
    expect(text).toContain("2 × 3 cm (6 cm²)");
    expect(text).toContain("Amnion – dual layer");
    expect(text).not.toContain("PAID");
  });

  it("shows the date of service, and the ship-to address once", async () => {
    const text = await pdfText(await invoicePdf(invoice));
    expect(text).toMatch(/Date of service\s+2026-11-30/);
    expect(count(text, "3001 W Dr MLK Jr Blvd")).toBe(1);
    expect(count(text, "Tampa, FL 33607")).toBe(1);
    expect(text).toMatch(/BILL TO\s+Bayside Wound Care\s+SHIP TO/);
  });

  it("lists a part payment with the balance due, and no paid mark", async () => {
    const text = await pdfText(await invoicePdf({ ...invoice, payments: [{ paidOn: "2026-12-01", amountCents: 100000, reference: "Check 1042" }], balanceCents: 311900 }));
    expect(text).toContain("Paid 2026-12-01, Check 1042");
    expect(text).toContain("-$1,000.00");
    expect(text).toMatch(/Balance due\s+\$3,119\.00/);
    expect(text).not.toContain("PAID");
  });

  it('says "PAID" with the date and reference of the last payment only when paid in full', async () => {
    const payments = [
      { paidOn: "2026-12-01", amountCents: 100000, reference: "Check 1042" },
      { paidOn: "2026-12-02", amountCents: 311900, reference: "ACH-0042" },
    ];
    const text = await pdfText(await invoicePdf({ ...invoice, payments, balanceCents: 0 }));
    expect(text).toContain("PAID on 2026-12-02, reference ACH-0042");
    expect(text).not.toContain("Balance due");
  });

  it("sets the title and producer", async () => {
    const document = await PDFDocument.load(await invoicePdf(invoice), { updateMetadata: false });
    expect(document.getTitle()).toBe("Invoice INV-000123");
    expect(document.getProducer()).toBe("Meridian Amniotic Tissue Co.");
  });

  it("continues a long invoice on numbered pages", async () => {
    const lines = Array.from({ length: 80 }, (_, index) => ({
      ...invoice.lines[0]!,
      hcpcs: `Q${String(4000 + index)}`,
    }));
    const bytes = await invoicePdf({ ...invoice, lines, totalCents: 80 * 165000 });
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const text = await pdfText(bytes);
    for (const line of lines) expect(count(text, line.hcpcs)).toBe(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain("Invoice INV-000123 (continued)");
    expect(text).toContain(formatCents(80 * 165000));
  });
});

describe("packingListPdf", () => {
  it("lists every unit's tissue identifier with the order's references, shipment and the traceability rule", async () => {
    const text = await pdfText(await packingListPdf(packingList));
    expect(text).toContain("Packing list ORD-000045");
    for (const id of ["TID-A-0001", "TID-A-0002", "TID-B-0001"]) expect(count(text, id)).toBe(1);
    for (const value of ["IVR-000012", "2026-11-28", "Expedited (next business day)", "UPS", "1Z999AA10123456784", "2026-11-25"]) {
      expect(text).toContain(value);
    }
    expect(text).toContain("Q4186");
    expect(text).toContain("21 CFR 1271.290");
  });

  it("says the order has not shipped yet when it has no carrier", async () => {
    const unshipped = { ...packingList, carrier: null, trackingNumber: null, shippedOn: null };
    const text = await pdfText(await packingListPdf({ ...unshipped, lines: unshipped.lines.map((line) => ({ ...line, tissueIds: [] })) }));
    expect(text).toContain("Not shipped yet");
    expect(text).not.toContain("UPS");
    expect(text).not.toContain("TID-A-0001");
  });

  it("puts 220 identifiers on several numbered pages, each identifier once", async () => {
    const lines = Array.from({ length: 11 }, (_, line) => ({
      hcpcs: `Q41${String(50 + line)}`,
      product: "Amniotic membrane allograft",
      size: "2 × 2 cm",
      quantity: 20,
      tissueIds: Array.from({ length: 20 }, (_, unit) => `DIN-L${String(line + 1).padStart(2, "0")}-U${String(unit + 1).padStart(2, "0")}`),
    }));
    const bytes = await packingListPdf({ ...packingList, lines });
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const text = await pdfText(bytes);
    const ids = lines.flatMap((line) => line.tissueIds);
    expect(ids).toHaveLength(220);
    for (const id of ids) expect(count(text, id)).toBe(1);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain("Packing list ORD-000045 (continued)");
  });
});

describe("characters the standard fonts cannot encode", () => {
  const name = "Łódź Ω 😀 Clinic\tNorth\u200d";

  it("do not stop an invoice, and the plain letters stay", async () => {
    const bytes = await invoicePdf({
      ...invoice,
      billTo: name,
      shipTo: { name, lines: ["ul. Piotrkowska 1"] },
      payments: [{ paidOn: "2026-12-02", amountCents: 411900, reference: "Ω-1" }],
      balanceCents: 0,
    });
    const text = await pdfText(bytes);
    expect(text).toContain("Lódz");
    expect(text).toContain("Clinic North");
    expect(text).not.toMatch(/[ŁźΩ😀]/u);
  });

  it("do not stop a packing list, and the plain letters stay", async () => {
    const bytes = await packingListPdf({
      ...packingList,
      company: { ...company, name: `Meridian ${name}` },
      shipTo: { name, lines: ["Łąkowa 5"] },
      lines: [{ ...packingList.lines[0]!, product: "Amnion 😀", tissueIds: ["TID-Ω-1", "TID-A-0009"] }],
    });
    const text = await pdfText(bytes);
    expect(text).toContain("Lódz");
    expect(text).toContain("Lakowa 5");
    expect(text).toContain("TID-?-1");
    expect(text).toContain("TID-A-0009");
  });
});
