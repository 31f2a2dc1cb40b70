import { ArrowLeft, TriangleAlert } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import type { Route } from "./+types/partners-detail";
import { DataTable, EmptyRow, HeadRow, Td } from "~/components/admin/data-table";
import { AnswerNotice, Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator } from "~/components/forms/use-form-submission";
import { Panel } from "~/components/record/panel";
import { answerFor, typedText, useRecordForm, type RecordAnswer } from "~/components/record/record-form";
import { Checkbox } from "~/components/ui/checkbox";
import { DateTime } from "~/components/ui/date-time";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { ANTI_KICKBACK_WARNING } from "~/content/partners";
import { centsOf } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { privateMeta } from "~/lib/meta";
import { formatBps, monthLabel, PARTNER_PLAN_LABELS, PARTNER_PLANS, type PartnerPlan } from "~/lib/partners";
import { bpsOf, partnerActionSchema } from "~/lib/schemas/console-partners";
import { useHydrated } from "~/lib/use-hydrated";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm, type FormInput } from "~/.server/http/form-action";
import { notFound } from "~/.server/http/not-found";
import {
  assignablePractices,
  assignPractice,
  otherPartners,
  partnerForStaff,
  planSummary,
  setPlan,
  setUpline,
  statementMonths,
  unassignPractice,
} from "~/.server/partners";
import { clientInfo } from "~/.server/request-context";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => privateMeta(matches, `${loaderData?.partner.name ?? "Partner"} | Staff console`);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const db = getDb();
  const partner = await partnerForStaff(db, params.id.toLowerCase());
  if (!partner) notFound();
  const [assignable, others] = await Promise.all([assignablePractices(db), otherPartners(db, partner.id)]);
  return {
    partner,
    plan: planSummary(partner),
    assignable: assignable.map((p) => ({ value: p.id, label: p.name })),
    others: others.map((p) => ({ value: p.id, label: p.name })),
    months: statementMonths(new Date(partner.createdAt)),
  };
}

type Intent = "assign" | "unassign" | "upline" | "plan";

