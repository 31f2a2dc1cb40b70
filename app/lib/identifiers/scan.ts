/**
 * What a barcode scanner (or a camera's barcode reader) gives, or what a
 * person types, read into the identifier of one graft: a GS1 element string,
 * ISBT 128 data structures, an ISBT 128 DIN typed with its check character,
 * or the plain tissue identifier printed on the label.
 *
 * How the text is told apart, in this order:
 * - a symbology identifier ("]C1", "]d2", "]Q3", "]e0"...: ISO/IEC 15424, sent
 *   when the scanner is set to) of a GS1 symbology: GS1;
 * - "=" or "&" first: ISBT 128 (their data identifiers, reserved to ISBT 128);
 * - "+" first: HIBC, which is refused with a message;
 * - a group separator anywhere, "(AI)" first, or a GTIN-14 with a good check
 *   digit after AI 01, 02 or 03 (or an SSCC after 00): GS1 without symbology
 *   identifier (the usual scanner setting);
 * - a 13-character DIN followed by its check character: a typed DIN;
 * - otherwise the plain tissue identifier rules.
 */
import { gs1CheckDigit, GROUP_SEPARATOR, isValidGtin, readGs1, type Gs1Data, type Gs1Element } from "./gs1";
import { readIsbt128, readTypedDin, type IsbtData } from "./isbt128";
import { isPlainTissueId, TISSUE_ID_RULE } from "./plain";

export type ScanKind = "gs1" | "isbt128-din" | "isbt128-product" | "plain";

export type ScanReading = {
  kind: ScanKind;
  /**
   * The unit's identifier to look up: the GS1 serial (else the lot), the
   * ISBT 128 DIN, or the typed identifier. Null when this barcode alone does
   * not identify a unit (a GTIN without serial or lot, an ISBT 128 product code
   * without DIN): then `next` says what to scan, and `mergeScans` joins the two.
   */
  tissueId: string | null;
  gtin?: string;
  lot?: string;
  /** "yyyy-mm-dd" */
  expiry?: string;
  serial?: string;
  /** ISBT 128: the 13-character donation identification number. */
  din?: string;
  /** ISBT 128: the product code, Product Description Code and pack or division code. */
  productCode?: string;
  next?: string;
  /** GS1: every element read, including the AIs not named above. */
  elements?: Gs1Element[];
};

export type ScanError = { error: string };
export type ScanResult = ScanReading | ScanError;

export function isScanError(result: ScanResult): result is ScanError {
  return "error" in result;
}

/** A symbology identifier: "]", the symbology's letter, a modifier character. */
const SYMBOLOGY_ID = /^\][A-Za-z][0-9A-Za-z]/;
const GS1_SYMBOLOGIES = new Set(["]C1", "]d2", "]Q3", "]e0", "]e1", "]e2", "]J1"]);
/** Ways a scanner types the group separator besides ASCII 29: its Unicode picture, or "<GS>". */
const GS_STAND_INS = /\u241d|<GS>/gi;

function startsWithGs1Key(data: string): boolean {
  const gtin = /^0[123](\d{14})/.exec(data);
  if (gtin) return isValidGtin(gtin[1]!);
  const sscc = /^00(\d{18})/.exec(data);
  return sscc !== null && gs1CheckDigit(sscc[1]!.slice(0, 17)) === Number(sscc[1]![17]);
}

function looksLikeGs1(data: string): boolean {
  return data.includes(GROUP_SEPARATOR) || /^\(\d{2,4}\)/.test(data) || startsWithGs1Key(data);
}

const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

function fromGs1(data: Gs1Data): ScanReading {
  const tissueId = data.serial ?? data.lot ?? null;
  return defined({
    kind: "gs1",
    tissueId,
    gtin: data.gtin,
    lot: data.lot,
    expiry: data.expiry,
    serial: data.serial,
    elements: data.elements,
    next:
      tissueId === null
        ? "This barcode does not hold the graft's serial or lot number: scan the label's other barcode, or type the tissue identifier printed on it."
        : undefined,
  });
}

