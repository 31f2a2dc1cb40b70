import { ArrowLeft, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { AnswerNotice } from "~/components/forms/field";
import { DateTime } from "~/components/ui/date-time";
import { StatusBadge } from "~/components/ui/status-badge";
import type { IvrStatus } from "~/lib/ivr";
import type { ViewField } from "~/routes/console/ivrs-view.server";
import { IVR_REFUSED, type IvrAnswer } from "./answer";

const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";

/**
 * The IVR's reference and status, whose it is, and the few facts staff look
 * at first; a refusal or a change not saved (after a plain post) under them,
 * above everything the page holds.
 */
export function IvrHeader({
  reference,
  status,
  practice,
  submittedAt,
  validUntil,
  patientAccess,
  summary,
  answer,
}: {
  reference: string;
  status: IvrStatus;
  practice: { id: string; name: string } | null;
  submittedAt: Date | string | null;
  validUntil: string | null;
  patientAccess: { href: string; reference: string } | null;
  summary: readonly ViewField[];
  answer: IvrAnswer | undefined;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Link to="/admin/ivrs" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to the IVR queue
      </Link>
      <h1 className="text-3xl font-bold tracking-tight text-navy">{reference}</h1>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        <StatusBadge kind="ivr" status={status} />
        {practice ? (
          <Link to={`/admin/practices/${practice.id}`} className={linkClass}>
            {practice.name}
          </Link>
        ) : null}
        <span>
          Sent <DateTime value={submittedAt} />
        </span>
        {validUntil ? <span>Valid until {validUntil}</span> : null}
        {patientAccess ? (
          <Link to={patientAccess.href} className={linkClass}>
            Who saw {patientAccess.reference}&rsquo;s data
          </Link>
        ) : null}
      </div>
      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="sr-only">
          Summary
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg border border-border bg-background p-4 sm:grid-cols-2 lg:grid-cols-5">
          {summary.map((f) => (
            <div key={f.label} className="flex min-w-0 flex-col">
              <dt className="text-xs font-semibold text-muted-foreground">{f.label}</dt>
              <dd className="text-sm break-words">{f.value ?? <span className="text-muted-foreground">Not given</span>}</dd>
            </div>
          ))}
        </dl>
      </section>
      <AnswerNotice answer={answer} title={IVR_REFUSED} />
    </div>
  );
}

/** What a payer is likely to question in the IVR, derived on the server: shown, never blocking. */
export function IvrWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section aria-labelledby="warnings-heading" className="rounded-lg border border-warning-border bg-warning-soft p-4 text-sm">
      <h2 id="warnings-heading" className="mb-2 flex items-center gap-2 font-semibold text-warning">
        <TriangleAlert aria-hidden className="size-4" />
        Warnings
      </h2>
      <ul className="list-disc pl-5 text-foreground">
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </section>
  );
}
