import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readCode128 } from "../../../tests/support/barcodes";
import { pdfText } from "../../../tests/support/pdf-text";
import { centsOf, formatCents } from "~/lib/format";
import { CODE128_PIXELS_PER_MODULE } from "./barcode";
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

/** Units known by their tissue identifier only (no lot or expiry). */
const units = (...ids: string[]) => ids.map((tissueId) => ({ tissueId, lot: null, expiresOn: null }));

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
    { hcpcs: "Q4186", product: "Amnion – dual layer", size: "2 × 3 cm", quantity: 2, units: units("TID-A-0001", "TID-A-0002") },
    { hcpcs: "Q4169", product: "Amnion – single layer", size: "4 × 4 cm", quantity: 1, units: units("TID-B-0001") },
  ],
};

/** How often `needle` occurs in `text`. */
const count = (text: string, needle: string) => text.split(needle).length - 1;

/** A stream as pdf-lib reads it from a file, unpacked. */
function unpacked(object: unknown): Uint8Array {
  if (!(object instanceof PDFRawStream)) throw new Error("not a stream");
  return decodePDFRawStream(object).decode();
}

/**
 * The images a PDF draws, page by page in drawing order: what the barcode in
 * each reads as, the printed width of its narrowest bar and its height (points),
 * and how many images each page holds. Images are drawn by pdf-lib as a scale
 * ("w 0 0 h 0 0 cm") then "/Name Do", and stored as 8-bit RGB.
 */
