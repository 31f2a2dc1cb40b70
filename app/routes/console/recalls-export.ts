import type { Route } from "./+types/recalls-export";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { notFoundResponse } from "~/.server/http/not-found";
import { recallReport } from "~/.server/inventory";
import { clientInfo } from "~/.server/request-context";
import { attachmentDisposition } from "~/.server/submissions";

/** A recall's report, "RCL-000123.csv": one row per unit, no patient named. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  const match = /^RCL-(\d{1,9})\.csv$/i.exec(params.file);
  if (!match) return notFoundResponse();
  const report = await recallReport(getDb(), { number: Number(match[1]), actor: { email: me.email, ip: clientInfo(context).ip } });
  if (!report) return notFoundResponse();
  return new Response(report.csv, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(`${report.reference}.csv`),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
