import { BellOff, Eye, RotateCw, Send, X } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/outbox";
import { mailPurposeLabel } from "~/lib/mail";
import { countOf } from "~/lib/format";
import { privateMeta } from "~/lib/meta";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { RowActionForm } from "~/components/admin/row-action-form";
import { FilterBar, FilterField } from "~/components/admin/filter-bar";
import { DateTime } from "~/components/ui/date-time";
import { Pager } from "~/components/ui/pager";
import { AnswerNotice, FormNotice } from "~/components/forms/field";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { buttonVariants } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { StatusBadge } from "~/components/ui/status-badge";
import { requireRole } from "~/.server/accounts";
import { isUuid } from "~/lib/ids";
import { MAIL_STATE_LABELS, MAIL_STATES } from "~/lib/mail";
import { getDb } from "~/.server/db/client";
import { mailDeliveryOff } from "~/.server/env";
import { redirectWithFlash } from "~/.server/http/flash";
import { dismissMail, getMail, listOutbox, parseOutboxFilters, retryMail, viewMail } from "~/.server/mail";
import { clientInfo } from "~/.server/request-context";
import { mailQueued } from "~/.server/runtime";
import { Refused } from "~/.server/refused";
import { answerRowAction } from "./row-action.server";
import { cn } from "~/lib/utils";
import { consoleNotSaved, MAIL_REFUSED_TITLE } from "~/lib/schemas/console-fields";
import { mailActionSchema } from "~/lib/schemas/console-outbox";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Outbox | Staff console");

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  const params = new URL(request.url).searchParams;
  const filters = parseOutboxFilters(params);
  const db = getDb();
  const list = await listOutbox(db, filters);
  const viewId = params.get("view");
  // A body can hold a whole form: reading it is recorded like any other read of personal data.
  const viewed = isUuid(viewId) ? await viewMail(db, viewId, { email: me.email, ip: clientInfo(context).ip }) : null;
  return {
    filters,
    list: { ...list, rows: list.rows.map((m) => ({ ...m, purposeLabel: mailPurposeLabel(m.purpose) })) },
    // The link itself is never read here; its placeholder reads "[link removed]".
    viewed: viewed ? { ...viewed, purposeLabel: mailPurposeLabel(viewed.purpose) } : null,
    viewMissing: viewId !== null && !viewed,
    mailOff: mailDeliveryOff(),
  };
}

/** The outbox URL the form was posted from, with only its own query parameters. */
function backTo(request: Request): string {
  const from = new URL(request.url).searchParams;
  const keep = new URLSearchParams();
  const filters = parseOutboxFilters(from);
  if (filters.state !== "all") keep.set("state", filters.state);
  if (filters.cursor) keep.set(filters.cursor.direction, filters.cursor.value);
  const query = keep.toString();
  return query ? `/admin/outbox?${query}` : "/admin/outbox";
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  const db = getDb();
  const actor = { email: me.email, ip: clientInfo(context).ip };
  /** The mail a row's button names; one gone (removed since the list was drawn) is said at the top of the list. */
  const mailOf = async (mailId: string) => {
    const mail = await getMail(db, mailId);
    if (!mail) throw new Refused("That mail does not exist.", null, 404);
    return mail;
  };
  return answerRowAction(request, {
    title: MAIL_REFUSED_TITLE,
    schema: mailActionSchema,
    intents: {
      dismiss: async ({ mailId }) => {
        await mailOf(mailId);
        if (!(await dismissMail(db, mailId, actor))) throw new Refused("Only a failed mail can be dismissed.");
        return redirectWithFlash(backTo(request), {
          title: "Mail dismissed",
          description: "It will not be sent and no longer counts as failed.",
          variant: "success",
        });
      },
      retry: async ({ mailId }) => {
        const mail = await mailOf(mailId);
        const queued = await retryMail(db, mailId, actor);
        if (queued === "link-gone") throw new Refused("Its link expired or was removed: send a new invitation or password reset from Users.");
        if (queued === "not-waiting") throw new Refused("That mail was already sent: there is nothing to retry.");
        // Say what really happens: with delivery off, nothing leaves however often it is queued.
        if (mailDeliveryOff()) {
          return redirectWithFlash(backTo(request), {
            title: "Mail queued again",
            description: MAIL_OFF_ANSWER,
            variant: "default",
          });
        }
        mailQueued();
        return redirectWithFlash(backTo(request), {
          title: mail.status === "pending" ? "Mail queued to send now" : "Mail queued again",
          description: "The mail worker will try to send it right away.",
          variant: "success",
        });
      },
    },
  });
}

