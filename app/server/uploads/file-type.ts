/**
 * File types told by their first bytes, not by the name or the type the
 * browser claims: a renamed text file is not a PDF.
 */
export type DetectedType =
  | { ext: "pdf"; mime: "application/pdf" }
  | { ext: "doc"; mime: "application/msword" }
  | { ext: "docx"; mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" }
  | { ext: "png"; mime: "image/png" }
  | { ext: "jpg"; mime: "image/jpeg" };

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function containsAscii(bytes: Uint8Array, text: string, limit = bytes.length): boolean {
  const needle = Array.from(text, (c) => c.charCodeAt(0));
  const end = Math.min(limit, bytes.length) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

export function detectFileType(bytes: Uint8Array): DetectedType | null {
  // %PDF-
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { ext: "pdf", mime: "application/pdf" };
  // OLE2 compound document (legacy .doc)
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { ext: "doc", mime: "application/msword" };
  // ZIP container holding word/ parts (.docx); a plain zip is not a document
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && containsAscii(bytes, "word/", 1 << 20) && containsAscii(bytes, "[Content_Types].xml", 1 << 20)) {
    return { ext: "docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" };
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: "png", mime: "image/png" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: "jpg", mime: "image/jpeg" };
  return null;
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
