/**
 * CSV as RFC 4180 describes it (CRLF line ends; a field with a comma, a
 * quote or a line break is quoted, its quotes doubled), made safe to open in
 * a spreadsheet: a value that would start a formula gets a leading quote.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Keeps a spreadsheet from running a submitted value as a formula. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One field, neutralised and quoted when it has to be. */
export function csvField(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = neutraliseFormula(value instanceof Date ? value.toISOString() : String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | boolean | Date | null | undefined)[]): string {
  return values.map(csvField).join(",");
}

/** Header row and data rows, each line ended by CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | Date | null | undefined)[])[],
): string {
  return [header, ...rows].map((r) => `${csvLine(r)}\r\n`).join("");
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
