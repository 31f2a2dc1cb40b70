import { rgb } from "pdf-lib";
import { products } from "~/content/products";
import { W9_PLACEHOLDER, type BuiltInDocument, type GuideBlock } from "~/content/library";
import {
  ACCENT,
  BODY_LEADING,
  BODY_SIZE,
  CONTENT_WIDTH,
  continuationHeader,
  drawFirstHeader,
  drawFooters,
  drawNotice,
  LEFT,
  MUTED,
  RIGHT,
  Sheet,
  SMALL_SIZE,
  startDocument,
  wrap,
  type PdfCompany,
} from "~/.server/orders/pdf";
import { PAPER_IVR_FORM, PAPER_ORDER_FORM, type PaperField, type PaperSection } from "./paper-forms";

/**
 * The PDFs of the documents the portal makes itself (content/library.ts):
 * the paper IVR and order forms (labels and blank lines, boxes to tick,
 * grouped as the portal's forms are), the W-9 placeholder, the product
 * catalog and the guides. Laid out with the invoice's building blocks
 * (orders/pdf.ts); no date is written, so the same content gives the same bytes.
 */

const LINE_INK = rgb(0.55, 0.58, 0.62);
const BOX = 8;
const GAP = 18;
const COLUMN = (CONTENT_WIDTH - GAP) / 2;

function sectionHeading(sheet: Sheet, title: string, note?: string): void {
  const { bold, regular } = sheet.fonts;
  const noteLines = note ? wrap(note, regular, SMALL_SIZE + 0.5, CONTENT_WIDTH) : [];
  sheet.ensure(40 + noteLines.length * 11);
  sheet.page.drawRectangle({ x: LEFT, y: sheet.y - 18, width: CONTENT_WIDTH, height: 18, color: rgb(0.92, 0.965, 0.965) });
  sheet.text(title.toUpperCase(), LEFT + 6, sheet.y - 12.5, { font: bold, size: 9, color: ACCENT });
  sheet.y -= 28;
  for (const line of noteLines) {
    sheet.text(line, LEFT, sheet.y, { size: SMALL_SIZE + 0.5, color: MUTED });
    sheet.y -= 11;
  }
  if (noteLines.length > 0) sheet.y -= 4;
}

function tickBox(sheet: Sheet, x: number, baseline: number): void {
  sheet.page.drawRectangle({ x, y: baseline - 1, width: BOX, height: BOX, borderColor: LINE_INK, borderWidth: 0.75 });
}

/** Options with a box before each, flowing across `width`; returns the height used. */
function drawChoices(sheet: Sheet, options: readonly string[], x: number, top: number, width: number, dryRun: boolean): number {
  const { regular } = sheet.fonts;
  let cx = x;
  let baseline = top - 10;
  for (const option of options) {
    const w = BOX + 4 + sheet.width(option, regular, SMALL_SIZE + 0.5) + 12;
    if (cx > x && cx + w > x + width) {
      cx = x;
      baseline -= 13;
    }
    if (!dryRun) {
      tickBox(sheet, cx, baseline);
      sheet.text(option, cx + BOX + 4, baseline, { size: SMALL_SIZE + 0.5 });
    }
    cx += w;
  }
  return top - baseline + 6;
}

/** One field at (x, top) in `width`; returns its height. With dryRun, only measures. */
function drawField(sheet: Sheet, field: PaperField, x: number, top: number, width: number, dryRun = false): number {
  const { regular, bold } = sheet.fonts;
  if (field.kind === "tick") {
    const lines = wrap(field.label, regular, BODY_SIZE, width - BOX - 6);
    if (!dryRun) {
      tickBox(sheet, x, top - 10);
      lines.forEach((line, i) => sheet.text(line, x + BOX + 6, top - 10 - i * BODY_LEADING));
    }
    return lines.length * BODY_LEADING + 6;
  }
  if (!dryRun) {
    sheet.text(field.label, x, top - 9, { font: bold, size: SMALL_SIZE + 0.5 });
    if (field.kind === "line" && field.hint) {
      const labelWidth = sheet.width(field.label, bold, SMALL_SIZE + 0.5);
      sheet.text(`(${field.hint})`, x + labelWidth + 4, top - 9, { size: SMALL_SIZE, color: MUTED });
    }
  }
  if (field.kind === "line") {
    if (!dryRun) sheet.rule(top - 30, { from: x, to: x + width, color: LINE_INK });
    return 40;
  }
  if (field.kind === "box") {
    const height = field.lines * 18;
    if (!dryRun) sheet.page.drawRectangle({ x, y: top - 16 - height, width, height, borderColor: LINE_INK, borderWidth: 0.75 });
    return height + 24;
  }
  return 20 + drawChoices(sheet, field.options, x, top - 12, width, dryRun);
}

/** A group's fields: lines two to a row, wide lines, choices and ticks across the page. */
function drawFields(sheet: Sheet, fields: PaperField[]): void {
  let pending: PaperField | null = null;
  const flushRow = (left: PaperField, right: PaperField | null) => {
    const height = Math.max(drawField(sheet, left, LEFT, sheet.y, COLUMN, true), right ? drawField(sheet, right, LEFT + COLUMN + GAP, sheet.y, COLUMN, true) : 0);
    sheet.ensure(height);
    drawField(sheet, left, LEFT, sheet.y, COLUMN);
    if (right) drawField(sheet, right, LEFT + COLUMN + GAP, sheet.y, COLUMN);
    sheet.y -= height;
  };
  for (const field of fields) {
    const half = field.kind === "line" && !field.wide;
    if (half) {
      if (pending) {
        flushRow(pending, field);
        pending = null;
      } else pending = field;
      continue;
    }
    if (pending) {
      flushRow(pending, null);
      pending = null;
    }
    const height = drawField(sheet, field, LEFT, sheet.y, CONTENT_WIDTH, true);
    sheet.ensure(height);
    drawField(sheet, field, LEFT, sheet.y, CONTENT_WIDTH);
    sheet.y -= height;
  }
  if (pending) flushRow(pending, null);
}

