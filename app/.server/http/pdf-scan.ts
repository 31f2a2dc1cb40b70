import { Unzlib } from "fflate";

/**
 * Whether a PDF can do anything when opened: run a script, launch a program,
 * act on opening, or carry files. A PDF is stored as it was sent, so this
 * reads its object syntax the way a viewer would:
 *
 * - names are read as tokens with their `#xx` escapes decoded (`/J#61vaScript`
 *   is `/JavaScript`), outside strings, comments and stream data (so bytes of
 *   an image or a string that happen to spell a name do not count);
 * - object streams (PDF 1.5, where most objects of a modern file live,
 *   compressed) are inflated, within a bound, and read the same way; one
 *   that cannot be read (another filter, encrypted, broken, or larger than
 *   the bound) refuses the file, since what it holds cannot be known;
 * - refused: `/JavaScript` and `/JS` (scripts), `/Launch` (programs),
 *   `/EmbeddedFile(s)` (attached files), and `/OpenAction` with an action
 *   (inline or by reference). An `/OpenAction` that only opens the document
 *   at a page, a destination (`[3 0 R /Fit]`) or a GoTo action to one with
 *   nothing chained after it, is what many writers put there (LaTeX's
 *   hyperref on every file) and stays.
 *
 * Not read: other streams (page contents, images, fonts, XFA form
 * packets), whose bytes a viewer does not run as PDF objects, and other
 * actions (links to web pages, form submission) that need a click.
 */

const REFUSED_NAMES = new Set(["JavaScript", "JS", "Launch", "EmbeddedFile", "EmbeddedFiles"]);
/** The most all object streams of one file may inflate to. */
const MAX_OBJECT_STREAM_BYTES = 50 * 1024 * 1024;

/** A token and where it starts in the text (`at`). */
type Token = { at: number } & (
  | { kind: "name"; value: string }
  | { kind: "open" | "close"; value: "<<" | ">>" | "[" | "]" }
  | { kind: "word"; value: string }
  | { kind: "stream"; value: "stream"; start: number; end: number }
);

const WHITE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITER = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const ends = (code: number) => Number.isNaN(code) || WHITE.has(code) || DELIMITER.has(code);

/** Decodes a name's `#xx` escapes. */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The tokens of PDF object syntax in text[from, to): strings and comments skipped, stream data handed over as a range. */
function tokenize(text: string, from = 0, to = text.length): Token[] {
  const tokens: Token[] = [];
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (WHITE.has(c)) {
      i++;
    } else if (c === 0x25 /* % */) {
      while (i < to && text[i] !== "\n" && text[i] !== "\r") i++;
    } else if (c === 0x28 /* ( */) {
      // A literal string: balanced parentheses, backslash escapes.
      let depth = 0;
      for (; i < to; i++) {
        const s = text[i];
        if (s === "\\") i++;
        else if (s === "(") depth++;
        else if (s === ")" && --depth === 0) break;
      }
      i++;
    } else if (c === 0x3c /* < */) {
      if (text[i + 1] === "<") {
        tokens.push({ kind: "open", value: "<<", at: i });
        i += 2;
      } else {
        // A hex string.
        const close = text.indexOf(">", i);
        i = close === -1 ? to : close + 1;
      }
    } else if (c === 0x3e /* > */) {
      if (text[i + 1] === ">") tokens.push({ kind: "close", value: ">>", at: i });
      i += 2;
    } else if (c === 0x5b || c === 0x5d) {
      tokens.push(c === 0x5b ? { kind: "open", value: "[", at: i } : { kind: "close", value: "]", at: i });
      i++;
    } else if (c === 0x2f /* / */) {
      let j = i + 1;
      while (j < to && !ends(text.charCodeAt(j))) j++;
      tokens.push({ kind: "name", value: decodeName(text.slice(i + 1, j)), at: i });
      i = j;
    } else if (DELIMITER.has(c)) {
      i++;
    } else {
      let j = i;
      while (j < to && !ends(text.charCodeAt(j))) j++;
      const word = text.slice(i, j);
      const at = i;
      i = j;
      if (word === "stream") {
        // The data starts after the end of the line and runs to "endstream".
        if (text[i] === "\r") i++;
        if (text[i] === "\n") i++;
        const end = text.indexOf("endstream", i);
        const stop = end === -1 ? to : end;
        tokens.push({ kind: "stream", value: "stream", start: i, end: stop, at });
        i = end === -1 ? to : end + "endstream".length;
      } else {
        tokens.push({ kind: "word", value: word, at });
      }
    }
  }
  return tokens;
}

/** Inflates zlib data a slice at a time, stopping once `budget.left` bytes are spent; null when it cannot. */
function inflateWithin(data: Uint8Array, budget: { left: number }): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let over = false;
  const inflater = new Unzlib((chunk) => {
    budget.left -= chunk.length;
    if (budget.left < 0) over = true;
    else parts.push(chunk);
  });
  try {
    for (let at = 0; at < data.length && !over; at += 1024) inflater.push(data.subarray(at, at + 1024), at + 1024 >= data.length);
  } catch {
    return null;
  }
  return over ? null : Buffer.concat(parts);
}