const validate = schemaValidator(() => import("~/lib/schemas/console-outbox").then((m) => m.mailActionSchema));

const MAIL_OFF_ANSWER = "Mail delivery is off (SMTP_URL is not set): it stays in the outbox until delivery is configured.";

const STATE_OPTIONS = [{ value: "all", label: "All states" }, ...MAIL_STATES.map((s) => ({ value: s, label: MAIL_STATE_LABELS[s] }))];

type OutboxData = Route.ComponentProps["loaderData"];
type OutboxMail = OutboxData["list"]["rows"][number];

/** The outbox URL with these filters, and the mail `view` open when given. */
function outboxHref(filters: OutboxData["filters"], view?: string): string {
  const params = new URLSearchParams();
  if (filters.state !== "all") params.set("state", filters.state);
  if (filters.cursor) params.set(filters.cursor.direction, filters.cursor.value);
  if (view) params.set("view", view);
  const query = params.toString();
  return query ? `/admin/outbox?${query}` : "/admin/outbox";
}

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, list, viewed, viewMissing, mailOff } = loaderData;
  const filtered = filters.state !== "all";
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Outbox</h1>
      <p className="max-w-3xl text-sm text-muted-foreground">
        {mailOff
          ? "Every mail the site would send, newest first. Mail delivery is off (SMTP_URL is not set): nothing leaves until it is configured. "
          : "Every mail the site sends, newest first. Failed mail can be tried again, or dismissed when it should not be sent; pending mail can be sent now instead of waiting for its next attempt. "}
        Bodies of sent mail are removed after the retention period; links in invitation, password and sign-in mail are never shown.
      </p>

      {/* With JavaScript a refusal or a failure to save is a toast from the row's form; without, the page's action data. */}
      <AnswerNotice answer={actionData} title={MAIL_REFUSED_TITLE} />

      {viewed ? <MailBodyPanel mail={viewed} closeHref={outboxHref(filters)} /> : null}
      {viewMissing ? <FormNotice notice={{ title: "Mail not found", description: "That mail no longer exists.", variant: "error" }} /> : null}

      <FilterBar label="Filter mail" action="/admin/outbox" resetHref={filtered ? "/admin/outbox" : null} key={filters.state}>
        <FilterField label="State" htmlFor="outbox-state">
          <Select id="outbox-state" name="state" defaultValue={filters.state} options={STATE_OPTIONS} />
        </FilterField>
      </FilterBar>

      <p className="text-sm text-muted-foreground" role="status">
        {`${countOf(list.total, list.capped, "mail", "mails")}${filtered ? ` ${filters.state}` : ""}.`}
      </p>

      <DataTable label="Mail list" stacked>
        <HeadRow columns={["Created", "Mail", "To", "State", { srOnly: "Actions" }]} />
        <tbody>
          {list.rows.length === 0 ? (
            <EmptyRow colSpan={5}>{filtered ? "No mail in this state." : "No mail yet."}</EmptyRow>
          ) : (
            list.rows.map((m) => (
              <MailRow key={m.id} mail={m} mailOff={mailOff} viewHref={outboxHref(filters, m.id)} open={viewed?.id === m.id} />
            ))
          )}
        </tbody>
      </DataTable>

      <Pager previous={list.previous} next={list.next} label="Outbox pages" labels={{ first: "Newest", previous: "Newer mails", next: "Older mails" }} />
    </div>
  );
}

