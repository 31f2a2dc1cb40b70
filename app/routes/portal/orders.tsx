import { roleMay } from "~/lib/practice-roles";
import { FilePlus2, PackagePlus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/orders";
import { DataTable, Td, HeadRow } from "~/components/admin/data-table";
import { UnreadMark } from "~/components/conversation/unread-mark";
import { FormNotice } from "~/components/forms/field";
import { OrdersTable } from "~/components/orders/orders-table";
import { FrameLink } from "~/components/portal/frame-view";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { useLiveStatus } from "~/components/portal/live-status";
import { Button } from "~/components/ui/button";
import { privateMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";
import { getDb } from "~/.server/db/client";
import { cursorOf, dateKey, integerKey, timestampKey, uuidKey } from "~/.server/db/keyset";
import { orderableIvrs, ordersToday, practiceOrdersPage } from "~/.server/orders";
import { unreadThreads } from "~/.server/conversations";
import { memberOf } from "./member.server";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Orders | Clinical Portal");

export async function loader({ request }: Route.LoaderArgs) {
  const { user, practice, role } = await memberOf(request, "orders.read");
  if (!practice || !role) return { writes: false, practice: null, ivrs: [], ivrsAfter: null, ivrsBefore: null, orders: [], after: null, before: null };
  // Billing reads the orders; the roles that place them see what they can order from.
  const writes = roleMay(role, "orders.write");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const at = cursorOf(params, timestampKey, uuidKey);
  const ivrsAt = cursorOf(params, dateKey, integerKey, "ivrs");
  const [orderable, orders] = await Promise.all([writes ? orderableIvrs(db, practice.id, ordersToday(), { at: ivrsAt }) : { rows: [], after: null, before: null }, practiceOrdersPage(db, practice.id, { at })]);
  const ivrs = orderable.rows;
  // The rows whose conversation holds a message from staff the member has not read: one query for the ids shown.
  const unread = await unreadThreads(db, { userId: user.id, side: "member", practiceId: practice.id, ids: [...ivrs.map((i) => i.id), ...orders.rows.map((o) => o.id)] });
  return {
    writes,
    practice: { name: practice.name },
    ivrs: ivrs.map((i) => ({
      id: i.id,
      reference: i.reference,
      initials: i.initials,
      product: i.product,
      hcpcs: i.hcpcs,
      validUntil: i.validUntil,
      authorisedApplications: i.authorisedApplications,
      ordered: i.ordered,
      blockedBy: i.blockedBy,
      unread: unread.has(i.id),
    })),
    ivrsAfter: orderable.after,
    ivrsBefore: orderable.before,
    orders: orders.rows.map((o) => ({ ...o, unread: unread.has(o.id) })),
    after: orders.after,
    before: orders.before,
  };
}

function applications(ordered: number, authorised: number | null): string {
  return authorised === null ? `${ordered} ordered` : `${ordered} of ${authorised} ordered`;
}

export default function PortalOrders({ loaderData }: Route.ComponentProps) {
  const { writes, practice, ivrs, ivrsAfter, ivrsBefore, orders, after, before } = loaderData;
  const site = useSite();
  useLiveStatus(Boolean(practice));

  return (
    <section aria-labelledby="orders-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="orders-heading" className="text-xl font-semibold text-navy">
            Order grafts
          </h2>
          <p className="text-sm text-muted-foreground">Grafts are ordered for a patient from their verified IVR: covered, or prior authorization approved.</p>
        </div>
        <FrameLink src={site.portalFrames.order} label="Open the previous order form" />
      </div>

      {!practice ? (
        <FormNotice
          notice={{
            title: "Your account is not part of a practice yet",
            description: "Orders belong to a practice. Ask your practice's administrator or our support team to add your account to your practice.",
          }}
        />
      ) : (
        <>
          {writes ? (
          <section aria-labelledby="orderable-heading" className="flex flex-col gap-4">
            <h3 id="orderable-heading" className="text-lg font-semibold text-navy">
              Order from a verified IVR
            </h3>
            {ivrs.length === 0 && !ivrsBefore ? (
              <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border p-6">
                <p className="font-semibold">No IVR to order from yet</p>
                <p className="text-sm text-muted-foreground">
                  An order starts from an IVR that is covered or prior-auth approved and still valid. Send an IVR for the patient; once we have verified it, it shows here.
                </p>
                <Button asChild variant="outline">
                  <Link to="/members/ivrs/new">
                    <FilePlus2 aria-hidden />
                    Go to the IVR FORM
                  </Link>
                </Button>
              </div>
            ) : (
              <DataTable label="IVRs you can order from" stacked>
                <HeadRow columns={["IVR", "Patient", "Product", "Valid until", "Applications", { srOnly: "Order" }]} />
                <tbody>
                  {ivrs.map((i) => (
                    <tr key={i.id} data-ivr={i.reference}>
                      <Td data-label="IVR" className="font-medium">
                        <span className="flex flex-col items-start gap-1">
                          <Link to={`/members/ivrs/${i.id}`} className="text-primary underline-offset-4 hover:underline">
                            {i.reference}
                          </Link>
                          {i.unread ? <UnreadMark /> : null}
                        </span>
                      </Td>
                      <Td data-label="Patient">{i.initials || "—"}</Td>
                      <Td data-label="Product" wrap minWidth="min-w-40">
                        <span>
                          {i.product}
                          {i.hcpcs ? <span className="text-muted-foreground"> ({i.hcpcs})</span> : null}
                        </span>
                      </Td>
                      <Td data-label="Valid until">{i.validUntil}</Td>
                      {/* "Applications" does not fit a phone's label column. */}
                      <Td data-label="Ordered">{applications(i.ordered, i.authorisedApplications)}</Td>
                      <Td wrap minWidth="min-w-56" className="sm:text-right">
                        {i.blockedBy ? (
                          <p className="text-sm text-muted-foreground sm:text-left">{i.blockedBy}</p>
                        ) : (
                          <Button asChild size="sm">
                            <Link to={`/members/orders/new?ivr=${i.id}`} aria-label={`Order grafts from ${i.reference}`}>
                              <PackagePlus aria-hidden />
                              Order grafts
                            </Link>
                          </Button>
                        )}
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
            <KeysetPager label="More IVRs to order from" before={ivrsBefore} after={ivrsAfter} newer="Sooner" older="Later" summary="Soonest to expire first." hash="orderable-heading" prefix="ivrs" />
          </section>
          ) : null}

          <section aria-labelledby="practice-orders-heading" className="flex flex-col gap-4">
            <h3 id="practice-orders-heading" className="text-lg font-semibold text-navy">
              Your practice's orders
            </h3>
            <OrdersTable rows={orders} label="Orders of your practice" empty="No orders yet." />
            <KeysetPager label="More orders" before={before} after={after} summary="Latest change first." hash="practice-orders-heading" />
          </section>
        </>
      )}
    </section>
  );
}
