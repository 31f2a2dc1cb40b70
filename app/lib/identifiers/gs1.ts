/**
 * GS1 element strings, as a scanner types them or as printed under the
 * barcode: "(01)09501101020917(17)190508(10)ABCD1234(21)10".
 *
 * The elements are split by gs1-barcode-parser-mod (its table of 226
 * application identifiers); this module checks what the library does not:
 * the GTIN's check digit, that dates are real days, the lengths and
 * characters of lot and serial, and one value per AI.
 *
 * How elements are told apart: an AI whose length is predefined by its first
 * two digits (00-04, 11-17, 20, 31-36, 41: GS1 General Specifications,
 * "Predefined length indicator" table) ends after that many characters and
 * needs no separator; every other element (lot 10, serial 21, ...) runs to the
 * group separator GS (ASCII 29, what FNC1 becomes inside the data) or to the
 * end. Printed with parentheses, each "(AI)" starts an element. A scanner that
 * types nothing for GS (the usual keyboard setting: GS is Ctrl+], which a
 * text box ignores) still gives a readable string when at most one variable
 * element is present and it is last, which is how labels put it; a lot and a
 * serial both present then run together, and the result is refused when it is
 * longer than GS1 allows, or shows the person a lot that holds the serial.
 */
import { parseBarcode } from "gs1-barcode-parser-mod";
import { daysInMonth } from "~/lib/dates";

/** The group separator (ASCII 29) that ends a variable-length element. */
export const GROUP_SEPARATOR = "\u001d";

/** A GS1 check digit (mod 10, weights 3 and 1 from the right) for the digits before it. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += (body.charCodeAt(i) - 48) * weight;
  return (10 - (sum % 10)) % 10;
}

/** A GTIN-14 with a correct check digit (09501101020917 is one). */
export function isValidGtin(value: string): boolean {
  return /^\d{14}$/.test(value) && gs1CheckDigit(value.slice(0, 13)) === Number(value[13]);
}

export type Gs1Element = { ai: string; value: string };

export type Gs1Data = {
  gtin?: string;
  lot?: string;
  serial?: string;
  /** AI 17 as "yyyy-mm-dd"; a day of 00 is the month's last day. */
  expiry?: string;
  /** Every element read, in order, including the AIs not named above. */
  elements: Gs1Element[];
};

/** Dates written YYMMDD: production, due, packaging, best before, sell by, expiry. */
const DATE_AIS = new Set(["11", "12", "13", "15", "16", "17"]);

/** GS1's character set 82, the only characters of a lot or serial. */
const CHARSET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;

const VARIABLE_FIELDS: Record<string, { name: string; max: number }> = {
  "10": { name: "lot number", max: 20 },
  "21": { name: "serial number", max: 20 },
};

const AGAIN = "Scan it again, or type the tissue identifier printed on the label.";

function libraryProblem(message: string): string {
  if (message.includes("truncated")) return "its data stops part way through a field";
  if (message.includes("date")) return "it holds a date that is not a date";
  if (message.includes("bracketed")) return "an AI in brackets does not match the data after it";
  return "it holds a field GS1 does not define";
}

/**
 * Reads an element string: `data` without a symbology identifier, with GS as
 * ASCII 29 (or the printed form with parentheses). Whitespace is dropped (it
 * is not in GS1's character set; printed forms space out the digits).
 */
export function readGs1(data: string): Gs1Data | { error: string } {
  const text = data.replace(/\s+/g, "").replace(/^\u001d+/, "");
  const separated = text.includes(GROUP_SEPARATOR) || text.startsWith("(");
  let items;
  try {
    items = parseBarcode(text).parsedCodeItems;
  } catch (thrown) {
    return { error: `This is not a valid GS1 barcode: ${libraryProblem(String(thrown))}. ${AGAIN}` };
  }
  if (items.length === 0) return { error: `This GS1 barcode holds no data. ${AGAIN}` };

  const result: Gs1Data = { elements: [] };
  const seen = new Map<string, string>();
  for (const item of items) {
    const value = item.raw;
    const before = seen.get(item.ai);
    if (before !== undefined && before !== value)
      return { error: `This barcode holds AI (${item.ai}) twice with different values. ${AGAIN}` };
    seen.set(item.ai, value);
    result.elements.push({ ai: item.ai, value });

    if (DATE_AIS.has(item.ai)) {
      const month = Number(value.slice(2, 4));
      const day = Number(value.slice(4, 6));
      const year = Number(item.isoDate.slice(0, 4));
      if (!/^\d{6}$/.test(value) || month < 1 || month > 12 || day > daysInMonth(year, month))
        return { error: `The date ${value} in AI (${item.ai}) is not a real day. ${AGAIN}` };
      if (item.ai === "17") result.expiry = item.isoDate;
    }

    const field = VARIABLE_FIELDS[item.ai];
    if (field) {
      if (value.length > field.max)
        return {
          error: separated
            ? `The ${field.name} is ${value.length} characters, more than the ${field.max} GS1 allows. ${AGAIN}`
            : `The ${field.name} read is ${value.length} characters, more than the ${field.max} GS1 allows: the scanner ` +
              `did not send the separator between two fields. Set it to send the group separator (GS), then scan again.`,
        };
      if (value === "" || !CHARSET_82.test(value))
        return { error: `The ${field.name} holds characters GS1 does not allow. ${AGAIN}` };
      if (item.ai === "10") result.lot = value;
      else result.serial = value;
    }

    if (item.ai === "01") {
      if (!/^\d{14}$/.test(value)) return { error: `The GTIN ${value} is not 14 digits. ${AGAIN}` };
      if (!isValidGtin(value))
        return {
          error: `The GTIN ${value} has a wrong check digit (it should end in ${gs1CheckDigit(value.slice(0, 13))}). ${AGAIN}`,
        };
      result.gtin = value;
    }
  }
  return result;
}
