import { ArrowLeft, Download, PackagePlus, RefreshCw, Send, TriangleAlert } from "lucide-react";
import * as React from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/ivrs-detail";
import { DateTime } from "~/components/ui/date-time";
import { formatBytes } from "~/lib/format";
import { AnswerNotice, Field } from "~/components/forms/field";
import { answerForTheForm } from "~/components/forms/answer-for-the-form";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission, type Validate } from "~/components/forms/use-form-submission";
import { ReverifySoonMark } from "~/components/ivr/reverify-soon-mark";
import { OrdersTable } from "~/components/orders/orders-table";
import { Block, Facts, History } from "~/components/portal/facts";
import { EligibilityLine } from "~/components/portal/eligibility-line";
import { IvrFileFields } from "~/components/portal/ivr-file-fields";
import { useLiveStatus } from "~/components/portal/live-status";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { CancelPanel, FollowAndCancel } from "~/components/portal/follow-and-cancel";
import { StatusBadge } from "~/components/ui/status-badge";
import { WOUND_LOCATIONS } from "~/lib/clinical/wound";
import { submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { canTransitionIvr, IVR_ORDERABLE_STATUSES, IVR_REQUEST_TYPES, IVR_STATUS_LABELS, PLACES_OF_SERVICE, WOUND_TYPES } from "~/lib/ivr";
import { privateMeta } from "~/lib/meta";
import { verificationFacts } from "~/lib/verification-words";
import { IVR_FILE_RULES, pickedFileProblems } from "~/lib/uploads";
import { maskMemberId } from "~/lib/patients";
import { LIMITS, optionLabel } from "~/lib/schemas/fields";
import { IVR_FILE_FIELDS, LATERALITY_OPTIONS, STANDARD_OF_CARE_OPTIONS } from "~/lib/schemas/ivr";
import { resubmitSchema } from "~/lib/schemas/ivr";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm, type Answer } from "~/.server/http/form-action";
import {
  cancelIvr,
  DraftRefused,
  getIvrDetail,
  readIvrAsMember,
  isFollowing,
  eligibilityCheckWaiting,
  practiceEligibilityLines,
  resubmitIvr,
  reverifySoon,
  setFollowing,
  startReverification,
  todayUtc,
} from "~/.server/ivr";
import { orderableIvr, ordersOfIvr, ordersToday } from "~/.server/orders";
import { authorisationViews } from "~/.server/authorisations";
import { AuthorisationBlock } from "~/components/portal/authorisation-block";
import { permissionForIvrFile, permissionsOf, roleMay } from "~/lib/practice-roles";
import { conversationIntents, MESSAGE_MULTILINE, threadForPage } from "~/.server/conversations/page";
import { Thread } from "~/components/conversation/thread";
import { actorOf, checkFiles, idParam, IVR_FORM_READ, need, notFound, requirePractice } from "./member.server";

