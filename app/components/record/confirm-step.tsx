import type * as React from "react";
import { Link } from "react-router";
import { SubmitButton } from "~/components/forms/submit-button";
import { Button, type ButtonProps } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { RecordForm } from "./record-form";

/**
 * A hard-to-undo change (cancel an order or an IVR, disable an account, send
 * a reset) is confirmed before it is made, in one of two ways:
 *
 *   with JavaScript  `ConfirmButton` (components/ui) asks in a dialog and posts
 *                    the form with `confirmed=1`;
 *   without it       the form posts without `confirmed`, the action answers
 *                    `{ ok: false, confirm }` and changes nothing, and the page
 *                    shows this step: what will happen, a button that posts the
 *                    same fields again with `confirmed=1`, and a way back.
 *
 * `ConfirmText` is what both say; the step may say it shorter than the dialog.
 */
export type ConfirmText = { title: string; description: string; confirmLabel: string };

export function ConfirmStep({
  form,
  title,
  description,
  confirmLabel,
  fields,
  keepTo,
  keepLabel = "Keep it",
  pendingText,
  variant = "destructive",
  preventScrollReset,
  className,
  children,
}: ConfirmText & {
  /** The step's own form (not the one that asked), so its pending state is its own. */
  form: RecordForm;
  /** The hidden fields posted again: the intent, and what the first post carried. */
  fields: Record<string, string | undefined>;
  /** Where "Keep it" goes: the page as it was, without the step. */
  keepTo: string;
  keepLabel?: string;
  pendingText: string;
  variant?: ButtonProps["variant"];
  preventScrollReset?: boolean;
  className?: string;
  /** More to read before confirming (the reason given, say). */
  children?: React.ReactNode;
}) {
  return (
    // An alert: the page drawn after the post is the question, and a screen reader says so at once.
    <div role="alert" className={cn("flex flex-col gap-3 rounded-lg border border-border bg-muted p-3", className)}>
      <p className="font-semibold text-navy">{title}</p>
      <p className="text-sm text-muted-foreground">{description}</p>
      {children}
      <form.fetcher.Form {...form.formProps} className="flex flex-wrap gap-2">
        {Object.entries(fields).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
        <input type="hidden" name="confirmed" value="1" />
        <SubmitButton pending={form.pending} pendingText={pendingText} variant={variant} size="sm">
          {confirmLabel}
        </SubmitButton>
        <Button asChild size="sm" variant="outline">
          <Link to={keepTo} preventScrollReset={preventScrollReset}>
            {keepLabel}
          </Link>
        </Button>
      </form.fetcher.Form>
    </div>
  );
}
