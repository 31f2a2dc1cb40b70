import { z } from "zod";
import { DOCUMENT_REQUEST_KINDS } from "~/content/document-requests";
import { LIMITS, optionalOption, requiredText } from "./common";

/** A message on an IVR or an order: its text, and (staff's) a document it asks for, answered by an upload. */
export const messageSchema = z.object({
  body: requiredText("Message", LIMITS.long, "Write a message"),
  requestKind: optionalOption(DOCUMENT_REQUEST_KINDS, "Choose which document"),
});

export type MessageInput = z.infer<typeof messageSchema>;
