import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * The hero band that opens every content page: one h1, an optional
 * eyebrow, lead text and actions.
 */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  eyebrow?: React.ReactNode;
  title: React.ReactNode;
  lead?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("bg-gradient-to-br from-navy via-navy-blue to-primary text-white", className)}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20">
        {eyebrow ? <div className="mb-4 flex flex-wrap gap-2">{eyebrow}</div> : null}
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl md:text-5xl">{title}</h1>
        {lead ? <p className="mt-5 max-w-2xl text-lg leading-relaxed text-white/85">{lead}</p> : null}
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}