function MailRow({ mail: m, mailOff, viewHref, open }: { mail: OutboxMail; mailOff: boolean; viewHref: string; open: boolean }) {
  // Each button's form answers with a redirect back to this page and its message, or a refusal (a toast).
  const retry = useFormSubmission({ validate, success: null, failure: consoleNotSaved, resetOnSuccess: false });
  const dismiss = useFormSubmission({ validate, success: null, failure: consoleNotSaved, resetOnSuccess: false });
  const busy = retry.pending || dismiss.pending;
  // With delivery off a pending mail just waits: a "send now" would do nothing.
  const canQueue = m.status !== "sent" && !(mailOff && m.status === "pending");
  const queueLabel = mailOff ? "Queue again" : m.status === "pending" ? "Send now" : "Retry";
  return (
    <tr className={cn("hover:bg-muted/60", open && "bg-primary-soft/60")}>
      <Td data-label="Created">
        <DateTime value={m.createdAt} />
      </Td>
      <Td data-label="Mail" wrap minWidth="min-w-56" className="max-w-md">
        <span className="flex flex-col gap-0.5">
          {m.submissionId ? (
            <Link to={`/admin/submissions/${m.submissionId}`} className="font-semibold text-primary underline-offset-4 hover:underline">
              {m.purposeLabel}
            </Link>
          ) : (
            <span className="font-semibold">{m.purposeLabel}</span>
          )}
          <span className="text-muted-foreground">{m.subject}</span>
        </span>
      </Td>
      <Td data-label="To" wrap minWidth="min-w-40" className="[overflow-wrap:anywhere]">
        {m.to}
      </Td>
      <Td data-label="State" wrap minWidth="min-w-40" className="max-w-72">
        <span className="flex flex-col items-start gap-1">
          <StatusBadge kind="mail" status={m.status} />
          <span className="text-xs text-muted-foreground">
            {m.status === "sent" ? (
              <>
                Sent <DateTime value={m.sentAt} />
              </>
            ) : m.status === "pending" && mailOff ? (
              "Waiting: mail delivery is off"
            ) : (
              `${m.attempts} ${m.attempts === 1 ? "attempt" : "attempts"}`
            )}
          </span>
          {m.lastError ? <span className="text-xs break-words [overflow-wrap:anywhere]">{m.lastError}</span> : null}
        </span>
      </Td>
      {/* On a phone the buttons take the whole line: their words say what they do without a label. */}
      <Td data-label="Actions" className="max-sm:before:hidden">
        <div className="flex flex-wrap gap-2">
          <Link to={viewHref} preventScrollReset={false} className={buttonVariants({ variant: "outline", size: "sm" })} aria-current={open ? "true" : undefined}>
            <Eye aria-hidden />
            View
            <span className="sr-only"> mail to {m.to}</span>
          </Link>
          {canQueue ? (
            <RowActionForm submission={retry} intent="retry" idName="mailId" id={m.id} variant={m.status === "pending" ? "outline" : "default"} disabled={busy}>
              {m.status === "pending" && !mailOff ? <Send aria-hidden /> : <RotateCw aria-hidden />}
              {queueLabel}
              <span className="sr-only"> mail to {m.to}</span>
            </RowActionForm>
          ) : null}
          {m.status === "failed" ? (
            <RowActionForm submission={dismiss} intent="dismiss" idName="mailId" id={m.id} variant="outline" disabled={busy}>
              <BellOff aria-hidden />
              Dismiss
              <span className="sr-only"> mail to {m.to}</span>
            </RowActionForm>
          ) : null}
        </div>
      </Td>
    </tr>
  );
}

/** One mail as staff may read it: headers and text, its link shown as removed, or a note that the body was purged. */
function MailBodyPanel({ mail, closeHref }: { mail: NonNullable<OutboxData["viewed"]>; closeHref: string }) {
  return (
    <section aria-labelledby="mail-view-heading" className="flex flex-col gap-4 rounded-lg border border-border bg-background p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="mail-view-heading" className="text-xl font-semibold text-navy">
          {mail.purposeLabel}
        </h2>
        <Link to={closeHref} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <X aria-hidden />
          Close
        </Link>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[7rem_minmax(0,1fr)]">
        <dt className="font-semibold text-muted-foreground">Subject</dt>
        <dd className="[overflow-wrap:anywhere]">{mail.subject}</dd>
        <dt className="font-semibold text-muted-foreground">To</dt>
        <dd className="[overflow-wrap:anywhere]">{mail.to}</dd>
        <dt className="font-semibold text-muted-foreground">Reply-to</dt>
        <dd className="[overflow-wrap:anywhere]">{mail.replyTo ?? "—"}</dd>
        <dt className="font-semibold text-muted-foreground">State</dt>
        <dd>
          <StatusBadge kind="mail" status={mail.status} />
        </dd>
        <dt className="font-semibold text-muted-foreground">Created</dt>
        <dd>
          <DateTime value={mail.createdAt} />
        </dd>
        {mail.sentAt ? (
          <>
            <dt className="font-semibold text-muted-foreground">Sent</dt>
            <dd>
              <DateTime value={mail.sentAt} />
            </dd>
          </>
        ) : null}
      </dl>
      {mail.text === null ? (
        <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">
          The body was removed after the retention period (<DateTime value={mail.bodyRemovedAt} />): only who it went to, what kind and when are kept.
        </p>
      ) : (
        <div
          role="region"
          tabIndex={0}
          aria-label="Mail text"
          className="max-h-[28rem] overflow-auto rounded-md bg-muted p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]"
        >
          {mail.text}
        </div>
      )}
    </section>
  );
}
