import type { Route } from "./+types/ivrs-file";
import { readIvrFileAsMember } from "~/.server/ivr";
import { attachmentDisposition } from "~/.server/submissions";
import { getDb } from "~/.server/db/client";
import { permissionForIvrFile, roleMay } from "~/lib/practice-roles";
import { actorOf, idParam, notFound, requirePractice } from "./member.server";

/** An attachment of one of the practice's IVRs, as a download (audited); anything else is 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, practice, role } = await requirePractice(request, "ivr.read");
  const ivrId = idParam(params.id);
  const fileId = idParam(params.fileId);
  const mayOpen = (fileRole: string) => roleMay(role, permissionForIvrFile(fileRole));
  const file = await readIvrFileAsMember(getDb(), { id: fileId, ivrId, practiceId: practice.id, actor: actorOf(user, context), mayOpen });
  if (!file) throw notFound();
  if (file === "refused") throw new Response("Your role in the practice does not open this kind of attachment.", { status: 403, statusText: "Forbidden" });
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
