import { Check, X } from "lucide-react";
import { Form } from "react-router";
import { Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { DECLINE_REASON_MAX } from "~/lib/schemas/practice-members";

/**
 * An order the practice's approval rule holds: what it waits for, and for a
 * practice admin, Approve or Decline with a reason (plain posts: they work
 * without JavaScript; a decline without its reason comes back with the
 * message beside it).
 */
export function ApprovalPanel({ reference, approver, busy, answer }: { reference: string; approver: boolean; busy: boolean; answer?: FormAnswer }) {
  const errors = answer && "fieldErrors" in answer ? answer.fieldErrors : {};
  const typed = submittedValues(answer);
  return (
    <section aria-labelledby="approval-heading" className="flex flex-col gap-3 rounded-xl border border-warning-border bg-warning-soft p-4">
      <h3 id="approval-heading" className="font-semibold text-warning">
        Waiting for your practice's approval
      </h3>
      <p className="text-sm">
        {approver
          ? `${reference} waits for a practice admin: approve it and it is submitted to us, or decline it with a reason and it is cancelled.`
          : `${reference} waits for a practice admin of your practice to approve it. We do not see it until then.`}
      </p>
      {approver ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <Button type="submit" disabled={busy}>
              <Check aria-hidden />
              Approve {reference}
            </Button>
          </Form>
          <Form method="post" className="flex flex-1 flex-col gap-2">
            <input type="hidden" name="intent" value="decline" />
            <Field label="Reason to decline" name="reason" required error={errors.reason}>
              {(control) => <Textarea {...control} rows={2} maxLength={DECLINE_REASON_MAX} defaultValue={submittedText(typed, "reason")} className="bg-background" />}
            </Field>
            <Button type="submit" variant="outline" className="w-fit" disabled={busy}>
              <X aria-hidden />
              Decline {reference}
            </Button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
