import { APPLICATION_FILE_BYTES, DOCUMENT, hasAllowedType, MAX_DOCUMENTS, RESUME, uploadProblem, type FileLike } from "~/lib/uploads";
import type { FieldErrors, FormToast, Option } from "./fields";

/**
 * The job application's rules that need no schema library: positions, the
 * toasts, file checks, field names and reading the form. The page imports
 * these; the schemas in application.ts load with the first check.
 */

// ---------------------------------------------------------------------------
// Options

export type Position = "partner-representative" | "administrative-executive" | "shipping-receiving" | "other";

/** Positions a visitor can apply for; the slugs match the job postings. */
export const positionOptions = [
  { value: "partner-representative", label: "1099 Partner Representative" },
  { value: "administrative-executive", label: "Administrative Executive" },
  { value: "shipping-receiving", label: "Shipping & Receiving Specialist" },
  { value: "other", label: "Other" },
] as const satisfies readonly [Option<Position>, ...Option<Position>[]];

/** The position named by a ?position= slug, or undefined when it is not one of the list. */
export function positionFromSlug(slug: string | null | undefined): Position | undefined {
  return positionOptions.find((o) => o.value === slug)?.value;
}

// ---------------------------------------------------------------------------
// Texts: the four validation toasts of SPEC section 5, checked in this order.

export const applicationToasts = {
  missingInformation: {
    title: "Missing required information",
    description: "Please fill in all required personal information fields.",
  },
  resumeRequired: { title: "Resume required", description: "Please upload your resume." },
  invalidFileType: { title: "Invalid file type", description: "Please upload a PDF or Word document." },
  fileTooLarge: { title: "File too large", description: "Please upload a file smaller than 5MB." },
} as const satisfies Record<string, FormToast>;

// ---------------------------------------------------------------------------
// Files: checked by name, declared type and size here (browser and server,
// with the rules of lib/uploads.ts); the server's storage step looks at the bytes.

export type { FileLike };
export { MAX_DOCUMENTS };
export const MAX_FILE_BYTES = APPLICATION_FILE_BYTES;
export const MAX_ENTRIES = 20;

/** The intents of the Add Experience and Add Certification buttons, for a post without JavaScript. */
export const ADD_EXPERIENCE = "add-experience";
export const ADD_CERTIFICATION = "add-certification";

export type ResumeProblem = "missing" | "type" | "size";

/** The first problem of the resume, in the order of SPEC section 5, or null. */
export function checkResume(file: FileLike | null | undefined): ResumeProblem | null {
  if (!file || (file.name === "" && file.size === 0)) return "missing";
  if (!hasAllowedType(file, RESUME.extensions)) return "type";
  if (file.size > RESUME.maxBytes) return "size";
  return null;
}

export const resumeMessages: Record<ResumeProblem, FormToast> = {
  missing: applicationToasts.resumeRequired,
  type: applicationToasts.invalidFileType,
  size: applicationToasts.fileTooLarge,
};

export const tooManyDocuments = `Attach up to ${MAX_DOCUMENTS} additional documents.`;

/** A message about the additional documents, or null when they are fine. */
export function checkDocuments(files: readonly FileLike[]): string | null {
  if (files.length > MAX_DOCUMENTS) return tooManyDocuments;
  for (const file of files) {
    const problem = uploadProblem(file, DOCUMENT);
    if (problem) return problem;
  }
  return null;
}

// ---------------------------------------------------------------------------
// Form data

type Entry = Record<string, string | boolean>;

export const requiredPersonalFields = ["firstName", "lastName", "email", "phone"] as const;

/** The personal fields, as the form names its controls (the schema has exactly these keys). */
export const personalFields = [
  ...requiredPersonalFields,
  "address",
  "city",
  "state",
  "zipCode",
  "positionAppliedFor",
  "expectedSalary",
  "availableStartDate",
] as const;
export type PersonalField = (typeof personalFields)[number];

export const experienceFields = ["company", "position", "startDate", "endDate", "currentRole", "description", "location"] as const;
export const certificationFields = ["name", "issuingOrganization", "issueDate", "expirationDate", "credentialId"] as const;

