import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/utils";
import { fieldLook } from "./input";

/**
 * A styled native select: it submits with JavaScript off, follows the
 * platform's picker on phones and needs no hidden proxy input.
 */
export function Select({
  className,
  placeholder,
  options,
  fullWidth = true,
  ...props
}: Omit<React.ComponentProps<"select">, "children"> & {
  placeholder?: string;
  /** False: the caller's className gives the width. */
  fullWidth?: boolean;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="relative">
      <select className={cn(fieldLook, fullWidth && "w-full", "h-10 appearance-none py-2 pr-9 text-base", className)} {...props}>
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}
