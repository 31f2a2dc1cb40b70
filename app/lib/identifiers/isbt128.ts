/**
 * ISBT 128, the coding of medical products of human origin, as described in
 * ICCBBA's ISBT 128 Standard Technical Specification (ST-001, v6.2.2):
 *
 * - Donation Identification Number, data structure 001: "=αppppyynnnnnnff".
 *   The 13 characters αppppyynnnnnn are the DIN (facility αpppp, year yy,
 *   sequence nnnnnn); the two flag characters ff are not part of it (§2.4.1).
 *   Flags 60 to 96 are "type 3" flags: 60 plus the DIN's ISO/IEC 7064
 *   mod 37-2 checksum (Appendix A.2); other flags carry process control and
 *   are not checked.
 * - Keyboard entry check character K (§7.5, Appendix A.1): the eye-readable
 *   DIN is printed with K in a box, "G1234 17 654321 [A]"; K is the mod 37-2
 *   checksum of the 13-character DIN read through Table 35 [RT035]
 *   (0-9 are 0-9, A-Z are 10-35, * is 36). A typed DIN with a K that does not
 *   match is refused.
 * - Product Code, data structure 003: "=<αooootds": a Product Description
 *   Code αoooo (α: T for tissues, S cellular therapy, E/F blood...) and a
 *   division or pack code tds (§2.4.3). Table 30 [RT002] gives the product
 *   code no keyboard check character ("Not applicable"; its last character
 *   may be lower case, which mod 37-2 cannot check), so it is checked by
 *   its shape only.
 *
 * Scanners that concatenate two barcodes (§10: DIN with blood groups, product
 * code with expiry) send both structures in one string; the structures below
 * are read in any order. A DIN identifies a donation: several grafts of one
 * donation share it and are told apart by the product code's pack code.
 */
import { Mod37_2 } from "@konfirm/iso7064";
import { daysInMonth, isoDate } from "~/lib/dates";

/** The 13-character DIN: α (A-N, P-Z, 1-9), two letters or digits, then ten digits. */
const DIN = /^[A-NP-Z1-9][A-NP-Z0-9]{2}\d{10}$/;
const FLAGS = /^[0-9A-HJ-NPR-Y]{2}$/;
const PRODUCT_CODE = /^[A-Z][A-Z0-9]{4}[A-Za-z0-9][A-Z0-9][a-z0-9]$/;
/** Table 35 [RT035]: a check value's character. */
const CHECK_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*";

/** Whether a string is a 13-character DIN (without flags or check character). */
export function isDin(value: string): boolean {
  return DIN.test(value);
}

/** The keyboard entry check character K of a 13-character DIN ("G123417654321" -> "A"). */
export function dinCheckCharacter(din: string): string {
  if (!DIN.test(din)) throw new Error("not a donation identification number");
  return Mod37_2.checksum(din);
}

/** "G123417654321" -> "G1234 17 654321": facility, year, sequence, as printed. */
export function formatDin(din: string): string {
  return `${din.slice(0, 5)} ${din.slice(5, 7)} ${din.slice(7)}`;
}

export type IsbtData = {
  /** The 13-character DIN. */
  din?: string;
  /** The 8-character product code: Product Description Code and division or pack code. */
  productCode?: string;
  /** "yyyy-mm-dd", from data structure 004, 005 or 026. */
  expiry?: string;
  /** MPHO lot number, data structure 035. */
  lot?: string;
};

type Structure = { di: string; length: number; name: string; read?: (content: string, into: IsbtData) => string | null };

const AGAIN = "Scan it again, or type the donation identification number with its check character.";

/** cyyjjj: century digit, year, day of the year (data structures 004 and 005). */
function julianDate(content: string): string | null {
  if (!/^\d{6}/.test(content)) return null;
  const year = 2000 + Number(content.slice(0, 3));
  const day = Number(content.slice(3, 6));
  const daysInYear = daysInMonth(year, 2) === 29 ? 366 : 365;
  if (day < 1 || day > daysInYear) return null;
  return new Date(Date.UTC(year, 0, day)).toISOString().slice(0, 10);
}

function expiryInto(date: string | null, into: IsbtData): string | null {
  if (date === null) return "its expiration date is not a real day";
  if (into.expiry !== undefined && into.expiry !== date) return "it holds two different expiration dates";
  into.expiry = date;
  return null;
}

