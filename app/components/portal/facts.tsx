import * as React from "react";
import { DateTime } from "~/components/ui/date-time";

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

/** One status change of a record: from (none for the first), to, when, by whom, and its note. */
export type HistoryEntry<S extends string> = { id: string; from: S | null; to: S; at: Date | string; actorEmail: string | null; note: string | null };

/** A record's status changes, oldest first, each status in the words of `labels` (an IVR's or an order's). */
export function History<S extends string>({ history, labels }: { history: readonly HistoryEntry<S>[]; labels: Record<S, string> }) {
  return (
    <Block title="History">
      <ol className="flex flex-col gap-3">
        {history.map((h) => (
          <li key={h.id} className="flex flex-col gap-0.5 border-l-2 border-primary/40 pl-3 text-sm">
            <span className="font-medium">
              {h.from ? `${labels[h.from]} → ` : ""}
              {labels[h.to]}
            </span>
            <span className="text-muted-foreground">
              <DateTime value={h.at} /> · {h.actorEmail ?? "automatic"}
            </span>
            {h.note ? <span className="whitespace-pre-line">{h.note}</span> : null}
          </li>
        ))}
      </ol>
    </Block>
  );
}