export const meta: Route.MetaFunction = ({ data, matches }) => privateMeta(matches, `${data && "reference" in data ? data.reference : "IVR"} | Clinical Portal`);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, practice, role } = await requirePractice(request, "ivr.read");
  const id = idParam(params.id);
  const db = getDb();
  // Opening an IVR reads its patient's data: audited.
  const detail = await readIvrAsMember(db, { id, practiceId: practice.id, actor: actorOf(user, context) });
  // A draft has no page of its own: it is resumed in the form.
  if (!detail || detail.row.status === "draft") throw notFound();
  const { row } = detail;
  // Whether grafts can be ordered from it, for the roles that order.
  const orderable = (IVR_ORDERABLE_STATUSES as readonly string[]).includes(row.status) && roleMay(role, "orders.write");
  const [ordering, orders, authorisations, eligibility, eligibilityWaiting, messages] = await Promise.all([
    orderable ? orderableIvr(db, { practiceId: practice.id, ivrId: id, today: ordersToday() }) : null,
    ordersOfIvr(db, { ivrId: id, practiceId: practice.id }),
    authorisationViews(db, id, ordersToday()),
    practiceEligibilityLines(db, [id]),
    eligibilityCheckWaiting(db, id),
    // The conversation on the IVR; opening the page marks it read.
    threadForPage(db, { kind: "ivr", id }, user.id),
  ]);
  // The current authorisation only: the practice needs what holds now, not its corrections.
  const current = authorisations.find((a) => a.replacedAt === null);
  // Staff's question, while the member may answer it by sending the IVR again; and its message in the thread (the
  // answer's form goes under it), or null for a question asked before IVRs had a thread (its own panel shows it).
  const requestMessage = canTransitionIvr(row.status, "submitted", "member") ? detail.requestMessage : null;
  const question = requestMessage ? messages.findLast((m) => m.side === "staff" && m.body === requestMessage) : undefined;
  return {
    may: permissionsOf(role),
    id: row.id,
    reference: detail.reference,
    status: row.status,
    requestType: row.requestType,
    placeOfService: row.placeOfService,
    dateOfService: row.dateOfService,
    plannedApplications: row.plannedApplications,
    priorAuthPermission: row.priorAuthPermission,
    cptCodes: row.cptCodes,
    submittedAt: row.submittedAt,
    validUntil: row.validUntil,
    attestedAt: row.attestedAt,
    reverifySoon: reverifySoon(row.status, row.validUntil, todayUtc()),
    patient: detail.patient
      ? {
          id: detail.patient.id,
          name: `${detail.patient.firstName} ${detail.patient.lastName}`,
          birthDate: detail.patient.birthDate,
          // Masked: the full member id is revealed, audited, on the patient's page.
          coverages: detail.patient.coverages.map((c) => ({ rank: c.rank, payerName: c.payerName, payerType: c.payerType, memberId: maskMemberId(c.memberId) })),
        }
      : null,
    provider: detail.provider ? `${detail.provider.firstName} ${detail.provider.lastName}${detail.provider.credentials ? `, ${detail.provider.credentials}` : ""} (NPI ${detail.provider.npi})` : null,
    facility: detail.facility ? `${detail.facility.name}, ${detail.facility.city}` : null,
    clinical: detail.clinical,
    product: detail.product,
    areaCm2: detail.areaCm2,
    warnings: detail.warnings,
    signer: detail.signer,
    requestMessage,
    questionId: question?.id ?? null,
    // Every attachment is listed; the member's role says which of them open.
    files: detail.files.map((f) => ({ id: f.id, role: f.role, name: f.name, mimeType: f.mimeType, size: f.size, createdAt: f.createdAt, opens: roleMay(role, permissionForIvrFile(f.role)) })),
    history: detail.history,
    verification: detail.verifications[0] ?? null,
    following: await isFollowing(db, row.id, user.id),
    // Covered or approved: it can be ordered from, or says why not now.
    ordering: ordering ? { blockedBy: ordering.blockedBy, ordered: ordering.ordered, authorised: ordering.authorisedApplications } : null,
    orders,
    authorisation: current
      ? { number: current.number, trackingNumber: current.trackingNumber, usage: current.usage, endsSoon: current.endsSoon, validFrom: current.validFrom, validTo: current.validTo, products: current.products }
      : null,
    // The payer's eligibility answer in one line, once it came (nothing while checks are off).
    eligibilityLine: eligibility.get(row.id) ?? null,
    /** A payer's answer is on its way (it may come before the page's live stream opens: the page reloads once it has). */
    eligibilityWaiting,
    messages,
  };
}

export type IvrPageAnswer = FormAnswer<{ message: string }> | Answer | { ok: false; confirm: "cancel" };

export async function action({ request, params, context }: Route.ActionArgs) {
  // Following is anyone's who reads the IVR; the rest changes it.
  const { user, practice, role } = await requirePractice(request, "ivr.read");
  const id = idParam(params.id);
  const db = getDb();
  const detail = await getIvrDetail(db, { id, practiceId: practice.id });
  if (!detail || detail.row.status === "draft") throw notFound();
  const actor = actorOf(user, context);
  const here = `/members/ivrs/${id}`;
  const follow = async (follow: boolean) => {
    await setFollowing(db, { ivrId: id, userId: user.id, follow });
    return redirectWithFlash(here, {
      title: follow ? "Following" : "Not following",
      description: follow ? `You get a mail when ${detail.reference} changes.` : `You no longer get mails about ${detail.reference}.`,
    });
  };
  return answerForm(request, {
    // The answer to "needs information" may carry files: a file over its size comes back as the page, with the message beside it.
    read: { ...IVR_FORM_READ, multiline: [...IVR_FORM_READ.multiline, ...MESSAGE_MULTILINE] },
    title: "Not changed",
    // A plain post refills the answer to staff's question, or the message being written.
    keep: ({ intent, answer, body, messageId }) =>
      intent === "message"
        ? { intent, body: (body ?? "").slice(0, LIMITS.long) }
        : intent === "document"
          ? { intent, messageId: messageId ?? "" }
          : { intent: "resubmit", answer: (answer ?? "").slice(0, LIMITS.long) },
    explain: (refusal) => (refusal instanceof DraftRefused ? { title: "Re-verification not started" } : undefined),
    intents: {
      // Anyone who may change the IVR may talk about it, and answer a request with a file.
      ...(roleMay(role, "ivr.write")
        ? conversationIntents({ db, ref: { kind: "ivr", id }, practiceId: practice.id, side: "member", author: { id: user.id, email: user.email }, here })
        : {}),
      follow: () => follow(true),
      unfollow: () => follow(false),
      cancel: async ({ values }) => {
        need(role, "ivr.write");
        if (values.confirmed !== "1") return data({ ok: false as const, confirm: "cancel" as const });
        if (!(await cancelIvr(db, { practiceId: practice.id, actor, id }))) throw notFound();
        return redirectWithFlash(here, { title: `${detail.reference} cancelled`, description: "It stays on the board as Cancelled." });
      },
      reverify: async () => {
        need(role, "ivr.write");
        const draftId = await startReverification(db, { practiceId: practice.id, userId: user.id, fromId: id });
        if (!draftId) throw notFound();
        return redirectWithFlash(`/members/ivrs/new?draft=${draftId}`, {
          title: "Re-verification started",
          description: `Prefilled from ${detail.reference}: check the answers, attach what changed and send it.`,
        });
      },
      resubmit: async ({ formData, parse }) => {
        need(role, "ivr.write");
        // The files are checked with the answer, so every message comes back at once.
        const { files, fieldErrors } = await checkFiles(formData);
        const { answer } = parse(resubmitSchema, { also: fieldErrors });
        if (!(await resubmitIvr(db, { practiceId: practice.id, actor, id, answer, files, authorId: user.id }))) throw notFound();
        return redirectWithFlash(here, { title: `${detail.reference} sent again`, description: "Your answer is with our verification team." });
      },
    },
  });
}