/** The structures read (Table 2 [RT003]); any other data identifier is refused. */
const STRUCTURES: readonly Structure[] = [
  {
    di: "=<",
    length: 8,
    name: "product code",
    read: (content, into) => {
      if (!PRODUCT_CODE.test(content)) return `its product code ${content} is not one`;
      if (into.productCode !== undefined && into.productCode !== content) return "it holds two different product codes";
      into.productCode = content;
      return null;
    },
  },
  { di: "=%", length: 4, name: "blood groups" },
  { di: "=>", length: 6, name: "expiration date", read: (content, into) => expiryInto(julianDate(content), into) },
  {
    di: "&>",
    length: 10,
    name: "expiration date and time",
    read: (content, into) =>
      /^\d{6}([01]\d|2[0-3])[0-5]\d$/.test(content) ? expiryInto(julianDate(content), into) : "its expiration time is not a time",
  },
  { di: "=*", length: 6, name: "collection date" },
  { di: "&*", length: 10, name: "collection date and time" },
  { di: "=}", length: 6, name: "production date" },
  { di: "&}", length: 10, name: "production date and time" },
  {
    di: "=]",
    length: 6,
    name: "expiration month and year",
    read: (content, into) => {
      const month = Number(content.slice(4, 6));
      if (!/^\d{6}$/.test(content) || month < 1 || month > 12) return "its expiration month is not a month";
      const year = Number(content.slice(0, 4));
      return expiryInto(isoDate(year, month, daysInMonth(year, month)), into);
    },
  },
  { di: "=,", length: 6, name: "product divisions" },
  { di: "&+", length: 11, name: "processing facility information code" },
  { di: "=/", length: 16, name: "processor product identification code" },
  {
    di: "&,1",
    length: 18,
    name: "MPHO lot number",
    read: (content, into) => {
      if (!/^[A-Z0-9]{18}$/.test(content)) return "its lot number is not 18 letters and digits";
      into.lot = content;
      return null;
    },
  },
  { di: "&,2", length: 18, name: "MPHO supplemental identification number" },
];

function readDin(content: string, into: IsbtData): string | null {
  const din = content.slice(0, 13);
  const flags = content.slice(13);
  if (!DIN.test(din) || !FLAGS.test(flags)) return "its donation identification number is not one";
  if (/^\d{2}$/.test(flags) && Number(flags) >= 60 && Number(flags) <= 96) {
    const expected = 60 + CHECK_CHARACTERS.indexOf(dinCheckCharacter(din));
    if (Number(flags) !== expected)
      return `the check characters ${flags} do not match donation number ${formatDin(din)} (they should be ${expected})`;
  }
  if (into.din !== undefined && into.din !== din) return "it holds two different donation numbers";
  into.din = din;
  return null;
}

/** Reads one or more ISBT 128 data structures ("=" or "&" first), as a scanner sends them. */
export function readIsbt128(data: string): IsbtData | { error: string } {
  const into: IsbtData = {};
  let rest = data;
  while (rest.length > 0) {
    let problem: string | null;
    let length: number;
    if (rest[0] === "=" && /^[A-NP-Z1-9]$/.test(rest[1] ?? "")) {
      // Data structure 001: the DIN's first character is the second character of its data identifier.
      length = 16;
      problem = rest.length < length ? "its donation identification number is cut short" : readDin(rest.slice(1, length), into);
    } else {
      const structure = STRUCTURES.find((s) => rest.startsWith(s.di));
      if (!structure)
        return { error: `This ISBT 128 barcode holds data this form does not read (${rest.slice(0, 2)}). ${AGAIN}` };
      length = structure.di.length + structure.length;
      const content = rest.slice(structure.di.length, length);
      problem = content.length < structure.length ? `its ${structure.name} is cut short` : (structure.read?.(content, into) ?? null);
    }
    if (problem) return { error: `This ISBT 128 barcode is not valid: ${problem}. ${AGAIN}` };
    rest = rest.slice(length);
  }
  return into;
}

/**
 * A DIN typed from the label with its boxed check character: "G1234 17 654321 A",
 * spaced as printed or not at all ("G123417654321A"). Null when the text does
 * not have that shape; an error when K does not match. Without spaces, only a
 * DIN starting with a letter is taken as one, so that a plain number of the
 * same length stays a plain identifier.
 */
export function readTypedDin(text: string): { din: string } | { error: string } | null {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  const match = /^([A-NP-Z1-9][A-NP-Z0-9]{2}\d{10})([0-9A-Z*])$/.exec(compact);
  if (!match || !(/\s/.test(text.trim()) || /^[A-Z]/.test(compact))) return null;
  const din = match[1]!;
  const typed = match[2]!;
  const expected = dinCheckCharacter(din);
  if (typed !== expected)
    return {
      error:
        `The check character ${typed} does not match donation number ${formatDin(din)}: it should be ${expected}. ` +
        "Check the number and its boxed character on the label, and type them again.",
    };
  return { din };
}
