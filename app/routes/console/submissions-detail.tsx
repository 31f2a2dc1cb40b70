import { ArrowLeft, Download, Handshake } from "lucide-react";
import * as React from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/submissions-detail";
import { privateMeta } from "~/lib/meta";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { mailPurposeLabel } from "~/lib/mail";
import { DateTime } from "~/components/ui/date-time";
import { formatBytes } from "~/lib/format";
import { AnswerNotice, Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator } from "~/components/forms/use-form-submission";
import { FieldList } from "~/components/record/field-list";
import { Panel } from "~/components/record/panel";
import { answerFor, typedText, useRecordForm, type RecordAnswer } from "~/components/record/record-form";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { StatusBadge } from "~/components/ui/status-badge";
import { STATUS_OPTIONS } from "~/lib/schemas/console-fields";
import { submissionActionSchema } from "~/lib/schemas/console-submission";
import { requireRole } from "~/.server/accounts";
import { addSubmissionNote, setSubmissionStatus, viewSubmission } from "~/.server/submissions";
import { isUuid } from "~/lib/ids";
import { kindInfo, listsOf, type ListKey } from "~/lib/submission-kinds";
import { KIND_LABELS, MAX_NOTE, STATUS_LABELS } from "~/lib/submissions";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm, type FormInput } from "~/.server/http/form-action";
import { clientInfo } from "~/.server/request-context";
import { notFound } from "~/.server/http/not-found";
import { mailDeliveryOff } from "~/.server/env";
import { makePartner, partnerOfSubmission } from "~/.server/partners";
import { Refused } from "~/.server/refused";
import { mailQueued } from "~/.server/runtime";
import { OneTimeLink } from "~/components/admin/one-time-link";

import { Button } from "~/components/ui/button";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const s = loaderData?.detail.submission;
  return privateMeta(matches, s ? `${s.firstName} ${s.lastName}, ${KIND_LABELS[s.kind]} | Staff console` : "Submission | Staff console");
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const detail = await viewSubmission(getDb(), params.id, { email: me.email, ip: clientInfo(context).ip });
  if (!detail) notFound();
  // A partner callback: whether its sender was made a partner already.
  const partner = detail.submission.kind === "callback" ? await partnerOfSubmission(getDb(), detail.submission.id) : null;
  return { detail, partner };
}

/** Heads a change the submission's state refuses (a status the transition table does not allow from here). */
const REFUSED = "Not done";

