import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A titled part of a record page (an order, an IVR, a submission). The
 * heading's id is `${id}-heading`, which the page's own links point at
 * ("Record the verification"); `anchor` also gives the section the bare id,
 * for a link to the whole panel ("#work").
 *
 *   card   bordered, on the page's background, and a landmark named by its
 *          heading (a screen reader lists it; tests find it by name): the
 *          console's order and IVR pages
 *   plain  no frame and no landmark, a heading and what follows: a page read
 *          top to bottom whose parts are named as their controls are (a
 *          submission's "Status" holds the "Status" list), where a landmark
 *          would only say the name twice
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
      aria-labelledby={variant === "card" ? headingId : undefined}
      className={cn("flex min-w-0 flex-col gap-3", variant === "card" && "rounded-lg border border-border bg-background p-4 sm:p-5", className)}
    >
      <h2 id={headingId} className={cn("text-lg font-semibold", variant === "card" && "text-navy")}>
        {title}
      </h2>
      {children}
    </section>
  );
}
