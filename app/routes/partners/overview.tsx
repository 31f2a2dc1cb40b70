import { Link } from "react-router";
import type { Route } from "./+types/overview";
import { ReferralLink } from "~/components/partners/referral-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatCents } from "~/lib/format";
import { privateMeta } from "~/lib/meta";
import { monthLabel } from "~/lib/partners";
import { getDb } from "~/.server/db/client";
import { siteOrigin } from "~/.server/env";
import { auditPartnerRead, companyMonth, practicesOfPartner, requirePartner, statementOf } from "~/.server/partners";
import { clientInfo } from "~/.server/request-context";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Partner area");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, partner } = await requirePartner(request);
  const db = getDb();
  const month = companyMonth();
  const [practices, statement] = await Promise.all([practicesOfPartner(db, partner.id), statementOf(db, partner.id, month)]);
  await auditPartnerRead(db, { email: user.email, ip: clientInfo(context).ip }, "practices", partner.id, "overview");
  return {
    name: partner.name,
    link: `${siteOrigin()}/r/${partner.code}`,
    practices: practices.map((p) => ({ id: p.id, name: p.name, via: p.via, openIvrs: p.openIvrs, openOrders: p.openOrders })),
    month,
    monthTotal: statement ? formatCents(statement.totalCents) : null,
  };
}

const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";

export default function PartnerOverview({ loaderData }: Route.ComponentProps) {
  const { link, practices, month, monthTotal } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-navy">Overview</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2" size="lg" tone="navy">
            Your referral link
          </CardTitle>
          <CardDescription>
            Share it with practices. A practice that opens it is remembered for 90 days: a consultation or portal access request they send in that time is
            yours.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ReferralLink link={link} />
        </CardContent>
      </Card>

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2" size="lg" tone="navy">
              Your practices
            </CardTitle>
            <CardDescription>
              {practices.length === 0
                ? "No practice is assigned to you yet. Staff assign the practices that come through you."
                : `${practices.length} ${practices.length === 1 ? "practice" : "practices"}, with what is under way.`}
            </CardDescription>
          </CardHeader>
          {practices.length > 0 ? (
            <CardContent>
              <ul className="flex flex-col gap-2 text-sm">
                {practices.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <Link to={`/partners/practices/${p.id}`} className={linkClass}>
                      {p.name}
                    </Link>
                    <span className="text-muted-foreground">
                      {p.openIvrs} open {p.openIvrs === 1 ? "IVR" : "IVRs"}, {p.openOrders} open {p.openOrders === 1 ? "order" : "orders"}
                      {p.via ? `, through ${p.via}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          ) : null}
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" size="lg" tone="navy">
              This month
            </CardTitle>
            <CardDescription>What your statement for {monthLabel(month)} says so far.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <p className="text-3xl font-bold tabular-nums">{monthTotal ?? formatCents(0)}</p>
            <Link to={`/partners/statements/${month}`} className={linkClass}>
              Open the statement for {monthLabel(month)}
            </Link>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
