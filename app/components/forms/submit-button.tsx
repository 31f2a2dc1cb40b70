import { LoaderCircle } from "lucide-react";
import { Button, type ButtonProps } from "~/components/ui/button";

/** A submit button that says what is happening and cannot be pressed twice. */
export function SubmitButton({
  pending,
  pendingText,
  children,
  disabled,
  ...props
}: Omit<ButtonProps, "type"> & { pending: boolean; pendingText: string }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? (
        <>
          <LoaderCircle aria-hidden className="animate-spin" />
          {pendingText}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
