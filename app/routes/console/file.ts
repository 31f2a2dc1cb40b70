import type { Route } from "./+types/file";
import { requireRole } from "~/.server/accounts";
import { attachmentDisposition, downloadFile } from "~/.server/submissions";
import { isUuid } from "~/lib/ids";
import { getDb } from "~/.server/db/client";
import { clientInfo } from "~/.server/request-context";

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

function notFound() {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) return notFound();
  const file = await downloadFile(getDb(), params.id, { email: me.email, ip: clientInfo(context).ip });
  if (!file) return notFound();
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