const validateText = schemaValidator(() => import("~/lib/schemas/ivr").then((m) => m.resubmitSchema));

/** The browser's check of the answer: its text, and the files picked with it. */
const validateAnswer: Validate = async (form) => {
  const fieldErrors = { ...pickedFileProblems(new FormData(form), IVR_FILE_RULES), ...(await validateText(form))?.fieldErrors };
  return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : null;
};

const inThread = (answer: unknown) => typeof answer === "object" && answer !== null && "intent" in answer && (answer.intent === "message" || answer.intent === "document");

const label = (options: readonly { value: string; label: string }[], value: string | null | undefined) => (value ? (optionLabel(options, value) ?? value) : "—");

export default function IvrPage({ loaderData: ivr, actionData }: Route.ComponentProps) {
  useLiveStatus(true, { reloadOnOpen: ivr.eligibilityWaiting });
  const answer = actionData as IvrPageAnswer | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const confirmCancel = answer && "confirm" in answer;
  // What came back for the answer to staff's question is said in its form, where what was typed is.
  const toAnswerForm = ivr.requestMessage && answer && "intent" in answer && answer.intent === "resubmit" ? answer : undefined;
  // The transition table says what a member may do from here.
  const writes = ivr.may.includes("ivr.write");
  const open = writes && canTransitionIvr(ivr.status, "cancelled", "member");
  const decided = writes && (ivr.status === "covered" || ivr.status === "prior_auth_approved");
  const c = ivr.clinical;
  const v = ivr.verification;

  return (
    <article aria-labelledby="ivr-heading" className="flex flex-col gap-6">
      <Link to="/members" className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to the board
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="ivr-heading" className="text-2xl font-bold text-navy">
            {ivr.reference}
          </h2>
          <StatusBadge kind="ivr" status={ivr.status} />
          {ivr.reverifySoon ? <ReverifySoonMark /> : null}
        </div>
        <FollowAndCancel
          following={ivr.following}
          busy={busy}
          cancel={
            open
              ? {
                  reference: ivr.reference,
                  description: "The request stops here: our team will not verify it. A new request can be sent at any time.",
                  label: "Cancel IVR",
                  confirmLabel: "Cancel the IVR",
                }
              : null
          }
        />
      </div>

      {/* The thread's forms say their own messages beside their controls. */}
      <AnswerNotice answer={toAnswerForm || inThread(answer) ? undefined : answer} title="Not changed" />
      {confirmCancel ? (
        <CancelPanel reference={ivr.reference} description="The request stops here: our team will not verify it." confirmLabel="Cancel the IVR" keepTo={`/members/ivrs/${ivr.id}`} />
      ) : null}

      {ivr.eligibilityLine ? <EligibilityLine line={ivr.eligibilityLine} /> : null}

      {/* A question asked before the IVR had a thread is in no message: it keeps its own panel. */}
      {ivr.requestMessage && writes && !ivr.questionId ? <NeedsInformation message={ivr.requestMessage} answer={toAnswerForm} /> : null}

      <Thread
        messages={ivr.messages}
        viewer="member"
        mayWrite={writes}
        fileHref={(fileId) => `/members/ivrs/${ivr.id}/messages/${fileId}`}
        answer={answer}
        reference={ivr.reference}
        // Staff's question is a message of the thread: its answer, which sends the IVR again, is under it.
        replySlot={ivr.requestMessage && writes && ivr.questionId ? { messageId: ivr.questionId, slot: <AnswerQuestion reference={ivr.reference} answer={toAnswerForm} /> } : null}
      />

      {decided ? (
        <div className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4 ${ivr.reverifySoon ? "border-warning-border bg-warning-soft" : "border-border"}`}>
          <p className="text-sm">
            {ivr.reverifySoon ? <strong>Valid until {ivr.validUntil}: re-verify soon. </strong> : ivr.validUntil ? `Valid until ${ivr.validUntil}. ` : ""}A re-verification starts a new
            request prefilled from this one.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="reverify" />
            <Button type="submit" variant={ivr.reverifySoon ? "default" : "outline"} disabled={busy}>
              <RefreshCw aria-hidden />
              Start re-verification
            </Button>
          </Form>
        </div>
      ) : null}

      {ivr.ordering || ivr.orders.length > 0 ? (
        <Block title="Orders">
          {ivr.ordering ? (
            ivr.ordering.blockedBy ? (
              <p className="text-sm">{ivr.ordering.blockedBy}</p>
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm">
                  {ivr.ordering.authorised === null
                    ? `Grafts can be ordered from this IVR (${ivr.ordering.ordered} ordered so far).`
                    : `Grafts can be ordered from this IVR: ${ivr.ordering.ordered} of ${ivr.ordering.authorised} authorised applications ordered.`}
                </p>
                <Button asChild>
                  <Link to={`/members/orders/new?ivr=${ivr.id}`}>
                    <PackagePlus aria-hidden />
                    Order grafts
                  </Link>
                </Button>
              </div>
            )
          ) : null}
          {ivr.orders.length > 0 ? <OrdersTable rows={ivr.orders} label={`Orders from ${ivr.reference}`} empty="No orders yet." showIvr={false} /> : null}
        </Block>
      ) : null}

      {ivr.authorisation ? <AuthorisationBlock authorisation={ivr.authorisation} /> : null}

      {v ? (
        <Block title="Verification result">
          <Facts
            rows={[
              ...verificationFacts(v).map((f): [string, React.ReactNode] => [f.label, f.value]),
              ["Verified", <DateTime key="at" value={v.verifiedAt} />],
            ]}
          />
          {v.noteToPractice ? <p className="rounded-lg bg-muted p-3 text-sm whitespace-pre-line">{v.noteToPractice}</p> : null}
        </Block>
      ) : null}

      {ivr.warnings.length > 0 ? (
        <div className="flex gap-3 rounded-xl border border-warning-border bg-warning-soft p-4 text-sm text-warning">
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">Warnings (they did not stop the request)</p>
            <ul className="mt-1 list-disc pl-5">
              {ivr.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}

      <Block title="Request">
        <Facts
          rows={[
            ["Type", label(IVR_REQUEST_TYPES, ivr.requestType)],
            ["Sent", <DateTime key="sent" value={ivr.submittedAt} />],
            [
              "Patient",
              ivr.patient && !ivr.may.includes("patients") ? (
                `${ivr.patient.name} (born ${ivr.patient.birthDate})`
              ) : ivr.patient ? (
                <Link key="patient" to={`/members/patients/${ivr.patient.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {ivr.patient.name} (born {ivr.patient.birthDate})
                </Link>
              ) : null,
            ],
            ...(ivr.patient?.coverages.map((cov): [string, React.ReactNode] => [cov.rank === "primary" ? "Primary insurance" : "Secondary insurance", `${cov.payerName}, member id ${cov.memberId}`]) ?? []),
            ["Provider", ivr.provider],
            ["Facility", ivr.facility],
            ["Place of service", label(PLACES_OF_SERVICE, ivr.placeOfService)],
            ["Date of service", ivr.dateOfService],
          ]}
        />
      </Block>

      {c ? (
        <Block title="Wound, care and codes">
          <Facts
            rows={[
              ["Wound type", label(WOUND_TYPES, c.woundType)],
              ["Location", `${label(WOUND_LOCATIONS, c.woundLocation)}, ${label(LATERALITY_OPTIONS, c.laterality)}`],
              ["Size", `${c.lengthCm ?? "—"} × ${c.widthCm ?? "—"}${c.depthCm !== undefined ? ` × ${c.depthCm}` : ""} cm`],
              ["Area (derived)", ivr.areaCm2 !== null ? `${ivr.areaCm2} cm²` : null],
              ["CPT application codes (derived)", ivr.cptCodes],
              ["Open for", `${c.durationWeeks} weeks`],
              ["Standard of care since", c.standardOfCareStart],
              ["Standard of care", c.standardOfCare.map((s) => label(STANDARD_OF_CARE_OPTIONS, s)).join(", ")],
              ["Exception documented", c.standardOfCareException ? "Yes" : "No"],
              ["ICD-10", [c.icdPrimary, ...c.icdSecondary].filter(Boolean).join(", ")],
              ["Product", ivr.product],
              ["Planned applications", ivr.plannedApplications],
              ["Prior authorization may be pursued", ivr.priorAuthPermission ? "Yes" : "No"],
              [
                "Settings",
                [c.hospice && "Hospice", c.partAStay && "Part A stay", c.snfOver100Days && "Skilled nursing over 100 days", c.postOpGlobal && `Post-operative global period (${c.surgeryCode ?? ""}, ${c.surgeryDate ?? ""})`]
                  .filter(Boolean)
                  .join("; ") || "None",
              ],
            ]}
          />
          {c.standardOfCareNotes ? <p className="rounded-lg bg-muted p-3 text-sm whitespace-pre-line">{c.standardOfCareNotes}</p> : null}
          <p className="text-sm text-muted-foreground">
            Signed by {ivr.signer ?? "—"} on <DateTime value={ivr.attestedAt} />.
          </p>
        </Block>
      ) : null}

      <Block title="Attachments">
        {ivr.files.length === 0 ? (
          <p className="text-sm text-muted-foreground">No files attached.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {ivr.files.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{IVR_FILE_FIELDS.find((x) => x.role === f.role)?.label ?? f.role}</span>
                  <span className="text-muted-foreground">
                    {" "}
                    · {f.name} · {formatBytes(f.size)}
                  </span>
                </span>
                {f.opens ? (
                  <a href={`/members/ivrs/${ivr.id}/files/${f.id}`} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline" download>
                    <Download aria-hidden className="size-4" />
                    Download<span className="sr-only"> {f.name}</span>
                  </a>
                ) : (
                  <span className="text-muted-foreground">Not opened by your role</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Block>

      <History history={ivr.history} labels={IVR_STATUS_LABELS} />
    </article>
  );
}

/** Staff's question with the answer's form, for a question that is not a message of the thread. */
function NeedsInformation({ message, answer }: { message: string; answer: Answer | undefined }) {
  return (
    <section aria-labelledby="needs-heading" className="flex flex-col gap-4 rounded-xl border border-warning-border bg-warning-soft p-4 sm:p-6">
      <h3 id="needs-heading" className="text-lg font-semibold text-warning">
        We need more information
      </h3>
      <p className="text-sm whitespace-pre-line text-warning">{message}</p>
      <AnswerForm answer={answer} />
    </section>
  );
}

/** The answer's form under staff's question in the thread: the question is the message above it. */
function AnswerQuestion({ reference, answer }: { reference: string; answer: Answer | undefined }) {
  const headingId = React.useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border border-warning-border bg-warning-soft p-3">
      <h4 id={headingId} className="font-semibold text-warning">
        We need more information
      </h4>
      <p className="text-warning">Answer the question above: your answer, with any files you add, sends {reference} to our verification team again.</p>
      <AnswerForm answer={answer} />
    </section>
  );
}

/** The member's answer to "needs information", with any further files: it sends the IVR again. */
function AnswerForm({ answer }: { answer: Answer | undefined }) {
  const form = useFormSubmission({
    validate: validateAnswer,
    success: null,
    failure: { title: "Not sent", description: "Please try again in a moment: your answer is still in the form." },
    resetOnSuccess: false,
    answer: answerForTheForm(answer),
  });
  const typed = submittedValues(answer);
  return (
    <form.fetcher.Form {...form.formProps} encType="multipart/form-data" className="flex flex-col gap-4">
      <AnswerNotice answer={answer} title="Not sent" />
      <input type="hidden" name="intent" value="resubmit" />
      <Field label="Your answer" name="answer" required error={form.errors.answer}>
        {(control) => <Textarea {...control} rows={4} maxLength={LIMITS.long} defaultValue={submittedText(typed, "answer")} className="bg-background" />}
      </Field>
      <IvrFileFields errors={form.errors} optional />
      <SubmitButton pending={form.pending} pendingText="Sending..." className="self-start">
        <Send aria-hidden />
        Answer and send again
      </SubmitButton>
    </form.fetcher.Form>
  );
}
