import { ArrowLeft, Download } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/recalls-detail";
import { RecallUnitsTable } from "~/components/console-recalls/units-table";
import { FieldList } from "~/components/record/field-list";
import { Panel } from "~/components/record/panel";
import { Button } from "~/components/ui/button";
import { isUuid } from "~/lib/ids";
import { recallByLabel } from "~/lib/inventory/recalls";
import { privateMeta } from "~/lib/meta";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { notFound } from "~/.server/http/not-found";
import { readRecallAsStaff } from "~/.server/inventory";
import { clientInfo } from "~/.server/request-context";
import { unitView } from "./recalls-view.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privateMeta(matches, loaderData ? `${loaderData.reference} | Recalls | Staff console` : "Recall | Staff console");

/**
 * A recall: what it looks for, why, who started it and when, and its units.
 * The patients of applied units are named here (only here in the console), so
 * opening the page is a read of each one's name, audited per patient.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const recall = await readRecallAsStaff(getDb(), { id: params.id.toLowerCase(), actor: { email: me.email, ip: clientInfo(context).ip } });
  if (!recall) notFound();
  const held = recall.units.filter((u) => u.heldBy?.id === recall.id);
  return {
    id: recall.id,
    reference: recall.reference,
    title: recall.title,
    by: recallByLabel(recall.by),
    value: recall.value,
    reason: recall.reason,
    createdBy: recall.createdBy,
    createdAt: recall.createdAt.toISOString(),
    held: held.length,
    stillHeld: held.filter((u) => u.disposition === null).length,
    applied: recall.units.filter((u) => u.disposition === "applied").length,
    practices: new Set(recall.units.map((u) => u.practiceId)).size,
    units: recall.units.map((u) => unitView(u, u.patientName)),
    csv: `/admin/export/recalls/${recall.reference}.csv`,
  };
}

export default function AdminRecall({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link to="/admin/recalls" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Recalls
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-navy">{d.title}</h1>
          {/* A download, not a page: reloadDocument keeps the router from fetching it as data. */}
          <Button asChild variant="outline">
            <Link to={d.csv} reloadDocument>
              <Download aria-hidden />
              Recall report (CSV)
            </Link>
          </Button>
        </div>
      </div>

      <Panel id="recall" title="Recall">
        <FieldList
          labelWidth="medium"
          fields={[
            { label: "Reference", value: d.reference, className: "font-semibold" },
            { label: "Looks for", value: `${d.by}: ${d.value}` },
            { label: "Reason", value: d.reason },
            { label: "Started by", value: d.createdBy },
            { label: "Started", at: d.createdAt },
            { label: "Units held", value: `${d.held} (${d.stillHeld} still unused)`, attributes: { "data-held": String(d.held) } },
            { label: "Units applied", value: String(d.applied) },
            { label: "Practices", value: String(d.practices) },
          ]}
        />
      </Panel>

      <section aria-labelledby="units-heading" className="flex flex-col gap-3">
        <h2 id="units-heading" className="text-xl font-semibold text-navy">
          Units
        </h2>
        <p className="text-sm text-muted-foreground">
          Every unit the recall holds or that matches it. Patients are named for applied units only; opening this page is recorded in each one&rsquo;s access log.
        </p>
        <RecallUnitsTable label="Units of the recall" units={d.units} empty="No unit matches this recall." showPatient />
      </section>
    </div>
  );
}
