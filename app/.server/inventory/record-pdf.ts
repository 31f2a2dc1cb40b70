import type { ServiceLine } from "~/lib/clinical/claim-line";
import { WOUND_LOCATIONS, type WoundLocation } from "~/lib/clinical/wound";
import { formatCm2, formatDateTime } from "~/lib/format";
import { code128Modules, code128Png, CODE128_QUIET_ZONE_MODULES, isCode128Text } from "~/.server/orders/barcode";
import {
  BAR_NARROW,
  BAR_WIDE,
  BARCODE_HEIGHT,
  BODY_LEADING,
  BODY_SIZE,
  clamp,
  CONTENT_WIDTH,
  continuationHeader,
  drawAddress,
  drawFacts,
  drawFirstHeader,
  drawFooters,
  drawLabel,
  drawNotice,
  drawRow,
  drawTableHeader,
  filling,
  HEADER_HEIGHT,
  LEFT,
  MUTED,
  rowHeight,
  rowLines,
  Sheet,
  SMALL_SIZE,
  startDocument,
  wrap,
  type PdfCompany,
} from "~/.server/orders/pdf";

/**
 * The record of one application, as a PDF for the patient's chart: the
 * patient, the unit applied (product, size, tissue identifier with its
 * Code 128 barcode, lot and expiry), the wound that day, the cm² applied and
 * discarded, the claim-ready lines, and who signed and recorded it. With the
 * tissue identifier beside the patient it is the practice's half of the
 * donor-to-patient traceability of 21 CFR 1271.290.
 *
 * Unlike the order documents it names the patient (name and date of birth):
 * a page of a chart must say whose it is. So it is answered only to the
 * practice's own members, each download audited, and the patient stays out
 * of its file name and its metadata (a viewer shows the title in its window
 * bar): the reference names it there.
 *
 * Laid out with the order documents' building blocks (orders/pdf.ts): the same
 * fonts, WinAnsi handling, header, footers and page numbers, and the same data
 * gives the same bytes.
 */

export type ApplicationRecordPdfData = {
  company: PdfCompany;
  /** The practice and the facility the unit was kept at, by name. */
  practice: string;
  facility: string;
  /** "APP-000123" */
  reference: string;
  /** "IVR-000012": the verification the graft was applied under. */
  ivrReference: string;
  /** Date of birth as YYYY-MM-DD. */
  patient: { name: string; birthDate: string };
  /** Calendar date as YYYY-MM-DD. */
  appliedOn: string;
  unit: {
    tissueId: string;
    lot: string | null;
    /** YYYY-MM-DD */
    expiresOn: string | null;
    product: string;
    hcpcs: string;
    /** "2 × 3 cm" */
    size: string;
    areaCm2: number;
  };
  wound: { lengthCm: number; widthCm: number; location: WoundLocation; areaCm2: number };
  appliedCm2: number;
  discardedCm2: number;
  discardReason: string | null;
  claim: { lines: ServiceLine[]; notes: string[] };
  signerName: string;
  /** The email of who recorded it; null when no longer known. */
  recordedBy: string | null;
  /** ISO timestamp. */
  recordedAt: string;
  /** The IANA zone the practice reads times in, for when it was recorded. */
  timeZone: string;
};

const TITLE = "Graft application record";
const NOT_RECORDED = "Not recorded";

const GUTTER = 24;
const HALF = (CONTENT_WIDTH - GUTTER) / 2;
const SECOND_COLUMN = LEFT + HALF + GUTTER;

const CLAIM_COLUMNS = filling([
  { title: "Code", width: 112, align: "left" },
  { title: "Description", width: 0, align: "left" },
  { title: "Units", width: 56, align: "right" },
]);

/** The traceability notice's height (three lines of text at most). */
const NOTICE_ROOM = 28 + 3 * BODY_LEADING;

/** Room between a barcode and what is above it. */
const BARCODE_ABOVE = 8;

const centimetres = (value: number) => new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(value);

function locationWords(location: WoundLocation): string {
  return WOUND_LOCATIONS.find((l) => l.value === location)?.label ?? location;
}

