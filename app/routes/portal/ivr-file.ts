import type { Route } from "./+types/ivr-file";
import { getIvrFile } from "~/.server/ivr";
import { attachmentDisposition } from "~/.server/submissions";
import { getDb } from "~/.server/db/client";
import { idParam, notFound, requirePractice } from "./member.server";

/** An attachment of one of the practice's IVRs, as a download; anything else is 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { practice } = await requirePractice(request);
  const ivrId = idParam(params.id);
  const fileId = idParam(params.fileId);
  const file = await getIvrFile(getDb(), { id: fileId, practiceId: practice.id });
  if (!file || file.ivrId !== ivrId) throw notFound();
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
