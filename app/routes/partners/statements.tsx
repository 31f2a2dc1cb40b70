import { Link } from "react-router";
import type { Route } from "./+types/statements";
import { DataTable, HeadRow, Td } from "~/components/admin/data-table";
import { privateMeta } from "~/lib/meta";
import { monthLabel } from "~/lib/partners";
import { getDb } from "~/.server/db/client";
import { partners } from "~/.server/db/schema";
import { auditPartnerRead, requirePartner, statementMonths } from "~/.server/partners";
import { clientInfo } from "~/.server/request-context";
import { eq } from "drizzle-orm";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Statements | Partner area");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, partner } = await requirePartner(request);
  const db = getDb();
  const [row] = await db.select({ createdAt: partners.createdAt }).from(partners).where(eq(partners.id, partner.id));
  await auditPartnerRead(db, { email: user.email, ip: clientInfo(context).ip }, "statements", partner.id);
  return { months: statementMonths(row!.createdAt) };
}

export default function PartnerStatements({ loaderData }: Route.ComponentProps) {
  const { months } = loaderData;
  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Statements</h1>
        <p className="text-muted-foreground">One statement a month since you became a partner, newest first. Each one downloads as CSV or PDF.</p>
      </div>
      <DataTable label="Statements" stacked narrow>
        <HeadRow columns={["Month", "Downloads"]} />
        <tbody>
          {months.map((m) => (
            <tr key={m}>
              <Td data-label="Month" className="font-semibold">
                <Link to={`/partners/statements/${m}`} className="text-primary underline-offset-4 hover:underline">
                  {monthLabel(m)}
                </Link>
              </Td>
              <Td data-label="Downloads">
                <span className="flex gap-4">
                  <a href={`/partners/statements/${m}/statement.csv`} download className="font-semibold text-primary underline-offset-4 hover:underline">
                    CSV<span className="sr-only"> of {monthLabel(m)}</span>
                  </a>
                  <a href={`/partners/statements/${m}/statement.pdf`} download className="font-semibold text-primary underline-offset-4 hover:underline">
                    PDF<span className="sr-only"> of {monthLabel(m)}</span>
                  </a>
                </span>
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}
