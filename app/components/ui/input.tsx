import type * as React from "react";
import { cn } from "~/lib/utils";

/** A form control's look, less its width, height and text size below the `sm` breakpoint, which each control sets. */
export const fieldLook =
  "rounded-md border border-input bg-background px-3 text-foreground shadow-xs placeholder:text-muted-foreground/80 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-[invalid=true]:border-destructive sm:text-sm";

type InputProps = React.ComponentProps<"input"> & {
  /** False: the caller's className gives the width. */
  fullWidth?: boolean;
  /** The height of its content, for a file picker. */
  autoHeight?: boolean;
  /** The text size below the `sm` breakpoint (from it on, always text-sm). */
  textSize?: "base" | "xs";
};

export function Input({ className, fullWidth = true, autoHeight = false, textSize = "base", ...props }: InputProps) {
  return (
    <input
      className={cn(
        fieldLook,
        fullWidth && "w-full",
        textSize === "xs" ? "text-xs" : "text-base",
        autoHeight ? "h-auto py-1.5" : "h-10 py-2",
        "file:mr-3 file:rounded file:border-0 file:bg-primary-soft file:px-3 file:py-1 file:text-sm file:font-medium file:text-primary",
        className,
      )}
      {...props}
    />
  );
}
