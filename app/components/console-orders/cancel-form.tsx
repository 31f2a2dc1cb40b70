import { Field } from "~/components/forms/field";
import { schemaValidator } from "~/components/forms/use-form-submission";
import { ConfirmStep } from "~/components/record/confirm-step";
import { typedText, useRecordForm } from "~/components/record/record-form";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { Textarea } from "~/components/ui/textarea";
import type { OrderStatus } from "~/lib/orders";
import { LIMITS } from "~/lib/schemas/fields";
import type { OrderAnswer } from "./answer";

const validateCancel = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.cancelOrderSchema));

/**
 * Cancelling, out of the way of the day's work (open when a plain post's
 * answer, a message or the confirm step, is for it): an optional reason, then
 * the dialog, or without JavaScript the second step with the reason carried on.
 */
export function CancelOrder({ id, reference, status, answer }: { id: string; reference: string; status: OrderStatus; answer: OrderAnswer | undefined }) {
  const cancel = useRecordForm(answer, validateCancel);
  const confirmed = useRecordForm(answer);
  const step = answer && "confirm" in answer ? answer : null;
  const t = typedText(answer);
  return (
    <details open={answer ? true : undefined} className="group mt-2 border-t border-border pt-4">
      <summary className="w-fit cursor-pointer rounded-md text-sm font-semibold text-destructive underline-offset-4 hover:underline">Cancel this order…</summary>
      <div className="mt-3 flex flex-col gap-3">
        <cancel.fetcher.Form {...cancel.formProps} key={`cancel-${status}`} className="flex flex-col gap-3" hidden={Boolean(step)}>
          <input type="hidden" name="intent" value="cancel" />
          <Field label="Reason" name="reason" error={cancel.errors.reason} hint="Optional. Kept in the order's history; the practice is told only that it is cancelled.">
            {(control) => <Textarea {...control} rows={2} maxLength={LIMITS.long} defaultValue={step?.reason ?? t("reason")} />}
          </Field>
          <ConfirmButton
            title={`Cancel ${reference}?`}
            description="The practice is told it is cancelled and its IVR application is counted again. This cannot be undone: the practice would place a new order."
            confirmLabel="Cancel order"
            pending={cancel.pending}
            pendingText="Cancelling..."
            variant="destructive"
            className="w-fit"
          >
            Cancel order
          </ConfirmButton>
        </cancel.fetcher.Form>
        {step ? (
          <ConfirmStep
            form={confirmed}
            title={`Cancel ${reference}?`}
            description="The practice is told it is cancelled. This cannot be undone."
            confirmLabel="Cancel order"
            pendingText="Cancelling..."
            fields={{ intent: "cancel", reason: step.reason }}
            keepTo={`/admin/orders/${id}`}
          >
            {step.reason ? <p className="text-sm whitespace-pre-wrap break-words">Reason: {step.reason}</p> : null}
          </ConfirmStep>
        ) : null}
      </div>
    </details>
  );
}
