import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readCode128 } from "../../../tests/support/barcodes";
import { pdfText } from "../../../tests/support/pdf-text";
import { CODE128_PIXELS_PER_MODULE } from "~/.server/orders/barcode";
import { applicationRecordPdf, type ApplicationRecordPdfData } from "./record-pdf";

const record: ApplicationRecordPdfData = {
  company: {
    name: "Meridian Amniotic Tissue Co.",
    addressLines: ["1200 Harbor Point Blvd, Suite 400", "Tampa, FL 33602"],
    phone: "(813) 555-0142",
    email: "billing@meridian.example",
  },
  practice: "Bayside Wound Care",
  facility: "St. Joseph's Wound Center",
  reference: "APP-000123",
  ivrReference: "IVR-000012",
  patient: { name: "Rosa Delgado", birthDate: "1948-03-09" },
  appliedOn: "2026-11-20",
  unit: {
    tissueId: "TID-A-0001",
    lot: "L2611-A",
    expiresOn: "2027-05-31",
    product: "Amnion dual layer",
    hcpcs: "Q4186",
    size: "2 × 3 cm",
    areaCm2: 6,
  },
  wound: { lengthCm: 2.5, widthCm: 2, location: "foot", areaCm2: 5 },
  appliedCm2: 5,
  discardedCm2: 1,
  discardReason: "Trimmed to the wound margin",
  claim: {
    lines: [
      { code: "15275", modifiers: [], units: 1, description: "Skin substitute graft application, feet: first 25 cm²" },
      { code: "Q4186", modifiers: ["JW"], units: 1, description: "Amnion dual layer, 1 cm² discarded" },
      { code: "Q4186", modifiers: [], units: 5, description: "Amnion dual layer, 5 cm² applied" },
    ],
    notes: ["Medicare billing rule for skin substitutes, effective 2026-01-01."],
  },
  signerName: "Dr. Maya Chen",
  recordedBy: "nurse@bayside.example",
  recordedAt: "2026-11-20T21:14:00.000Z",
  timeZone: "America/Phoenix",
};

/** The text with every run of white space made one space, for values a line break may split. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** How often `needle` occurs in `text`. */
const count = (text: string, needle: string) => text.split(needle).length - 1;

function unpacked(object: unknown): Uint8Array {
  if (!(object instanceof PDFRawStream)) throw new Error("not a stream");
  return decodePDFRawStream(object).decode();
}

