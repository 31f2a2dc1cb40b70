import type { Route } from "./+types/partners-statement-file";
import { isUuid } from "~/lib/ids";
import { isStatementMonth } from "~/lib/partners";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { notFoundResponse } from "~/.server/http/not-found";
import { pdfDownload } from "~/.server/orders";
import { auditPartnerRead, csvDownload, statementCsv, statementFileName, statementOf, statementPdf } from "~/.server/partners";
import { clientInfo } from "~/.server/request-context";

/** Any partner's statement of a month for staff, as statement.csv or statement.pdf. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  const format = params.file === "statement.csv" ? "csv" : params.file === "statement.pdf" ? "pdf" : null;
  if (!format || !isUuid(params.id) || !isStatementMonth(params.month)) return notFoundResponse();
  const db = getDb();
  const statement = await statementOf(db, params.id.toLowerCase(), params.month);
  if (!statement) return notFoundResponse();
  await auditPartnerRead(db, { email: me.email, ip: clientInfo(context).ip }, format === "csv" ? "statement.csv" : "statement.pdf", statement.partner.id, params.month);
  return format === "csv" ? csvDownload(statementCsv(statement), statementFileName(statement, "csv")) : pdfDownload(await statementPdf(statement));
}