/**
 * What a value that starts at tokens[i] does as an `/OpenAction`: opens the
 * document at a page (a destination array, or a GoTo action with nothing
 * chained after it), acts (any other dictionary), or neither.
 */
type Shape = "destination" | "action" | "other";
function shapeAt(tokens: readonly Token[], i: number): Shape {
  const first = tokens[i];
  if (first?.value === "[") return "destination";
  if (first?.value !== "<<") return "other";
  let depth = 0;
  let type: string | null = null;
  let chained = false;
  for (let k = i; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.value === "<<" || token.value === "[") depth++;
    else if (token.value === ">>" || token.value === "]") {
      if (--depth === 0) break;
    } else if (depth === 1 && token.kind === "name") {
      if (token.value === "S" && tokens[k + 1]?.kind === "name") type = tokens[k + 1]!.value;
      if (token.value === "Next") chained = true;
    }
  }
  return type === "GoTo" && !chained ? "destination" : "action";
}

/** The index of the first token at or after `position` (tokens are in text order). */
function tokenAt(tokens: readonly Token[], position: number): number {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (tokens[middle]!.at < position) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The file's dangerous names and `/OpenAction` values, gathered over its object syntax and its object streams. */
class Reader {
  /** What each object would do as an `/OpenAction`, by object number, for a reference to it. */
  readonly shapes = new Map<string, Shape>();
  /** `/OpenAction` values that are references: the object numbers. */
  readonly openActionTargets: string[] = [];
  refused = false;
  readonly budget = { left: MAX_OBJECT_STREAM_BYTES };

  constructor(private readonly bytes: Uint8Array) {}

  read(tokens: Token[]) {
    let objectStart = 0;
    for (let t = 0; t < tokens.length && !this.refused; t++) {
      const token = tokens[t]!;
      if (token.kind === "word" && token.value === "obj" && t >= 2) {
        objectStart = t + 1;
        this.shapes.set(tokens[t - 2]!.value, shapeAt(tokens, t + 1));
      } else if (token.kind === "name") {
        if (REFUSED_NAMES.has(token.value)) this.refused = true;
        else if (token.value === "OpenAction") this.openAction(tokens, t + 1);
      } else if (token.kind === "stream") {
        this.stream(tokens.slice(objectStart, t), token);
      }
    }
  }

  private openAction(tokens: Token[], at: number) {
    const shape = shapeAt(tokens, at);
    const value = tokens[at];
    if (shape === "action") this.refused = true;
    // A reference ("98 0 R") is judged once every object is known.
    else if (shape === "other" && value?.kind === "word" && tokens[at + 2]?.value === "R") this.openActionTargets.push(value.value);
    else if (shape === "other") this.refused = true;
  }

  /** An object stream's objects are read like the file's own; other streams are data. */
  private stream(dictionary: Token[], stream: Extract<Token, { kind: "stream" }>) {
    const names = dictionary.filter((t) => t.kind === "name").map((t) => t.value as string);
    const typeAt = names.indexOf("Type");
    const objectStream = (typeAt !== -1 && names[typeAt + 1] === "ObjStm") || (names.includes("N") && names.includes("First"));
    if (!objectStream) return;
    const filterAt = dictionary.findIndex((t) => t.kind === "name" && t.value === "Filter");
    const filters: string[] = [];
    if (filterAt !== -1) {
      const next = dictionary[filterAt + 1];
      if (next?.kind === "name") filters.push(next.value);
      else if (next?.value === "[") for (let k = filterAt + 2; dictionary[k] && dictionary[k]!.value !== "]"; k++) filters.push(String(dictionary[k]!.value));
    }
    const data = this.bytes.subarray(stream.start, stream.end);
    let inflated: Uint8Array | null;
    if (filters.length === 0) inflated = data;
    else if (filters.length === 1 && filters[0] === "FlateDecode") inflated = inflateWithin(data, this.budget);
    else inflated = null;
    if (!inflated) {
      this.refused = true;
      return;
    }
    const text = latin1(inflated);
    const tokens = tokenize(text).filter((t) => t.kind !== "stream");
    // The stream starts with pairs of object number and offset (from `/First`): each object's shape, by where it starts.
    const first = Number(dictionary[dictionary.findIndex((t) => t.kind === "name" && t.value === "First") + 1]?.value);
    const header = Number.isFinite(first) ? tokenize(text, 0, first) : [];
    for (let k = 0; k + 1 < header.length; k += 2) {
      const offset = Number(header[k + 1]!.value);
      if (Number.isFinite(offset)) this.shapes.set(header[k]!.value, shapeAt(tokens, tokenAt(tokens, first + offset)));
    }
    this.read(tokens);
  }
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");

/** True when the PDF holds scripts, launch actions, embedded files or an action run on opening (see above). */
export function pdfHasActiveContent(bytes: Uint8Array): boolean {
  const reader = new Reader(bytes);
  reader.read(tokenize(latin1(bytes)));
  if (reader.refused) return true;
  // A reference acts unless it points to a destination (one not found acts: it cannot be known).
  return reader.openActionTargets.some((n) => reader.shapes.get(n) !== "destination");
}