async function paperFormPdf(company: PdfCompany, title: string, intro: [string, string], sections: PaperSection[]): Promise<Uint8Array> {
  const { doc, fonts } = await startDocument(title, company);
  const sheet = new Sheet(doc, fonts, continuationHeader(company, title));
  drawFirstHeader(sheet, company, title, [
    ["Phone", company.phone],
    ["Email", company.email],
  ]);
  drawNotice(sheet, intro[0], intro[1]);
  for (const section of sections) {
    sectionHeading(sheet, section.title, section.note);
    for (const group of section.groups) {
      if (group.heading) {
        sheet.ensure(40);
        sheet.text(group.heading, LEFT, sheet.y - 10, { font: fonts.bold, size: BODY_SIZE + 0.5, color: ACCENT });
        sheet.y -= 18;
      }
      drawFields(sheet, group.fields);
    }
    sheet.y -= 6;
  }
  drawFooters(sheet, company, title);
  return doc.save();
}

function drawBlocks(sheet: Sheet, blocks: readonly GuideBlock[]): void {
  const { regular, bold } = sheet.fonts;
  for (const block of blocks) {
    sheet.ensure(40);
    sheet.text(block.heading, LEFT, sheet.y - 11, { font: bold, size: 11.5, color: ACCENT });
    sheet.y -= 22;
    for (const line of block.text ? wrap(block.text, regular, BODY_SIZE + 0.5, CONTENT_WIDTH) : []) {
      sheet.ensure(BODY_LEADING + 2);
      sheet.text(line, LEFT, sheet.y - 10, { size: BODY_SIZE + 0.5 });
      sheet.y -= BODY_LEADING + 1;
    }
    for (const point of block.points ?? []) {
      const lines = wrap(point, regular, BODY_SIZE + 0.5, CONTENT_WIDTH - 18);
      sheet.ensure(lines.length * (BODY_LEADING + 1) + 4);
      if (block.checklist) tickBox(sheet, LEFT, sheet.y - 10);
      else sheet.text("-", LEFT + 2, sheet.y - 10, { size: BODY_SIZE + 0.5 });
      lines.forEach((line, i) => sheet.text(line, LEFT + 16, sheet.y - 10 - i * (BODY_LEADING + 1), { size: BODY_SIZE + 0.5 }));
      sheet.y -= lines.length * (BODY_LEADING + 1) + 4;
    }
    sheet.y -= 10;
  }
}

async function guidePdf(company: PdfCompany, document: BuiltInDocument): Promise<Uint8Array> {
  const { doc, fonts } = await startDocument(document.title, company);
  const sheet = new Sheet(doc, fonts, continuationHeader(company, document.title));
  drawFirstHeader(sheet, company, document.title, [["From", company.name]]);
  drawNotice(sheet, document.title, document.description);
  drawBlocks(sheet, document.blocks ?? []);
  drawFooters(sheet, company, document.title);
  return doc.save();
}

async function catalogPdf(company: PdfCompany, document: BuiltInDocument): Promise<Uint8Array> {
  const sizes = (p: (typeof products)[number]) => (p.sizes.length > 0 ? p.sizes.map((s) => `${s.lengthCm} x ${s.widthCm} cm`).join(", ") : "By request");
  const blocks: GuideBlock[] = products.map((p) => ({
    heading: `${p.name} (HCPCS ${p.hcpcs})`,
    text: p.description,
    points: [`Sizes: ${sizes(p)}`, ...p.features],
  }));
  return guidePdf(company, { ...document, blocks });
}

async function w9Pdf(company: PdfCompany, document: BuiltInDocument): Promise<Uint8Array> {
  const { doc, fonts } = await startDocument(document.title, company);
  const sheet = new Sheet(doc, fonts, continuationHeader(company, document.title));
  drawFirstHeader(sheet, company, document.title, [
    ["Email", company.email],
    ["Phone", company.phone],
  ]);
  drawNotice(sheet, W9_PLACEHOLDER.heading, W9_PLACEHOLDER.text);
  const mark = "PLACEHOLDER";
  const markWidth = fonts.bold.widthOfTextAtSize(mark, 64);
  sheet.page.drawText(mark, { x: LEFT + (CONTENT_WIDTH - markWidth) / 2, y: 300, size: 64, font: fonts.bold, color: rgb(0.9, 0.91, 0.92) });
  sheet.text(`Request it from ${company.email}`, RIGHT, sheet.y - 10, { align: "right", color: MUTED });
  drawFooters(sheet, company, document.title);
  return doc.save();
}

/** The bytes of a built-in document, made from the content and the company's details. */
export async function builtInPdf(company: PdfCompany, document: BuiltInDocument): Promise<Uint8Array> {
  switch (document.kind) {
    case "ivr-form":
      return paperFormPdf(
        company,
        document.title,
        ["For practices that fax", "Fill in every field you can and send it with the insurance card (both sides) and the clinical notes; call or email us for where to fax it. A request sent in the Clinical Portal is answered faster and shows its status as it goes."],
        PAPER_IVR_FORM,
      );
    case "order-form":
      return paperFormPdf(
        company,
        document.title,
        ["An order needs an approved IVR", "Write the approved IVR's reference for the patient, or leave it empty for stock. Orders placed in the Clinical Portal show their status and tracking."],
        PAPER_ORDER_FORM,
      );
    case "w9":
      return w9Pdf(company, document);
    case "catalog":
      return catalogPdf(company, document);
    case "guide":
      return guidePdf(company, document);
  }
}
