import { X12Interchange, X12Parser, type X12SerializationOptions } from "node-x12";

/**
 * The one place the domain meets node-x12: reading an interchange into plain
 * segments, and writing one from them. node-x12 parses and generates; this
 * file adds only what a lenient reader of payers' files needs around it:
 * the separators are taken from the ISA itself (node-x12 reads them at fixed
 * offsets, which a payer's short ISA breaks), line breaks are dropped (a file
 * wrapped at 80 columns breaks lines inside segments), a missing last
 * terminator is put back, and the parser's objections (a trailer count that does not
 * match) are kept as warnings instead of losing the answer.
 */

export type Separators = {
  element: string;
  /** ISA16 */
  component: string;
  /** ISA11 from version 00501 on; null when the interchange declares none. */
  repetition: string | null;
  segment: string;
};

/** A segment as read: `elements[0]` is element 01. */
export type Segment = { tag: string; elements: string[] };

export type Transaction = {
  /** ST01: 270, 271, 999... */
  set: string;
  /** ST02 */
  control: string;
  /** ST03 */
  version: string;
  /** The segments between ST and SE. */
  segments: Segment[];
};

export type Interchange = {
  separators: Separators;
  sender: string;
  receiver: string;
  /** ISA13 */
  control: string;
  /** ISA15: P production, T test. */
  usage: string;
  transactions: Transaction[];
  /** What does not add up (trailer counts, control numbers), in the parser's words; the content is read all the same. */
  warnings: string[];
};

export class X12ReadError extends Error {
  override name = "X12ReadError";
}

/** Element `n` (1-based) of a segment, trimmed; "" when absent. */
export function el(segment: Segment, n: number): string {
  return (segment.elements[n - 1] ?? "").trim();
}

/** The repetitions of element `n`, split on the repetition separator the ISA declared. */
export function repeats(segment: Segment, n: number, separators: Separators): string[] {
  const value = el(segment, n);
  if (value === "") return [];
  const parts = separators.repetition ? value.split(separators.repetition) : [value];
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}

/** The components of composite element `n`, split on ISA16. */
export function components(segment: Segment, n: number, separators: Separators): string[] {
  const value = el(segment, n);
  return value === "" ? [] : value.split(separators.component).map((p) => p.trim());
}

/**
 * The separators an ISA declares: the element separator is its fourth
 * character; ISA16, after the sixteenth element separator, is the component
 * separator, and the character after it ends the segment. Counting
 * separators rather than offsets reads an ISA whose fixed-width fields were
 * not padded.
 */
export function separatorsOf(text: string): Separators {
  return isaOf(text).separators;
}

/** The ISA's separators, and its length up to its terminator (ISA16 included). */
function isaOf(text: string): { separators: Separators; length: number } {
  if (!text.startsWith("ISA") || text.length < 16) throw new X12ReadError("This is not an X12 interchange: it does not start with ISA.");
  const element = text[3]!;
  if (/[A-Za-z0-9\s]/.test(element)) throw new X12ReadError("This is not an X12 interchange: its ISA has no element separator.");
  let seen = 0;
  let i = 0;
  for (; i < text.length && seen < 16; i++) if (text[i] === element) seen++;
  const component = text[i];
  const segment = text[i + 1];
  if (seen < 16 || component === undefined || segment === undefined) throw new X12ReadError("The interchange's ISA segment is incomplete.");
  const isa = text.slice(0, i).split(element);
  const version = isa[12] ?? "";
  const declared = isa[11] ?? "";
  // Before 00501, ISA11 was a standards identifier ("U"), not a separator.
  const repetition = version >= "00501" && declared.length === 1 && !/[A-Za-z0-9\s]/.test(declared) ? declared : null;
  return { separators: { element, component, repetition, segment }, length: i + 1 };
}

/**
 * Reads an interchange, leniently: whatever the trailers say, every segment
 * between ST and SE is kept. Throws X12ReadError only when the text is not
 * X12 at all.
 */
