import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { contentMessage, type ContentProblem, type UploadRule } from "~/lib/uploads";
import { isPlainFileName } from "./form-body";
import { pdfHasActiveContent } from "./pdf-scan";
import { wordPackageProblem } from "./word-package";

/**
 * File types told by their bytes, not by the name or the type the browser
 * claims: a renamed text file is not a PDF. The `file-type` package reads
 * the signatures; on top of it, a Word file must really be a Word document
 * and nothing more, a PDF must not act when opened, and no PDF or image may
 * carry a web page. Images are then decoded and written anew (`checkUpload`).
 */
export type DetectedType =
  | { ext: "pdf"; mime: "application/pdf" }
  | { ext: "doc"; mime: "application/msword" }
  | { ext: "docx"; mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" }
  | { ext: "png"; mime: "image/png" }
  | { ext: "jpg"; mime: "image/jpeg" };

const TYPES: Record<DetectedType["ext"], DetectedType> = {
  pdf: { ext: "pdf", mime: "application/pdf" },
  doc: { ext: "doc", mime: "application/msword" },
  docx: { ext: "docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  png: { ext: "png", mime: "image/png" },
  jpg: { ext: "jpg", mime: "image/jpeg" },
};

/**
 * HTML markup: `<html`, `<script` (also with a namespace prefix, as XHTML
 * writes it), `<body`, `<iframe`, `<svg`, `<img`, `<object`, `<embed` or
 * `<meta` where the tag's name ends (space, `/`, `>`), `<a href`, or
 * `<!doctype html`, in any case. Requiring the end of the name matters:
 * compressed bytes spell `<svg` about once in 500 MB, `<svg>` or `<svg `
 * nearly forty times more rarely; a bare `<a ` would be found in most files.
 */
const HTML_MARKUP = /<(?:html|(?:[a-z][\w.-]*:)?script|body|iframe|svg|img|object|embed|meta)[\t\n\f\r />]|<a[\t\n\f\r ]+href|<!doctype[\t\n\f\r ]+html/i;

/**
 * True when the bytes hold HTML markup. The whole file is scanned, not its
 * first kilobyte: browsers sniff the start, but other readers (mail clients,
 * viewers, an old browser told the wrong type) find a page anywhere, and a
 * polyglot puts its page after a valid header on purpose. A file is at most
 * 5 MB; the regular expression runs as native code over it in milliseconds
 * (tens on a busy machine), however the bytes are made.
 */
export function containsHtml(bytes: Uint8Array): boolean {
  // latin1 maps each byte to one character, so ASCII tags match whatever surrounds them.
  return HTML_MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"));
}

/**
 * A legacy Word file (.doc) is a compound file with a "WordDocument" stream;
 * its directory stores the name in UTF-16. Other compound files (an installer,
 * a spreadsheet) renamed to .doc have none.
 */
function hasWordDocumentStream(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from("WordDocument", "utf16le"));
}

/** An upload that passed, with the bytes to store (for an image, the image written anew), or why not. */
export type CheckedBytes = { ok: true; type: DetectedType; bytes: Uint8Array } | { ok: false; problem: ContentProblem };

/** What the bytes are, among the types the site takes, or null for anything else. */
export async function detectFileType(bytes: Uint8Array): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  switch (found?.ext) {
    case "pdf":
    case "png":
    case "jpg":
      return TYPES[found.ext];
    case "docx":
      return TYPES.docx;
    case "cfb":
      return hasWordDocumentStream(bytes) ? TYPES.doc : null;
    default:
      return null;
  }
}

/**
 * Checks an upload by its bytes and gives what to store. A PDF must carry no
 * web page and do nothing when opened (see pdf-scan.ts); a .docx must be a
 * plain Word package (word-package.ts); a PNG or JPEG is decoded and written
 * anew, so nothing after or around the image data (a web page, a script, a
 * second file) survives, turned upright by its orientation tag, and without
 * its metadata (camera, time and EXIF GPS position).
 */
export async function checkUpload(bytes: Uint8Array, accepted: readonly DetectedType["ext"][]): Promise<CheckedBytes> {
  const type = await detectFileType(bytes);
  if (!type || !accepted.includes(type.ext)) return { ok: false, problem: "type" };
  switch (type.ext) {
    case "pdf":
      return containsHtml(bytes) || pdfHasActiveContent(bytes) ? { ok: false, problem: "active" } : { ok: true, type, bytes };
    case "docx": {
      const problem = wordPackageProblem(bytes);
      return problem === null ? { ok: true, type, bytes } : { ok: false, problem: problem === "active" ? "active" : "type" };
    }
    case "png":
    case "jpg": {
      if (containsHtml(bytes)) return { ok: false, problem: "active" };
      const rewritten = await rewriteImage(bytes, type.ext);
      return rewritten ? { ok: true, type, bytes: rewritten } : { ok: false, problem: "image" };
    }
    default:
      return { ok: true, type, bytes };
  }
}

/** The most pixels an uploaded image may have (a 48-megapixel phone photo has 48 million). */
const MAX_IMAGE_PIXELS = 100_000_000;

// Decoded images are not kept between uploads: each is read once.
sharp.cache(false);

/** The image decoded and encoded again in its own format, upright, with no metadata; null when it cannot be decoded. */
async function rewriteImage(bytes: Uint8Array, ext: "png" | "jpg"): Promise<Uint8Array | null> {
  try {
    const image = sharp(bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS }).autoOrient();
    const output = ext === "png" ? image.png() : image.jpeg({ quality: 90 });
    return new Uint8Array(await output.toBuffer());
  } catch {
    return null;
  }
}

/**
 * A name safe to store and to offer for download: no directories, no control
 * or reserved characters, a bounded length, and the extension of the type
 * the bytes really are.
 */
export function safeFileName(original: string, type: DetectedType): string {
  const base = original.split(/[\\/]/).pop() ?? "";
  const stem = base
    .replace(/\.[^.]*$/, "")
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N} ._-]+/gu, "_")
    .replace(/^[.\s_-]+/, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);
  return `${stem || "file"}.${type.ext}`;
}

/** A file of a form, checked against its field's rule: the name and bytes to store, or the message beside the field. */
export type CheckedFile = { ok: true; name: string; mimeType: string; bytes: Uint8Array } | { ok: false; message: string };

/** The types a rule's extensions stand for, as detected. */
const detectedOf = (rule: UploadRule): DetectedType["ext"][] => [...new Set(rule.extensions.map((e) => (e === "jpeg" ? "jpg" : e)))];

/**
 * Checks one uploaded file against its field's rule, by its name, its size
 * and its bytes (`checkUpload`): what to store, or why not, in the words
 * the field shows. The browser checked the name and size when it was picked;
 * this is what a browser without JavaScript, or no browser, could send.
 */
export async function checkFile(file: File, rule: UploadRule): Promise<CheckedFile> {
  if (!isPlainFileName(file.name)) return { ok: false, message: rule.typeMessage(file.name) };
  if (file.size > rule.maxBytes) return { ok: false, message: rule.sizeMessage(file.name) };
  const checked = await checkUpload(new Uint8Array(await file.arrayBuffer()), detectedOf(rule));
  if (!checked.ok) return { ok: false, message: contentMessage(checked.problem, file.name, rule) };
  return { ok: true, name: safeFileName(file.name, checked.type), mimeType: checked.type.mime, bytes: checked.bytes };
}
