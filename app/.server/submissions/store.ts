import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/.server/db/client";
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
  /** Inserts the rows of this kind, inside the submission's transaction; answers the notification to the company inbox, listing them. */
  insertDetail: (tx: Db, submissionId: string) => Promise<Notification>;
  files?: readonly CheckedFile[];
  /** The company inbox the notification goes to. */
  notifyTo: string;
  /** Confirmation to the submitter. */
  confirmation: { subject: string; what: string; promise: string };
};

/**
 * Stores a submission, its files and its two mails in one transaction:
 * either all of it is kept or none of it.
 */
export async function storeSubmission(db: Db, draft: SubmissionDraft): Promise<{ id: string; duplicate: boolean }> {
  const site = siteConfig();
  const receivedAt = new Date();
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(submissions)
      .values({ kind: draft.kind, ...draft.person, clientKey: draft.clientKey ?? null })
      .onConflictDoNothing({ target: submissions.clientKey })
      .returning({ id: submissions.id });
    if (!row) {
      // Already stored under this key: the browser re-sent what had reached us.
      const [existing] = await tx
        .select({ id: submissions.id })
        .from(submissions)
        .where(eq(submissions.clientKey, draft.clientKey!));
      return { id: existing!.id, duplicate: true };
    }
    const submissionId = row.id;
    const notification = await draft.insertDetail(tx as unknown as Db, submissionId);
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
    const fileLines: FieldLine[] = (draft.files ?? []).map((f, i) => ({
      label: f.role === "resume" ? "Resume" : `Document ${i}`,
      value: `${f.fileName} (${f.contentType}, ${formatBytes(f.data.byteLength)})`,
    }));
    const sections = fileLines.length ? [...notification.sections, { title: "Files", fields: fileLines }] : notification.sections;
    await tx.insert(outbox).values([
      {
        submissionId,
        purpose: `${draft.kind}.notification`,
        to: draft.notifyTo,
        replyTo: draft.person.email,
        subject: notification.subject,
        text: notificationText({ heading: notification.heading, sections, reference: submissionId, receivedAt }),
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
    ]);
    return { id: submissionId, duplicate: false };
  });
  // Ids and kinds only: form contents stay out of the logs.
  log.info({ submissionId: stored.id, kind: draft.kind, files: draft.files?.length ?? 0, duplicate: stored.duplicate }, "submission stored");
  return stored;
}

