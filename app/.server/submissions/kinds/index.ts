import type { ApplicationDetails } from "~/lib/schemas/application";
import type { ContactInput } from "~/lib/schemas/contact";
import type { IntakeInput } from "~/lib/schemas/intake";
import type { PartnerCallbackInput } from "~/lib/schemas/partner-callback";
import type { Kind } from "~/lib/submission-kinds";
import type { Db } from "~/.server/db/client";
import { env, siteConfig } from "~/.server/env";
import { storeSubmission, type CheckedFile } from "../store";
import { application } from "./application";
import { callback } from "./callback";
import { contact } from "./contact";
import { intake } from "./intake";
import type { ServerKind } from "./record";

/** Every kind's server record, by kind: the compiler refuses a kind without one. */
export const SERVER_KINDS = { contact, intake, application, callback } satisfies Record<Kind, ServerKind<never>>;

/** A kind's server record, as the general shape (for code that handles every kind alike). */
export function serverKind(kind: Kind): ServerKind<never> {
  return SERVER_KINDS[kind];
}

/** The company inbox that receives a kind's notifications: the kind's own address when set, else the company's. */
export function notificationAddress(kind: Kind): string {
  const site = siteConfig();
  return serverKind(kind).mailTo(env(), site) ?? site.email;
}

type InputOf<K extends Kind> = (typeof SERVER_KINDS)[K] extends ServerKind<infer Input> ? Input : never;

/**
 * Stores a form's input as a submission of its kind, with its files and its
 * two mails, in one transaction (see storeSubmission).
 */
export function submit<K extends Kind>(
  db: Db,
  kind: K,
  input: InputOf<K>,
  { clientKey, files, partnerId }: { clientKey?: string | null; files?: readonly CheckedFile[]; partnerId?: string | null } = {},
) {
  const record = SERVER_KINDS[kind] as unknown as ServerKind<InputOf<K>>;
  return storeSubmission(db, {
    kind,
    clientKey,
    partnerId,
    person: record.person(input),
    files,
    detail: record.knownRow
      ? { row: (submissionId) => record.knownRow!(submissionId, input) }
      : { insert: (tx, submissionId) => record.insert(tx, submissionId, input) },
    notifyTo: notificationAddress(kind),
    confirmation: record.confirmation,
  });
}

export const submitContact = (db: Db, input: ContactInput, clientKey?: string | null) => submit(db, "contact", input, { clientKey });
/** A consultation request; `partnerId`: the partner whose referral link the visitor followed. */
export const submitIntake = (db: Db, input: IntakeInput, clientKey?: string | null, partnerId?: string | null) =>
  submit(db, "intake", input, { clientKey, partnerId });
export const submitCallback = (db: Db, input: PartnerCallbackInput, clientKey?: string | null) => submit(db, "callback", input, { clientKey });
export const submitApplication = (db: Db, details: ApplicationDetails, files: CheckedFile[], clientKey?: string | null) =>
  submit(db, "application", details, { clientKey, files });

export { checkUploadedFiles, certificationText, experienceText, type FileRejection } from "./application";
export type { FieldValue, LoadedEntry, ServerKind } from "./record";
