import type { Route } from "./+types/orders-detail";
import type { OrderAnswer } from "~/components/console-orders/answer";
import { OrderHeader } from "~/components/console-orders/order-header";
import { DocumentsPanel, InvoicePanel, OrderHistoryPanel, ShipmentPanel, SizesPanel } from "~/components/console-orders/order-panels";
import { WorkPanel } from "~/components/console-orders/work-panel";
import { FieldList } from "~/components/record/field-list";
import { Panel } from "~/components/record/panel";
import { privateMeta } from "~/lib/meta";
import { Thread } from "~/components/conversation/thread";

// The loader (an audited staff read) and the action (each step of the order's work) are server-only.
export { action, loader } from "./orders-detail.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privateMeta(matches, loaderData ? `${loaderData.reference} | Orders | Staff console` : "Order | Staff console");

/** An order in the console: what was ordered on the left, the work staff do with it on the right (after the details on a phone). */
export default function AdminOrder({ loaderData: d, actionData }: Route.ComponentProps) {
  const answer = actionData as OrderAnswer | undefined;
  return (
    <div className="flex flex-col gap-8">
      <OrderHeader reference={d.reference} status={d.status} practice={d.practice} ivr={d.ivr} reorder={d.reorder} placedAt={d.placedAt} next={d.next} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Panel id="order" title="Order">
            <FieldList fields={d.fields} />
          </Panel>
          <SizesPanel sizes={d.sizes} />
          <ShipmentPanel shipment={d.shipment} status={d.status} />
          <InvoicePanel invoice={d.invoice} status={d.status} />
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <WorkPanel order={d} answer={answer} />
          <Thread messages={d.messages} viewer="staff" mayWrite fileHref={(fileId) => `/admin/orders/${d.id}/messages/${fileId}`} answer={answer} reference={d.reference} />
          <DocumentsPanel orderId={d.id} invoiced={Boolean(d.invoice)} />
          <OrderHistoryPanel history={d.history} />
        </div>
      </div>
    </div>
  );
}
