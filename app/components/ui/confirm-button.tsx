import { AlertDialog } from "radix-ui";
import * as React from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A submit button for an action that is hard to undo. With JavaScript it asks
 * first, in a dialog that works by keyboard (focus starts on Cancel, Escape
 * cancels, focus returns to the button); Confirm submits the form with
 * `confirmed=1`. Without JavaScript it submits at once without that field, and
 * the server answers with a confirm step instead of acting.
 */
export function ConfirmButton({
  title,
  description,
  confirmLabel,
  pending = false,
  pendingText,
  children,
  variant,
  size,
  className,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  pending?: boolean;
  pendingText?: string;
  children: React.ReactNode;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = React.useState(false);
  const label = pending && pendingText ? pendingText : children;
  if (!hydrated) {
    return (
      <Button type="submit" variant={variant} size={size} className={className} disabled={pending}>
        {label}
      </Button>
    );
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button type="button" variant={variant} size={size} className={className} disabled={pending}>
          {label}
        </Button>
      </AlertDialog.Trigger>
      {/* Not portalled: the dialog's Confirm is a submit button of the same form. */}
      <AlertDialog.Overlay className="fixed inset-0 z-50 bg-navy/50" />
      <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border border-border bg-background p-6 text-left whitespace-normal shadow-xl">
        <AlertDialog.Title className="text-lg font-semibold text-navy">{title}</AlertDialog.Title>
        <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
        <div className="flex flex-wrap justify-end gap-2">
          <AlertDialog.Cancel asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          {/* Closed only after the form has been submitted: a button removed from the page first would submit nothing. */}
          <Button
            type="submit"
            name="confirmed"
            value="1"
            variant={variant === "destructive" || variant === "ghost-destructive" ? "destructive" : "default"}
            onClick={() => setTimeout(() => setOpen(false), 0)}
          >
            {confirmLabel}
          </Button>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
