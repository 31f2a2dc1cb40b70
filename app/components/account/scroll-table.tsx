import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A table that scrolls sideways inside its own box on narrow screens, so
 * the page itself never does. The box is focusable (keyboard users can
 * scroll it) and named, as a region landmark. It is positioned so that
 * visually hidden text inside (absolutely placed) scrolls with it too.
 */
export function ScrollTable({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        "relative w-full overflow-x-auto rounded-lg border border-border bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
    >
      <table className="w-full border-collapse text-left text-sm">{children}</table>
    </div>
  );
}

export function Th({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn("border-b border-border bg-muted px-3 py-2.5 text-xs font-semibold uppercase tracking-wide whitespace-nowrap text-muted-foreground", className)}
      {...props}
    />
  );
}

export function Td({ className, ...props }: React.ComponentProps<"td">) {
  return <td className={cn("border-b border-border px-3 py-3 align-top", className)} {...props} />;
}
