import { PDFDocument, StandardFonts, rgb, type Color, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import { formatCents } from "~/lib/format";
import { code128Modules, code128Png, CODE128_QUIET_ZONE_MODULES, isCode128Text } from "./barcode";

/**
 * The PDFs staff and practices download: an invoice, and the packing list that
 * goes in the box with an order (every unit's tissue identifier, for the
 * donor-to-patient traceability of 21 CFR 1271.290, each with its Code 128
 * barcode so the practice confirms receipt by scanning it).
 *
 * Neither carries patient data: no patient is passed in, only the practice,
 * the facility, the order's references and its products. Keep it that way:
 * these files are downloaded, mailed and printed outside the sealed records.
 *
 * Made with pdf-lib and the standard PDF fonts (Helvetica, Courier), whose
 * metrics pdf-lib carries in JavaScript: nothing to install, nothing read from
 * disk. Those fonts encode WinAnsi only, so every string is brought into it
 * first (accents and marks dropped, anything else shown as "?"): a name typed
 * with any character never makes a document fail. Pages are US Letter; long
 * documents continue on further pages with a short header and "Page 1 of 3".
 * No creation date is written, so the same data gives the same bytes.
 *
 * The exported building blocks (the page, its header and footers, facts,
 * tables) also lay out the application record (inventory/record-pdf.ts),
 * which does name its patient: it is a page of the patient's chart.
 */

export type PdfCompany = { name: string; addressLines: string[]; phone: string; email: string };
export type PdfAddress = { name: string; lines: string[] };
export type InvoicePdfData = {
  company: PdfCompany;
  /** "INV-000123" */
  invoiceNumber: string;
  /** Calendar dates as YYYY-MM-DD. */
  issuedOn: string;
  dueOn: string;
  /** "ORD-000045" */
  orderReference: string;
  /** "IVR-000012" */
  ivrReference: string;
  poNumber: string | null;
  /** Calendar date as YYYY-MM-DD. */
  dateOfService: string;
  /** The practice, by name (its address is the ship-to's, shown once). */
  billTo: string;
  /** The facility. */
  shipTo: PdfAddress;
  lines: { hcpcs: string; product: string; size: string; units: number; unitPriceCents: number; totalCents: number }[];
  totalCents: number;
  /** Payments so far, oldest first; the invoice is paid when they leave no balance. */
  payments: { paidOn: string; amountCents: number; reference: string }[];
  balanceCents: number;
  /** Lines of payment instructions (may be empty). */
  howToPay: string[];
};
export type PackingListPdfData = {
  company: PdfCompany;
  orderReference: string;
  ivrReference: string;
  poNumber: string | null;
  dateOfService: string;
  /** Words, e.g. "Expedited (next business day)". */
  shippingSpeed: string;
  shipTo: PdfAddress;
  /** "UPS"; null before shipping. */
  carrier: string | null;
  trackingNumber: string | null;
  shippedOn: string | null;
  lines: { hcpcs: string; product: string; size: string; quantity: number; units: PackingListUnit[] }[];
};
/** One graft of a line as shipped: its tissue identifier, and its lot and expiry date (YYYY-MM-DD) when known. */
export type PackingListUnit = { tissueId: string; lot: string | null; expiresOn: string | null };

/** "$1,234.50": the one money format of the site, shared with the pages. */

// ---------------------------------------------------------------------------
// Page geometry and style (points; US Letter is 8.5 × 11 in = 612 × 792 pt)

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
export const LEFT = 54;
export const RIGHT = PAGE_WIDTH - 54;
export const CONTENT_WIDTH = RIGHT - LEFT;
const TOP = PAGE_HEIGHT - 54;
/** Content stops here; the footer sits below. */
const BOTTOM = 72;
const FOOTER_Y = 40;

export const INK = rgb(0.11, 0.13, 0.16);
export const MUTED = rgb(0.4, 0.44, 0.49);
const RULE = rgb(0.8, 0.83, 0.86);
const FILL = rgb(0.945, 0.953, 0.961);
export const ACCENT = rgb(0.04, 0.36, 0.4);
const ACCENT_FILL = rgb(0.92, 0.965, 0.965);
const PAID_GREEN = rgb(0.07, 0.47, 0.25);

export const BODY_SIZE = 9.5;
export const BODY_LEADING = 12.5;
export const SMALL_SIZE = 8;

type Fonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont };
type Align = "left" | "right";

