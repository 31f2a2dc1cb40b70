import type * as React from "react";

/** Closing call-to-action band: dark gradient, an h2, a short lead and actions. */
export function CtaBand({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="bg-gradient-to-br from-navy via-navy-blue to-primary text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 md:py-20">
        <h2 id={`${id}-title`} className="mx-auto max-w-3xl text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {title}
        </h2>
        {lead ? <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-white/90">{lead}</p> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
