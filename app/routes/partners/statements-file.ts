import type { Route } from "./+types/statements-file";
import { isStatementMonth } from "~/lib/partners";
import { getDb } from "~/.server/db/client";
import { notFoundResponse } from "~/.server/http/not-found";
import { pdfDownload } from "~/.server/orders";
import { auditPartnerRead, csvDownload, requirePartner, statementCsv, statementFileName, statementOf, statementPdf } from "~/.server/partners";
import { clientInfo } from "~/.server/request-context";

/** The partner's own statement of a month as statement.csv or statement.pdf; anything else 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, partner } = await requirePartner(request);
  const format = params.file === "statement.csv" ? "csv" : params.file === "statement.pdf" ? "pdf" : null;
  if (!format || !isStatementMonth(params.month)) return notFoundResponse();
  const db = getDb();
  const statement = await statementOf(db, partner.id, params.month);
  if (!statement) return notFoundResponse();
  await auditPartnerRead(db, { email: user.email, ip: clientInfo(context).ip }, format === "csv" ? "statement.csv" : "statement.pdf", partner.id, params.month);
  return format === "csv" ? csvDownload(statementCsv(statement), statementFileName(statement, "csv")) : pdfDownload(await statementPdf(statement));
}