// ---------------------------------------------------------------------------
// Text the standard fonts can encode

/** Letters NFKD does not take apart, and a few signs WinAnsi lacks, with their plain look-alikes. */
const LOOK_ALIKES: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  Ŀ: "L",
  ŀ: "l",
  Ŧ: "T",
  ŧ: "t",
  Ə: "E",
  ə: "e",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2212": "-",
  "\u2044": "/",
  "\u2032": "'",
  "\u2033": '"',
};

const encodableByFont = new WeakMap<PDFFont, Set<number>>();

function encodable(font: PDFFont): Set<number> {
  let set = encodableByFont.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    encodableByFont.set(font, set);
  }
  return set;
}

/**
 * `text` with only characters `font` can encode: control characters and odd
 * spaces become spaces, invisible format characters go, accented letters
 * lose what WinAnsi cannot show ("ź" → "z"), and anything else becomes "?".
 */
function printable(text: string, font: PDFFont): string {
  const set = encodable(font);
  const fits = (value: string) => [...value].every((char) => set.has(char.codePointAt(0) ?? -1));
  let out = "";
  for (const char of text.normalize("NFC")) {
    if (set.has(char.codePointAt(0) ?? -1)) out += char;
    else if (/[\p{Cc}\p{Z}]/u.test(char)) out += " ";
    else if (/[\p{Cf}\p{M}]/u.test(char)) continue;
    else if (LOOK_ALIKES[char] !== undefined) out += LOOK_ALIKES[char];
    else {
      const plain = char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += plain !== "" && fits(plain) ? plain : "?";
    }
  }
  return out;
}