/** A section's small heading with a rule under it, kept on one page with `room` points of what follows. */
function startSection(sheet: Sheet, heading: string, room: number): void {
  sheet.ensure(20 + room);
  drawLabel(sheet, heading, LEFT, sheet.y - 7.5);
  sheet.rule(sheet.y - 12, { thickness: 0.5 });
  sheet.y -= 16;
}

/** Text across the page, each line on the page that has room for it. */
function drawParagraph(sheet: Sheet, text: string, options: { size?: number; leading?: number; muted?: boolean } = {}): void {
  const size = options.size ?? BODY_SIZE;
  const leading = options.leading ?? BODY_LEADING;
  for (const line of wrap(text, sheet.fonts.regular, size, CONTENT_WIDTH)) {
    sheet.ensure(leading);
    sheet.y -= leading;
    sheet.text(line, LEFT, sheet.y, { size, color: options.muted ? MUTED : undefined });
  }
}

/**
 * The unit's barcode and the width of its narrowest bar: the wider bars when
 * they fit `width` (bars and the quiet zone after them), else the narrower;
 * null when neither fits or Code 128 cannot carry the identifier (it is
 * printed as text all the same).
 */
async function barcodeFor(tissueId: string, width: number): Promise<{ png: Uint8Array; modules: number; bar: number } | null> {
  if (!isCode128Text(tissueId)) return null;
  const png = await code128Png(tissueId);
  const modules = code128Modules(png);
  const bar = [BAR_WIDE, BAR_NARROW].find((candidate) => (modules - CODE128_QUIET_ZONE_MODULES) * candidate <= width);
  return bar === undefined ? null : { png, modules, bar };
}

