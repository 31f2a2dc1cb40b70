import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A titled part of a record page (an order, an IVR, a submission): a landmark
 * named by its heading, so a screen reader lists it and a reader can jump to
 * it. The heading's id is `${id}-heading`, which the page's own links point
 * at ("Record the verification"); `anchor` also gives the section the bare id,
 * for a link to the whole panel ("#work").
 *
 *   card   bordered, on the page's background: the console's record pages
 *   plain  no frame: a page whose parts are read top to bottom (a submission)
 */
export function Panel({
  id,
  title,
  anchor = false,
  variant = "card",
  className,
  children,
}: {
  id: string;
  title: string;
  anchor?: boolean;
  variant?: "card" | "plain";
  className?: string;
  children: React.ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={anchor ? id : undefined}
      aria-labelledby={headingId}
      className={cn("flex min-w-0 flex-col gap-3", variant === "card" && "rounded-lg border border-border bg-background p-4 sm:p-5", className)}
    >
      <h2 id={headingId} className={cn("text-lg font-semibold", variant === "card" && "text-navy")}>
        {title}
      </h2>
      {children}
    </section>
  );
}
