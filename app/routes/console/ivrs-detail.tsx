import { ArrowLeft, Download, TriangleAlert } from "lucide-react";
import * as React from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/ivrs-detail";
import { privateMeta } from "~/lib/meta";
import { DataTable, EmptyRow, Td, Th } from "~/components/admin/data-table";
import { DateTime } from "~/components/ui/date-time";
import { formatBytes } from "~/lib/format";
import { Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission, type Validate } from "~/components/forms/use-form-submission";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { StatusBadge } from "~/components/ui/status-badge";
import { invalidAnswer, rejectedAnswer, submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { isUuid } from "~/lib/ids";
import { canTransitionIvr, IVR_STATUS_LABELS, type IvrStatus } from "~/lib/ivr";
import { consoleNotSaved } from "~/lib/schemas/console-fields";
import { formDataToObject, LIMITS, parseWith } from "~/lib/schemas/fields";
import { needsInformationSchema } from "~/lib/schemas/ivr";
import { verificationSchema } from "~/lib/schemas/verification";
import { verificationFormDefaults } from "~/lib/verification-words";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { MAX_TEXT_FORM_BYTES, readFormOrRefuse } from "~/.server/http/form-body";
import { IvrTransitionRefused, moveIvr, readIvrAsStaff, recordVerification, requestInformation, todayUtc, VerificationRefused } from "~/.server/ivr";
import { ordersOfIvr } from "~/.server/orders";
import { getPractice } from "~/.server/practices";
import { clientInfo } from "~/.server/request-context";
import { defaultValidUntil, fileRoleLabel, ivrSections, ivrSummary, NETWORK_CHOICES, outcomeOptions, verificationLines, type ViewField } from "./ivrs-view.server";
import { notFound } from "~/.server/http/not-found";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privateMeta(matches, loaderData ? `${loaderData.reference} | IVRs | Staff console` : "IVR | Staff console");

/** Opening the page is a staff read of patient data: readIvrAsStaff writes its audit row. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const db = getDb();
  const detail = await readIvrAsStaff(db, { id: params.id, actor: { email: me.email, ip: clientInfo(context).ip } });
  if (!detail) notFound();
  const [practice, orders] = await Promise.all([getPractice(db, detail.row.practiceId), ordersOfIvr(db, { ivrId: detail.row.id, practiceId: null })]);
  const status = detail.row.status;
  return {
    id: detail.row.id,
    reference: detail.reference,
    status,
    practice: practice ? { id: practice.id, name: practice.name } : null,
    // An admin can see who else read this patient's data.
    patientAccess: me.role === "admin" && detail.patient ? { href: `/admin/patients/${detail.patient.id}`, reference: detail.patient.reference } : null,
    submittedAt: detail.row.submittedAt,
    validUntil: detail.row.validUntil,
    summary: ivrSummary(detail),
    sections: ivrSections(detail),
    warnings: detail.warnings,
    requestMessage: detail.requestMessage,
    files: detail.files.map((f) => ({ ...f, roleLabel: fileRoleLabel(f.role) })),
    history: detail.history.map((h) => ({ ...h, fromLabel: h.from ? IVR_STATUS_LABELS[h.from] : null, toLabel: IVR_STATUS_LABELS[h.to] })),
    verifications: detail.verifications.map((v) => ({ by: v.verifiedBy, at: v.verifiedAt, lines: verificationLines(v) })),
    outcomes: outcomeOptions(status),
    networks: NETWORK_CHOICES,
    validUntilDefault: defaultValidUntil(todayUtc()),
    // A prior-auth decision, or a second verification, starts from what the last one found.
    verifyDefaults: verificationFormDefaults(detail.verifications[0]),
    orders: orders.map((o) => ({ id: o.id, reference: o.reference, status: o.status, sizes: o.sizes, dateOfService: o.dateOfService })),
  };
}

type Intent = "review" | "prior-auth-sent" | "cancel" | "information" | "verify";
const MOVES: Record<"review" | "prior-auth-sent" | "cancel", { to: IvrStatus; done: string }> = {
  review: { to: "in_review", done: "Review started" },
  "prior-auth-sent": { to: "prior_auth_submitted", done: "Prior authorization marked as submitted" },
  cancel: { to: "cancelled", done: "IVR cancelled" },
};

/** Each answer names the form it answers, so a page drawn from a plain post shows it beside that form. */
type IvrAnswer = (FormAnswer | { ok: false; confirm: "cancel" }) & { intent: Intent | "" };

const REFUSED = "Not done";

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const id = params.id;
  const values = formDataToObject(await readFormOrRefuse(request, { maxBytes: MAX_TEXT_FORM_BYTES, multiline: ["message", "noteToPractice"] }));
  const intent = (["review", "prior-auth-sent", "cancel", "information", "verify"] as const).find((i) => i === values.intent) ?? "";
  const db = getDb();
  const actor = { email: me.email, ip: clientInfo(context).ip };
  const back = `/admin/ivrs/${id}`;
  const refusedAs = (error: IvrTransitionRefused, field?: string) =>
    data<IvrAnswer>(
      { ...(field ? invalidAnswer(request, { [field]: error.message }, { values }) : rejectedAnswer(error.message, REFUSED)), intent },
      { status: 409 },
    );
  const catchRefusal = (error: unknown) => (error instanceof IvrTransitionRefused ? error : Promise.reject(error));

  if (intent === "review" || intent === "prior-auth-sent" || intent === "cancel") {
    // Cancelling is confirmed first: in a dialog, or without JavaScript in a second step.
    if (intent === "cancel" && values.confirmed !== "1") return data<IvrAnswer>({ ok: false, confirm: "cancel", intent });
    const move = MOVES[intent];
    const moved = await moveIvr(db, { id, to: move.to, actor }).catch(catchRefusal);
    if (moved instanceof IvrTransitionRefused) return refusedAs(moved);
    if (!moved) notFound();
    return redirectWithFlash(back, { title: move.done, description: `The IVR is now ${IVR_STATUS_LABELS[move.to]}.`, variant: "success" });
  }
  if (intent === "information") {
    const parsed = parseWith(needsInformationSchema, values);
    if (!parsed.success) return data<IvrAnswer>({ ...invalidAnswer(request, parsed.fieldErrors, { values }), intent }, { status: 400 });
    const moved = await requestInformation(db, { id, actor, message: parsed.data.message, askedBy: me.id }).catch(catchRefusal);
    if (moved instanceof IvrTransitionRefused) return refusedAs(moved, "message");
    if (!moved) notFound();
    return redirectWithFlash(back, { title: "Information requested", description: "The practice sees your message and can answer it.", variant: "success" });
  }
  if (intent === "verify") {
    const parsed = parseWith(verificationSchema, values);
    if (!parsed.success) return data<IvrAnswer>({ ...invalidAnswer(request, parsed.fieldErrors, { values }), intent }, { status: 400 });
    const moved = await recordVerification(db, { id, actor, input: parsed.data }).catch((error: unknown) =>
      error instanceof VerificationRefused ? error : catchRefusal(error),
    );
    if (moved instanceof VerificationRefused)
      return data<IvrAnswer>({ ...invalidAnswer(request, { [moved.field]: moved.message }, { values }), intent }, { status: 400 });
    if (moved instanceof IvrTransitionRefused) return refusedAs(moved, "outcome");
    if (!moved) notFound();
    return redirectWithFlash(back, {
      title: "Verification recorded",
      description: `The IVR is now ${IVR_STATUS_LABELS[parsed.data.outcome]}.`,
      variant: "success",
    });
  }
  return data<IvrAnswer>({ ...rejectedAnswer("Unknown action.", REFUSED), intent }, { status: 400 });
}

