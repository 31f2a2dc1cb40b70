import { AnswerNotice } from "~/components/forms/field";
import { Panel } from "~/components/record/panel";
import { answerFor } from "~/components/record/record-form";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/lib/orders";
import type { InvoiceView, OrderWork, PriceLine, ShipmentView, ShipTo, UnitGroup } from "~/routes/console/orders-view.server";
import { ORDER_REFUSED, type OrderAnswer } from "./answer";
import { CancelOrder } from "./cancel-form";
import { InvoiceForm } from "./invoice-form";
import { ShipForm } from "./ship-form";
import { ConfirmForm, DeliverForm, PaymentForm, TrackingForm } from "./step-forms";

export type WorkOrder = {
  id: string;
  reference: string;
  status: OrderStatus;
  work: OrderWork;
  correctsTracking: boolean;
  shipment: ShipmentView | null;
  invoice: InvoiceView | null;
  units: readonly UnitGroup[];
  shipTo: ShipTo | null;
  prices: readonly PriceLine[];
  dueOnDefault: string;
  today: string;
};

/**
 * The changes staff may make to the order now, each its own form, and only
 * those the lifecycle's table allows from its status. A refusal or a change
 * not saved (after a plain post) heads the panel; a field's message stays
 * beside its field.
 */
export function WorkPanel({ order: d, answer }: { order: WorkOrder; answer: OrderAnswer | undefined }) {
  const { work } = d;
  const anything = Object.values(work).some(Boolean);
  return (
    <Panel id="work" anchor title="Work this order">
      <AnswerNotice answer={answer} title={ORDER_REFUSED} />
      {!anything ? <p className="text-sm text-muted-foreground">Nothing to do: this order is {ORDER_STATUS_LABELS[d.status]}.</p> : null}
      {work.confirm ? <ConfirmForm status={d.status} answer={answerFor(answer, "confirm")} /> : null}
      {work.ship ? <ShipForm status={d.status} shipTo={d.shipTo} units={d.units} answer={answerFor(answer, "ship")} /> : null}
      {work.deliver ? <DeliverForm status={d.status} today={d.today} answer={answerFor(answer, "deliver")} /> : null}
      {d.correctsTracking && d.shipment ? <TrackingForm shipment={d.shipment} answer={answerFor(answer, "tracking")} /> : null}
      {work.invoice ? <InvoiceForm lines={d.prices} dueOnDefault={d.dueOnDefault} status={d.status} answer={answerFor(answer, "invoice")} /> : null}
      {work.payment && d.invoice ? <PaymentForm invoice={d.invoice} status={d.status} today={d.today} answer={answerFor(answer, "payment")} /> : null}
      {work.cancel ? <CancelOrder id={d.id} reference={d.reference} status={d.status} answer={answerFor(answer, "cancel")} /> : null}
    </Panel>
  );
}