/** Assign and unassign a practice, set the upline and split, set the plan: one schema, one answerer, a redirect back with what changed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const partnerId = params.id.toLowerCase();
  const db = getDb();
  const actor = { email: me.email, ip: clientInfo(context).ip };
  const back = `/admin/partners/${partnerId}`;
  const run = async ({ parse }: FormInput) => {
    const input = parse(partnerActionSchema);
    switch (input.intent) {
      case "assign": {
        const { practice } = await assignPractice(db, actor, { partnerId, practiceId: input.practiceId });
        return redirectWithFlash(back, { title: "Practice assigned", description: `${practice} is now this partner's.`, variant: "success" });
      }
      case "unassign": {
        const removed = await unassignPractice(db, actor, { partnerId, practiceId: input.practiceId });
        return redirectWithFlash(back, removed ? { title: "Practice unassigned", description: `${removed.practice} is no longer this partner's.`, variant: "success" } : { title: "Nothing changed", description: "That practice was not this partner's." });
      }
      case "upline": {
        const { parent } = await setUpline(db, actor, { partnerId, parentId: input.parentId ?? null, splitBps: input.parentId ? bpsOf(input.split) : null });
        return redirectWithFlash(back, { title: "Upline saved", description: parent ? `This partner is now a sub-partner of ${parent}.` : "This partner has no upline.", variant: "success" });
      }
      case "plan": {
        const summary = await setPlan(db, actor, {
          partnerId,
          plan: input.plan,
          monthlyFeeCents: input.plan === "fixed" ? centsOf(input.monthlyFee) : null,
          percentBps: input.plan === "percentage" ? bpsOf(input.percent) : null,
          riskAccepted: input.acceptRisk === "on",
        });
        return redirectWithFlash(back, { title: "Plan saved", description: `The plan is now: ${summary}.`, variant: "success" });
      }
    }
  };
  return answerForm(request, { title: "Not saved", intents: { assign: run, unassign: run, upline: run, plan: run } });
}

const validate = schemaValidator(() => import("~/lib/schemas/console-partners").then((m) => m.partnerActionSchema));
const PLAN_OPTIONS = PARTNER_PLANS.map((value) => ({ value, label: PARTNER_PLAN_LABELS[value] }));
const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";

export default function AdminPartner({ loaderData, actionData }: Route.ComponentProps) {
  const { partner: p, plan, assignable, others, months } = loaderData;
  const answer = actionData as RecordAnswer<Intent> | undefined;
  const assignForm = useRecordForm(answerFor(answer, "assign"), validate);
  const uplineForm = useRecordForm(answerFor(answer, "upline"), validate);
  const planForm = useRecordForm(answerFor(answer, "plan"), validate);
  const typedPlan = typedText(answerFor(answer, "plan"));
  const typedUpline = typedText(answerFor(answer, "upline"));
  const hydrated = useHydrated();
  const [chosenPlan, setChosenPlan] = React.useState<PartnerPlan>((typedPlan("plan") as PartnerPlan | undefined) ?? p.plan);
  // Without JavaScript the warning is always there: the server refuses a percentage plan without its box ticked.
  const showWarning = !hydrated || chosenPlan === "percentage";

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <Link to="/admin/partners" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          All partners
        </Link>
        <h1 className="text-3xl font-bold tracking-tight break-words text-navy">{p.name}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <span className="[overflow-wrap:anywhere]">{p.email}</span>
          <span>
            Code <span className="font-mono font-semibold text-foreground">{p.code}</span>
          </span>
          <span>
            Partner since <DateTime value={p.createdAt} />
          </span>
          {p.submissionId ? (
            <Link to={`/admin/submissions/${p.submissionId}`} className={linkClass}>
              Their callback
            </Link>
          ) : null}
        </div>
        <AnswerNotice answer={answer && answer.intent === "unassign" ? answer : undefined} title="Not saved" />
      </div>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-8">
          <Panel id="practices" title="Practices" variant="plain">
            <DataTable label="Assigned practices" stacked>
              <HeadRow columns={["Practice", "Assigned", { srOnly: "Unassign" }]} />
              <tbody>
                {p.practices.length === 0 ? (
                  <EmptyRow colSpan={3}>No practice is assigned to this partner.</EmptyRow>
                ) : (
                  p.practices.map((pr) => (
                    <tr key={pr.id}>
                      <Td data-label="Practice" wrap className="font-semibold">
                        <Link to={`/admin/practices/${pr.id}`} className="text-primary underline-offset-4 hover:underline">
                          {pr.name}
                        </Link>
                      </Td>
                      <Td data-label="Assigned" wrap>
                        <DateTime value={pr.assignedAt} />
                        <span className="block text-xs text-muted-foreground">by {pr.assignedBy}</span>
                      </Td>
                      <Td data-label="Unassign" className="max-sm:before:hidden">
                        <form method="post">
                          <input type="hidden" name="intent" value="unassign" />
                          <input type="hidden" name="practiceId" value={pr.id} />
                          <SubmitButton pending={false} pendingText="Unassigning..." variant="outline" size="sm">
                            Unassign<span className="sr-only"> {pr.name}</span>
                          </SubmitButton>
                        </form>
                      </Td>
                    </tr>
                  ))
                )}
              </tbody>
            </DataTable>
            <assignForm.fetcher.Form {...assignForm.formProps} key={p.practices.length} className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <input type="hidden" name="intent" value="assign" />
              <Field
                label="Assign a practice"
                name="practiceId"
                error={assignForm.errors.practiceId}
                hint="A practice has one partner; the demo practice is never assigned."
                className="min-w-0 flex-1"
              >
                {(control) => <Select {...control} options={assignable} defaultValue="" placeholder={assignable.length === 0 ? "No practice to assign" : "Choose a practice"} />}
              </Field>
              <SubmitButton pending={assignForm.pending} pendingText="Assigning..." className="w-fit sm:mt-6">
                Assign
              </SubmitButton>
            </assignForm.fetcher.Form>
          </Panel>

          <Panel id="statements" title="Statements" variant="plain">
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {months.map((m) => (
                <li key={m}>
                  <Link to={`/admin/partners/${p.id}/statements/${m}`} className={linkClass}>
                    {monthLabel(m)}
                  </Link>
                </li>
              ))}
            </ul>
          </Panel>
        </div>

        <div className="flex min-w-0 flex-col gap-8">
          <Panel id="plan" title="Plan" variant="plain">
            <div className="flex flex-col gap-1 text-sm">
              <p>
                <span className="text-muted-foreground">Now: </span>
                <span className="font-semibold">{plan}</span>
              </p>
              {p.planSetBy ? (
                <p className="text-muted-foreground">
                  Set by {p.planSetBy}, <DateTime value={p.planSetAt} />
                </p>
              ) : null}
              {p.planRiskAcceptedBy ? (
                <p className="text-muted-foreground">
                  Anti-Kickback warning accepted by <span className="font-semibold text-foreground">{p.planRiskAcceptedBy}</span>,{" "}
                  <DateTime value={p.planRiskAcceptedAt} />
                </p>
              ) : null}
            </div>
            <planForm.fetcher.Form {...planForm.formProps} key={p.planSetAt ?? "unset"} className="flex flex-col gap-4">
              <input type="hidden" name="intent" value="plan" />
              <Field label="Plan" name="plan" error={planForm.errors.plan}>
                {(control) => <Select {...control} options={PLAN_OPTIONS} defaultValue={chosenPlan} onChange={(e) => setChosenPlan(e.currentTarget.value as PartnerPlan)} />}
              </Field>
              {!hydrated || chosenPlan === "fixed" ? (
                <Field label="Monthly fee (dollars)" name="monthlyFee" error={planForm.errors.monthlyFee} hint={hydrated ? undefined : "For a fixed monthly fee."}>
                  {(control) => (
                    <Input
                      {...control}
                      inputMode="decimal"
                      autoComplete="off"
                      defaultValue={typedPlan("monthlyFee") ?? (p.monthlyFeeCents ? (p.monthlyFeeCents / 100).toFixed(2) : "")}
                    />
                  )}
                </Field>
              ) : null}
              {!hydrated || chosenPlan === "percentage" ? (
                <Field label="Percentage of paid invoices" name="percent" error={planForm.errors.percent} hint={hydrated ? "A percent, 5 or 2.5." : "For a percentage plan: a percent, 5 or 2.5."}>
                  {(control) => <Input {...control} inputMode="decimal" autoComplete="off" defaultValue={typedPlan("percent") ?? (p.percentBps ? String(p.percentBps / 100) : "")} />}
                </Field>
              ) : null}
              {showWarning ? (
                <div role="note" className="flex flex-col gap-3 rounded-lg border border-warning-border bg-warning-soft p-4 text-sm">
                  <p className="flex items-center gap-2 font-semibold text-warning">
                    <TriangleAlert aria-hidden className="size-4" />
                    {ANTI_KICKBACK_WARNING.title}
                  </p>
                  <p className="text-foreground">{ANTI_KICKBACK_WARNING.text}</p>
                  <Field label={ANTI_KICKBACK_WARNING.accept} name="acceptRisk" error={planForm.errors.acceptRisk} layout="grid" className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-2 gap-y-1 [&>label]:col-start-2 [&>label]:row-start-1 [&>*:not(label):not(input)]:col-start-2">
                    {(control) => <Checkbox {...control} className="col-start-1 row-start-1 mt-0.5" />}
                  </Field>
                </div>
              ) : null}
              <SubmitButton pending={planForm.pending} pendingText="Saving..." className="w-fit">
                Save plan
              </SubmitButton>
            </planForm.fetcher.Form>
          </Panel>

          <Panel id="upline" title="Upline" variant="plain">
            <p className="text-sm text-muted-foreground">
              {p.parent ? (
                <>
                  A sub-partner of{" "}
                  <Link to={`/admin/partners/${p.parent.id}`} className={linkClass}>
                    {p.parent.name}
                  </Link>
                  , keeping {formatBps(p.splitBps ?? 10_000)} of what their practices earn; the upline gets the rest as override lines.
                </>
              ) : (
                "No upline: this partner keeps all their practices earn."
              )}
            </p>
            {p.subPartners.length > 0 ? (
              <p className="text-sm">
                Sub-partners:{" "}
                {p.subPartners.map((s, i) => (
                  <React.Fragment key={s.id}>
                    {i > 0 ? ", " : null}
                    <Link to={`/admin/partners/${s.id}`} className={linkClass}>
                      {s.name}
                    </Link>{" "}
                    (keeps {formatBps(s.splitBps ?? 10_000)})
                  </React.Fragment>
                ))}
              </p>
            ) : null}
            <uplineForm.fetcher.Form {...uplineForm.formProps} key={`${p.parent?.id ?? "none"}-${p.splitBps ?? ""}`} className="flex flex-col gap-4">
              <input type="hidden" name="intent" value="upline" />
              <Field label="Upline partner" name="parentId" error={uplineForm.errors.parentId}>
                {(control) => <Select {...control} options={[{ value: "", label: "None" }, ...others]} defaultValue={typedUpline("parentId") ?? p.parent?.id ?? ""} />}
              </Field>
              <Field label="Share the sub-partner keeps (percent)" name="split" error={uplineForm.errors.split} hint="70 keeps 70% of what their practices earn; the upline gets 30%.">
                {(control) => <Input {...control} inputMode="decimal" autoComplete="off" defaultValue={typedUpline("split") ?? (p.splitBps !== null ? String(p.splitBps / 100) : "")} />}
              </Field>
              <SubmitButton pending={uplineForm.pending} pendingText="Saving..." className="w-fit">
                Save upline
              </SubmitButton>
            </uplineForm.fetcher.Form>
          </Panel>
        </div>
      </div>
    </div>
  );
}
