import { stringify } from "csv-stringify/sync";

/**
 * CSV as RFC 4180 describes it (CRLF line ends, quotes doubled), written by
 * csv-stringify, made safe to open in a spreadsheet: every cell is quoted, so
 * a spreadsheet that splits on another character (a semicolon, in much of the
 * world) still reads one cell, and a value that would start a formula gets a
 * leading quote.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | Date | null | undefined;

/** Keeps a spreadsheet from running a submitted value as a formula. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  return neutraliseFormula(value instanceof Date ? value.toISOString() : String(value));
}

/** Rows of CSV, every cell quoted, each line ended by CRLF (a part of a file: rows written in turn make one file). */
export function csvRows(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => row.map(cellText)),
    { quoted: true, quoted_empty: true, record_delimiter: "\r\n" },
  );
}

/** Header row and data rows, every cell quoted, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return csvRows([header, ...rows]);
}

/** "contact-2026-11-22.csv": the kind and the day (UTC) of the export. */
export function csvFileName(kind: string, at: Date = new Date()): string {
  return `${kind}-${at.toISOString().slice(0, 10)}.csv`;
}

// ---------------------------------------------------------------------------
// Downloads

/** An ASCII stand-in for a file name, safe inside a quoted header parameter. */
export function asciiFileName(name: string): string {
  const safe = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._ -]/g, "_")
    .replace(/^[.\s]+/, "")
    .trim();
  return safe || "download";
}

/** RFC 5987 value: percent-encoded UTF-8, also encoding the few characters encodeURIComponent leaves but the syntax forbids. */
export function encodeRfc5987(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Content-Disposition of a download: an ASCII name for old clients, the exact UTF-8 name for the rest. */
export function attachmentDisposition(name: string): string {
  return `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
