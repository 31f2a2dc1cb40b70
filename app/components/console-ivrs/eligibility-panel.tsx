import { SubmitButton } from "~/components/forms/submit-button";
import { DataTable, EmptyRow, HeadRow, Td } from "~/components/admin/data-table";
import { Panel } from "~/components/record/panel";
import { answerFor, useRecordForm } from "~/components/record/record-form";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { Select } from "~/components/ui/select";
import { cn } from "~/lib/utils";
import type { EligibilityView } from "~/routes/console/ivrs-eligibility.server";
import type { IvrAnswer } from "./answer";

const TONES = {
  info: "border-border bg-muted",
  warning: "border-warning-border bg-warning-soft",
  error: "border-destructive/40 bg-destructive/5 text-destructive",
} as const;

/**
 * The payer's eligibility answer, as staff read it: the summary first, the
 * other coverages the answer names, the benefits (filtered by a GET form that
 * works without JavaScript), the raw 271 folded away, and every check asked.
 */
export function EligibilityPanel({ ivrId, view, answer }: { ivrId: string; view: EligibilityView; answer: IvrAnswer | undefined }) {
  const again = useRecordForm(answerFor(answer, "eligibility"));
  const a = view.answer;
  return (
    <Panel id="eligibility" title="Eligibility" anchor>
      {view.state ? (
        <p role="status" className={cn("rounded-md border p-3 text-sm", TONES[view.state.tone])}>
          {view.state.text}
          {view.state.at ? (
            <>
              {" "}
              <DateTime value={view.state.at} />
            </>
          ) : null}
          {view.state.at && view.state.text.endsWith("retrying at") ? "." : null}
        </p>
      ) : null}

      {a ? (
        <div className="flex flex-col gap-3">
          <p className="text-base font-semibold" data-testid="eligibility-staff-line">
            {a.staffLine}
          </p>
          <p className="text-xs text-muted-foreground">
            {a.payer ? `${a.payer}, ` : ""}answered <DateTime value={a.answeredAt} />
            {a.plan ? ` · Plan: ${a.plan}` : ""}
            {a.attention ? ` · Needs a person: ${a.attention}` : ""}
          </p>
          {a.notes.length + a.warnings.length > 0 ? (
            <ul className="list-disc pl-5 text-sm">
              {[...a.notes, ...a.warnings].map((n, i) => (
                <li key={i}>{n}</li>
              ))}
            </ul>
          ) : null}

          <h3 className="text-sm font-semibold">Other coverages</h3>
          {a.otherCoverages.length === 0 ? (
            <p className="text-sm text-muted-foreground">The answer names no other coverage.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {a.otherCoverages.map((c, i) => (
                <li key={i}>
                  <span className="font-semibold">{c.label}:</span> {c.payer}
                  {c.details ? <span className="text-muted-foreground"> ({c.details})</span> : null}
                </li>
              ))}
            </ul>
          )}

          <h3 className="text-sm font-semibold">Benefits</h3>
          <form method="get" action={`/admin/ivrs/${ivrId}#eligibility`} className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor="benefit-service" className="text-xs font-semibold">
                Service type
              </label>
              <Select
                id="benefit-service"
                name="benefitService"
                defaultValue={view.filter.serviceType}
                options={[{ value: "", label: "All service types" }, ...view.filter.serviceTypes]}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="benefit-network" className="text-xs font-semibold">
                Network
              </label>
              <Select id="benefit-network" name="benefitNetwork" defaultValue={view.filter.network} options={[{ value: "", label: "Either network" }, ...view.filter.networks]} />
            </div>
            <Button type="submit" variant="outline" size="sm-field">
              Filter benefits
            </Button>
          </form>
          <DataTable label="Benefits in the payer's answer">
            <HeadRow columns={["Benefit", "Service types", "Network", "Level", "Amount", "Period", "Authorisation"]} />
            <tbody>
              {a.benefits.length === 0 ? (
                <EmptyRow colSpan={7}>{a.benefitCount === 0 ? "The answer lists no benefits." : "No benefit matches the filter."}</EmptyRow>
              ) : (
                a.benefits.map((b, i) => (
                  <tr key={i}>
                    <Td wrap="all">{b.benefit}</Td>
                    <Td wrap="all">{b.serviceTypes}</Td>
                    <Td>{b.network}</Td>
                    <Td wrap="all">{b.coverageLevel}</Td>
                    <Td className="tabular-nums">{b.amount}</Td>
                    <Td wrap="all">{b.period}</Td>
                    <Td>{b.authorisation}</Td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>

          <details className="text-sm">
            <summary className="cursor-pointer font-semibold">The payer's answer as sent (raw 271)</summary>
            <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap break-all">{a.raw271}</pre>
          </details>
        </div>
      ) : view.on && view.history.length === 0 ? (
        <p className="text-sm text-muted-foreground">No eligibility check yet.</p>
      ) : null}

      {view.on ? (
        <again.fetcher.Form {...again.formProps}>
          <input type="hidden" name="intent" value="eligibility" />
          <SubmitButton pending={again.pending} pendingText="Asking..." variant="outline" className="w-fit">
            Check eligibility again
          </SubmitButton>
        </again.fetcher.Form>
      ) : null}

      {view.history.length > 0 ? (
        <>
          <h3 className="text-sm font-semibold">Checks</h3>
          <DataTable label="Eligibility checks of the IVR">
            <HeadRow columns={["When", "Why", "By", "Outcome"]} />
            <tbody>
              {view.history.map((h) => (
                <tr key={h.id}>
                  <Td>
                    <DateTime value={h.at} />
                  </Td>
                  <Td>{h.why}</Td>
                  <Td wrap="all">{h.by}</Td>
                  <Td wrap="all">{h.outcome}</Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </>
      ) : null}
    </Panel>
  );
}

/** Above the verification form: which of its values the payer's answer gave, for staff to confirm or correct. */
export function PayerPrefillNote({ fields, answeredAt }: { fields: readonly string[]; answeredAt: Date | string | null }) {
  if (fields.length === 0 || !answeredAt) return null;
  return (
    <p className="rounded-md border border-primary/30 bg-primary-soft p-3 text-sm">
      Prefilled from the payer's eligibility answer of <DateTime value={answeredAt} />: {fields.join(", ")}. Confirm or correct them; the recorded verification
      says which values came from the payer.
    </p>
  );
}
