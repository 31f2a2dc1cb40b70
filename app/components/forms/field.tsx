import { CircleAlert, CircleCheck, Info } from "lucide-react";
import * as React from "react";
import { Label } from "~/components/ui/label";
import { FAILED_TEXT, FAILED_TITLE, isFailedAnswer, outcomeOf } from "~/lib/form-result";
import { cn } from "~/lib/utils";

/** Props a Field hands to its control. */
export type ControlProps = {
  id: string;
  name: string;
  required?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/** The visible asterisk of a required field; screen readers hear "required" from the control instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

/**
 * Label, control and error text. The control receives its id, name,
 * required flag, aria-invalid and aria-describedby (hint and error).
 */
export function Field({
  label,
  name,
  error,
  required = false,
  hint,
  hideLabel = false,
  layout = "stack",
  announceError = false,
  className,
  children,
}: {
  label: React.ReactNode;
  name: string;
  error?: string;
  required?: boolean;
  hint?: React.ReactNode;
  /** The label is read out but not shown (a control in a table row, whose row already says what it is). */
  hideLabel?: boolean;
  /** "grid": label, control and messages placed by the caller's grid classes (the label beside its control, say). */
  layout?: "stack" | "grid";
  /** Read the message out as it appears (one set while the person is at the control, not by a sent form). */
  announceError?: boolean;
  className?: string;
  children: (control: ControlProps) => React.ReactNode;
}) {
  const id = React.useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={cn(layout === "grid" ? "grid" : "flex", "min-w-0 flex-col", hideLabel ? "gap-1" : "gap-2", className)}>
      <Label htmlFor={id} className={hideLabel ? "sr-only" : undefined}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      {children({
        id,
        name,
        required: required || undefined,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role={announceError ? "alert" : undefined} className="flex items-start gap-1.5 text-sm font-medium break-words text-destructive">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0">{error}</span>
        </p>
      ) : null}
    </div>
  );
}

/** The line that explains the asterisk. */
export function RequiredNote({ className }: { className?: string }) {
  return (
    <p className={cn("text-sm text-muted-foreground", className)}>
      Fields marked with an asterisk (<RequiredMark />) are required.
    </p>
  );
}

export type Notice = { title: string; description: string; variant?: "success" | "error" | "default" };

/**
 * A result shown in the page itself. Toasts need JavaScript; this is what a
 * visitor without it sees after a plain form post.
 */
export function FormNotice({ notice, className }: { notice: Notice | null; className?: string }) {
  if (!notice) return null;
  const tone = notice.variant ?? "default";
  const Icon = tone === "success" ? CircleCheck : tone === "error" ? CircleAlert : Info;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      // A form moves focus here after a successful send, so keyboard and screen reader users land on the confirmation.
      data-form-notice=""
      tabIndex={-1}
      className={cn(
        "flex items-start gap-3 rounded-lg border p-4 text-sm focus-visible:outline-2 focus-visible:outline-ring",
        tone === "success" && "border-success/40 bg-success/10 text-foreground",
        tone === "error" && "border-destructive/40 bg-destructive/10 text-foreground",
        tone === "default" && "border-primary/30 bg-primary-soft text-foreground",
        className,
      )}
    >
      <Icon
        aria-hidden
        className={cn(
          "mt-0.5 size-5 shrink-0",
          tone === "success" ? "text-success" : tone === "error" ? "text-destructive" : "text-primary",
        )}
      />
      <div className="min-w-0 break-words">
        <p className="font-semibold">{notice.title}</p>
        <p className="mt-1">{notice.description}</p>
      </div>
    </div>
  );
}

/**
 * What a record page says at its top about a form's answer that has no
 * field to mark: a refusal (the record's state does not allow the change)
 * or a failure to save (what was typed is still in the form). Nothing for
 * any other answer.
 */
export function AnswerNotice({ answer, title, className }: { answer: unknown; title: string; className?: string }) {
  const outcome = answer === undefined ? null : outcomeOf(answer);
  if (outcome?.kind === "rejected") return <FormNotice className={className} notice={{ title: outcome.title ?? title, description: outcome.error, variant: "error" }} />;
  if (isFailedAnswer(answer)) return <FormNotice className={className} notice={{ title: FAILED_TITLE, description: FAILED_TEXT, variant: "error" }} />;
  return null;
}
