import type * as React from "react";
import { cn } from "~/lib/utils";

/** A page section with a consistent width, spacing and optional h2 heading. */
export function Section({
  id,
  title,
  lead,
  children,
  muted = false,
  className,
}: {
  id?: string;
  title?: React.ReactNode;
  lead?: React.ReactNode;
  children: React.ReactNode;
  muted?: boolean;
  className?: string;
}) {
  return (
    <section id={id} className={cn(muted && "bg-muted", className)} aria-labelledby={title && id ? `${id}-title` : undefined}>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
        {title ? (
          <div className="mb-10 max-w-3xl">
            <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">
              {title}
            </h2>
            {lead ? <p className="mt-3 text-lg leading-relaxed text-muted-foreground">{lead}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