/** Lines of at most `width` points, broken between words (and inside a word too long for a line). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const measure = (value: string) => font.widthOfTextAtSize(value, size);
  const lines: string[] = [];
  let line = "";
  for (let word of printable(text, font).trim().split(/ +/)) {
    const candidate = line === "" ? word : `${line} ${word}`;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line !== "") lines.push(line);
    while (word.length > 1 && measure(word) > width) {
      let cut = word.length - 1;
      while (cut > 1 && measure(word.slice(0, cut)) > width) cut--;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    line = word;
  }
  if (line !== "" || lines.length === 0) lines.push(line);
  return lines;
}

/** At most `max` lines; the last one shown ends with "…" when some were left out. */
export function clamp(lines: string[], max: number): string[] {
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]}…`;
  return kept;
}

// ---------------------------------------------------------------------------
// A document being laid out from top to bottom

export class Sheet {
  page!: PDFPage;
  /** Where the next thing goes (its top edge). */
  y = TOP;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    /** Drawn at the top of every page after the first. */
    private readonly continuation: (sheet: Sheet) => void,
  ) {
    this.addPage();
  }

  addPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = TOP;
    if (this.doc.getPageCount() > 1) this.continuation(this);
  }

  /** Makes room for `height` points: a new page when this one is full, then `onNewPage` (a table's header, say). */
  ensure(height: number, onNewPage?: () => void): void {
    if (this.y - height >= BOTTOM) return;
    this.addPage();
    onNewPage?.();
  }

  width(text: string, font: PDFFont, size: number): number {
    return font.widthOfTextAtSize(printable(text, font), size);
  }

  /** One line of text whose baseline is at `baseline`; with align "right", `x` is its right edge. */
  text(
    value: string,
    x: number,
    baseline: number,
    options: { font?: PDFFont; size?: number; color?: Color; align?: Align } = {},
  ): void {
    const font = options.font ?? this.fonts.regular;
    const size = options.size ?? BODY_SIZE;
    const text = printable(value, font);
    if (text === "") return;
    const left = options.align === "right" ? x - font.widthOfTextAtSize(text, size) : x;
    this.page.drawText(text, { x: left, y: baseline, font, size, color: options.color ?? INK });
  }

  rule(y: number, options: { from?: number; to?: number; color?: Color; thickness?: number } = {}): void {
    this.page.drawLine({
      start: { x: options.from ?? LEFT, y },
      end: { x: options.to ?? RIGHT, y },
      thickness: options.thickness ?? 0.75,
      color: options.color ?? RULE,
    });
  }
}

export async function startDocument(title: string, company: PdfCompany): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  // Metadata strings are UTF-16 in the file: no need to bring them into WinAnsi.
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(company.name);
  doc.setCreator(company.name);
  doc.setProducer(company.name);
  doc.setLanguage("en-US");
  return { doc, fonts };
}

/** The company's name and contact on the left, the title and the document's references on the right. */
export function drawFirstHeader(sheet: Sheet, company: PdfCompany, title: string, references: [string, string][]): void {
  const { regular, bold } = sheet.fonts;
  const rightBlockWidth = 216;
  const leftWidth = CONTENT_WIDTH - rightBlockWidth - 24;

  let leftY = TOP;
  for (const line of clamp(wrap(company.name, bold, 15, leftWidth), 2)) {
    leftY -= 15;
    sheet.text(line, LEFT, leftY, { font: bold, size: 15, color: ACCENT });
    leftY -= 3;
  }
  leftY -= 4;
  const contact = [...company.addressLines, company.phone, company.email].filter((line) => line.trim() !== "");
  for (const line of clamp(contact.flatMap((entry) => wrap(entry, regular, 9, leftWidth)), 8)) {
    leftY -= 11.5;
    sheet.text(line, LEFT, leftY, { size: 9, color: MUTED });
  }

  let rightY = TOP;
  for (const line of clamp(wrap(title, bold, 17, rightBlockWidth + 24), 2)) {
    rightY -= 17;
    sheet.text(line, RIGHT, rightY, { font: bold, size: 17, align: "right" });
    rightY -= 4;
  }
  rightY -= 8;
  rightY = drawFacts(sheet, RIGHT - rightBlockWidth, rightY, rightBlockWidth, references);

  sheet.y = Math.min(leftY, rightY) - 16;
  sheet.rule(sheet.y, { color: ACCENT, thickness: 1.25 });
  sheet.y -= 22;
}

/** Label and value pairs from `top` down, in `width` points starting at `x`; returns where they end. */
export function drawFacts(sheet: Sheet, x: number, top: number, width: number, facts: [string, string][]): number {
  const { regular, bold } = sheet.fonts;
  const labelWidth = Math.min(width * 0.45, Math.max(0, ...facts.map(([label]) => sheet.width(label, regular, 9))) + 12);
  let y = top;
  for (const [label, value] of facts) {
    const lines = clamp(wrap(value, bold, 9, width - labelWidth), 3);
    y -= 9;
    sheet.text(label, x, y, { size: 9, color: MUTED });
    lines.forEach((line, index) => sheet.text(line, x + labelWidth, y - index * 11.5, { font: bold, size: 9 }));
    y -= (lines.length - 1) * 11.5 + 5;
  }
  return y;
}

/** A small uppercase heading over a block. */
export function drawLabel(sheet: Sheet, text: string, x: number, baseline: number): void {
  sheet.text(text.toUpperCase(), x, baseline, { font: sheet.fonts.bold, size: 7.5, color: MUTED });
}

/** An address from `top` down; returns where it ends. */
export function drawAddress(sheet: Sheet, label: string, address: PdfAddress, x: number, top: number, width: number): number {
  const { regular, bold } = sheet.fonts;
  let y = top - 7.5;
  drawLabel(sheet, label, x, y);
  y -= 6;
  for (const line of clamp(wrap(address.name, bold, 10.5, width), 2)) {
    y -= BODY_LEADING;
    sheet.text(line, x, y, { font: bold, size: 10.5 });
  }
  const lines = address.lines.filter((line) => line.trim() !== "").flatMap((line) => wrap(line, regular, BODY_SIZE, width));
  for (const line of clamp(lines, 10)) {
    y -= BODY_LEADING;
    sheet.text(line, x, y);
  }
  return y;
}

/** A notice across the page in a tinted box with an accent bar: its title, then its text. */
export function drawNotice(sheet: Sheet, title: string, text: string): void {
  const { regular, bold } = sheet.fonts;
  const lines = wrap(text, regular, BODY_SIZE, CONTENT_WIDTH - 30);
  const height = 16 + 12 + lines.length * BODY_LEADING;
  sheet.ensure(height);
  sheet.page.drawRectangle({ x: LEFT, y: sheet.y - height, width: CONTENT_WIDTH, height, color: ACCENT_FILL });
  sheet.page.drawRectangle({ x: LEFT, y: sheet.y - height, width: 3, height, color: ACCENT });
  sheet.text(title, LEFT + 15, sheet.y - 15, { font: bold, size: BODY_SIZE, color: ACCENT });
  lines.forEach((line, index) => sheet.text(line, LEFT + 15, sheet.y - 15 - (index + 1) * BODY_LEADING));
  sheet.y -= height + 22;
}

// ---------------------------------------------------------------------------
// Tables

export type Column = { title: string; width: number; align: Align };

/** A table's columns across the page: the one of width 0 (the product's) takes the room the others leave. */
export function filling(columns: Column[]): Column[] {
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  return columns.map((column) => (column.width === 0 ? { ...column, width: CONTENT_WIDTH - fixed } : column));
}

export const CELL_PADDING = 6;

function columnLefts(columns: Column[]): number[] {
  const lefts: number[] = [];
  let x = LEFT;
  for (const column of columns) {
    lefts.push(x);
    x += column.width;
  }
  return lefts;
}

/** Where a cell's text starts (left) or ends (right). */
function cellX(columns: Column[], index: number): number {
  const column = columns[index];
  const left = columnLefts(columns)[index];
  if (!column || left === undefined) throw new Error(`no column ${index}`);
  return column.align === "right" ? left + column.width - CELL_PADDING : left + CELL_PADDING;
}

export const HEADER_HEIGHT = 20;

export function drawTableHeader(sheet: Sheet, columns: Column[]): void {
  sheet.page.drawRectangle({ x: LEFT, y: sheet.y - HEADER_HEIGHT, width: CONTENT_WIDTH, height: HEADER_HEIGHT, color: FILL });
  columns.forEach((column, index) => {
    sheet.text(column.title, cellX(columns, index), sheet.y - 13.5, {
      font: sheet.fonts.bold,
      size: 8.5,
      color: MUTED,
      align: column.align,
    });
  });
  sheet.y -= HEADER_HEIGHT;
}

/** A row's cells, each wrapped to its column (at most four lines); the row's height follows the tallest. */
export function rowLines(columns: Column[], cells: string[], font: PDFFont): string[][] {
  return columns.map((column, index) => clamp(wrap(cells[index] ?? "", font, BODY_SIZE, column.width - 2 * CELL_PADDING), 4));
}

export function rowHeight(lines: string[][]): number {
  return Math.max(1, ...lines.map((cell) => cell.length)) * BODY_LEADING + 9;
}

export function drawRow(sheet: Sheet, columns: Column[], lines: string[][], options: { font?: PDFFont; rule?: boolean } = {}): void {
  const top = sheet.y;
  lines.forEach((cell, index) => {
    const column = columns[index];
    cell.forEach((line, row) => {
      sheet.text(line, cellX(columns, index), top - 13.5 - row * BODY_LEADING, { font: options.font, align: column?.align });
    });
  });
  sheet.y -= rowHeight(lines);
  if (options.rule !== false) sheet.rule(sheet.y, { thickness: 0.5 });
}

// ---------------------------------------------------------------------------
// Running headers and footers

/** What a document of an order names in its header: the order, its IVR, the practice's PO number when given, the date of service. */
function orderReferences(data: Pick<PackingListPdfData, "orderReference" | "ivrReference" | "poNumber" | "dateOfService">): [string, string][] {
  const references: [string, string][] = [
    ["Order", data.orderReference],
    ["IVR", data.ivrReference],
  ];
  if (data.poNumber !== null && data.poNumber.trim() !== "") references.push(["PO number", data.poNumber]);
  references.push(["Date of service", data.dateOfService]);
  return references;
}

export function continuationHeader(company: PdfCompany, title: string): (sheet: Sheet) => void {
  return (sheet) => {
    const { bold } = sheet.fonts;
    sheet.text(clamp(wrap(company.name, bold, 9, CONTENT_WIDTH / 2 - 12), 1)[0] ?? "", LEFT, TOP - 9, {
      font: bold,
      size: 9,
      color: ACCENT,
    });
    sheet.text(`${title} (continued)`, RIGHT, TOP - 9, { font: bold, size: 9, align: "right" });
    sheet.rule(TOP - 16, { color: ACCENT, thickness: 1 });
    sheet.y = TOP - 32;
  };
}

export function drawFooters(sheet: Sheet, company: PdfCompany, title: string): void {
  const pages = sheet.doc.getPages();
  const { regular } = sheet.fonts;
  const contact = [company.name, company.phone, company.email].filter((part) => part.trim() !== "").join("  ·  ");
  pages.forEach((page, index) => {
    sheet.page = page;
    sheet.rule(FOOTER_Y + 12, { thickness: 0.5 });
    const pageLabel = `Page ${index + 1} of ${pages.length}`;
    const room = CONTENT_WIDTH - sheet.width(pageLabel, regular, SMALL_SIZE) - 24;
    const left = clamp(wrap(`${title}  ·  ${contact}`, regular, SMALL_SIZE, room), 1)[0] ?? "";
    sheet.text(left, LEFT, FOOTER_Y, { size: SMALL_SIZE, color: MUTED });
    sheet.text(pageLabel, RIGHT, FOOTER_Y, { size: SMALL_SIZE, color: MUTED, align: "right" });
  });
}

// ---------------------------------------------------------------------------
// The invoice

const INVOICE_COLUMNS = filling([
  { title: "HCPCS", width: 56, align: "left" },
  { title: "Product", width: 0, align: "left" },
  { title: "Size", width: 94, align: "left" },
  { title: "Units", width: 40, align: "right" },
  { title: "Unit price", width: 74, align: "right" },
  { title: "Total", width: 80, align: "right" },
]);

export async function invoicePdf(data: InvoicePdfData): Promise<Uint8Array> {
  const title = `Invoice ${data.invoiceNumber}`;
  const { doc, fonts } = await startDocument(title, data.company);
  const sheet = new Sheet(doc, fonts, continuationHeader(data.company, title));
  const { regular, bold } = fonts;

  drawFirstHeader(sheet, data.company, title, [["Issued", data.issuedOn], ["Due", data.dueOn], ...orderReferences(data)]);

  const half = (CONTENT_WIDTH - 24) / 2;
  const billEnd = drawAddress(sheet, "Bill to", { name: data.billTo, lines: [] }, LEFT, sheet.y, half);
  const shipEnd = drawAddress(sheet, "Ship to", data.shipTo, LEFT + half + 24, sheet.y, half);
  sheet.y = Math.min(billEnd, shipEnd) - 26;

  const columns = INVOICE_COLUMNS;
  sheet.ensure(HEADER_HEIGHT + 40);
  drawTableHeader(sheet, columns);
  if (data.lines.length === 0) {
    drawRow(sheet, columns, rowLines(columns, ["", "No items", "", "", "", ""], regular));
  }
  for (const line of data.lines) {
    const cells = rowLines(
      columns,
      [line.hcpcs, line.product, line.size, String(line.units), formatCents(line.unitPriceCents), formatCents(line.totalCents)],
      regular,
    );
    sheet.ensure(rowHeight(cells), () => drawTableHeader(sheet, columns));
    drawRow(sheet, columns, cells);
  }

  // The total, under the amounts; each payment and the balance beneath it, or the paid mark.
  const last = data.payments.at(-1);
  const paid = data.balanceCents <= 0 && last ? last : null;
  sheet.ensure(36 + data.payments.length * 16 + (paid ? 26 : 18));
  // Wide enough for a payment's day and reference beside its amount.
  const totalsLeft = RIGHT - 280;
  sheet.y -= 20;
  sheet.text("Total", totalsLeft + CELL_PADDING, sheet.y, { font: bold, size: 11 });
  sheet.text(formatCents(data.totalCents), RIGHT - CELL_PADDING, sheet.y, { font: bold, size: 12, align: "right" });
  sheet.y -= 9;
  sheet.rule(sheet.y, { from: totalsLeft, color: INK, thickness: 1 });
  for (const payment of data.payments) {
    sheet.y -= 16;
    const label = clamp(wrap(`Paid ${payment.paidOn}, ${payment.reference}`, regular, BODY_SIZE, RIGHT - 90 - totalsLeft), 1)[0] ?? "";
    sheet.text(label, totalsLeft + CELL_PADDING, sheet.y);
    sheet.text(formatCents(-payment.amountCents), RIGHT - CELL_PADDING, sheet.y, { align: "right" });
  }
  if (data.payments.length > 0 && !paid) {
    sheet.y -= 18;
    sheet.text("Balance due", totalsLeft + CELL_PADDING, sheet.y, { font: bold, size: 11 });
    sheet.text(formatCents(data.balanceCents), RIGHT - CELL_PADDING, sheet.y, { font: bold, size: 12, align: "right" });
  }
  if (paid) {
    sheet.y -= 20;
    const mark = `PAID on ${paid.paidOn}, reference ${paid.reference}`;
    for (const line of clamp(wrap(mark, bold, 10.5, CONTENT_WIDTH - 2 * CELL_PADDING), 2)) {
      sheet.text(line, RIGHT - CELL_PADDING, sheet.y, { font: bold, size: 10.5, color: PAID_GREEN, align: "right" });
      sheet.y -= 14;
    }
  }
  sheet.y -= 18;

  const howToPay = data.howToPay.flatMap((line) => (line.trim() === "" ? [""] : wrap(line, regular, BODY_SIZE, CONTENT_WIDTH)));
  if (howToPay.length > 0) {
    sheet.ensure(24 + BODY_LEADING);
    sheet.y -= 10;
    drawLabel(sheet, "How to pay", LEFT, sheet.y);
    sheet.y -= 6;
    for (const line of howToPay) {
      sheet.ensure(BODY_LEADING);
      sheet.y -= BODY_LEADING;
      sheet.text(line, LEFT, sheet.y);
    }
  }

  drawFooters(sheet, data.company, title);
  return doc.save();
}

// ---------------------------------------------------------------------------
// The packing list

const PACKING_COLUMNS = filling([
  { title: "HCPCS", width: 64, align: "left" },
  { title: "Product", width: 0, align: "left" },
  { title: "Size", width: 96, align: "left" },
  { title: "Quantity", width: 64, align: "right" },
]);

const TRACEABILITY =
  "Tissue must be traceable from donor to patient (21 CFR 1271.290): keep each unit's tissue identifier with the patient's record.";

const ID_SIZE = 9;
const ID_LEADING = 11;
const LOT_SIZE = 8;
const LOT_LEADING = 10.5;
/** Where a line's units start, under its product. */
const ID_INDENT = LEFT + 64 + CELL_PADDING;
/** From a unit's checkbox to its number's right edge and its identifier. */
const CHECKBOX_ROOM = 14;
/** Between one unit's column and the next, beyond the barcode's quiet zone. */
const UNIT_GAP = 18;

/**
 * The width of a barcode's narrowest bar, in points. A handheld scanner reads
 * 0.25 mm bars and up; wider ones read from further away and survive a worn
 * printer. 0.96 pt (0.34 mm) is four dots of a 300 dpi printer; 0.72 pt
 * (0.254 mm, the common "10 mil" bar: three dots) still reads everywhere and
 * fits a 40-character identifier (see `unitColumns` for which a line uses).
 */
export const BAR_WIDE = 0.96;
export const BAR_NARROW = 0.72;
/** The bars' printed height: half an inch (12.7 mm), over the 10 mm a handheld scanner needs to aim. */
export const BARCODE_HEIGHT = 36;
/** Above the barcode (the rule or the row before) and between it and its identifier. */
const BARCODE_ABOVE = 7;
const BARCODE_BELOW = 4;

/** "Lot X · Expires 2027-05-31", as much of it as is known; null when neither is. */
function lotAndExpiry(unit: PackingListUnit): string | null {
  const parts: string[] = [];
  if (unit.lot !== null && unit.lot.trim() !== "") parts.push(`Lot ${unit.lot.trim()}`);
  if (unit.expiresOn !== null && unit.expiresOn.trim() !== "") parts.push(`Expires ${unit.expiresOn.trim()}`);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** A unit's barcode: its image, and its width in modules, quiet zones included. */
type Barcode = { png: Uint8Array; modules: number };

/**
 * Each unit's barcode; null for an identifier Code 128 cannot carry (one typed
 * before identifiers were checked), which is printed as text only.
 */
async function barcodesOf(units: PackingListUnit[]): Promise<(Barcode | null)[]> {
  return Promise.all(
    units.map(async ({ tissueId }) => {
      if (!isCode128Text(tissueId)) return null;
      const png = await code128Png(tissueId);
      return { png, modules: code128Modules(png) };
    }),
  );
}

/**
 * How a line's units go across: in as many columns as the widest unit allows
 * (at most three), a unit being its barcode with the quiet zone on its right,
 * or its identifier when wider. The wider bars, unless the narrower ones put
 * more units on a row (fewer pages) or keep a barcode the wider would not fit.
 * A barcode too wide for the row even with the narrower bars is left out (the
 * identifier is still printed).
 */
function unitColumns(
  sheet: Sheet,
  units: PackingListUnit[],
  found: (Barcode | null)[],
  textOffset: number,
): { bar: number; barcodes: (Barcode | null)[]; perRow: number } {
  const idArea = RIGHT - ID_INDENT;
  const barsAndQuiet = (barcode: Barcode) => barcode.modules - CODE128_QUIET_ZONE_MODULES;
  const at = (bar: number) => {
    const barcodes = found.map((barcode) => (barcode && textOffset + barsAndQuiet(barcode) * bar <= idArea ? barcode : null));
    const widest = Math.max(
      0,
      ...units.map((unit, index) => {
        const barcode = barcodes[index];
        return Math.max(sheet.width(unit.tissueId, sheet.fonts.mono, ID_SIZE), barcode ? barsAndQuiet(barcode) * bar : 0);
      }),
    );
    const perRow = Math.max(1, Math.min(3, Math.floor(idArea / (textOffset + widest + UNIT_GAP))));
    return { bar, barcodes, perRow, kept: barcodes.filter(Boolean).length };
  };
  const wide = at(BAR_WIDE);
  const narrow = at(BAR_NARROW);
  const { bar, barcodes, perRow } = narrow.perRow > wide.perRow || narrow.kept > wide.kept ? narrow : wide;
  return { bar, barcodes, perRow };
}

export async function packingListPdf(data: PackingListPdfData): Promise<Uint8Array> {
  const title = `Packing list ${data.orderReference}`;
  const { doc, fonts } = await startDocument(title, data.company);
  const sheet = new Sheet(doc, fonts, continuationHeader(data.company, title));
  const { regular, bold, mono } = fonts;

  drawFirstHeader(sheet, data.company, title, orderReferences(data));

  // Ship to on the left, the shipment on the right.
  const half = (CONTENT_WIDTH - 24) / 2;
  const shipToEnd = drawAddress(sheet, "Ship to", data.shipTo, LEFT, sheet.y, half);
  const shipmentLeft = LEFT + half + 24;
  drawLabel(sheet, "Shipment", shipmentLeft, sheet.y - 7.5);
  const shipment: [string, string][] = [["Speed", data.shippingSpeed]];
  if (data.carrier !== null) shipment.push(["Carrier", data.carrier]);
  if (data.trackingNumber !== null) shipment.push(["Tracking", data.trackingNumber]);
  if (data.shippedOn !== null) shipment.push(["Shipped on", data.shippedOn]);
  let shipmentEnd = drawFacts(sheet, shipmentLeft, sheet.y - 16, half, shipment);
  if (data.carrier === null && data.trackingNumber === null && data.shippedOn === null) {
    shipmentEnd -= 9;
    sheet.text("Not shipped yet", shipmentLeft, shipmentEnd, { size: 9, color: MUTED });
  }
  sheet.y = Math.min(shipToEnd, shipmentEnd) - 22;

  drawNotice(sheet, "Traceability", TRACEABILITY);

  const columns = PACKING_COLUMNS;
  sheet.ensure(HEADER_HEIGHT + 60);
  drawTableHeader(sheet, columns);
  if (data.lines.length === 0) {
    drawRow(sheet, columns, rowLines(columns, ["", "No items", "", ""], regular));
  }

  const idArea = RIGHT - ID_INDENT;
  for (const line of data.lines) {
    const cells = rowLines(columns, [line.hcpcs, line.product, line.size, String(line.quantity)], bold);
    const numberWidth = sheet.width(`${Math.max(line.units.length, 1)}.`, regular, SMALL_SIZE) + 4;
    // From a column's left edge to where its identifier, and its barcode's bars, start.
    const textOffset = CHECKBOX_ROOM + numberWidth;
    const { bar, barcodes, perRow } = unitColumns(sheet, line.units, await barcodesOf(line.units), textOffset);
    // Embedded one after the other, in the units' order, so the same data gives the same bytes.
    const placed: ({ image: PDFImage; modules: number } | null)[] = [];
    for (const barcode of barcodes) placed.push(barcode ? { image: await doc.embedPng(barcode.png), modules: barcode.modules } : null);
    const columnWidth = idArea / perRow;
    const textWidth = columnWidth - textOffset - UNIT_GAP;
    const quietZone = CODE128_QUIET_ZONE_MODULES * bar;

    // Each row of units: the identifier's and the lot's lines, and whether a barcode sits above them.
    type Cell = { number: number; barcode: { image: PDFImage; modules: number } | null; id: string[]; lot: string[] };
    const rows: { units: Cell[]; band: number; height: number }[] = [];
    for (let start = 0; start < line.units.length; start += perRow) {
      const units = line.units.slice(start, start + perRow).map((unit, offset) => {
        const lot = lotAndExpiry(unit);
        return {
          number: start + offset + 1,
          barcode: placed[start + offset] ?? null,
          id: clamp(wrap(unit.tissueId, mono, ID_SIZE, textWidth), 3),
          lot: lot === null ? [] : clamp(wrap(lot, regular, LOT_SIZE, textWidth), 2),
        };
      });
      const band = units.some((cell) => cell.barcode) ? BARCODE_ABOVE + BARCODE_HEIGHT + BARCODE_BELOW : 0;
      const text = Math.max(...units.map((cell) => 11 + (cell.id.length - 1) * ID_LEADING + cell.lot.length * LOT_LEADING));
      rows.push({ units, band, height: band + text + 6 });
    }

    const continued = () => {
      drawTableHeader(sheet, columns);
      sheet.y -= 14;
      sheet.text(`${line.hcpcs}  ${line.product}  ${line.size} (continued)`, cellX(columns, 0), sheet.y, {
        size: SMALL_SIZE,
        color: MUTED,
      });
      sheet.y -= 4;
    };

    // The line itself, kept with at least its first row of units.
    sheet.ensure(rowHeight(cells) + (rows[0]?.height ?? 15) + 10, () => drawTableHeader(sheet, columns));
    drawRow(sheet, columns, cells, { font: bold, rule: false });

    if (line.units.length === 0) {
      sheet.ensure(15, continued);
      sheet.y -= 11;
      sheet.text("Tissue identifiers are recorded when the order ships.", ID_INDENT, sheet.y, { size: 9, color: MUTED });
      sheet.y -= 4;
    }
    for (const row of rows) {
      sheet.ensure(row.height, continued);
      row.units.forEach((cell, offset) => {
        const x = ID_INDENT + offset * columnWidth;
        const textX = x + textOffset;
        // The bars start where the identifier does; the image's white quiet zone reaches back over the number's column.
        if (cell.barcode) {
          sheet.page.drawImage(cell.barcode.image, {
            x: textX - quietZone,
            y: sheet.y - BARCODE_ABOVE - BARCODE_HEIGHT,
            width: cell.barcode.modules * bar,
            height: BARCODE_HEIGHT,
          });
        }
        const baseline = sheet.y - row.band - 11;
        // A box to tick when the unit is checked in.
        sheet.page.drawRectangle({ x, y: baseline - 1, width: 8, height: 8, borderColor: MUTED, borderWidth: 0.6 });
        sheet.text(`${cell.number}.`, textX - 4, baseline, { size: SMALL_SIZE, color: MUTED, align: "right" });
        cell.id.forEach((idLine, index) => {
          sheet.text(idLine, textX, baseline - index * ID_LEADING, { font: mono, size: ID_SIZE });
        });
        const lotTop = baseline - (cell.id.length - 1) * ID_LEADING;
        cell.lot.forEach((lotLine, index) => {
          sheet.text(lotLine, textX, lotTop - (index + 1) * LOT_LEADING, { size: LOT_SIZE, color: MUTED });
        });
      });
      sheet.y -= row.height;
    }
    if (line.units.length > 0 && line.units.length !== line.quantity) {
      sheet.ensure(14, continued);
      sheet.y -= 11;
      sheet.text(`${line.units.length} of ${line.quantity} identifiers recorded.`, ID_INDENT, sheet.y, { size: 9, color: MUTED });
    }
    sheet.y -= 8;
    sheet.rule(sheet.y, { thickness: 0.5 });
  }

  drawFooters(sheet, data.company, title);
  return doc.save();
}
