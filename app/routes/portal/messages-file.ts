import type { Route } from "./+types/messages-file";
import { readMessageFile } from "~/.server/conversations";
import { attachmentDisposition } from "~/.server/submissions";
import { getDb } from "~/.server/db/client";
import { idParam, need, notFound, requirePractice } from "./member.server";

/**
 * A file answering a document request in the conversation on one of the practice's IVRs or orders (its own upload),
 * as a download; anything else is 404. The route serves /members/ivrs/:id/messages/:fileId and the orders' twin.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const kind = new URL(request.url).pathname.startsWith("/members/orders/") ? "order" : "ivr";
  const { practice, role } = await requirePractice(request, kind === "ivr" ? "ivr.read" : "orders.read");
  const file = await readMessageFile(getDb(), { ref: { kind, id: idParam(params.id) }, fileId: idParam(params.fileId), practiceId: practice.id, actor: null });
  if (!file) throw notFound();
  // An IVR's document is an attachment like the form's: insurance cards are billing's work too, anything else is clinical.
  if (kind === "ivr") need(role, file.requestKind === "card-front" || file.requestKind === "card-back" ? "ivr.card-files" : "ivr.clinical-files");
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": attachmentDisposition(file.name),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
