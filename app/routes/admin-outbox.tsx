import { RotateCw, Send } from "lucide-react";
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
import { retryMail } from "~/server/mail/outbox";
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

const retrySchema = z.object({
  intent: z.literal("retry", { error: "The request was not understood." }),
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
  const parsed = retrySchema.safeParse({ intent: form.get("intent") ?? undefined, mailId: form.get("mailId") ?? undefined });
  if (!parsed.success) {
    return data({ ok: false as const, error: parsed.error.issues[0]?.message ?? "The request was not understood." }, { status: 400 });
  }
  const db = getDb();
  const { mailId } = parsed.data;
  const mail = await getMail(db, mailId);
  if (!mail) return data({ ok: false as const, error: "That mail does not exist." }, { status: 404 });
  const queued = await retryMail(db, mailId);
  if (!queued) {
    return data({ ok: false as const, error: "That mail was already sent: there is nothing to retry." }, { status: 409 });
  }
  mailQueued();
  await audit(db, {
    actorEmail: me.email,
    action: "mail.retry",
    target: mailId,
    ip: clientInfo(context).ip,
    detail: `${mail.purpose} (was ${mail.status})`,
  });
  return redirectWithFlash(backTo(request), {
    title: mail.status === "failed" ? "Mail queued again" : "Mail queued to send now",
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
        Every mail the site sends, newest first. Failed mail can be put back in line; pending mail can be sent now instead of
        waiting for its next attempt.
      </p>

      {actionData && !actionData.ok ? (
        <FormNotice notice={{ title: "Could not retry", description: actionData.error, variant: "error" }} />
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
                    <Form method="post">
                      <input type="hidden" name="intent" value="retry" />
                      <input type="hidden" name="mailId" value={m.id} />
                      <Button type="submit" size="sm" variant={m.status === "failed" ? "default" : "outline"} disabled={busyId === m.id}>
                        {m.status === "failed" ? <RotateCw aria-hidden /> : <Send aria-hidden />}
                        {m.status === "failed" ? "Retry" : "Send now"}
                        <span className="sr-only"> mail to {m.to}</span>
                      </Button>
                    </Form>
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
