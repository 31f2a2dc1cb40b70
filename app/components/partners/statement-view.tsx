import { Download } from "lucide-react";
import { StatementTable, type StatementLineText } from "./statement-table";

export type StatementViewProps = {
  partnerName: string;
  code: string;
  month: string;
  monthLabel: string;
  planSummary: string;
  upline: string | null;
  lines: StatementLineText[];
  total: string;
  notes: string[];
};

const linkClass = "inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline";

/** A partner's statement of one month: who, the plan, the lines and total, the downloads (at `filesAt`/statement.csv and .pdf). */
export function StatementView({ statement: s, filesAt, heading }: { statement: StatementViewProps; filesAt: string; heading: string }) {
  return (
    <>
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight break-words text-navy">{heading}</h1>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Partner</dt>
          <dd className="font-semibold break-words">
            {s.partnerName} ({s.code})
          </dd>
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="font-semibold">{s.planSummary}</dd>
          {s.upline ? (
            <>
              <dt className="text-muted-foreground">Upline</dt>
              <dd className="font-semibold break-words">{s.upline}</dd>
            </>
          ) : null}
        </dl>
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <a href={`${filesAt}/statement.csv`} download className={linkClass}>
            <Download aria-hidden className="size-4" />
            Download CSV
          </a>
          <a href={`${filesAt}/statement.pdf`} download className={linkClass}>
            <Download aria-hidden className="size-4" />
            Download PDF
          </a>
        </p>
      </div>
      <StatementTable label={`Statement lines, ${s.monthLabel}`} lines={s.lines} total={s.total} />
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted-foreground">
        {s.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </>
  );
}
