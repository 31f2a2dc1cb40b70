import type { Route } from "./+types/export";
import { audit } from "~/.server/accounts/accounts";
import { requireRole } from "~/.server/accounts/auth";
import { attachmentDisposition, csvFileName, toCsv } from "~/.server/submissions/csv";
import { exportSubmissions } from "~/.server/submissions/console";
import { isKind } from "~/lib/submissions";
import { getDb } from "~/.server/db/client";
import { clientInfo } from "~/.server/request-context";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  const match = /^([a-z]+)\.csv$/.exec(params.file);
  const kind = match?.[1];
  if (!isKind(kind)) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const db = getDb();
  const table = await exportSubmissions(db, kind);
  const body = toCsv(table.header, table.rows);
  await audit(db, {
    actorEmail: me.email,
    action: "export.csv",
    target: kind,
    ip: clientInfo(context).ip,
    detail: `${kind}: ${table.rows.length} ${table.rows.length === 1 ? "row" : "rows"}`,
  });
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