export function readInterchange(raw: string): Interchange {
  const start = raw.indexOf("ISA");
  if (start < 0 || raw.slice(0, start).trim().replace(/^\uFEFF/, "") !== "") {
    throw new X12ReadError("This is not an X12 interchange: it does not start with ISA.");
  }
  let text = raw.slice(start).trimEnd();
  let isa = isaOf(text);
  // A file wrapped at a fixed width may break the ISA itself: read it without the breaks.
  if (/[\r\n]/.test(text.slice(0, isa.length))) isa = isaOf(text.replace(/[\r\n]+/g, ""));
  const separators = isa.separators;
  // Line breaks are not X12 data: after each terminator, or a file wrapped at a fixed width, they go.
  if (!/[\r\n]/.test(separators.segment)) text = text.replace(/[\r\n]+/g, "");
  if (!text.endsWith(separators.segment)) text += separators.segment;
  const parser = new X12Parser(false);
  const options: X12SerializationOptions = {
    elementDelimiter: separators.element,
    segmentTerminator: separators.segment,
    subElementDelimiter: separators.component,
    repetitionDelimiter: separators.repetition ?? "^",
  };
  const parsed = parser.parse(text, options);
  const interchanges = "interchanges" in parsed ? parsed.interchanges : [parsed];
  const first = interchanges[0];
  if (!first?.header) throw new X12ReadError("The interchange has no ISA segment.");
  const transactions: Transaction[] = [];
  for (const interchange of interchanges) {
    for (const group of interchange.functionalGroups) {
      for (const tx of group.transactions) {
        transactions.push({
          set: tx.header.valueOf(1, "").trim(),
          control: tx.header.valueOf(2, "").trim(),
          version: tx.header.valueOf(3, "").trim(),
          segments: tx.segments.map((s) => ({ tag: s.tag.trim(), elements: s.elements.map((e) => e.value) })),
        });
      }
    }
  }
  return {
    separators,
    sender: first.header.valueOf(6, "").trim(),
    receiver: first.header.valueOf(8, "").trim(),
    control: first.header.valueOf(13, "").trim(),
    usage: first.header.valueOf(15, "").trim(),
    transactions,
    warnings: parser.diagnostics.map((d) => d.message.replace(/^X12 Standard: /, "")),
  };
}

export type InterchangeToWrite = {
  separators: Separators;
  sender: string;
  receiver: string;
  /** 1 to 999999999: ISA13, GS06 */
  control: number;
  usage: "P" | "T";
  at: Date;
  /** GS01: HS for a 270 */
  functionalId: string;
  /** ST01 */
  set: string;
  /** GS08 and ST03 */
  version: string;
  /** Between ST and SE; node-x12 writes ST, SE, GS, GE, ISA and IEA with their counts. */
  segments: Segment[];
};

const utc = (at: Date) => at.toISOString().replace(/[-:T]/g, "");

/** Writes one transaction in one group in one interchange (no line breaks: a clearinghouse reads it as one stream). */
export function writeInterchange(input: InterchangeToWrite): string {
  const s = input.separators;
  const stamp = utc(input.at); // 20260105123456...
  const interchange = new X12Interchange({
    elementDelimiter: s.element,
    segmentTerminator: s.segment,
    subElementDelimiter: s.component,
    repetitionDelimiter: s.repetition ?? "^",
  });
  interchange.setHeader([
    "00",
    "",
    "00",
    "",
    "ZZ",
    input.sender,
    "ZZ",
    input.receiver,
    stamp.slice(2, 8),
    stamp.slice(8, 12),
    s.repetition ?? "U",
    "00501",
    String(input.control),
    "0",
    input.usage,
    s.component,
  ]);
  const group = interchange.addFunctionalGroup();
  group.setHeader([input.functionalId, input.sender, input.receiver, stamp.slice(0, 8), stamp.slice(8, 12), String(input.control), "X", input.version]);
  const tx = group.addTransaction();
  tx.setHeader([input.set, "0001", input.version]);
  for (const segment of input.segments) {
    // Trailing empty elements are left out, as the standard asks.
    const elements = [...segment.elements];
    while (elements.length > 0 && elements[elements.length - 1] === "") elements.pop();
    tx.addSegment(segment.tag, elements);
  }
  return interchange.toString();
}
