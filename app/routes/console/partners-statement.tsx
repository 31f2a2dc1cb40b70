import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/partners-statement";
import { StatementView } from "~/components/partners/statement-view";
import { isUuid } from "~/lib/ids";
import { privateMeta } from "~/lib/meta";
import { isStatementMonth } from "~/lib/partners";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { notFound } from "~/.server/http/not-found";
import { auditPartnerRead, statementOf, statementView } from "~/.server/partners";
import { clientInfo } from "~/.server/request-context";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privateMeta(matches, loaderData ? `${loaderData.statement.partnerName}, ${loaderData.statement.monthLabel} | Staff console` : "Statement | Staff console");

/** Any partner's statement of a month, as the partner reads it (audited as a read of it). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id) || !isStatementMonth(params.month)) notFound();
  const db = getDb();
  const statement = await statementOf(db, params.id.toLowerCase(), params.month);
  if (!statement) notFound();
  await auditPartnerRead(db, { email: me.email, ip: clientInfo(context).ip }, "statement", statement.partner.id, params.month);
  return { partnerId: statement.partner.id, statement: statementView(statement) };
}

export default function AdminPartnerStatement({ loaderData }: Route.ComponentProps) {
  const { partnerId, statement } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <Link to={`/admin/partners/${partnerId}`} className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to {statement.partnerName}
      </Link>
      <StatementView
        statement={statement}
        heading={`Statement for ${statement.monthLabel}`}
        filesAt={`/admin/partners/${partnerId}/statements/${statement.month}`}
      />
    </div>
  );
}
