import type * as React from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import type { useFormSubmission } from "~/components/forms/use-form-submission";

/**
 * One small button in a console table row that posts an intent about the
 * row's record (a job, a mail) through its own form submission.
 */
export function RowActionForm({
  submission,
  intent,
  idName,
  id,
  variant,
  disabled,
  children,
}: {
  submission: ReturnType<typeof useFormSubmission>;
  intent: string;
  idName: string;
  id: string;
  variant: ButtonProps["variant"];
  disabled: boolean;
  children: React.ReactNode;
}) {
  return (
    <submission.fetcher.Form {...submission.formProps}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={id} />
      <Button type="submit" size="sm" variant={variant} disabled={disabled}>
        {children}
      </Button>
    </submission.fetcher.Form>
  );
}
