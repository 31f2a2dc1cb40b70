import { Form, useNavigation } from "react-router";
import { AnswerNotice, Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";

export type ApprovalRuleView = { approveAll: boolean; approveAbove: string; approveStock: boolean };

/**
 * Which orders wait for a practice admin's approval before they reach the
 * supplier: every order, orders above an amount, stock orders (automatic
 * reorders included).
 */
export function ApprovalsForm({ rule, answer }: { rule: ApprovalRuleView; answer?: FormAnswer }) {
  const busy = useNavigation().state === "submitting";
  const errors = answer && "fieldErrors" in answer ? answer.fieldErrors : {};
  const typed = submittedValues(answer);
  return (
    <section aria-labelledby="approvals-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="approvals-heading" className="scroll-mt-24 text-xl font-semibold text-navy">
          Approvals
        </h2>
        <p className="text-sm text-muted-foreground">
          An order that needs approval waits as "Awaiting practice approval" until a practice admin approves or declines it; we do not see it until then.
        </p>
      </div>
      <Card>
        <CardContent padding="all">
          <AnswerNotice answer={answer} title="Not saved" className="mb-4" />
          <Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="approvals" />
            <div className="flex items-start gap-2 text-sm">
              <Checkbox id="approve-all" name="approveAll" value="1" defaultChecked={rule.approveAll} className="mt-0.5" />
              <label htmlFor="approve-all">Every order needs approval</label>
            </div>
            <div className="flex items-start gap-2 text-sm">
              <Checkbox id="approve-stock" name="approveStock" value="1" defaultChecked={rule.approveStock} className="mt-0.5" />
              <label htmlFor="approve-stock">Stock orders need approval, automatic reorders included</label>
            </div>
            <Field
              label="Orders above this amount need approval ($)"
              name="approveAbove"
              error={errors.approveAbove}
              hint="Reckoned at list price when the order is placed. Empty: no limit."
              className="max-w-sm"
            >
              {(control) => <Input {...control} inputMode="decimal" maxLength={12} defaultValue={submittedText(typed, "approveAbove") ?? rule.approveAbove} />}
            </Field>
            <Button type="submit" variant="outline" className="w-fit" disabled={busy}>
              Save approvals
            </Button>
          </Form>
        </CardContent>
      </Card>
    </section>
  );
}
