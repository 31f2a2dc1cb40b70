import type { Route } from "./+types/messages-file";
import { requireRole } from "~/.server/accounts";
import { readMessageFile } from "~/.server/conversations";
import { attachmentDisposition } from "~/.server/submissions";
import { isUuid } from "~/lib/ids";
import { getDb } from "~/.server/db/client";
import { clientInfo } from "~/.server/request-context";
import { notFoundResponse } from "~/.server/http/not-found";

/** A file answering a document request on an IVR or an order, for staff: audited (a read of patient data). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id) || !isUuid(params.fileId)) return notFoundResponse();
  const kind = new URL(request.url).pathname.startsWith("/admin/orders/") ? "order" : "ivr";
  const file = await readMessageFile(getDb(), { ref: { kind, id: params.id }, fileId: params.fileId, practiceId: null, actor: { email: me.email, ip: clientInfo(context).ip } });
  if (!file) return notFoundResponse();
  const body = new Uint8Array(file.bytes);
  return new Response(body, {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Length": String(body.byteLength),
      "Content-Disposition": attachmentDisposition(file.name),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
