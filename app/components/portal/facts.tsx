import * as React from "react";

/** A record's facts as term / value pairs, in columns on wide screens; an empty value reads "—". */
export function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {rows.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{term}</dt>
          <dd className="mt-0.5 break-words">{value === null || value === undefined || value === "" ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled part of a record's page (its own landmark, named by its heading). */
export function Block({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  const id = React.useId();
  return (
    <section aria-labelledby={id} className={`flex flex-col gap-4 rounded-xl border border-border p-4 sm:p-6 ${className ?? ""}`}>
      <h3 id={id} className="text-lg font-semibold text-navy">
        {title}
      </h3>
      {children}
    </section>
  );
}
