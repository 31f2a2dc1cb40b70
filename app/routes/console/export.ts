import type { Route } from "./+types/export";
import { requireRole } from "~/.server/accounts";
import { attachmentDisposition, csvFileName, exportCsv } from "~/.server/submissions";
import { isKind } from "~/lib/submissions";
import { getDb, getReadDb } from "~/.server/db/client";
import { clientInfo } from "~/.server/request-context";
import { notFoundResponse } from "~/.server/http/not-found";

/** Every submission of a kind as CSV, streamed as it is read (memory holds one batch, whatever the number of rows). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  const match = /^([a-z]+)\.csv$/.exec(params.file);
  const kind = match?.[1];
  if (!isKind(kind)) {
    return notFoundResponse();
  }
  const body = exportCsv(getDb(), kind, { email: me.email, ip: clientInfo(context).ip }, getReadDb());
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(csvFileName(kind)),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
