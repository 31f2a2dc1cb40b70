import { unzipSync } from "fflate";
import { fileTypeFromBuffer } from "file-type";

/**
 * File types told by their bytes, not by the name or the type the browser
 * claims: a renamed text file is not a PDF. The `file-type` package reads
 * the signatures; on top of it, a Word file must really be a Word document
 * and an image or PDF must not carry a web page.
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
 * HTML markup: `<html`, `<script`, `<body`, `<iframe` or `<svg` where the tag's
 * name ends (space, `/`, `>`), or `<!doctype html`, in any case. Requiring the
 * end of the name matters: compressed bytes spell `<svg` about once in 500 MB,
 * `<svg>` or `<svg ` nearly forty times more rarely.
 */
const HTML_MARKUP = /<(?:html|script|body|iframe|svg)[\t\n\f\r />]|<!doctype[\t\n\f\r ]+html/i;

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

/** Names of parts that run code when a package is opened or double-clicked. */
const EXECUTABLE_NAME = /\.(?:exe|dll|com|bat|cmd|js|vbs|ps1|scr|msi|jar)$/i;
/** Embedded objects larger than this are not looked into, and the document is refused. */
const MAX_EMBEDDING_BYTES = 16 * 1024 * 1024;

/** True when an embedded object wraps a program: a Windows executable, or a file named like one. */
function holdsExecutable(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  // Every Windows executable carries the DOS stub's sentence; an OLE "Package" stores
  // the wrapped file's name as a NUL-terminated string.
  return text.includes("This program cannot be run in DOS mode") || /\.(?:exe|dll|com|bat|cmd|js|vbs|ps1|scr|msi|jar)\0/i.test(text);
}

/**
 * A Word package (.docx) that is a document and nothing more: it has the main
 * document part, no macro project, no part named like a program, and no
 * embedded object that wraps a program. A zip fflate cannot read is refused.
 */
export function isPlainWordPackage(bytes: Uint8Array): boolean {
  const names: string[] = [];
  const embeddings: string[] = [];
  try {
    // First pass: the names only (nothing is inflated).
    unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        if (/\.bin$/i.test(file.name) && !/vbaProject\.bin$/i.test(file.name)) embeddings.push(file.name);
        return false;
      },
    });
    if (!names.includes("word/document.xml")) return false;
    if (names.some((name) => /vbaProject\.bin$/i.test(name) || /(?:^|\/)vbaData\.xml$/i.test(name) || EXECUTABLE_NAME.test(name))) return false;
    if (embeddings.length === 0) return true;
    // Second pass: the embedded objects, each bounded by its stated size.
    let tooLarge = false;
    const inflated = unzipSync(bytes, {
      filter: (file) => {
        if (!embeddings.includes(file.name)) return false;
        if (file.originalSize > MAX_EMBEDDING_BYTES) tooLarge = true;
        return !tooLarge;
      },
    });
    if (tooLarge) return false;
    return !Object.values(inflated).some(holdsExecutable);
  } catch {
    return false;
  }
}

/**
 * A legacy Word file (.doc) is a compound file with a "WordDocument" stream;
 * its directory stores the name in UTF-16. Other compound files (an installer,
 * a spreadsheet) renamed to .doc have none.
 */
function hasWordDocumentStream(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from("WordDocument", "utf16le"));
}

/** What the bytes are, among the types the site takes, or null for anything else. */
export async function detectFileType(bytes: Uint8Array): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  switch (found?.ext) {
    case "pdf":
    case "png":
    case "jpg":
      return containsHtml(bytes) ? null : TYPES[found.ext];
    case "docx":
      return isPlainWordPackage(bytes) ? TYPES.docx : null;
    case "cfb":
      return hasWordDocumentStream(bytes) ? TYPES.doc : null;
    default:
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