/** What the form posts, before validation. */
export type ApplicationFormValues<F extends FileLike = File> = {
  personal: Record<string, string>;
  experience: Entry[];
  certifications: Entry[];
  resume: F | null;
  documents: F[];
};

const ENTRY_NAME = /^(experience|certifications)\[(\d{1,3})\]\.([A-Za-z]+)$/;

/** Control name of a field of a repeatable entry: entryName("experience", 0, "company") = "experience[0].company". */
export function entryName(list: "experience" | "certifications", index: number, field: string): string {
  return `${list}[${index}].${field}`;
}

function isFile(value: FormDataEntryValue | null): value is File {
  // An empty file input still posts a nameless, empty file.
  return value !== null && typeof value !== "string" && !(value.name === "" && value.size === 0);
}

/**
 * Builds the application from its form data: personal fields by name,
 * entries from indexed names such as experience[0].company (in index order),
 * the resume and the additional documents.
 */
export function parseApplicationFormData(formData: FormData): ApplicationFormValues {
  const personal: Record<string, string> = {};
  for (const field of personalFields) {
    const value = formData.get(field);
    if (typeof value === "string") personal[field] = value;
  }

  const lists = { experience: new Map<number, Entry>(), certifications: new Map<number, Entry>() };
  const allowed = { experience: experienceFields as readonly string[], certifications: certificationFields as readonly string[] };
  for (const [key, value] of formData.entries()) {
    const match = ENTRY_NAME.exec(key);
    if (!match || typeof value !== "string") continue;
    const list = match[1] as keyof typeof lists;
    const index = Number(match[2]);
    const field = match[3] as string;
    if (field !== "id" && !allowed[list].includes(field)) continue;
    const entry = lists[list].get(index) ?? {};
    if (field in entry) continue;
    entry[field] = field === "currentRole" ? value === "true" || value === "on" : value;
    lists[list].set(index, entry);
  }
  const inOrder = (map: Map<number, Entry>) => [...map.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);

  const resume = formData.get("resume");
  return {
    personal,
    experience: inOrder(lists.experience),
    certifications: inOrder(lists.certifications),
    resume: isFile(resume) ? resume : null,
    documents: formData.getAll("documents").filter(isFile),
  };
}

// ---------------------------------------------------------------------------
// The body the form posts, at its largest: the server stops reading at once
// when a body holds more than this.

/** Text controls when both lists are full: personal fields, each entry's fields and id, the honeypot and clientKey. */
const MAX_TEXT_FIELDS =
  personalFields.length + MAX_ENTRIES * (experienceFields.length + 1) + MAX_ENTRIES * (certificationFields.length + 1) + 2;

export const applicationBodyLimits = {
  /** Text fields, with room for a few the form may gain. */
  fields: MAX_TEXT_FIELDS + 20,
  /** The resume and every additional document. */
  files: 1 + MAX_DOCUMENTS,
  /** The longest text field (5,000 characters) at three bytes each, and its line breaks as CR LF. */
  fieldBytes: 16 * 1024,
  fileBytes: MAX_FILE_BYTES,
} as const;

/**
 * The messages beside the fields for a body the server stops reading: what
 * a browser without JavaScript sends (with it, the browser's own checks stop
 * these before sending).
 */
export const applicationLimitMessages = {
  fileTooLarge: (field: string, fileName: string): { fieldErrors: FieldErrors; toast: FormToast } =>
    field === "resume"
      ? { fieldErrors: { resume: applicationToasts.fileTooLarge.description }, toast: applicationToasts.fileTooLarge }
      : { fieldErrors: { documents: DOCUMENT.sizeMessage(fileName) }, toast: applicationToasts.fileTooLarge },
  tooManyFiles: (): { fieldErrors: FieldErrors } => ({ fieldErrors: { documents: tooManyDocuments } }),
  bodyTooLarge: { fieldErrors: { documents: "Your files are too large to send together." }, toast: applicationToasts.fileTooLarge },
};

/** Controls whose text may hold line breaks and tabs: the experience descriptions. */
export function isMultilineApplicationField(name: string): boolean {
  return /^experience\[\d{1,3}\]\.description$/.test(name);
}
