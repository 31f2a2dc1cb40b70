import type { Route } from "./+types/file";
import { requireRole } from "~/.server/accounts";
import { attachmentDisposition, downloadFile } from "~/.server/submissions";
import { isUuid } from "~/lib/ids";
import { getDb } from "~/.server/db/client";
import { clientInfo } from "~/.server/request-context";
import { notFoundResponse } from "~/.server/http/not-found";

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) return notFoundResponse();
  const file = await downloadFile(getDb(), params.id, { email: me.email, ip: clientInfo(context).ip });
  if (!file) return notFoundResponse();
  const body = new Uint8Array(file.data);
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": MIME.test(file.contentType) ? file.contentType : "application/octet-stream",
      "Content-Length": String(body.byteLength),
      "Content-Disposition": attachmentDisposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
