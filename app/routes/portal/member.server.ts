import { data, redirect } from "react-router";
import { ENROL_PATH } from "~/lib/two-factor";
import { hasSecondFactor, type KeepSentForm, requireUser } from "~/.server/accounts";
import { isUuid } from "~/lib/ids";
import type { Actor } from "~/.server/audit";
import { asc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { checkFile } from "~/.server/http/file-type";
import type { CheckedUpload } from "~/.server/ivr";
import type { FieldErrors } from "~/lib/schemas/fields";
import { IVR_ATTACHMENT, IVR_FILE_FIELDS, IVR_FORM_BODY_BYTES, MEGABYTE } from "~/lib/uploads";
import { facilities, providers } from "~/.server/db/schema";
import { membershipOfUser } from "~/.server/practices";
import { roleMay, type PracticePermission, type PracticeRole, type RoleRefusal } from "~/lib/practice-roles";
import { clientInfo } from "~/.server/request-context";
import type { RouterContextProvider } from "react-router";

/**
 * The signed-in member, their practice and their role in it. Every portal
 * loader, action and resource route reads the practice here and scopes its
 * queries by it, so another practice's records are simply not found (404);
 * and names what it needs (`may`), so a role without it is refused (403) with
 * a page that says what the role allows. A member in no practice passes: the
 * page shows its empty state, with nothing of a practice in it. `keep` is the
 * route's own way to keep a form sent after the session ended (see requireUser).
 */
export async function memberOf(request: Request, may: PracticePermission, keep?: KeepSentForm) {
  const user = await requireUser(request, keep);
  // A sales partner has no practice: their area is /partners.
  if (user.role === "partner") throw redirect("/partners");
  const membership = await membershipOfUser(getDb(), user.id);
  // The practice requires a second factor of everyone: nothing of it opens until this member has one.
  if (membership?.practice.requireTwoFactor && !(await hasSecondFactor(getDb(), user))) throw redirect(ENROL_PATH);
  if (membership && !roleMay(membership.role, may)) throw roleRefused(membership.role, may);
  return { user, practice: membership?.practice ?? null, role: membership?.role ?? null };
}

/** The member, their practice and role; 404 when they are in none (nothing of a practice can be theirs). */
export async function requirePractice(request: Request, may: PracticePermission, keep?: KeepSentForm) {
  const { user, practice, role } = await memberOf(request, may, keep);
  if (!practice || !role) throw notFound();
  return { user, practice, role };
}

/** 403 with what the role is and what was asked, for the page that explains it (a download reads the status alone). */
export function roleRefused(role: PracticeRole, needs: PracticePermission) {
  const refusal: RoleRefusal = { refusedFor: "practice-role", role, needs };
  return data(refusal, { status: 403, statusText: "Forbidden" });
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

const FILE_TOO_LARGE = {
  title: "File too large",
  description: `Attach files of at most ${IVR_ATTACHMENT.maxBytes / MEGABYTE} MB each: the field is marked below. Everything else is as you typed it.`,
};

/**
 * The IVR form's body: four attachments, each at most IVR_ATTACHMENT.maxBytes, and its text.
 * A file over its size, or a body over the form's, comes back as the form with the message
 * beside the attachments (the browser refuses such a file when it is picked).
 */
export const IVR_FORM_READ = {
  maxBytes: IVR_FORM_BODY_BYTES,
  multipart: {
    fields: 120,
    files: IVR_FILE_FIELDS.length,
    fieldBytes: 10_000,
    fileBytes: IVR_ATTACHMENT.maxBytes,
    fileTooLarge: (field: string, fileName: string) => ({ fieldErrors: { [field]: IVR_ATTACHMENT.sizeMessage(fileName) }, toast: FILE_TOO_LARGE }),
    tooManyFiles: () => ({ fieldErrors: { woundPhoto: `Attach one file in each of the ${IVR_FILE_FIELDS.length} fields.` } }),
    bodyTooLarge: {
      fieldErrors: Object.fromEntries(IVR_FILE_FIELDS.map((f) => [f.name, `The files together are larger than the form takes: attach files of at most ${IVR_ATTACHMENT.maxBytes / MEGABYTE} MB each.`])),
      toast: FILE_TOO_LARGE,
    },
  },
  multiline: ["standardOfCareNotes", "answer"],
};

/** Checks each attached file by its name, size and bytes: PDF, JPEG or PNG only, images written anew. */
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
    const checked = await checkFile(value, IVR_ATTACHMENT);
    if (checked.ok) files.push({ role: field.role, name: checked.name, mimeType: checked.mimeType, bytes: checked.bytes });
    else fieldErrors[field.name] = checked.message;
  }
  return { files, fieldErrors };
}

/** Refuses (403) unless the role may: for the one action of a page that needs more than the page. */
export function need(role: PracticeRole, may: PracticePermission): void {
  if (!roleMay(role, may)) throw roleRefused(role, may);
}
