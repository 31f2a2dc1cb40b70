import { BellOff, RotateCw, Send } from "lucide-react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin-outbox";
import { privateMeta } from "~/lib/meta";
import { DataTable, EmptyRow, Td, Th } from "~/components/admin/data-table";
import { FilterBar, FilterField } from "~/components/admin/filter-bar";
import { DateTime } from "~/components/admin/format";
import { Pager } from "~/components/admin/pager";
import { StatusBadge } from "~/components/admin/status-badge";
import { FormNotice } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { audit } from "~/server/accounts";
import { requireRole } from "~/server/auth";
import { getMail, listOutbox, MAIL_STATES, parseOutboxFilters } from "~/server/console/submissions";
import { getDb } from "~/server/db/client";
import { redirectWithFlash } from "~/server/flash";
import { dismissMail, retryMail } from "~/server/mail/outbox";
import { clientInfo } from "~/server/request-context";
import { mailQueued } from "~/server/runtime";
import { MAX_TEXT_FORM_BYTES, readFormOrRefuse } from "~/server/submissions/http";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Outbox | Staff console");

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  const filters = parseOutboxFilters(new URL(request.url).searchParams);
  const list = await listOutbox(getDb(), filters);
  return { filters, list };
}

const mailActionSchema = z.object({
  intent: z.enum(["retry", "dismiss"], { error: "The request was not understood." }),
  mailId: z.uuid({ error: "That mail does not exist." }),
});

/** The outbox URL the form was posted from, with only its own query parameters. */
function backTo(request: Request): string {
  const from = new URL(request.url).searchParams;
  const keep = new URLSearchParams();
  const filters = parseOutboxFilters(from);
  if (filters.state !== "all") keep.set("state", filters.state);
  if (filters.page > 1) keep.set("page", String(filters.page));
  const query = keep.toString();
  return query ? `/admin/outbox?${query}` : "/admin/outbox";
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  const form = await readFormOrRefuse(request, { maxBytes: MAX_TEXT_FORM_BYTES });
  const parsed = mailActionSchema.safeParse({ intent: form.get("intent") ?? undefined, mailId: form.get("mailId") ?? undefined });
  if (!parsed.success) {
    return data({ ok: false as const, error: parsed.error.issues[0]?.message ?? "The request was not understood." }, { status: 400 });
  }
  const db = getDb();
  const { intent, mailId } = parsed.data;
  const mail = await getMail(db, mailId);
  if (!mail) return data({ ok: false as const, error: "That mail does not exist." }, { status: 404 });
  const auditMail = (action: string) =>
    audit(db, { actorEmail: me.email, action, target: mailId, ip: clientInfo(context).ip, detail: `${mail.purpose} (was ${mail.status})` });

  if (intent === "dismiss") {
    if (!(await dismissMail(db, mailId))) {
      return data({ ok: false as const, error: "Only a failed mail can be dismissed." }, { status: 409 });
    }
    await auditMail("mail.dismiss");
    return redirectWithFlash(backTo(request), {
      title: "Mail dismissed",
      description: "It will not be sent and no longer counts as failed.",
      variant: "success",
    });
  }

  const queued = await retryMail(db, mailId);
  if (queued === "link-gone") {
    return data(
      { ok: false as const, error: "Its link expired or was removed: send a new invitation or password reset from Users." },
      { status: 409 },
    );
  }
  if (queued === "not-waiting") {
    return data({ ok: false as const, error: "That mail was already sent: there is nothing to retry." }, { status: 409 });
  }
  mailQueued();
  await auditMail("mail.retry");
  return redirectWithFlash(backTo(request), {
    title: mail.status === "pending" ? "Mail queued to send now" : "Mail queued again",
    description: "The mail worker will try to send it right away.",
    variant: "success",
  });
}

const STATE_OPTIONS = [{ value: "all", label: "All states" }, ...MAIL_STATES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))];

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { filters, list } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("mailId") : null;
  const filtered = filters.state !== "all";
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Outbox</h1>
      <p className="max-w-3xl text-sm text-muted-foreground">
        Every mail the site sends, newest first. Failed mail can be put back in line, or dismissed when it should not be sent;
        pending mail can be sent now instead of waiting for its next attempt. Bodies of sent mail are removed after the
        retention period; links in invitation and password mail are never shown.
      </p>

      {actionData && !actionData.ok ? (
        <FormNotice notice={{ title: "Could not change that mail", description: actionData.error, variant: "error" }} />
      ) : null}

      <FilterBar label="Filter mail" action="/admin/outbox" resetHref={filtered ? "/admin/outbox" : null} key={filters.state}>
        <FilterField label="State" htmlFor="outbox-state">
          <Select id="outbox-state" name="state" defaultValue={filters.state} options={STATE_OPTIONS} />
        </FilterField>
      </FilterBar>

      <p className="text-sm text-muted-foreground" role="status">
        {`${list.total} ${list.total === 1 ? "mail" : "mails"}${filtered ? ` ${filters.state}` : ""}.`}
      </p>

      <DataTable label="Mail list">
        <thead>
          <tr>
            <Th>Created</Th>
            <Th>Purpose</Th>
            <Th>To</Th>
            <Th>Subject</Th>
            <Th>State</Th>
            <Th>Attempts</Th>
            <Th>Last error</Th>
            <Th>Sent at</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {list.rows.length === 0 ? (
            <EmptyRow colSpan={9}>{filtered ? "No mail in this state." : "No mail yet."}</EmptyRow>
          ) : (
            list.rows.map((m) => (
              <tr key={m.id} className="hover:bg-muted/60">
                <Td>
                  <DateTime value={m.createdAt} />
                </Td>
                <Td>
                  {m.submissionId ? (
                    <Link to={`/admin/submissions/${m.submissionId}`} className="font-semibold text-primary underline-offset-4 hover:underline">
                      {m.purpose}
                    </Link>
                  ) : (
                    m.purpose
                  )}
                </Td>
                <Td>{m.to}</Td>
                <Td wrap className="min-w-56">
                  {m.subject}
                </Td>
                <Td>
                  <StatusBadge status={m.status} />
                </Td>
                <Td className="text-right tabular-nums">{m.attempts}</Td>
                <Td wrap className="max-w-80 text-xs">
                  {m.lastError ?? "—"}
                </Td>
                <Td>
                  <DateTime value={m.sentAt} />
                </Td>
                <Td>
                  {m.status === "sent" ? null : (
                    <div className="flex flex-wrap gap-2">
                      <Form method="post">
                        <input type="hidden" name="intent" value="retry" />
                        <input type="hidden" name="mailId" value={m.id} />
                        <Button type="submit" size="sm" variant={m.status === "pending" ? "outline" : "default"} disabled={busyId === m.id}>
                          {m.status === "pending" ? <Send aria-hidden /> : <RotateCw aria-hidden />}
                          {m.status === "pending" ? "Send now" : "Retry"}
                          <span className="sr-only"> mail to {m.to}</span>
                        </Button>
                      </Form>
                      {m.status === "failed" ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="dismiss" />
                          <input type="hidden" name="mailId" value={m.id} />
                          <Button type="submit" size="sm" variant="outline" disabled={busyId === m.id}>
                            <BellOff aria-hidden />
                            Dismiss
                            <span className="sr-only"> mail to {m.to}</span>
                          </Button>
                        </Form>
                      ) : null}
                    </div>
                  )}
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>

      <Pager page={list.page} pageCount={list.pageCount} label="Outbox pages" />
    </div>
  );
}
