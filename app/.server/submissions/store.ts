import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/.server/db/client";
import { builtOnce, driverValue, insertWithDependents, runStatement, slot } from "~/.server/db/statement";
import { outbox, submissionFiles, submissions } from "~/.server/db/schema";
import { siteConfig } from "~/.server/env";
import { log } from "~/.server/log";
import { confirmationText, notificationText, type FieldLine } from "~/.server/mail";
import { formatBytes } from "~/lib/format";
import type { Kind } from "~/lib/submission-kinds";
import type { Notification } from "./kinds/record";

export type CheckedFile = {
  role: "resume" | "document";
  fileName: string;
  contentType: string;
  data: Uint8Array;
};

export type SubmissionDraft = {
  kind: Kind;
  person: { firstName: string; lastName: string; email: string };
  /** The browser's idempotency key, when it sent one. */
  clientKey?: string | null;
  /** The sales partner whose referral the visitor carried (a consultation request), when any. */
  partnerId?: string | null;
  /**
   * The rows of this kind and the notification to the company inbox listing
   * them: known up front (a kind of one row), so the submission is written in
   * one statement, or inserted inside the submission's transaction.
   */
  detail: KnownDetail | InsertedDetail;
  files?: readonly CheckedFile[];
  /** The company inbox the notification goes to. */
  notifyTo: string;
  /** Confirmation to the submitter. */
  confirmation: { subject: string; what: string; promise: string };
};

export type KnownDetail = { row: (submissionId: string) => { table: PgTable; values: Record<string, unknown>; notification: Notification } };
export type InsertedDetail = { insert: (tx: Db, submissionId: string) => Promise<Notification> };

/**
 * Stores a submission, its files and its two mails at once: either all of it
 * is kept or none of it. A submission whose rows are all known up front (no
 * files, no lists) is one statement, a single round trip to the database; any
 * other is one transaction.
 */
export async function storeSubmission(db: Db, draft: SubmissionDraft): Promise<{ id: string; duplicate: boolean }> {
  const stored = "row" in draft.detail && !draft.files?.length ? await storeInOneStatement(db, draft, draft.detail) : await storeInTransaction(db, draft);
  // Ids and kinds only: form contents stay out of the logs.
  log.info({ submissionId: stored.id, kind: draft.kind, files: draft.files?.length ?? 0, duplicate: stored.duplicate }, "submission stored");
  return stored;
}

/** The submission stored earlier under the draft's idempotency key (the browser re-sent what had reached us). */
async function alreadyStored(db: Db, clientKey: string): Promise<{ id: string; duplicate: true }> {
  const statement = builtOnce("submission by client key", () => sql`select ${sql.identifier(submissions.id.name)} from ${submissions} where ${sql.identifier(submissions.clientKey.name)} = ${slot(0)}`);
  const [existing] = await runStatement<{ id: string }>(db, statement, [clientKey]);
  return { id: existing!.id, duplicate: true };
}

async function storeInOneStatement(db: Db, draft: SubmissionDraft, detail: KnownDetail): Promise<{ id: string; duplicate: boolean }> {
  const submissionId = randomUUID();
  const { table, values, notification } = detail.row(submissionId);
  const inserted = await insertWithDependents(
    db,
    { table: submissions, row: { id: submissionId, kind: draft.kind, ...draft.person, clientKey: draft.clientKey ?? null, partnerId: draft.partnerId ?? null }, unique: submissions.clientKey },
    [
      { table, rows: [values] },
      { table: outbox, rows: mails(draft, submissionId, notification) },
    ],
  );
  return inserted ? { id: submissionId, duplicate: false } : alreadyStored(db, draft.clientKey!);
}

