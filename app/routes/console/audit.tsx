import { Filter } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/audit";
import { privateMeta } from "~/lib/meta";
import { NEWEST_FIRST, Pager } from "~/components/ui/pager";
import { AuditTarget } from "~/components/admin/audit-target";
import { DataTable, Td, HeadRow } from "~/components/admin/data-table";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { auditFilterSchema } from "~/lib/schemas/console-audit";
import { countOf } from "~/lib/format";
import { cn } from "~/lib/utils";
import { requireRole } from "~/.server/accounts";
import { auditActions, listAudit } from "~/.server/audit";
import { getReadDb } from "~/.server/db/client";
import { parseCursor } from "~/.server/db/paging";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Audit log | Staff console");

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const params = new URL(request.url).searchParams;
  const query = auditFilterSchema.parse({
    action: params.get("action") ?? "",
    actor: params.get("actor") ?? "",
  });
  // `?before=` / `?after=` name the page; an old `?page=N` link (or a broken cursor) is the newest page.
  const cursor = parseCursor(params);
  const db = getReadDb();
  const [actions, result] = await Promise.all([
    auditActions(db),
    listAudit(db, { action: query.action || undefined, actor: query.actor || undefined, cursor }),
  ]);
  return { actions, filter: { action: query.action, actor: query.actor }, ...result };
}

/** The log with these filters, on the page a cursor names (none: the newest entries). */
function pageHref(filter: { action: string; actor: string }, to: { before: string } | { after: string } | null): string {
  const params = new URLSearchParams();
  if (filter.action) params.set("action", filter.action);
  if (filter.actor) params.set("actor", filter.actor);
  if (to && "before" in to) params.set("before", to.before);
  if (to && "after" in to) params.set("after", to.after);
  const query = params.toString();
  return query ? `/admin/audit?${query}` : "/admin/audit";
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { actions, filter, rows, total, capped, previous, next } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/audit";
  const filtered = Boolean(filter.action || filter.actor);
  // The chosen action stays selectable even when no entry has it any more.
  const actionOptions = [
    { value: "", label: "All actions" },
    ...[...new Set([...actions, ...(filter.action ? [filter.action] : [])])].sort().map((a) => ({ value: a, label: a })),
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Audit log</h1>
        <p className="text-muted-foreground">Who did what, when and from where. Newest first.</p>
      </div>

      <Form
        method="get"
        key={`${filter.action}|${filter.actor}`}
        role="search"
        aria-label="Filter the audit log"
        className="grid gap-4 rounded-lg border border-border bg-muted/50 p-4 sm:grid-cols-[14rem_minmax(0,1fr)_auto] sm:items-end"
      >
        <Field label="Action" name="action">
          {(control) => <Select {...control} options={actionOptions} defaultValue={filter.action} />}
        </Field>
        <Field label="Actor email contains" name="actor">
          {(control) => <Input {...control} type="search" maxLength={254} defaultValue={filter.actor} autoComplete="off" />}
        </Field>
        <div className="flex flex-wrap items-center gap-2">
          <SubmitButton pending={loading} pendingText="Filtering...">
            <Filter aria-hidden />
            Filter
          </SubmitButton>
          {filtered ? (
            <Link to="/admin/audit" className={cn(buttonVariants({ variant: "ghost" }))}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>

      <p className="text-sm text-muted-foreground" role="status">
        {total === 0
          ? filtered
            ? "No entries match these filters."
            : "The audit log is empty."
          : `Showing ${rows.length} of ${countOf(total, capped, "entry", "entries")}`}
      </p>

      {total > 0 ? (
        <DataTable label="Audit log entries" stacked>
          <HeadRow columns={["Time", "Who", "Action", "Target", "From", "Detail"]} />
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <Td data-label="Time" wrap minWidth="min-w-28">
                  <DateTime value={r.at} />
                </Td>
                <Td data-label="Who" wrap className="[overflow-wrap:anywhere]">
                  {r.actorEmail ?? <span className="text-muted-foreground">Anonymous</span>}
                </Td>
                <Td data-label="Action" wrap className="[overflow-wrap:anywhere]">
                  <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{r.action}</code>
                </Td>
                <Td data-label="Target" wrap className="[overflow-wrap:anywhere]">
                  <AuditTarget target={r.target} link={r.link} patient={r.patient} />
                </Td>
                <Td data-label="From" className="whitespace-nowrap tabular-nums">
                  {r.ip ?? <span className="text-muted-foreground">-</span>}
                </Td>
                <Td data-label="Detail" wrap className="[overflow-wrap:anywhere]">
                  {r.detail ?? <span className="text-muted-foreground">-</span>}
                </Td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      ) : null}

      <Pager label="Audit log pages" previous={previous} next={next} labels={NEWEST_FIRST} href={(to) => pageHref(filter, to)} />
    </div>
  );
}
