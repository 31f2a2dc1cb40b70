import { Link } from "react-router";
import type { Route } from "./+types/recalls";
import { DataTable, HeadRow, Td } from "~/components/admin/data-table";
import { Badge } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";
import { privateMeta } from "~/lib/meta";
import { getDb } from "~/.server/db/client";
import { practiceRecalls } from "~/.server/inventory";
import { memberOf } from "./member.server";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Recalls | Clinical Portal");

/**
 * The recalls touching the practice's units: the units each holds (set them
 * aside), and the units already applied, with the IVR, the day and the
 * patient, so the practice can follow them up. Only the practice's own units
 * and patients are read; a member of no practice sees the empty page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { practice } = await memberOf(request, "stock");
  if (!practice) return { recalls: [] };
  const recalls = await practiceRecalls(getDb(), practice.id);
  return {
    recalls: recalls.map((r) => ({
      id: r.id,
      reference: r.reference,
      title: r.title,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      held: r.units.filter((u) => u.heldBy?.id === r.id && u.disposition === null).length,
      units: r.units.map((u) => ({
        id: u.id,
        tissueId: u.tissueId,
        lot: u.lot,
        product: u.product,
        size: u.size,
        facility: u.facility,
        orderId: u.orderId,
        order: u.order,
        standing: u.standing,
        held: u.heldBy !== null && u.disposition === null,
        ivr: u.application ? { id: u.application.ivrId, reference: u.application.ivr } : null,
        appliedOn: u.application?.appliedOn ?? null,
        patientName: u.patientName,
      })),
    })),
  };
}

const linkLook = "font-medium text-primary underline-offset-4 hover:underline";

export default function PortalRecalls({ loaderData }: Route.ComponentProps) {
  const { recalls } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 id="recalls-heading" className="text-xl font-semibold text-navy">
          Recalls
        </h2>
        <p className="text-sm text-muted-foreground">
          Grafts recalled by the supplier that your practice received. A held unit cannot be applied: keep it apart until we tell you how to return it.
        </p>
      </div>
      {recalls.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-muted-foreground">No recall concerns your practice&rsquo;s units.</p>
      ) : (
        recalls.map((r) => (
          <section key={r.id} aria-labelledby={`recall-${r.id}`} className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4 sm:p-5">
            <div className="flex flex-col gap-1">
              <h3 id={`recall-${r.id}`} className="text-lg font-semibold text-navy">
                {r.title}
              </h3>
              <p className="text-sm text-muted-foreground">
                Started <DateTime value={r.createdAt} />. {r.held > 0 ? `${r.held} of your units ${r.held === 1 ? "is" : "are"} held.` : null}
              </p>
              <p className="text-sm whitespace-pre-wrap break-words">Why: {r.reason}</p>
            </div>
            <DataTable label={`Your units in ${r.reference}`} stacked>
              <HeadRow columns={["Tissue identifier", "Lot", "Product and size", "Facility", "Order", "Standing", "IVR", "Applied on", "Patient"]} />
              <tbody>
                {r.units.map((u) => (
                  <tr key={u.id} data-unit={u.tissueId}>
                    <Td data-label="Tissue identifier" className="font-mono font-semibold">
                      {u.tissueId}
                    </Td>
                    <Td data-label="Lot">{u.lot ?? <span className="text-muted-foreground">Not recorded</span>}</Td>
                    <Td data-label="Product and size">
                      {u.product} <span className="text-muted-foreground">{u.size}</span>
                    </Td>
                    <Td data-label="Facility" wrap>
                      {u.facility}
                    </Td>
                    <Td data-label="Order">
                      <Link to={`/members/orders/${u.orderId}`} className={linkLook}>
                        {u.order}
                      </Link>
                    </Td>
                    <Td data-label="Standing">{u.held ? <Badge variant="destructive">{u.standing}: do not apply</Badge> : u.standing}</Td>
                    <Td data-label="IVR">
                      {u.ivr ? (
                        <Link to={`/members/ivrs/${u.ivr.id}`} className={linkLook}>
                          {u.ivr.reference}
                        </Link>
                      ) : (
                        <span className="text-muted-foreground">—</span>
                      )}
                    </Td>
                    <Td data-label="Applied on">{u.appliedOn ?? <span className="text-muted-foreground">—</span>}</Td>
                    <Td data-label="Patient" wrap>
                      {u.patientName ?? <span className="text-muted-foreground">—</span>}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </section>
        ))
      )}
    </div>
  );
}
