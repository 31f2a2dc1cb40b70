import { Link } from "react-router";
import type { Route } from "./+types/practices";
import { DataTable, EmptyRow, HeadRow, Td } from "~/components/admin/data-table";
import { DateTime } from "~/components/ui/date-time";
import { privateMeta } from "~/lib/meta";
import { getDb } from "~/.server/db/client";
import { auditPartnerRead, practicesOfPartner, requirePartner } from "~/.server/partners";
import { clientInfo } from "~/.server/request-context";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Your practices | Partner area");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, partner } = await requirePartner(request);
  const db = getDb();
  const practices = await practicesOfPartner(db, partner.id);
  await auditPartnerRead(db, { email: user.email, ip: clientInfo(context).ip }, "practices", partner.id, "list");
  return { practices };
}

export default function PartnerPractices({ loaderData }: Route.ComponentProps) {
  const { practices } = loaderData;
  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Your practices</h1>
        <p className="text-muted-foreground">The practices assigned to you and to your sub-partners. Open one for its IVRs and orders.</p>
      </div>
      <DataTable label="Your practices" stacked>
        <HeadRow columns={["Practice", "Through", "Open IVRs", "Open orders", "Yours since"]} />
        <tbody>
          {practices.length === 0 ? (
            <EmptyRow colSpan={5}>No practice is assigned to you yet.</EmptyRow>
          ) : (
            practices.map((p) => (
              <tr key={p.id} className="hover:bg-muted/60">
                <Td data-label="Practice" wrap className="font-semibold">
                  <Link to={`/partners/practices/${p.id}`} className="text-primary underline-offset-4 hover:underline">
                    {p.name}
                  </Link>
                </Td>
                <Td data-label="Through">{p.via ?? "You"}</Td>
                <Td data-label="Open IVRs" className="tabular-nums">
                  {p.openIvrs}
                </Td>
                <Td data-label="Open orders" className="tabular-nums">
                  {p.openOrders}
                </Td>
                <Td data-label="Yours since">
                  <DateTime value={p.assignedAt} />
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
    </>
  );
}