export async function applicationRecordPdf(data: ApplicationRecordPdfData): Promise<Uint8Array> {
  const title = `${TITLE} ${data.reference}`;
  const { doc, fonts } = await startDocument(title, data.company);
  // A page of a chart says whose it is: every page after the first names the patient under its header.
  const continued = continuationHeader(data.company, title);
  const sheet = new Sheet(doc, fonts, (next) => {
    continued(next);
    next.y -= 9;
    const patient = `Patient: ${data.patient.name}, date of birth ${data.patient.birthDate}`;
    next.text(clamp(wrap(patient, next.fonts.regular, 9, CONTENT_WIDTH), 1)[0] ?? "", LEFT, next.y, { size: 9, color: MUTED });
    next.y -= 16;
  });
  const { regular, bold } = fonts;
  const { unit, wound } = data;

  drawFirstHeader(sheet, data.company, TITLE, [
    ["Record", data.reference],
    ["IVR", data.ivrReference],
    ["Applied on", data.appliedOn],
  ]);

  // Whose record on the left, where the graft was applied on the right.
  const patientEnd = drawAddress(sheet, "Patient", { name: data.patient.name, lines: [`Date of birth ${data.patient.birthDate}`] }, LEFT, sheet.y, HALF);
  const practiceEnd = drawAddress(sheet, "Practice", { name: data.practice, lines: [data.facility] }, SECOND_COLUMN, sheet.y, HALF);
  sheet.y = Math.min(patientEnd, practiceEnd) - 20;

  // The graft: what it is on the left, which one on the right, its barcode under the identifier
  // (or across the page when the identifier is too long for half of it).
  const half = await barcodeFor(unit.tissueId, HALF);
  const barcode = half ?? (await barcodeFor(unit.tissueId, CONTENT_WIDTH));
  const barcodeBand = barcode ? BARCODE_ABOVE + BARCODE_HEIGHT : 0;
  startSection(sheet, "Graft applied", 3 * 24 + barcodeBand);
  const graftTop = sheet.y;
  const whatEnd = drawFacts(sheet, LEFT, graftTop, HALF, [
    ["Product", unit.product],
    ["HCPCS", unit.hcpcs === "" ? NOT_RECORDED : unit.hcpcs],
    ["Size", `${unit.size} (${formatCm2(unit.areaCm2)})`],
  ]);
  let whichEnd = drawFacts(sheet, SECOND_COLUMN, graftTop, HALF, [
    ["Tissue identifier", unit.tissueId],
    ["Lot", unit.lot ?? NOT_RECORDED],
    ["Expires", unit.expiresOn ?? NOT_RECORDED],
  ]);
  if (barcode) {
    const x = half ? SECOND_COLUMN : LEFT;
    const top = (half ? whichEnd : Math.min(whatEnd, whichEnd)) - BARCODE_ABOVE;
    const image = await doc.embedPng(barcode.png);
    // The bars start at the column's edge; the image's white quiet zone reaches back into the margin or the gutter.
    sheet.page.drawImage(image, {
      x: x - CODE128_QUIET_ZONE_MODULES * barcode.bar,
      y: top - BARCODE_HEIGHT,
      width: barcode.modules * barcode.bar,
      height: BARCODE_HEIGHT,
    });
    whichEnd = top - BARCODE_HEIGHT;
  }
  sheet.y = Math.min(whatEnd, whichEnd) - 18;

  // The wound that day on the left, what became of the unit on the right, then why any was discarded.
  startSection(sheet, `Wound and graft on ${data.appliedOn}`, 3 * 14);
  const areasTop = sheet.y;
  const woundEnd = drawFacts(sheet, LEFT, areasTop, HALF, [
    ["Location", locationWords(wound.location)],
    ["Length × width", `${centimetres(wound.lengthCm)} × ${centimetres(wound.widthCm)} cm`],
    ["Wound area", formatCm2(wound.areaCm2)],
  ]);
  const usedEnd = drawFacts(sheet, SECOND_COLUMN, areasTop, HALF, [
    ["Unit", formatCm2(unit.areaCm2)],
    ["Applied", formatCm2(data.appliedCm2)],
    ["Discarded", formatCm2(data.discardedCm2)],
  ]);
  sheet.y = Math.min(woundEnd, usedEnd);
  const reason = data.discardReason?.trim() ?? "";
  if (data.discardedCm2 > 0 && reason !== "") {
    sheet.ensure(16 + 2 * BODY_LEADING);
    sheet.y -= 14;
    sheet.text("Reason for discard", LEFT, sheet.y, { size: 9, color: MUTED });
    drawParagraph(sheet, reason);
  }
  sheet.y -= 18;

  // The claim-ready lines as recorded, and what billing staff should know about them.
  const columns = CLAIM_COLUMNS;
  startSection(sheet, "Claim-ready lines", HEADER_HEIGHT + 2 * BODY_LEADING);
  sheet.y -= 4;
  drawTableHeader(sheet, columns);
  if (data.claim.lines.length === 0) drawRow(sheet, columns, rowLines(columns, ["", "No claim line", ""], regular));
  for (const line of data.claim.lines) {
    const cells = rowLines(columns, [[line.code, ...line.modifiers].join("-"), line.description, String(line.units)], regular);
    sheet.ensure(rowHeight(cells), () => drawTableHeader(sheet, columns));
    drawRow(sheet, columns, cells);
  }
  if (data.claim.notes.length > 0) sheet.y -= 4;
  for (const note of data.claim.notes) drawParagraph(sheet, `• ${note}`, { size: SMALL_SIZE, leading: 10.5, muted: true });
  sheet.y -= 16;

  // Who signed and recorded it, then what it is for.
  const recorded = formatDateTime(data.recordedAt, data.timeZone);
  const by = data.recordedBy !== null && data.recordedBy.trim() !== "" ? ` by ${data.recordedBy}` : "";
  const signed = wrap(`Signed: ${data.signerName}, recorded${by} on ${recorded}`, bold, BODY_SIZE, CONTENT_WIDTH);
  // Kept on one page with the notice under it.
  sheet.ensure(signed.length * BODY_LEADING + 12 + NOTICE_ROOM);
  for (const line of signed) {
    sheet.y -= BODY_LEADING;
    sheet.text(line, LEFT, sheet.y, { font: bold });
  }
  sheet.y -= 12;
  const lot = unit.lot !== null && unit.lot.trim() !== "" ? `, lot ${unit.lot.trim()},` : "";
  drawNotice(
    sheet,
    "Traceability",
    `This record supports the donor-to-patient traceability of 21 CFR 1271.290: it ties tissue identifier ${unit.tissueId}${lot} to this patient. Keep it in the patient's chart.`,
  );

  drawFooters(sheet, data.company, title);
  return doc.save();
}
