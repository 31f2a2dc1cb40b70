import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator } from "~/components/forms/use-form-submission";
import { typedText, useRecordForm } from "~/components/record/record-form";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import type { OrderStatus } from "~/lib/orders";
import type { InvoiceView, ShipmentView } from "~/routes/console/orders-view.server";
import type { OrderAnswer } from "./answer";
import { CARRIER_OPTIONS } from "./ship-form";

/** The order's shorter steps: confirm, mark delivered, correct the tracking, record a payment. Each posts its intent to the page's action. */

const validateDelivery = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.deliverySchema));
const validateTracking = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.trackingSchema));
const validatePayment = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.paymentSchema));

export function ConfirmForm({ status, answer }: { status: OrderStatus; answer: OrderAnswer | undefined }) {
  const confirm = useRecordForm(answer);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">Check the sizes and where they go, then confirm: the practice hears the order is being prepared.</p>
      <confirm.fetcher.Form {...confirm.formProps} key={`confirm-${status}`}>
        <input type="hidden" name="intent" value="confirm" />
        <SubmitButton pending={confirm.pending} pendingText="Confirming...">
          Confirm order
        </SubmitButton>
      </confirm.fetcher.Form>
    </div>
  );
}

export function DeliverForm({ status, today, answer }: { status: OrderStatus; today: string; answer: OrderAnswer | undefined }) {
  const deliver = useRecordForm(answer, validateDelivery);
  const t = typedText(answer);
  return (
    <deliver.fetcher.Form {...deliver.formProps} key={`deliver-${status}`} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="deliver" />
      <p className="text-sm text-muted-foreground">Mark it delivered once the carrier shows it arrived: then it can be invoiced.</p>
      <Field label="Delivered on" name="deliveredOn" required error={deliver.errors.deliveredOn} hint="The day the carrier delivered it: today, or an earlier day">
        {(control) => <Input {...control} type="date" max={today} defaultValue={t("deliveredOn") ?? today} className="sm:w-48" />}
      </Field>
      <SubmitButton pending={deliver.pending} pendingText="Saving..." className="w-fit">
        Mark delivered
      </SubmitButton>
    </deliver.fetcher.Form>
  );
}

/** Out of the way of the day's work: open when a plain post's answer is for it. */
export function TrackingForm({ shipment, answer }: { shipment: ShipmentView; answer: OrderAnswer | undefined }) {
  const tracking = useRecordForm(answer, validateTracking);
  const t = typedText(answer);
  return (
    <details open={answer ? true : undefined} className="border-t border-border pt-4">
      <summary className="w-fit cursor-pointer rounded-md text-sm font-semibold text-primary underline-offset-4 hover:underline">Correct the tracking…</summary>
      <tracking.fetcher.Form {...tracking.formProps} key={`tracking-${shipment.carrierValue}-${shipment.trackingNumber}`} className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="tracking" />
        <p className="text-sm text-muted-foreground">Until it is delivered. The change is recorded in the audit log.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Carrier" name="carrier" required error={tracking.errors.carrier}>
            {(control) => <Select {...control} options={CARRIER_OPTIONS} defaultValue={t("carrier") ?? shipment.carrierValue ?? ""} />}
          </Field>
          <Field label="Tracking number" name="trackingNumber" required error={tracking.errors.trackingNumber}>
            {(control) => (
              <Input {...control} defaultValue={t("trackingNumber") ?? shipment.trackingNumber ?? ""} maxLength={40} autoComplete="off" spellCheck={false} className="font-mono" />
            )}
          </Field>
        </div>
        <SubmitButton pending={tracking.pending} pendingText="Saving..." variant="outline" className="w-fit">
          Correct tracking
        </SubmitButton>
      </tracking.fetcher.Form>
    </details>
  );
}

/** A payment as it arrives; a part leaves the rest open. */
export function PaymentForm({ invoice, status, today, answer }: { invoice: InvoiceView; status: OrderStatus; today: string; answer: OrderAnswer | undefined }) {
  const payment = useRecordForm(answer, validatePayment);
  const t = typedText(answer);
  return (
    <payment.fetcher.Form {...payment.formProps} key={`payment-${status}-${invoice.paid}`} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="payment" />
      <p className="text-sm text-muted-foreground">
        {invoice.number} for {invoice.total}, due {invoice.dueOn}
        {invoice.payments.length > 0 ? `, ${invoice.paid} paid` : ""}: {invoice.balance} to pay. Record each payment as it arrives; a part leaves the rest
        open.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Paid on" name="paidOn" required error={payment.errors.paidOn}>
          {(control) => <Input {...control} type="date" max={today} defaultValue={t("paidOn") ?? today} />}
        </Field>
        <Field label="Amount ($)" name="amount" required error={payment.errors.amount} hint={`The balance is ${invoice.balance}`}>
          {(control) => <Input {...control} inputMode="decimal" maxLength={12} autoComplete="off" defaultValue={t("amount") ?? invoice.balanceDollars} className="tabular-nums" />}
        </Field>
        <Field label="Reference" name="reference" required error={payment.errors.reference} hint="Check number or transfer id">
          {(control) => <Input {...control} defaultValue={t("reference")} maxLength={60} autoComplete="off" />}
        </Field>
      </div>
      <SubmitButton pending={payment.pending} pendingText="Saving..." className="w-fit">
        Record payment
      </SubmitButton>
    </payment.fetcher.Form>
  );
}
