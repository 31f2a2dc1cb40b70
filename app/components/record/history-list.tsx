import { DateTime } from "~/components/ui/date-time";

/** One change of a record, in words ("Submitted → Confirmed"), who made it, when, and its note. */
export type HistoryRow = { id: string; change: string; actorEmail: string | null; at: Date | string; note: string | null };

/**
 * A record's changes, oldest first, for staff: who made each one matters as
 * much as what it was. `notePrefix` names what a note is ("Reason: ").
 */
export function HistoryList({ history, notePrefix = "" }: { history: readonly HistoryRow[]; notePrefix?: string }) {
  return (
    <ol className="flex flex-col gap-3">
      {history.map((h) => (
        <li key={h.id} className="rounded-lg border border-border bg-muted/40 p-3 text-sm">
          <p className="font-semibold">{h.change}</p>
          <p className="text-xs text-muted-foreground">
            {h.actorEmail ?? "Unknown"}, <DateTime value={h.at} />
          </p>
          {h.note ? (
            <p className="mt-2 whitespace-pre-wrap break-words">
              {notePrefix}
              {h.note}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
