import { data } from "react-router";
import { isUuid } from "~/lib/ids";
import { requireUser, type KeepSentForm } from "~/.server/accounts";
import type { Actor } from "~/.server/audit";
import { asc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { detectFileType, safeFileName } from "~/.server/http/file-type";
import { isPlainFileName } from "~/.server/http/form-body";
import type { CheckedUpload } from "~/.server/ivr";
import type { FieldErrors } from "~/lib/schemas/fields";
import { IVR_FILE_FIELDS, IVR_FILE_MAX_BYTES, IVR_FILE_TYPES, type IvrFileRole } from "~/lib/schemas/ivr";
import { facilities, providers } from "~/.server/db/schema";
import { practiceOfUser } from "~/.server/practices";
import { clientInfo } from "~/.server/request-context";
import type { RouterContextProvider } from "react-router";

/**
 * The signed-in member and their practice. Every portal loader, action and
 * resource route reads the practice here and scopes its queries by it, so
 * another practice's records are simply not found (404). `keep` is the
 * route's own way to keep a form sent after the session ended (see requireUser).
 */
export async function memberOf(request: Request, keep?: KeepSentForm) {
  const user = await requireUser(request, keep);
  const practice = await practiceOfUser(getDb(), user.id);
  return { user, practice };
}

/** The member and their practice; 404 when they are in none (nothing of a practice can be theirs). */
export async function requirePractice(request: Request, keep?: KeepSentForm) {
  const { user, practice } = await memberOf(request, keep);
  if (!practice) throw notFound();
  return { user, practice };
}

export function notFound() {
  return data("Not found", { status: 404, statusText: "Not Found" });
}

export function actorOf(user: { email: string }, context: Readonly<RouterContextProvider>): Actor {
  return { email: user.email, ip: clientInfo(context).ip };
}

/** A route param that is a uuid, or 404 (the database would refuse anything else). */
export function idParam(value: string | undefined): string {
  if (!isUuid(value)) throw notFound();
  return value.toLowerCase();
}

/** The practice's providers and facilities for the IVR form's pickers. */
export async function practicePickers(practiceId: string) {
  const db = getDb();
  const [providerRows, facilityRows] = await Promise.all([
    db.select().from(providers).where(eq(providers.practiceId, practiceId)).orderBy(asc(providers.lastName), asc(providers.firstName)),
    db.select().from(facilities).where(eq(facilities.practiceId, practiceId)).orderBy(asc(facilities.name)),
  ]);
  return {
    providers: providerRows.map((p) => ({
      value: p.id,
      label: `${p.firstName} ${p.lastName}${p.credentials ? `, ${p.credentials}` : ""} (NPI ${p.npi})`,
    })),
    facilities: facilityRows.map((f) => ({ value: f.id, label: `${f.name}, ${f.city}`, placeOfService: f.placeOfService })),
  };
}

/** Files of the form: four attachments, each at most IVR_FILE_MAX_BYTES; text fields are a few kB. */
export const IVR_FORM_READ = {
  maxBytes: IVR_FILE_FIELDS.length * IVR_FILE_MAX_BYTES + 256 * 1024,
  multipart: {
    fields: 120,
    files: IVR_FILE_FIELDS.length,
    fieldBytes: 10_000,
    fileBytes: IVR_FILE_MAX_BYTES,
    fileTooLarge: (field: string) => ({ fieldErrors: { [field]: `The file is larger than ${IVR_FILE_MAX_BYTES / 1024 / 1024} MB` } }),
  },
  multiline: ["standardOfCareNotes", "answer"],
};


/** Checks each attached file by its bytes: PDF, JPEG or PNG only. */
export async function checkFiles(formData: FormData): Promise<{ files: CheckedUpload[]; fieldErrors: FieldErrors }> {
  const files: CheckedUpload[] = [];
  const fieldErrors: FieldErrors = {};
  for (const field of IVR_FILE_FIELDS) {
    const value = formData.get(field.name);
    if (!(value instanceof File) || (value.size === 0 && value.name === "")) continue;
    if (value.size === 0) {
      fieldErrors[field.name] = "The file is empty";
      continue;
    }
    const bytes = new Uint8Array(await value.arrayBuffer());
    const type = await detectFileType(bytes);
    if (!type || !(IVR_FILE_TYPES as readonly string[]).includes(type.mime) || !isPlainFileName(value.name)) {
      fieldErrors[field.name] = "Attach a PDF, JPEG or PNG file";
      continue;
    }
    files.push({ role: field.role as IvrFileRole, name: safeFileName(value.name, type), mimeType: type.mime, bytes });
  }
  return { files, fieldErrors };
}