/** What each barcode the first page draws reads as, with its narrowest bar's printed width (points). */
async function barcodes(bytes: Uint8Array): Promise<{ text: string | undefined; bar: number }[]> {
  const document = await PDFDocument.load(bytes);
  const page = document.getPage(0);
  const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
  const content = streams.map((stream) => new TextDecoder("latin1").decode(unpacked(stream))).join("\n");
  const found: { text: string | undefined; bar: number }[] = [];
  for (const [, w, , name] of content.matchAll(/(\S+) 0 0 (\S+) 0 0 cm\n(?:1 0 0 1 0 0 cm\n)*\/(\S+) Do/g)) {
    const image = xObjects?.lookupMaybe(PDFName.of(name!), PDFStream);
    if (!image) throw new Error(`no image ${name}`);
    const width = image.dict.lookup(PDFName.of("Width"), PDFNumber).asNumber();
    const height = image.dict.lookup(PDFName.of("Height"), PDFNumber).asNumber();
    const rgb = unpacked(image);
    const data = new Uint8ClampedArray(width * height * 4);
    for (let pixel = 0; pixel < width * height; pixel++) {
      data.set(rgb.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
      data[pixel * 4 + 3] = 255;
    }
    const [result] = await readCode128({ data, width, height });
    found.push({ text: result?.text, bar: Number(w) / (width / CODE128_PIXELS_PER_MODULE) });
  }
  return found;
}

describe("applicationRecordPdf", () => {
  it("shows the patient, the unit, the wound, the areas, the claim lines and who signed and recorded it", async () => {
    const text = flat(await pdfText(await applicationRecordPdf(record)));
    for (const value of [
      "Meridian Amniotic Tissue Co.",
      "Graft application record",
      "APP-000123",
      "IVR-000012",
      "Rosa Delgado",
      "Date of birth 1948-03-09",
      "Bayside Wound Care",
      "St. Joseph's Wound Center",
      "2026-11-20",
      "Amnion dual layer",
      "Q4186",
      "2 × 3 cm (6 cm²)",
      "TID-A-0001",
      "L2611-A",
      "2027-05-31",
      "Foot",
      "2.5 × 2 cm",
      "5 cm²",
      "1 cm²",
      "Trimmed to the wound margin",
      "15275",
      "Q4186-JW",
      "Skin substitute graft application, feet: first 25 cm²",
      "Amnion dual layer, 5 cm² applied",
      "Medicare billing rule for skin substitutes, effective 2026-01-01.",
      "Signed: Dr. Maya Chen, recorded by nurse@bayside.example on Nov 20, 2026, 2:14 PM MST",
      "21 CFR 1271.290",
    ]) {
      expect(text, value).toContain(value);
    }
    expect(text).toContain("Page 1 of 1");
  });

  it("prints the tissue identifier as a Code 128 barcode a scanner reads back", async () => {
    const found = await barcodes(await applicationRecordPdf(record));
    expect(found.map((barcode) => barcode.text)).toEqual(["TID-A-0001"]);
    // 0.25 mm is 0.709 pt.
    expect(found[0]!.bar).toBeGreaterThanOrEqual(0.72);
  });

  it("fits the barcode of a 40-character identifier across the page", async () => {
    const tissueId = "A1B2C3D4E5F6G7H8I9J0.k/l-m-n-o-p-q-r-s-t";
    const bytes = await applicationRecordPdf({ ...record, unit: { ...record.unit, tissueId } });
    expect((await barcodes(bytes)).map((barcode) => barcode.text)).toEqual([tissueId]);
  });

  it("says a lot or expiry that was never recorded, and an identifier Code 128 cannot carry is printed without a barcode", async () => {
    const bytes = await applicationRecordPdf({ ...record, unit: { ...record.unit, tissueId: "TID-Ω-1", lot: null, expiresOn: null } });
    const text = flat(await pdfText(bytes));
    expect(count(text, "Not recorded")).toBe(2);
    expect(text).toContain("TID-?-1");
    expect(await barcodes(bytes)).toEqual([]);
  });

  it("wraps a long reason for discard over several lines, every word kept", async () => {
    const discardReason = Array.from({ length: 12 }, (_, n) => `part ${n + 1} of the sheet lifted from the wound bed and was cut away`).join("; ");
    const text = await pdfText(await applicationRecordPdf({ ...record, discardReason }));
    expect(flat(text)).toContain(discardReason);
    const lines = text.split("\n");
    const first = lines.findIndex((line) => line.includes("part 1 of"));
    const last = lines.findIndex((line) => line.includes("part 12 of"));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(last - first).toBeGreaterThanOrEqual(3);
  });

  it("has no reason line when nothing was discarded", async () => {
    const text = flat(await pdfText(await applicationRecordPdf({ ...record, discardedCm2: 0, appliedCm2: 6, discardReason: null })));
    expect(text).not.toContain("Reason for discard");
    expect(text).toContain("Discarded 0 cm²");
    expect(flat(await pdfText(await applicationRecordPdf(record)))).toContain("Reason for discard Trimmed to the wound margin");
  });

  it("says when nothing gives a claim line, and leaves out who recorded it when that is not known", async () => {
    const text = flat(
      await pdfText(await applicationRecordPdf({ ...record, claim: { lines: [], notes: ["Nothing was applied: this unit gives no claim line."] }, recordedBy: null })),
    );
    expect(text).toContain("No claim line");
    expect(text).toContain("Nothing was applied: this unit gives no claim line.");
    expect(text).toContain("Signed: Dr. Maya Chen, recorded on Nov 20, 2026");
    expect(text).not.toContain("recorded by");
  });

  it("does not fail on accents or characters the standard fonts lack, and keeps the plain letters", async () => {
    const bytes = await applicationRecordPdf({
      ...record,
      patient: { name: "José Núñez Łódź 😀\tΩ", birthDate: "1950-01-02" },
      practice: "Clínica Peña",
      signerName: "Dr. Zoë Brontë",
      discardReason: "Édge torn ✂ at ñ",
    });
    const text = flat(await pdfText(bytes));
    expect(text).toContain("José Núñez Lódz ? ?");
    expect(text).toContain("Clínica Peña");
    expect(text).toContain("Dr. Zoë Brontë");
    expect(text).toContain("Édge torn ? at ñ");
    expect(text).not.toMatch(/[ŁźΩ😀✂]/u);
  });

  it("gives the same bytes for the same data, and other bytes for other data", async () => {
    expect(await applicationRecordPdf(record)).toEqual(await applicationRecordPdf(structuredClone(record)));
    expect(await applicationRecordPdf(record)).not.toEqual(await applicationRecordPdf({ ...record, unit: { ...record.unit, lot: "L2611-B" } }));
  });

  it("keeps the patient out of the document's title", async () => {
    const document = await PDFDocument.load(await applicationRecordPdf(record), { updateMetadata: false });
    expect(document.getTitle()).toBe("Graft application record APP-000123");
    expect(document.getTitle()).not.toContain("Rosa");
  });

  it("continues a long record on numbered pages, each naming the patient", async () => {
    const lines = Array.from({ length: 60 }, (_, n) => ({ code: "Q4186", modifiers: [], units: n + 1, description: `Line ${n + 1}` }));
    const bytes = await applicationRecordPdf({ ...record, claim: { ...record.claim, lines } });
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const text = flat(await pdfText(bytes));
    for (const line of lines) expect(text).toContain(`${line.description} `);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain("Graft application record APP-000123 (continued)");
    // Each further page of the chart says whose it is.
    expect(count(text, "Patient: Rosa Delgado, date of birth 1948-03-09")).toBe(pages - 1);
    expect(text).toContain("21 CFR 1271.290");
  });
});
