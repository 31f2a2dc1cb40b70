import { Unzip, UnzipInflate, unzipSync, type UnzipFile } from "fflate";

/**
 * A Word package (.docx) that is a document and nothing more. Word opens
 * the parts its central directory lists; this reads that list, then every
 * part's own header and bytes, inflating them a slice at a time:
 *
 * - the main document part is there, and no macro project (vbaProject.bin);
 * - no part is a program: named like one, starting with a Windows
 *   executable's `MZ` header whatever its name, or an embedded object that
 *   wraps one;
 * - no part name has a segment ending in a space or a dot (Windows drops
 *   them, so `setup.exe.` is `setup.exe` once saved);
 * - the parts together inflate to at most 50 MB, by the sizes they declare
 *   and by what they really inflate to: inflating stops at the bound (a
 *   408 KB file that would inflate to 400 MB costs 50 MB of work);
 * - both lists of parts agree (a part the directory lists but no header
 *   shows could not be checked).
 */

/** The most the parts of a Word package may inflate to, together. */
export const MAX_WORD_INFLATED_BYTES = 50 * 1024 * 1024;
/** Compressed bytes handed to the inflater at a time: at most about 1 MB comes out of one. */
const SLICE_BYTES = 1024;
/** Embedded objects larger than this are not looked into, and the document is refused. */
const MAX_EMBEDDING_BYTES = 16 * 1024 * 1024;

/** Names of parts that run code when a package is opened or double-clicked. */
const EXECUTABLE_NAME = /\.(?:exe|dll|com|bat|cmd|js|vbs|ps1|scr|msi|jar)$/i;
const MACRO_PART = /(?:^|\/)(?:vbaProject\.bin|vbaData\.xml)$/i;

/** True when an embedded object wraps a program: a Windows executable, or a file named like one. */
function holdsExecutable(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  // Every Windows executable carries the DOS stub's sentence; an OLE "Package" stores
  // the wrapped file's name as a NUL-terminated string.
  return text.includes("This program cannot be run in DOS mode") || /\.(?:exe|dll|com|bat|cmd|js|vbs|ps1|scr|msi|jar)\0/i.test(text);
}

/** A name Windows would change when saving: a segment ending in a space or a dot. */
function hasTrailingSpaceOrDot(name: string): boolean {
  return name.split("/").some((segment) => segment !== "" && /[ .]$/.test(segment));
}

function badName(name: string): boolean {
  return EXECUTABLE_NAME.test(name) || MACRO_PART.test(name) || hasTrailingSpaceOrDot(name);
}

/** The central directory's part names and their declared sizes; null when it cannot be read. */
function directory(bytes: Uint8Array): { names: string[]; declared: number } | null {
  const names: string[] = [];
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        declared += file.originalSize;
        return false;
      },
    });
  } catch {
    return null;
  }
  return { names, declared };
}

/** Why a .docx is refused, or null when it is a plain Word document. */
export function wordPackageProblem(bytes: Uint8Array): "unreadable" | "active" | null {
  const listed = directory(bytes);
  if (!listed) return "unreadable";
  if (!listed.names.includes("word/document.xml")) return "unreadable";
  if (listed.names.some(badName) || listed.declared > MAX_WORD_INFLATED_BYTES) return "active";

  // Every part, as its own header shows it, inflated a slice at a time.
  const seen: string[] = [];
  let inflated = 0;
  let refused: "unreadable" | "active" | null = null;
  const unzip = new Unzip((file: UnzipFile) => {
    seen.push(file.name);
    if (badName(file.name)) refused ??= "active";
    const embedded = /\.bin$/i.test(file.name);
    const kept: Uint8Array[] = [];
    let keptBytes = 0;
    let head = "";
    file.ondata = (error, chunk, final) => {
      if (refused) return;
      if (error) {
        refused = "unreadable";
        return;
      }
      inflated += chunk.length;
      if (inflated > MAX_WORD_INFLATED_BYTES) refused = "active";
      // A Windows program starts with "MZ", whatever the part is called.
      if (head.length < 2) {
        head += Buffer.from(chunk.subarray(0, 2 - head.length)).toString("latin1");
        if (head === "MZ") refused = "active";
      }
      if (embedded && !refused) {
        keptBytes += chunk.length;
        if (keptBytes > MAX_EMBEDDING_BYTES) refused = "active";
        else kept.push(chunk);
        if (final && !refused && holdsExecutable(Buffer.concat(kept))) refused = "active";
      }
      if (refused) file.terminate();
    };
    try {
      file.start();
    } catch {
      refused ??= "unreadable";
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !refused; at += SLICE_BYTES) {
      unzip.push(bytes.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= bytes.length);
    }
  } catch {
    refused ??= "unreadable";
  }
  if (refused) return refused;
  // A part the directory lists that no local header shows was never looked at.
  const counted = new Map<string, number>();
  for (const name of seen) counted.set(name, (counted.get(name) ?? 0) + 1);
  for (const name of listed.names) {
    const left = counted.get(name) ?? 0;
    if (left === 0) return "unreadable";
    counted.set(name, left - 1);
  }
  return null;
}
