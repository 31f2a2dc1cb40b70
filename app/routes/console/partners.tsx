import { Link } from "react-router";
import type { Route } from "./+types/partners";
import { DataTable, EmptyRow, HeadRow, Td } from "~/components/admin/data-table";
import { privateMeta } from "~/lib/meta";
import { PARTNER_PLAN_LABELS } from "~/lib/partners";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { listPartners } from "~/.server/partners";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Partners | Staff console");

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  return { partners: await listPartners(getDb()) };
}

export default function AdminPartners({ loaderData }: Route.ComponentProps) {
  const { partners } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Partners</h1>
        <p className="text-muted-foreground">
          Sales partners, their referral codes, plans and practices. A partner is made from their partner callback in the{" "}
          <Link to="/admin?kind=callback" className="font-semibold text-primary underline-offset-4 hover:underline">
            inbox
          </Link>{" "}
          (&ldquo;Make partner&rdquo; on the submission).
        </p>
      </div>
      <section aria-labelledby="list-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="list-heading" className="text-xl font-semibold text-navy">
            All partners
          </h2>
          <p className="text-sm text-muted-foreground">
            {partners.length} {partners.length === 1 ? "partner" : "partners"}
          </p>
        </div>
        <DataTable label="Partner list" stacked>
          <HeadRow columns={["Name", "Code", "Plan", "Practices", "Upline"]} />
          <tbody>
            {partners.length === 0 ? (
              <EmptyRow colSpan={5}>No partners yet.</EmptyRow>
            ) : (
              partners.map((p) => (
                <tr key={p.id} className="hover:bg-muted/60">
                  <Td data-label="Name" wrap className="font-semibold">
                    <Link to={`/admin/partners/${p.id}`} className="text-primary underline-offset-4 hover:underline">
                      {p.name}
                    </Link>
                    <span className="block text-xs font-normal text-muted-foreground [overflow-wrap:anywhere]">{p.email}</span>
                  </Td>
                  <Td data-label="Code" className="font-mono">
                    {p.code}
                  </Td>
                  <Td data-label="Plan">{PARTNER_PLAN_LABELS[p.plan]}</Td>
                  <Td data-label="Practices" className="tabular-nums">
                    {p.practices}
                  </Td>
                  <Td data-label="Upline">{p.upline ?? "—"}</Td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </section>
    </div>
  );
}
