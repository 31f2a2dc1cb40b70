import { z } from "zod";
import { IVR_ATTACHMENT } from "~/lib/uploads";
import { messageSchema } from "~/lib/schemas/message";
import type { Db } from "~/.server/db/client";
import { checkFile } from "~/.server/http/file-type";
import { redirectWithFlash } from "~/.server/http/flash";
import type { FormInput } from "~/.server/http/form-action";
import { notFound } from "~/.server/http/not-found";
import { answerRequest, markRead, postMessage, readThread, type Side, type ThreadRef } from "./index";

/** The thread as a page shows it; opening the page marks it read for whoever opened it. */
export async function threadForPage(db: Db, ref: ThreadRef, userId: string) {
  const messages = await readThread(db, ref);
  await markRead(db, userId, ref.id);
  return messages;
}

/** The controls a message form may hold textareas in (the page's form reader). */
export const MESSAGE_MULTILINE = ["body"] as const;

/**
 * How a page without attachments of its own reads its forms once it holds a
 * conversation: its text forms, and the upload answering a request (one file,
 * at most as large as an IVR's attachment; a larger one comes back beside the slot).
 */
export const MESSAGE_FILE_READ = {
  maxBytes: IVR_ATTACHMENT.maxBytes + 256 * 1024,
  multipart: {
    fields: 40,
    files: 1,
    fieldBytes: 10_000,
    fileBytes: IVR_ATTACHMENT.maxBytes,
    fileTooLarge: (_field: string, fileName: string) => ({ fieldErrors: { document: IVR_ATTACHMENT.sizeMessage(fileName) } }),
    tooManyFiles: () => ({ fieldErrors: { document: "Upload one file." } }),
    bodyTooLarge: { fieldErrors: { document: IVR_ATTACHMENT.sizeMessage("The file") } },
  },
} as const;

const documentSchema = z.object({ messageId: z.uuid({ message: "This request is no longer open" }) });

/**
 * A page's conversation intents: "message" (either side; staff may ask for a
 * document) and "document" (the practice's upload answering a request).
 * `practiceId` is the member's practice (null for staff): another practice's
 * record is not found.
 */
export function conversationIntents({
  db,
  ref,
  practiceId,
  side,
  author,
  here,
}: {
  db: Db;
  ref: ThreadRef;
  practiceId: string | null;
  side: Side;
  author: { id: string; email: string };
  here: string;
}) {
  return {
    message: async ({ parse }: FormInput) => {
      const input = parse(messageSchema);
      const posted = await postMessage(db, { ref, practiceId, side, author, body: input.body, requestKind: side === "staff" ? (input.requestKind ?? null) : null });
      if (!posted) notFound();
      return redirectWithFlash(here, {
        title: "Message sent",
        description: side === "staff" ? `The practice sees it on ${posted.reference}.` : `Our team sees it on ${posted.reference}.`,
        variant: "success",
      });
    },
    document: async ({ formData, parse }: FormInput) => {
      if (!practiceId) notFound();
      const value = formData.get("document");
      let problem: string | undefined;
      let file: { name: string; mimeType: string; bytes: Uint8Array } | null = null;
      if (!(value instanceof File) || (value.size === 0 && value.name === "")) problem = "Choose the file to upload";
      else if (value.size === 0) problem = "The file is empty";
      else {
        const checked = await checkFile(value, IVR_ATTACHMENT);
        if (checked.ok) file = checked;
        else problem = checked.message;
      }
      const { messageId } = parse(documentSchema, { also: problem ? { document: problem } : {} });
      const answered = await answerRequest(db, { ref, practiceId, messageId, author, file: file! });
      if (!answered) notFound();
      return redirectWithFlash(here, { title: `${answered.label} uploaded`, description: `Our team sees it on ${answered.reference}.`, variant: "success" });
    },
  };
}