/**
 * The status list and the note, one schema for both, answered by the one form
 * answerer (decision 009): messages beside the status list or the note, a
 * refused move at the top of the page, a database failure 503 with the note kept.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const id = params.id;
  const db = getDb();
  const actor = { email: me.email, ip: clientInfo(context).ip };
  const back = `/admin/submissions/${id}`;
  const answer = async ({ parse }: FormInput) => {
    const input = parse(submissionActionSchema);
    if (input.intent === "status") {
      if (!(await setSubmissionStatus(db, id, input.status, actor))) notFound();
      return redirectWithFlash(back, { title: "Status updated", description: `The status is now ${STATUS_LABELS[input.status]}.`, variant: "success" });
    }
    if (!(await addSubmissionNote(db, id, actor, input.body))) notFound();
    return redirectWithFlash(back, { title: "Note added", description: "Your note was saved.", variant: "success" });
  };
  // A partner callback's sender becomes a partner: their account, partner record and invitation mail at once.
  const makeIntoPartner = async () => {
    const result = await makePartner(db, { actor: { id: me.id, email: me.email }, ip: actor.ip, mailOff: mailDeliveryOff() }, id);
    if (result.mailed) mailQueued();
    if (result.status === 404 && !result.partnerId) notFound();
    if (!result.ok) throw new Refused(result.message, null, result.status === 200 ? 409 : result.status);
    // With mail delivery off, the set-password link is shown once, here.
    if (result.link) return { ok: true as const, intent: "make-partner" as const, message: result.message, link: result.link, partnerId: result.partnerId };
    return redirectWithFlash(`/admin/partners/${result.partnerId}`, { title: "Partner made", description: result.message, variant: "success" });
  };
  return answerForm(request, {
    title: REFUSED,
    // A plain post gets back what its form holds: the note, or the status chosen.
    keep: ({ body, status }) => ({ body, status }),
    intents: { status: answer, note: answer, "make-partner": makeIntoPartner },
  });
}

const validate = schemaValidator(() => import("~/lib/schemas/console-submission").then((m) => m.submissionActionSchema));

export default function SubmissionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, partner } = loaderData;
  const { submission: s, fields, files, notes, mails } = detail;
  const made = actionData && "link" in actionData ? actionData : undefined;
  const answer = (made ? undefined : actionData) as RecordAnswer<"status" | "note"> | undefined;
  // Both forms answer a change with a redirect back here and its message; bad input with the message beside the field.
  const statusForm = useRecordForm(answerFor(answer, "status"), validate);
  const noteForm = useRecordForm(answerFor(answer, "note"), validate);
  const typedNote = typedText(answerFor(answer, "note"))("body");
  // The status chosen, when the change came back unsaved; one no option offers is not shown as chosen.
  const typedStatus = STATUS_OPTIONS.find((o) => o.value === typedText(answerFor(answer, "status"))("status"))?.value;
  const [noteLength, setNoteLength] = React.useState(typedNote?.length ?? 0);
  // A saved note empties the form (it is re-mounted): the counter starts again too.
  const [noteCount, setNoteCount] = React.useState(notes.length);
  if (noteCount !== notes.length) {
    setNoteCount(notes.length);
    setNoteLength(0);
  }
  const takesFiles = kindInfo(s.kind).files === true;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <Link to="/admin" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to inbox
        </Link>
        <h1 className="text-3xl font-bold tracking-tight break-words">
          {s.firstName} {s.lastName}
          <span className="text-muted-foreground"> · </span>
          <span className="text-primary">{KIND_LABELS[s.kind]}</span>
        </h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <StatusBadge kind="submission" status={s.status} />
          <span>
            Received <DateTime value={s.createdAt} />
          </span>
          <span>
            Updated <DateTime value={s.updatedAt} />
          </span>
          <span className="break-all">Reference {s.id}</span>
          {loaderData.detail.referredBy ? (
            <span className="font-medium text-foreground">
              Referred by {loaderData.detail.referredBy.name} ({loaderData.detail.referredBy.code})
            </span>
          ) : null}
        </div>
        <AnswerNotice answer={answer} title={REFUSED} />
      </div>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-8">
          <Panel id="details" title="Details" variant="plain">
            <FieldList fields={fields} labelWidth="medium" />
            <p className="text-sm">
              <a href={`mailto:${s.email}`} className="font-semibold text-primary underline-offset-4 hover:underline">
                Write to {s.email}
              </a>
            </p>
          </Panel>

          {listsOf(s.kind).map(([key, list]) => {
            const entries = detail[key as ListKey];
            return (
              <Panel key={key} id={key} title={list.title} variant="plain">
                {entries.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{list.empty}</p>
                ) : (
                  <ol className="flex flex-col gap-4">
                    {entries.map((e, i) => (
                      <li key={e.position} className="rounded-lg border border-border p-4">
                        <h3 className="mb-3 font-semibold">
                          {list.entry} {i + 1}
                        </h3>
                        <FieldList fields={e.fields} labelWidth="medium" />
                      </li>
                    ))}
                  </ol>
                )}
              </Panel>
            );
          })}

          {takesFiles || files.length > 0 ? (
            <Panel id="files" title="Files" variant="plain">
              <DataTable label="Uploaded files">
                <HeadRow columns={["Name", "Type", "Size", { srOnly: "Download" }]} />
                <tbody>
                  {files.length === 0 ? (
                    <EmptyRow colSpan={4}>No files.</EmptyRow>
                  ) : (
                    files.map((f) => (
                      <tr key={f.id}>
                        <Td wrap="all">
                          {f.fileName}
                          <span className="block text-xs text-muted-foreground">{f.role === "resume" ? "Resume" : "Document"}</span>
                        </Td>
                        <Td>{f.contentType}</Td>
                        <Td className="tabular-nums">{formatBytes(f.size)}</Td>
                        <Td>
                          <a
                            href={`/admin/files/${f.id}`}
                            download
                            className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline"
                          >
                            <Download aria-hidden className="size-4" />
                            Download<span className="sr-only"> {f.fileName}</span>
                          </a>
                        </Td>
                      </tr>
                    ))
                  )}
                </tbody>
              </DataTable>
            </Panel>
          ) : null}

        </div>

        <div className="flex min-w-0 flex-col gap-8">
          {s.kind === "callback" ? (
            <Panel id="partner" title="Partner" variant="plain">
              {made ? (
                <OneTimeLink title="Partner made: mail delivery is off" message={made.message} link={made.link} />
              ) : null}
              {partner ? (
                <p className="text-sm">
                  {s.firstName} {s.lastName} is a partner:{" "}
                  <Link to={`/admin/partners/${partner.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
                    open {partner.name}
                  </Link>
                  .
                </p>
              ) : (
                <Form method="post" className="flex flex-col gap-3">
                  <input type="hidden" name="intent" value="make-partner" />
                  <p className="text-sm text-muted-foreground">
                    Creates a partner account for {s.email} with a referral code, and mails them an invitation to choose a password. You then assign their practices and
                    set their plan.
                  </p>
                  <Button type="submit" className="w-fit">
                    <Handshake aria-hidden />
                    Make partner
                  </Button>
                </Form>
              )}
            </Panel>
          ) : null}
          <Panel id="status" title="Status" variant="plain">
            <statusForm.fetcher.Form {...statusForm.formProps} className="flex flex-col gap-3" key={s.status}>
              <input type="hidden" name="intent" value="status" />
              <Field label="Status" name="status" error={statusForm.errors.status}>
                {(control) => <Select {...control} defaultValue={typedStatus ?? s.status} options={STATUS_OPTIONS} />}
              </Field>
              <SubmitButton pending={statusForm.pending} pendingText="Updating…" className="w-fit">
                Update status
              </SubmitButton>
            </statusForm.fetcher.Form>
          </Panel>

          <Panel id="notes" title="Notes" variant="plain">
            {notes.length === 0 ? (
              <p className="text-sm text-muted-foreground">No notes yet.</p>
            ) : (
              <ol className="flex flex-col gap-3">
                {notes.map((n) => (
                  <li key={n.id} className="rounded-lg border border-border bg-muted/40 p-3">
                    <p className="text-xs text-muted-foreground">
                      <span className="font-semibold text-foreground">{n.authorEmail ?? "Unknown"}</span>, <DateTime value={n.createdAt} />
                    </p>
                    <p className="mt-2 whitespace-pre-wrap break-words text-sm">{n.body}</p>
                  </li>
                ))}
              </ol>
            )}
            <noteForm.fetcher.Form {...noteForm.formProps} className="flex flex-col gap-3" key={notes.length}>
              <input type="hidden" name="intent" value="note" />
              <Field
                label="New note"
                name="body"
                required
                error={noteForm.errors.body}
                hint={
                  noteLength > 0
                    ? `${noteLength.toLocaleString("en-US")} of ${MAX_NOTE.toLocaleString("en-US")} characters`
                    : `Up to ${MAX_NOTE.toLocaleString("en-US")} characters. Notes are visible to all staff.`
                }
              >
                {(control) => (
                  <Textarea
                    {...control}
                    maxLength={MAX_NOTE}
                    rows={4}
                    defaultValue={typedNote}
                    onChange={(e) => setNoteLength(e.currentTarget.value.length)}
                  />
                )}
              </Field>
              <SubmitButton pending={noteForm.pending} pendingText="Adding…" className="w-fit">
                Add note
              </SubmitButton>
            </noteForm.fetcher.Form>
          </Panel>
        </div>
      </div>

      <Panel id="mail" title="Mail" variant="plain">
        <DataTable label="Mail about this submission" stacked>
          <HeadRow columns={["Mail", "To", "State", "Created", "Sent"]} />
          <tbody>
            {mails.length === 0 ? (
              <EmptyRow colSpan={5}>No mail for this submission.</EmptyRow>
            ) : (
              mails.map((m) => (
                <tr key={m.id}>
                  <Td data-label="Mail" wrap>
                    <span className="flex flex-col">
                      <span className="font-semibold">{mailPurposeLabel(m.purpose)}</span>
                      <span className="text-muted-foreground">{m.subject}</span>
                    </span>
                  </Td>
                  <Td data-label="To" className="[overflow-wrap:anywhere]">
                    {m.to}
                  </Td>
                  <Td data-label="State">
                    <span className="flex flex-col items-start gap-1">
                      <StatusBadge kind="mail" status={m.status} />
                      <span className="text-xs text-muted-foreground">
                        {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
                      </span>
                      {m.lastError ? <span className="max-w-64 text-xs whitespace-normal text-destructive">{m.lastError}</span> : null}
                    </span>
                  </Td>
                  <Td data-label="Created">
                    <DateTime value={m.createdAt} />
                  </Td>
                  <Td data-label="Sent">
                    <DateTime value={m.sentAt} />
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
        <p className="text-sm">
          <Link to="/admin/outbox" className="font-semibold text-primary underline-offset-4 hover:underline">
            Open the outbox
          </Link>{" "}
          to retry a failed mail.
        </p>
      </Panel>
    </div>
  );
}
