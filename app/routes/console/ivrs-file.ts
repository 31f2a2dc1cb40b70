import type { Route } from "./+types/ivrs-file";
import { requireRole } from "~/.server/accounts";
import { attachmentDisposition } from "~/.server/submissions";
import { isUuid } from "~/lib/ids";
import { getDb } from "~/.server/db/client";
import { readIvrFileAsStaff } from "~/.server/ivr";
import { clientInfo } from "~/.server/request-context";
import { notFoundResponse } from "~/.server/http/not-found";

/** An IVR's attachment for staff: audited by readIvrFileAsStaff; only at its IVR's address. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id) || !isUuid(params.fileId)) return notFoundResponse();
  const file = await readIvrFileAsStaff(getDb(), { id: params.fileId, actor: { email: me.email, ip: clientInfo(context).ip } });
  if (!file || file.ivrId !== params.id) return notFoundResponse();
  const body = new Uint8Array(file.bytes);
  return new Response(body, {
    status: 200,
    headers: {
      // The type was checked from the content when it was uploaded (PDF, JPEG or PNG).
      "Content-Type": file.mimeType,
      "Content-Length": String(body.byteLength),
      "Content-Disposition": attachmentDisposition(file.name),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
