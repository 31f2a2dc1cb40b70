import type * as React from "react";
import { cn } from "~/lib/utils";

/** Native checkbox so it works in forms with JavaScript off. */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={cn("size-4 shrink-0 rounded border-input accent-primary focus-visible:outline-2 focus-visible:outline-ring", className)}
      {...props}
    />
  );
}