async function drawnImages(bytes: Uint8Array) {
  const document = await PDFDocument.load(bytes);
  const drawn: { page: number; text: string | undefined; more: number; bar: number; height: number }[] = [];
  const held: number[] = [];
  for (const [index, page] of document.getPages().entries()) {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
    const imageOf = (name: PDFName) => {
      const image = xObjects?.lookupMaybe(name, PDFStream);
      return image?.dict.get(PDFName.of("Subtype")) === PDFName.of("Image") ? image : undefined;
    };
    held.push((xObjects?.keys() ?? []).filter((name) => imageOf(name)).length);
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
    const content = streams.map((stream) => new TextDecoder("latin1").decode(unpacked(stream))).join("\n");
    for (const [, w, h, name] of content.matchAll(/(\S+) 0 0 (\S+) 0 0 cm\n(?:1 0 0 1 0 0 cm\n)*\/(\S+) Do/g)) {
      const image = imageOf(PDFName.of(name!));
      if (!image) throw new Error(`no image ${name}`);
      const width = image.dict.lookup(PDFName.of("Width"), PDFNumber).asNumber();
      const height = image.dict.lookup(PDFName.of("Height"), PDFNumber).asNumber();
      const rgb = unpacked(image);
      const data = new Uint8ClampedArray(width * height * 4);
      for (let pixel = 0; pixel < width * height; pixel++) {
        data.set(rgb.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
        data[pixel * 4 + 3] = 255;
      }
      const [result, ...others] = await readCode128({ data, width, height });
      drawn.push({ page: index + 1, text: result?.text, more: others.length, bar: Number(w) / (width / CODE128_PIXELS_PER_MODULE), height: Number(h) });
    }
  }
  return { drawn, held };
}

/** 10 mm in points: the least height a handheld scanner is sure to cross. */
const TEN_MM = (10 / 25.4) * 72;

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

  it("prints each unit's identifier as a Code 128 barcode a handheld scanner reads back", async () => {
    const { drawn, held } = await drawnImages(await packingListPdf(packingList));
    expect(held).toEqual([3]);
    expect(drawn.map((image) => image.text)).toEqual(["TID-A-0001", "TID-A-0002", "TID-B-0001"]);
    for (const image of drawn) {
      expect(image.more).toBe(0);
      // 0.25 mm is 0.709 pt.
      expect(image.bar).toBeGreaterThanOrEqual(0.72);
      expect(image.height).toBeGreaterThanOrEqual(TEN_MM);
    }
  });

  it("fits a barcode of a 40-character identifier, with bars still 0.25 mm or wider", async () => {
    const id = "A1B2C3D4E5F6G7H8I9J0.k/l-m-n-o-p-q-r-s-t";
    const bytes = await packingListPdf({ ...packingList, lines: [{ ...packingList.lines[0]!, quantity: 1, units: units(id) }] });
    const { drawn } = await drawnImages(bytes);
    expect(drawn.map((image) => image.text)).toEqual([id]);
    expect(drawn[0]!.bar).toBeGreaterThanOrEqual(0.72);
    expect(count(await pdfText(bytes), id)).toBe(1);
  });

  it("puts the lot and expiry date under a unit's identifier when they are known", async () => {
    const lines = [
      {
        ...packingList.lines[0]!,
        quantity: 3,
        units: [
          { tissueId: "TID-A-0001", lot: "L2611-A", expiresOn: "2027-05-31" },
          { tissueId: "TID-A-0002", lot: "L2611-B", expiresOn: null },
          { tissueId: "TID-A-0003", lot: null, expiresOn: "2027-06-30" },
        ],
      },
      packingList.lines[1]!,
    ];
    const text = await pdfText(await packingListPdf({ ...packingList, lines }));
    expect(text).toMatch(/TID-A-0001\s+Lot L2611-A · Expires 2027-05-31/);
    expect(text).toMatch(/TID-A-0002\s+Lot L2611-B(?! ·)/);
    expect(text).toMatch(/TID-A-0003\s+Expires 2027-06-30/);
    expect(count(text, "Lot ")).toBe(2);
    expect(count(text, "Expires ")).toBe(2);
    // Units without either have no such line.
    expect(await pdfText(await packingListPdf(packingList))).not.toMatch(/Lot |Expires /);
  });

  it("gives the same bytes for the same data", async () => {
    const withLot = { ...packingList, lines: [{ ...packingList.lines[0]!, units: [{ tissueId: "TID-A-0001", lot: "L1", expiresOn: "2027-05-31" }] }] };
    expect(await packingListPdf(packingList)).toEqual(await packingListPdf(packingList));
    expect(await packingListPdf(withLot)).toEqual(await packingListPdf(structuredClone(withLot)));
    expect(await packingListPdf(withLot)).not.toEqual(await packingListPdf({ ...withLot, lines: [{ ...withLot.lines[0]!, units: units("TID-A-0001") }] }));
  });

  it("says the order has not shipped yet when it has no carrier", async () => {
    const unshipped = { ...packingList, carrier: null, trackingNumber: null, shippedOn: null };
    const text = await pdfText(await packingListPdf({ ...unshipped, lines: unshipped.lines.map((line) => ({ ...line, units: [] })) }));
    expect(text).toContain("Not shipped yet");
    expect(text).not.toContain("UPS");
    expect(text).not.toContain("TID-A-0001");
    expect((await drawnImages(await packingListPdf({ ...unshipped, lines: unshipped.lines.map((line) => ({ ...line, units: [] })) }))).held).toEqual([0]);
  });

  it("puts 220 identifiers on several numbered pages, each identifier once", async () => {
    const lines = Array.from({ length: 11 }, (_, line) => ({
      hcpcs: `Q41${String(50 + line)}`,
      product: "Amniotic membrane allograft",
      size: "2 × 2 cm",
      quantity: 20,
      units: units(...Array.from({ length: 20 }, (_, unit) => `DIN-L${String(line + 1).padStart(2, "0")}-U${String(unit + 1).padStart(2, "0")}`)),
    }));
    const bytes = await packingListPdf({ ...packingList, lines });
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const text = await pdfText(bytes);
    const ids = lines.flatMap((line) => line.units.map((unit) => unit.tissueId));
    expect(ids).toHaveLength(220);
    for (const id of ids) expect(count(text, id)).toBe(1);
    // One barcode per unit, in the units' order.
    const { drawn, held } = await drawnImages(bytes);
    expect(held.reduce((sum, images) => sum + images, 0)).toBe(220);
    expect(drawn.map((image) => image.text)).toEqual(ids);
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
      lines: [{ ...packingList.lines[0]!, product: "Amnion 😀", units: units("TID-Ω-1", "TID-A-0009") }],
    });
    const text = await pdfText(bytes);
    expect(text).toContain("Lódz");
    expect(text).toContain("Lakowa 5");
    expect(text).toContain("TID-?-1");
    expect(text).toContain("TID-A-0009");
    // Code 128 cannot carry "Ω": that unit has its identifier printed, and no barcode.
    expect((await drawnImages(bytes)).drawn.map((image) => image.text)).toEqual(["TID-A-0009"]);
  });
});
