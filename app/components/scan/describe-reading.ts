import { formatDin, isScanError, type ScanResult } from "~/lib/identifiers";

/** What a scan field says under itself about the text in it. */
export type ReadingDescription =
  | { error: false; text: string; next?: string }
  | { error: true; text: string };

const SCHEMES = {
  gs1: "GS1",
  "isbt128-din": "ISBT 128",
  "isbt128-product": "ISBT 128",
  plain: "Tissue identifier",
} as const;

/**
 * The line a person reads to check a scan before sending it: the scheme, then
 * the values read, in the order printed on a label ("GS1: GTIN 09501101020917
 * · lot ABC123 · expires 2026-06-30 · serial 10"), or why it cannot be read.
 * `next` says which other barcode of the label to scan, when this one does not
 * identify the graft by itself.
 */
export function describeReading(result: ScanResult): ReadingDescription {
  if (isScanError(result)) return { error: true, text: result.error };
  const parts =
    result.kind === "plain"
      ? [result.tissueId ?? ""]
      : [
          result.din !== undefined ? `DIN ${formatDin(result.din)}` : null,
          result.productCode !== undefined ? `product code ${result.productCode}` : null,
          result.gtin !== undefined ? `GTIN ${result.gtin}` : null,
          result.lot !== undefined ? `lot ${result.lot}` : null,
          result.expiry !== undefined ? `expires ${result.expiry}` : null,
          result.serial !== undefined ? `serial ${result.serial}` : null,
        ].filter((part) => part !== null);
  const text = `${SCHEMES[result.kind]}: ${parts.join(" · ")}`;
  return result.next === undefined ? { error: false, text } : { error: false, text, next: result.next };
}
