import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/statements-detail";
import { StatementView } from "~/components/partners/statement-view";
import { privateMeta } from "~/lib/meta";
import { isStatementMonth, monthLabel } from "~/lib/partners";
import { getDb } from "~/.server/db/client";
import { notFound } from "~/.server/http/not-found";
import { auditPartnerRead, requirePartner, statementOf, statementView } from "~/.server/partners";
import { clientInfo } from "~/.server/request-context";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privateMeta(matches, `Statement ${loaderData ? monthLabel(loaderData.statement.month) : ""} | Partner area`);

/** The partner's own statement of a month since they started; any other month is not found. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, partner } = await requirePartner(request);
  if (!isStatementMonth(params.month)) notFound();
  const db = getDb();
  const statement = await statementOf(db, partner.id, params.month);
  if (!statement) notFound();
  await auditPartnerRead(db, { email: user.email, ip: clientInfo(context).ip }, "statement", partner.id, params.month);
  return { statement: statementView(statement) };
}

export default function PartnerStatement({ loaderData }: Route.ComponentProps) {
  const { statement } = loaderData;
  return (
    <>
      <Link to="/partners/statements" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        All statements
      </Link>
      <StatementView statement={statement} heading={`Statement for ${statement.monthLabel}`} filesAt={`/partners/statements/${statement.month}`} />
    </>
  );
}
