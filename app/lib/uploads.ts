/**
 * What each file field takes: the types, the size and the messages. One
 * browser-safe place, read by the fields (a file is checked as soon as it is
 * picked), by the server's body limits and by its checks of the bytes, so
 * the browser and the server cannot disagree about a limit.
 */

/** Name, declared type and size: what both a browser File and a server File offer. */
export type FileLike = { readonly name: string; readonly type: string; readonly size: number };

const MIME_TYPES = {
  pdf: ["application/pdf"],
  doc: ["application/msword"],
  docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  png: ["image/png"],
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
} as const;

export type Extension = keyof typeof MIME_TYPES;

export const MEGABYTE = 1024 * 1024;

/** A file field's rule: the names it takes and the most bytes one file may have. */
export type UploadRule = {
  extensions: readonly Extension[];
  maxBytes: number;
  /** Beside the field when a file is not of these types. */
  typeMessage: (fileName: string) => string;
  /** Beside the field when a file is larger than `maxBytes`. */
  sizeMessage: (fileName: string) => string;
};

/** Value for a file input's accept attribute: ".pdf,.jpg,application/pdf,image/jpeg". */
export function acceptOf(rule: UploadRule): string {
  const types = new Set(rule.extensions.flatMap((e) => MIME_TYPES[e]));
  return [...rule.extensions.map((e) => `.${e}`), ...types].join(",");
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * True when the name ends in one of the extensions and the declared type fits
 * it. Browsers declare "" or application/octet-stream for types they do not
 * know (often .doc): the extension decides then. The server looks at the
 * bytes as well; this is what the browser can tell before sending.
 */
export function hasAllowedType(file: FileLike, extensions: readonly Extension[]): boolean {
  const extension = extensionOf(file.name);
  if (!(extensions as readonly string[]).includes(extension)) return false;
  const declared = file.type.toLowerCase();
  if (declared === "" || declared === "application/octet-stream") return true;
  return (MIME_TYPES[extension as Extension] as readonly string[]).includes(declared);
}

/** The message for a picked file that the field does not take (its type, then its size), or null. */
export function uploadProblem(file: FileLike, rule: UploadRule): string | null {
  if (!hasAllowedType(file, rule.extensions)) return rule.typeMessage(file.name);
  if (file.size > rule.maxBytes) return rule.sizeMessage(file.name);
  return null;
}

/**
 * The messages for the files chosen in a form's file fields, by field name:
 * the browser's check before sending (a file it refused when picked is not
 * sent). An empty picker sends a nameless empty file, which is no file.
 */
export function pickedFileProblems(formData: FormData, fields: readonly { name: string; rule: UploadRule }[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const { name, rule } of fields) {
    for (const value of formData.getAll(name)) {
      if (typeof value === "string" || (value.name === "" && value.size === 0)) continue;
      const problem = uploadProblem(value, rule);
      if (problem) {
        problems[name] = problem;
        break;
      }
    }
  }
  return problems;
}

/** Why the server refused a file by its bytes: not of the field's types, a document that acts when opened, an image it cannot read. */
export type ContentProblem = "type" | "active" | "image";

/** The message beside the field when the server refuses a file by its bytes (the browser cannot see these). */
export function contentMessage(problem: ContentProblem, fileName: string, rule: UploadRule): string {
  if (problem === "image") return `"${fileName}" could not be read as an image: save it again as a JPEG or PNG and attach that.`;
  if (problem === "type") return rule.typeMessage(fileName);
  const extension = extensionOf(fileName);
  if (extension === "pdf") return `"${fileName}" has scripts, actions or attached files in it, which we do not take: print it to a new PDF and attach that.`;
  if (extension === "docx" || extension === "doc")
    return `"${fileName}" holds a program, macros or hidden content, which we do not take: save it again as a plain Word document or a PDF.`;
  return `"${fileName}" holds more than an image: save it again as a JPEG or PNG and attach that.`;
}

/** "12.4 MB" */
export function megabytes(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}

// ---------------------------------------------------------------------------
// The IVR's attachments: insurance card, clinical notes, wound photo.

export const IVR_ATTACHMENT: UploadRule = {
  extensions: ["pdf", "jpg", "jpeg", "png"],
  maxBytes: 10 * MEGABYTE,
  typeMessage: () => "Attach a PDF, JPEG or PNG file",
  sizeMessage: (fileName) =>
    `"${fileName}" is larger than 10 MB: attach a smaller file (a photo saved at a lower resolution, or a scan at 150 dpi).`,
};

/** The IVR's file fields (the request and the answer to a question have the same four). */
export const IVR_FILE_FIELDS = [
  { name: "cardFront", role: "card-front", label: "Insurance card, front" },
  { name: "cardBack", role: "card-back", label: "Insurance card, back" },
  { name: "clinicalNotes", role: "clinical-notes", label: "Clinical notes" },
  { name: "woundPhoto", role: "wound-photo", label: "Wound photo" },
] as const;

/** The IVR's file fields with their rule, for `pickedFileProblems`. */
export const IVR_FILE_RULES = IVR_FILE_FIELDS.map((f) => ({ name: f.name, rule: IVR_ATTACHMENT }));

/** The largest IVR form: every attachment at its largest, and its text. */
export const IVR_FORM_BODY_BYTES = IVR_FILE_FIELDS.length * IVR_ATTACHMENT.maxBytes + 256 * 1024;

// ---------------------------------------------------------------------------
// The job application: the resume and additional documents (SPEC section 5's messages).

export const APPLICATION_FILE_BYTES = 5 * MEGABYTE;
export const MAX_DOCUMENTS = 5;

export const RESUME: UploadRule = {
  extensions: ["pdf", "doc", "docx"],
  maxBytes: APPLICATION_FILE_BYTES,
  typeMessage: () => "Please upload a PDF or Word document.",
  sizeMessage: () => "Please upload a file smaller than 5MB.",
};

export const DOCUMENT: UploadRule = {
  extensions: ["pdf", "doc", "docx", "png", "jpg", "jpeg"],
  maxBytes: APPLICATION_FILE_BYTES,
  typeMessage: (fileName) => `"${fileName}" is not a PDF, Word, PNG or JPEG file.`,
  sizeMessage: (fileName) => `"${fileName}" is larger than 5MB. Each document must be 5MB or smaller.`,
};

/** A resume and every additional document at their largest, and room for the text fields. */
export const APPLICATION_BODY_BYTES = (1 + MAX_DOCUMENTS) * APPLICATION_FILE_BYTES + MEGABYTE;

// ---------------------------------------------------------------------------
// A practice's or a partner's logo (their branding): an image only, small.

export const LOGO: UploadRule = {
  extensions: ["png", "jpg", "jpeg"],
  maxBytes: 1 * MEGABYTE,
  typeMessage: (fileName) => `"${fileName}" is not a PNG or JPEG image: save the logo as a PNG (or a JPEG) and upload that.`,
  sizeMessage: (fileName) => `"${fileName}" is larger than 1 MB: save the logo smaller (a few hundred pixels wide is plenty) and upload that.`,
};

/** The logo and the branding form's few text fields; a logo somewhat over its limit still comes back with its own message. */
export const LOGO_FORM_BODY_BYTES = 2 * LOGO.maxBytes;

// ---------------------------------------------------------------------------
// A document of the Forms Library or a file of the Education page: a PDF or a Word file.

export const LIBRARY_FILE: UploadRule = {
  extensions: ["pdf", "docx"],
  maxBytes: 10 * MEGABYTE,
  typeMessage: (fileName) => `"${fileName}" is not a PDF or a Word (.docx) file: save it as one and upload that.`,
  sizeMessage: (fileName) => `"${fileName}" is larger than 10 MB: upload a smaller file (a PDF saved for the web, say).`,
};

/** The library's forms: one file and a few text fields. */
export const LIBRARY_FORM_BODY_BYTES = LIBRARY_FILE.maxBytes + 256 * 1024;

/** The largest body any form of the site sends: the HTTP entry refuses more before reading a byte. */
export const LARGEST_FORM_BODY_BYTES = Math.max(IVR_FORM_BODY_BYTES, APPLICATION_BODY_BYTES, LIBRARY_FORM_BODY_BYTES);