const validateVerification = schemaValidator(() => import("~/lib/schemas/verification").then((m) => m.verificationSchema));
const validateInformation = schemaValidator(() => import("~/lib/schemas/ivr").then((m) => m.needsInformationSchema));
const noCheck: Validate = () => null;

function answerFor(answer: IvrAnswer | undefined, intent: Intent): IvrAnswer | undefined {
  return answer?.intent === intent ? answer : undefined;
}

function FieldList({ fields }: { fields: ViewField[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[14rem_1fr]">
      {fields.map((f) => (
        <div key={f.label} className="contents">
          <dt className="text-sm font-semibold text-muted-foreground">{f.label}</dt>
          <dd className="-mt-2 min-w-0 text-sm break-words whitespace-pre-wrap sm:mt-0">
            {f.at ? <DateTime value={f.at} /> : (f.value ?? <span className="text-muted-foreground">Not given</span>)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-background p-4 sm:p-5">
      <h2 id={id} className="text-lg font-semibold text-navy">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a refused or confirm-step answer says, for a form with no field of its own to mark. */
function refusalOf(answer: IvrAnswer | undefined): string | null {
  if (!answer || answer.ok || "confirm" in answer) return null;
  if ("rejected" in answer) return answer.error;
  return null;
}

export default function AdminIvr({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const answer = actionData as IvrAnswer | undefined;
  const status = d.status;
  // What staff may do from here, as the transition table says.
  const can = (to: IvrStatus) => canTransitionIvr(status, to, "staff");
  const moveForm = (intent: Intent) => ({ validate: noCheck, success: null, failure: consoleNotSaved, resetOnSuccess: false, answer: answerFor(answer, intent) });
  const review = useFormSubmission(moveForm("review"));
  const priorAuth = useFormSubmission(moveForm("prior-auth-sent"));
  const cancel = useFormSubmission(moveForm("cancel"));
  const cancelConfirmed = useFormSubmission(moveForm("cancel"));
  const info = useFormSubmission({ validate: validateInformation, success: null, failure: consoleNotSaved, resetOnSuccess: false, answer: answerFor(answer, "information") });
  const verify = useFormSubmission({ validate: validateVerification, success: null, failure: consoleNotSaved, resetOnSuccess: false, answer: answerFor(answer, "verify") });
  const typed = submittedValues(answer);
  const t = (name: string) => submittedText(typed, name);
  // The verification form: what was typed when it came back, else the last verification's values.
  const v = (name: string) => (answerFor(answer, "verify") ? t(name) : d.verifyDefaults[name] || undefined);
  const refusal = refusalOf(answer);
  const confirmCancel = answer && "confirm" in answer;
  const canVerify = d.outcomes.length > 0;
  const canAsk = can("needs_information");
  const waiting = can("in_review") || can("prior_auth_submitted") || canVerify || canAsk || can("cancelled");
  // Sent again after a question: the practice's answer, shown with the action it calls for.
  const lastMove = d.history.at(-1);
  const answered = status === "submitted" && lastMove?.from === "needs_information" ? lastMove : null;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <Link to="/admin/ivrs" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to the IVR queue
        </Link>
        <h1 className="text-3xl font-bold tracking-tight text-navy">{d.reference}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <StatusBadge kind="ivr" status={status} />
          {d.practice ? (
            <Link to={`/admin/practices/${d.practice.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
              {d.practice.name}
            </Link>
          ) : null}
          <span>
            Sent <DateTime value={d.submittedAt} />
          </span>
          {d.validUntil ? <span>Valid until {d.validUntil}</span> : null}
          {d.patientAccess ? (
            <Link to={d.patientAccess.href} className="font-semibold text-primary underline-offset-4 hover:underline">
              Who saw {d.patientAccess.reference}&rsquo;s data
            </Link>
          ) : null}
        </div>
        <section aria-labelledby="summary-heading">
          <h2 id="summary-heading" className="sr-only">
            Summary
          </h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg border border-border bg-background p-4 sm:grid-cols-2 lg:grid-cols-5">
            {d.summary.map((f) => (
              <div key={f.label} className="flex min-w-0 flex-col">
                <dt className="text-xs font-semibold text-muted-foreground">{f.label}</dt>
                <dd className="text-sm break-words">{f.value ?? <span className="text-muted-foreground">Not given</span>}</dd>
              </div>
            ))}
          </dl>
        </section>
        {refusal ? <FormNotice notice={{ title: REFUSED, description: refusal, variant: "error" }} /> : null}
      </div>

      {d.warnings.length > 0 ? (
        <section aria-labelledby="warnings-heading" className="rounded-lg border border-warning-border bg-warning-soft p-4 text-sm">
          <h2 id="warnings-heading" className="mb-2 flex items-center gap-2 font-semibold text-warning">
            <TriangleAlert aria-hidden className="size-4" />
            Warnings
          </h2>
          <ul className="list-disc pl-5 text-foreground">
            {d.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {/* The action comes first in the page: on a phone right after the summary, above the details it acts on; on a
          wide screen it heads the right column, beside the details. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr]">
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <Panel id="actions-heading" title="Work this IVR">
            {d.requestMessage && status === "needs_information" ? (
              <p className="rounded-md border border-border bg-muted p-3 text-sm whitespace-pre-wrap">
                <span className="font-semibold">Asked of the practice: </span>
                {d.requestMessage}
              </p>
            ) : null}
            {answered ? (
              <div className="flex flex-col gap-1 rounded-md border border-primary/30 bg-primary-soft p-3 text-sm">
                <p className="font-semibold text-primary">The practice answered</p>
                {d.requestMessage ? (
                  <p className="whitespace-pre-wrap break-words">
                    <span className="font-semibold">Asked: </span>
                    {d.requestMessage}
                  </p>
                ) : null}
                <p className="whitespace-pre-wrap break-words">
                  <span className="font-semibold">Answer: </span>
                  {answered.note ?? "(no text)"}
                </p>
                <p className="text-xs text-muted-foreground">
                  {answered.actorEmail ?? "The practice"}, <DateTime value={answered.at} />
                </p>
              </div>
            ) : null}
            {!waiting ? <p className="text-sm text-muted-foreground">Nothing to do: this IVR is {IVR_STATUS_LABELS[status]}.</p> : null}
            {status === "needs_information" ? <p className="text-sm text-muted-foreground">Waiting for the practice to answer.</p> : null}
            {canVerify || canAsk ? (
              // On a narrow screen the forms come after the details: a way straight to them.
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm lg:hidden">
                {canVerify ? (
                  <a href="#verify-heading" className="font-semibold text-primary underline underline-offset-4">
                    Record the verification
                  </a>
                ) : null}
                {canAsk ? (
                  <a href="#information-heading" className="font-semibold text-primary underline underline-offset-4">
                    Ask for information
                  </a>
                ) : null}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {can("in_review") ? (
                <review.fetcher.Form {...review.formProps}>
                  <input type="hidden" name="intent" value="review" />
                  <SubmitButton pending={review.pending} pendingText="Starting...">
                    Start review
                  </SubmitButton>
                </review.fetcher.Form>
              ) : null}
              {can("prior_auth_submitted") ? (
                <priorAuth.fetcher.Form {...priorAuth.formProps}>
                  <input type="hidden" name="intent" value="prior-auth-sent" />
                  <SubmitButton pending={priorAuth.pending} pendingText="Saving...">
                    Prior auth submitted
                  </SubmitButton>
                </priorAuth.fetcher.Form>
              ) : null}
              {can("cancelled") ? (
                <cancel.fetcher.Form {...cancel.formProps}>
                  <input type="hidden" name="intent" value="cancel" />
                  <ConfirmButton
                    title={`Cancel ${d.reference}?`}
                    description="The practice sees it as cancelled and it leaves the queue. This cannot be undone; the practice would send a new IVR."
                    confirmLabel="Cancel IVR"
                    pending={cancel.pending}
                    pendingText="Cancelling..."
                    variant="destructive"
                  >
                    Cancel IVR
                  </ConfirmButton>
                </cancel.fetcher.Form>
              ) : null}
            </div>
            {confirmCancel ? (
              <div role="alert" className="flex flex-col gap-3 rounded-lg border border-border bg-muted p-3">
                <p className="font-semibold text-navy">Cancel {d.reference}?</p>
                <p className="text-sm text-muted-foreground">The practice sees it as cancelled and it leaves the queue. This cannot be undone.</p>
                <cancelConfirmed.fetcher.Form {...cancelConfirmed.formProps} className="flex flex-wrap gap-2">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="confirmed" value="1" />
                  <SubmitButton pending={cancelConfirmed.pending} pendingText="Cancelling..." variant="destructive" size="sm">
                    Cancel IVR
                  </SubmitButton>
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/admin/ivrs/${d.id}`}>Keep it</Link>
                  </Button>
                </cancelConfirmed.fetcher.Form>
              </div>
            ) : null}
          </Panel>
        </div>

        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {d.sections.map((s) => (
            <Panel key={s.id} id={`${s.id}-heading`} title={s.title}>
              <FieldList fields={s.fields} />
            </Panel>
          ))}

          <Panel id="files-heading" title="Attachments">
            <DataTable label="Attachments of the IVR">
              <thead>
                <tr>
                  <Th>File</Th>
                  <Th>Size</Th>
                  <Th>
                    <span className="sr-only">Download</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {d.files.length === 0 ? (
                  <EmptyRow colSpan={3}>No attachments.</EmptyRow>
                ) : (
                  d.files.map((f) => (
                    <tr key={f.id}>
                      <Td wrap="all">
                        {f.name}
                        <span className="block text-xs text-muted-foreground">
                          {f.roleLabel}, {f.mimeType}
                        </span>
                      </Td>
                      <Td className="tabular-nums">{formatBytes(f.size)}</Td>
                      <Td>
                        <a
                          href={`/admin/ivrs/${d.id}/files/${f.id}`}
                          download
                          className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline"
                        >
                          <Download aria-hidden className="size-4" />
                          Download<span className="sr-only"> {f.roleLabel}</span>
                        </a>
                      </Td>
                    </tr>
                  ))
                )}
              </tbody>
            </DataTable>
            <p className="text-xs text-muted-foreground">Each download is recorded in the audit log.</p>
          </Panel>
        </div>


        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-2">
          {canVerify ? (
            <Panel id="verify-heading" title="Record the verification">
              <verify.fetcher.Form {...verify.formProps} className="flex flex-col gap-4" key={`verify-${status}`}>
                <input type="hidden" name="intent" value="verify" />
                <Field label="Outcome" name="outcome" required error={verify.errors.outcome}>
                  {(control) => <Select {...control} options={d.outcomes} placeholder="Choose the outcome" defaultValue={v("outcome") ?? ""} />}
                </Field>
                <Field label="Network status" name="networkStatus" error={verify.errors.networkStatus}>
                  {(control) => <Select {...control} options={[{ value: "", label: "Not recorded" }, ...d.networks]} defaultValue={v("networkStatus") ?? ""} />}
                </Field>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Money name="deductible" label="Deductible" form={verify} t={v} />
                  <Money name="deductibleMet" label="Deductible met" form={verify} t={v} />
                  <Field label="Coinsurance %" name="coinsurancePercent" error={verify.errors.coinsurancePercent}>
                    {(control) => <Input {...control} inputMode="numeric" maxLength={3} defaultValue={v("coinsurancePercent")} />}
                  </Field>
                  <Money name="copay" label="Copay" form={verify} t={v} />
                  <Money name="outOfPocketMax" label="Out-of-pocket maximum" form={verify} t={v} />
                  <Money name="outOfPocketMet" label="Out-of-pocket met" form={verify} t={v} />
                  <Field label="Prior auth number" name="priorAuthNumber" error={verify.errors.priorAuthNumber}>
                    {(control) => <Input {...control} maxLength={60} defaultValue={v("priorAuthNumber")} />}
                  </Field>
                  <Field label="Authorised applications" name="authorisedApplications" error={verify.errors.authorisedApplications} hint="A whole number, 1 or more">
                    {(control) => <Input {...control} inputMode="numeric" maxLength={2} defaultValue={v("authorisedApplications")} />}
                  </Field>
                  <Field label="Prior auth valid from" name="priorAuthFrom" error={verify.errors.priorAuthFrom}>
                    {(control) => <Input {...control} type="date" defaultValue={v("priorAuthFrom")} />}
                  </Field>
                  <Field label="Prior auth valid to" name="priorAuthTo" error={verify.errors.priorAuthTo}>
                    {(control) => <Input {...control} type="date" defaultValue={v("priorAuthTo")} />}
                  </Field>
                  <Field label="Valid until" name="validUntil" required error={verify.errors.validUntil} hint="After today and within a year: 90 days unless the payer said otherwise">
                    {(control) => <Input {...control} type="date" defaultValue={v("validUntil") ?? d.validUntilDefault} />}
                  </Field>
                  <Field label="Call reference" name="callReference" error={verify.errors.callReference}>
                    {(control) => <Input {...control} maxLength={60} defaultValue={v("callReference")} />}
                  </Field>
                </div>
                <Field label="Note to the practice" name="noteToPractice" error={verify.errors.noteToPractice}>
                  {(control) => <Textarea {...control} rows={3} maxLength={LIMITS.long} defaultValue={v("noteToPractice")} />}
                </Field>
                <SubmitButton pending={verify.pending} pendingText="Saving..." className="w-fit">
                  Record verification
                </SubmitButton>
              </verify.fetcher.Form>
            </Panel>
          ) : null}

          {canAsk ? (
            <Panel id="information-heading" title="Needs information">
              <info.fetcher.Form {...info.formProps} className="flex flex-col gap-3" key={`info-${status}`}>
                <input type="hidden" name="intent" value="information" />
                <Field label="Message to the practice" name="message" required error={info.errors.message} hint="The practice's members see it on the IVR's page.">
                  {(control) => <Textarea {...control} rows={4} maxLength={LIMITS.long} defaultValue={t("message")} />}
                </Field>
                <SubmitButton pending={info.pending} pendingText="Sending..." variant="outline" className="w-fit">
                  Ask for information
                </SubmitButton>
              </info.fetcher.Form>
            </Panel>
          ) : null}

          <Panel id="orders-heading" title="Orders from this IVR">
            {d.orders.length === 0 ? (
              <p className="text-sm text-muted-foreground">No orders from this IVR yet.</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {d.orders.map((o) => (
                  <li key={o.id} className="flex flex-col gap-0.5">
                    <span className="flex items-center gap-3">
                      <Link to={`/admin/orders/${o.id}`} className="w-28 font-semibold text-primary underline-offset-4 hover:underline">
                        {o.reference}
                      </Link>
                      <StatusBadge kind="order" status={o.status} />
                    </span>
                    <span className="text-muted-foreground">
                      {o.sizes}, for <span className="whitespace-nowrap">{o.dateOfService}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>

          <Panel id="verifications-heading" title="Verifications">
            {d.verifications.length === 0 ? (
              <p className="text-sm text-muted-foreground">No verification recorded yet.</p>
            ) : (
              <ol className="flex flex-col gap-4">
                {d.verifications.map((v, i) => (
                  <li key={i} className="flex flex-col gap-2 rounded-lg border border-border p-3">
                    <p className="text-xs text-muted-foreground">
                      <span className="font-semibold text-foreground">{v.by ?? "Unknown"}</span>, <DateTime value={v.at} />
                    </p>
                    <FieldList fields={v.lines.filter((l) => l.value !== null)} />
                  </li>
                ))}
              </ol>
            )}
          </Panel>

          <Panel id="history-heading" title="History">
            <ol className="flex flex-col gap-3">
              {d.history.map((h) => (
                <li key={h.id} className="rounded-lg border border-border bg-muted/40 p-3 text-sm">
                  <p className="font-semibold">{h.fromLabel ? `${h.fromLabel} → ${h.toLabel}` : h.toLabel}</p>
                  <p className="text-xs text-muted-foreground">
                    {h.actorEmail ?? "Unknown"}, <DateTime value={h.at} />
                  </p>
                  {h.note ? <p className="mt-2 whitespace-pre-wrap break-words">{h.note}</p> : null}
                </li>
              ))}
            </ol>
          </Panel>
        </div>
      </div>
    </div>
  );
}

function Money({
  name,
  label,
  form,
  t,
}: {
  name: string;
  label: string;
  form: { errors: Record<string, string> };
  t: (name: string) => string | undefined;
}) {
  return (
    <Field label={label} name={name} error={form.errors[name]} hint="Dollars">
      {(control) => <Input {...control} inputMode="decimal" maxLength={12} defaultValue={t(name)} />}
    </Field>
  );
}