async function storeInTransaction(db: Db, draft: SubmissionDraft): Promise<{ id: string; duplicate: boolean }> {
  const detail = draft.detail;
  return db.transaction(async (tx) => {
    const [row] = await runStatement<{ id: string }>(tx as unknown as Db, newSubmission(), [
      draft.kind,
      draft.person.firstName,
      draft.person.lastName,
      draft.person.email,
      draft.clientKey ?? null,
      draft.partnerId ?? null,
    ]);
    if (!row) return alreadyStored(tx as unknown as Db, draft.clientKey!);
    const submissionId = row.id;
    const notification = "row" in detail ? await insertKnown(tx as unknown as Db, detail, submissionId) : await detail.insert(tx as unknown as Db, submissionId);
    if (draft.files?.length) {
      await tx.insert(submissionFiles).values(
        draft.files.map((f) => ({
          submissionId,
          role: f.role,
          fileName: f.fileName,
          contentType: f.contentType,
          size: f.data.byteLength,
          sha256: createHash("sha256").update(f.data).digest("hex"),
          data: f.data,
        })),
      );
    }
    const values = mails(draft, submissionId, notification).flatMap((mail) => MAIL_COLUMNS.map((key) => driverValue(outbox[key], mail[key])));
    await runStatement(tx as unknown as Db, twoMails(), values);
    return { id: submissionId, duplicate: false };
  });
}

/** Columns as an insert names them (unqualified). */
const columnList = (columns: readonly PgColumn[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/** A submission's row, unless its idempotency key was stored before: answers its id (none for a duplicate). */
const newSubmission = () =>
  builtOnce(
    "new submission",
    () =>
      sql`insert into ${submissions} (${columnList([submissions.kind, submissions.firstName, submissions.lastName, submissions.email, submissions.clientKey, submissions.partnerId])})
        values (${slot(0)}, ${slot(1)}, ${slot(2)}, ${slot(3)}, ${slot(4)}, ${slot(5)})
        on conflict (${sql.identifier(submissions.clientKey.name)}) do nothing returning ${sql.identifier(submissions.id.name)}`,
  );

const MAIL_COLUMNS = ["submissionId", "purpose", "to", "replyTo", "subject", "text"] as const;
/** A submission's two mails (see `mails`), in MAIL_COLUMNS' order. */
const twoMails = () =>
  builtOnce("two mails", () => {
    const row = (first: number) =>
      sql`(${sql.join(
        MAIL_COLUMNS.map((_, i) => slot(first + i)),
        sql`, `,
      )})`;
    return sql`insert into ${outbox} (${columnList(MAIL_COLUMNS.map((key) => outbox[key]))}) values ${row(0)}, ${row(MAIL_COLUMNS.length)}`;
  });

async function insertKnown(tx: Db, detail: KnownDetail, submissionId: string): Promise<Notification> {
  const { table, values, notification } = detail.row(submissionId);
  await tx.insert(table).values(values as never);
  return notification;
}

/** The submission's two mails: the notification to the company inbox (listing its files) and the confirmation to the person. */
function mails(draft: SubmissionDraft, submissionId: string, notification: Notification) {
  const site = siteConfig();
  const fileLines: FieldLine[] = (draft.files ?? []).map((f, i) => ({
    label: f.role === "resume" ? "Resume" : `Document ${i}`,
    value: `${f.fileName} (${f.contentType}, ${formatBytes(f.data.byteLength)})`,
  }));
  const sections = fileLines.length ? [...notification.sections, { title: "Files", fields: fileLines }] : notification.sections;
  return [
    {
      submissionId,
      purpose: `${draft.kind}.notification`,
      to: draft.notifyTo,
      replyTo: draft.person.email,
      subject: notification.subject,
      text: notificationText({ heading: notification.heading, sections, reference: submissionId, receivedAt: new Date() }),
    },
    {
      submissionId,
      purpose: `${draft.kind}.confirmation`,
      to: draft.person.email,
      replyTo: site.email,
      subject: draft.confirmation.subject,
      text: confirmationText({
        firstName: draft.person.firstName,
        companyName: site.companyName,
        what: draft.confirmation.what,
        promise: draft.confirmation.promise,
        phone: site.phone,
      }),
    },
  ];
}