function fromIsbt(data: IsbtData): ScanResult {
  if (data.din === undefined && data.productCode === undefined)
    return { error: "This ISBT 128 barcode holds no donation number or product code: scan the label's donation identification number (DIN) barcode." };
  return defined({
    kind: data.din === undefined ? "isbt128-product" : "isbt128-din",
    tissueId: data.din ?? null,
    din: data.din,
    productCode: data.productCode,
    expiry: data.expiry,
    lot: data.lot,
    next: data.din === undefined ? "Now scan the donation identification number (DIN) barcode of the same label." : undefined,
  });
}

function shown(text: string): string {
  return text.length <= 40 && /^[\x20-\x7e]+$/.test(text) ? `“${text}”` : "This";
}

/**
 * Reads one scan or one typed identifier. Leading and trailing whitespace (a
 * scanner's Enter or Tab suffix) is dropped.
 */
export function readScan(text: string): ScanResult {
  const typed = text.trim().replace(GS_STAND_INS, GROUP_SEPARATOR);
  if (typed === "") return { error: "Scan the label's barcode or type its tissue identifier" };

  const symbology = SYMBOLOGY_ID.exec(typed)?.[0];
  const data = symbology ? typed.slice(symbology.length) : typed;
  if ((symbology && GS1_SYMBOLOGIES.has(symbology)) || (!data.startsWith("=") && !data.startsWith("&") && looksLikeGs1(data))) {
    const gs1 = readGs1(data);
    return "error" in gs1 ? gs1 : fromGs1(gs1);
  }
  if (data.startsWith("=") || data.startsWith("&")) {
    const isbt = readIsbt128(data);
    return "error" in isbt ? isbt : fromIsbt(isbt);
  }
  if (data.startsWith("+"))
    return {
      error: "This is a HIBC barcode, which this form does not read: scan the label's GS1 or ISBT 128 barcode, or type the tissue identifier printed on it.",
    };
  const din = readTypedDin(data);
  if (din) return "error" in din ? din : fromIsbt(din);
  if (isPlainTissueId(data)) return { kind: "plain", tissueId: data };
  return { error: `${shown(data)} is not a tissue identifier we can read. ${TISSUE_ID_RULE}, or a GS1 or ISBT 128 barcode.` };
}

const COMPARED = [
  ["gtin", "GTIN"],
  ["lot", "lot number"],
  ["serial", "serial number"],
  ["expiry", "expiry date"],
  ["din", "donation number"],
  ["productCode", "product code"],
] as const;

/**
 * Joins the readings of two barcodes of one label: a GS1 label whose GTIN and
 * expiry are in one barcode and its lot and serial in another, or an ISBT 128
 * label's product code and DIN, scanned one after the other (a scanner that
 * concatenates sends them as one). Refused when they are not of one scheme or
 * disagree on a value.
 */
export function mergeScans(first: ScanReading, second: ScanReading): ScanResult {
  const isbt = (r: ScanReading) => r.kind === "isbt128-din" || r.kind === "isbt128-product";
  if (!((first.kind === "gs1" && second.kind === "gs1") || (isbt(first) && isbt(second))))
    return { error: "These two barcodes are not from one label: scan one label's barcodes one after the other." };
  for (const [key, label] of COMPARED) {
    const [a, b] = [first[key], second[key]];
    if (a !== undefined && b !== undefined && a !== b)
      return { error: `These two barcodes are from different labels: their ${label}s differ.` };
  }
  const pick = <K extends (typeof COMPARED)[number][0]>(key: K) => first[key] ?? second[key];
  if (first.kind === "gs1") {
    const elements = [...(first.elements ?? [])];
    for (const element of second.elements ?? []) if (!elements.some((e) => e.ai === element.ai)) elements.push(element);
    return fromGs1({ gtin: pick("gtin"), lot: pick("lot"), serial: pick("serial"), expiry: pick("expiry"), elements });
  }
  return fromIsbt({ din: pick("din"), productCode: pick("productCode"), expiry: pick("expiry"), lot: pick("lot") });
}
