import { ArrowDown, ArrowUp, Download, Paperclip } from "lucide-react";
import { Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/inbox";
import { privateMeta } from "~/lib/meta";
import { DataTable, EmptyRow, Td, Th } from "~/components/admin/data-table";
import { FilterBar, FilterField } from "~/components/admin/filter-bar";
import { DateTime } from "~/components/ui/date-time";
import { Pager, type PagerLabels } from "~/components/ui/pager";
import { AnswerNotice, Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { StatusBadge } from "~/components/ui/status-badge";
import { submittedText, submittedValues } from "~/lib/form-result";
import { countOf, formatCount, timeSince } from "~/lib/format";
import { safeRedirectPath } from "~/lib/safe-path";
import { bulkStatusSchema } from "~/lib/schemas/console-inbox";
import { consoleNotSaved, STATUS_OPTIONS as BULK_STATUS_OPTIONS } from "~/lib/schemas/console-fields";
import { requireRole } from "~/.server/accounts";
import { countNewByKind, type InboxFilters, listSubmissions, parseInboxFilters, setStatuses } from "~/.server/submissions";
import { INBOX_PAGE_SIZE, type InboxSort, KIND_LABELS, KINDS, MAX_SEARCH, STATUS_LABELS, STATUSES } from "~/lib/submissions";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { clientInfo } from "~/.server/request-context";
import { answerForm } from "~/.server/http/form-action";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Inbox | Staff console");

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  const filters = parseInboxFilters(new URL(request.url).searchParams);
  const db = getDb();
  const [counts, list] = await Promise.all([countNewByKind(db), listSubmissions(db, filters)]);
  // Ages are counted from the server's clock, so the server and the browser render the same text.
  return { counts, filters, list, now: Date.now() };
}

const STATUS_NOT_CHANGED = "Status not changed";

/**
 * Changes the status of the rows ticked in the list, then returns to the same
 * filtered page. A change the transition table refuses for one of them
 * (TransitionRefused) changes none, and is said at the top of the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  return answerForm(request, {
    title: STATUS_NOT_CHANGED,
    // The status chosen comes back to a plain post; the ticks do not (`keep` sees one value per name).
    keep: (values) => ({ status: values.status }),
    intents: async ({ formData, values, parse }) => {
      const back = safeRedirectPath(values.back ?? "", "/admin");
      const ids = formData.getAll("ids").filter((v): v is string => typeof v === "string").slice(0, INBOX_PAGE_SIZE);
      const { status } = parse(bulkStatusSchema);
      if (ids.length === 0) {
        return redirectWithFlash(back, { title: "Nothing selected", description: "Tick the submissions whose status you want to change.", variant: "error" });
      }
      const changed = await setStatuses(getDb(), { ids, status, actor: { email: me.email, ip: clientInfo(context).ip } });
      const label = STATUS_LABELS[status];
      return redirectWithFlash(back, {
        title: "Status updated",
        description:
          changed === 0
            ? `The selected submissions were already ${label.toLowerCase()}.`
            : `${changed} ${changed === 1 ? "submission is" : "submissions are"} now ${label.toLowerCase()}.`,
        variant: "success",
      });
    },
  });
}

/** The pager's words for each order of the inbox. */
const PAGER_LABELS: Record<InboxSort, PagerLabels> = {
  newest: { first: "Newest", previous: "Newer submissions", next: "Older submissions" },
  oldest: { first: "Oldest", previous: "Older submissions", next: "Newer submissions" },
  status: { first: "First page", previous: "Previous page", next: "Next page" },
};

function sortHref(filters: InboxFilters, sort: InboxSort): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.kind !== "all") params.set("kind", filters.kind);
  if (filters.status !== "all") params.set("status", filters.status);
  if (sort !== "newest") params.set("sort", sort);
  const query = params.toString();
  return query ? `/admin?${query}` : "/admin";
}

function SortHeader({ label, filters, sorts }: { label: string; filters: InboxFilters; sorts: { active: InboxSort[]; next: InboxSort } }) {
  const current = filters.sort ?? "newest";
  const active = sorts.active.includes(current);
  const Icon = current === "oldest" ? ArrowUp : ArrowDown;
  return (
    <Th aria-sort={active ? (current === "oldest" ? "ascending" : current === "status" ? "ascending" : "descending") : undefined}>
      <Link to={sortHref(filters, sorts.next)} preventScrollReset className="inline-flex items-center gap-1 hover:text-foreground">
        {label}
        {active ? <Icon aria-hidden className="size-3.5" /> : null}
        <span className="sr-only">{active ? ", sorted" : ", sort by this column"}</span>
      </Link>
    </Th>
  );
}

const KIND_OPTIONS = [{ value: "all", label: "All kinds" }, ...KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))];
const SORT_OPTIONS = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "status", label: "By status" },
];
const STATUS_OPTIONS = [{ value: "all", label: "All statuses" }, ...STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))];

const validate = schemaValidator(() => import("~/lib/schemas/console-inbox").then((m) => m.bulkStatusSchema));

export default function Inbox({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, filters, list, now } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  // A change answers with a redirect back to this filtered page and its message.
  const bulk = useFormSubmission({ validate, success: null, failure: consoleNotSaved, resetOnSuccess: false, answer: actionData });
  const typed = submittedValues(actionData);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin";
  const filtered = filters.q !== "" || filters.kind !== "all" || filters.status !== "all";
  const reset = filtered || filters.sort !== undefined;
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold tracking-tight">Inbox</h1>

      <section>
        <h2 id="new-heading" className="mb-3 text-lg font-semibold">
          New submissions
        </h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {KINDS.map((kind) => (
            <li key={kind} className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4 shadow-sm">
              <p className="flex items-baseline justify-between gap-2">
                <span className="text-sm font-semibold text-muted-foreground">{KIND_LABELS[kind]}</span>
                <span className="text-2xl font-bold tabular-nums text-foreground">
                  {formatCount(counts[kind].total, counts[kind].capped)}
                  <span className="sr-only"> new</span>
                </span>
              </p>
              <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
                <Link to={`/admin?kind=${kind}&status=new`} className="font-semibold text-primary underline-offset-4 hover:underline">
                  Show new<span className="sr-only"> {KIND_LABELS[kind]} submissions</span>
                </Link>
                <a
                  href={`/admin/export/${kind}.csv`}
                  download
                  className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline"
                >
                  <Download aria-hidden className="size-4" />
                  Export CSV<span className="sr-only"> of {KIND_LABELS[kind]} submissions</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="flex flex-col gap-4">
        <h2 id="list-heading" className="text-lg font-semibold">
          Submissions
        </h2>
        <FilterBar label="Filter submissions" action="/admin" resetHref={reset ? "/admin" : null} key={JSON.stringify(filters)}>
          <FilterField label="Search" htmlFor="inbox-q" width="xl">
            <Input
              id="inbox-q"
              name="q"
              type="search"
              defaultValue={filters.q}
              maxLength={MAX_SEARCH}
              placeholder="Name, email, organization, phone or message"
              autoComplete="off"
            />
          </FilterField>
          <FilterField label="Kind" htmlFor="inbox-kind">
            <Select id="inbox-kind" name="kind" defaultValue={filters.kind} options={KIND_OPTIONS} />
          </FilterField>
          <FilterField label="Status" htmlFor="inbox-status">
            <Select id="inbox-status" name="status" defaultValue={filters.status} options={STATUS_OPTIONS} />
          </FilterField>
          <FilterField label="Order" htmlFor="inbox-sort">
            <Select id="inbox-sort" name="sort" defaultValue={filters.sort ?? "newest"} options={SORT_OPTIONS} />
          </FilterField>
        </FilterBar>

        <p className="text-sm text-muted-foreground" role="status">
          {filtered
            ? `${formatCount(list.total, list.capped)} ${list.total === 1 && !list.capped ? "submission matches" : "submissions match"} these filters.`
            : `${countOf(list.total, list.capped, "submission", "submissions")}.`}
        </p>

        <AnswerNotice answer={actionData} title={STATUS_NOT_CHANGED} />
        <bulk.fetcher.Form
          {...bulk.formProps}
          id="bulk-status"
          className="flex flex-col gap-2 rounded-lg border border-border bg-muted/50 p-3 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="intent" value="bulk-status" />
          <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
          <Field label="Set status of the ticked rows to" name="status" error={bulk.errors.status ?? bulk.errors.intent} className="sm:w-56">
            {(control) => <Select {...control} defaultValue={submittedText(typed, "status") ?? "in_progress"} options={BULK_STATUS_OPTIONS} />}
          </Field>
          <SubmitButton pending={bulk.pending} pendingText="Applying..." variant="outline">
            Apply to ticked rows
          </SubmitButton>
        </bulk.fetcher.Form>

        <DataTable label="Submission list" stacked className={loading ? "opacity-60 transition-opacity" : undefined}>
          <thead>
            <tr>
              <Th>
                <span className="sr-only">Select</span>
              </Th>
              <SortHeader label="Received" filters={filters} sorts={{ active: ["newest", "oldest"], next: (filters.sort ?? "newest") === "newest" ? "oldest" : "newest" }} />
              <Th>Kind</Th>
              <Th>From</Th>
              <Th>About</Th>
              <Th>Files</Th>
              <SortHeader label="Status" filters={filters} sorts={{ active: ["status"], next: "status" }} />
            </tr>
          </thead>
          <tbody>
            {list.rows.length === 0 ? (
              <EmptyRow colSpan={7}>{filtered ? "No submissions match these filters." : "No submissions yet."}</EmptyRow>
            ) : (
              list.rows.map((row) => {
                const name = `${row.firstName} ${row.lastName}`;
                return (
                  <tr key={row.id} className="hover:bg-muted/60">
                    <Td>
                      <input
                        type="checkbox"
                        name="ids"
                        value={row.id}
                        form="bulk-status"
                        aria-label={`Select ${name}`}
                        className="size-4 accent-primary"
                      />
                    </Td>
                    <Td data-label="Received">
                      <span className="flex flex-col">
                        <DateTime value={row.createdAt} />
                        <span className="text-xs text-muted-foreground">{timeSince(row.createdAt, now, { ago: true })}</span>
                      </span>
                    </Td>
                    <Td data-label="Kind">{KIND_LABELS[row.kind]}</Td>
                    <Td data-label="From" className="sm:max-w-64">
                      <span className="flex min-w-0 flex-col">
                        <Link to={`/admin/submissions/${row.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
                          {name}
                        </Link>
                        <span className="text-muted-foreground sm:truncate" title={row.email}>
                          {row.email}
                        </span>
                        {row.organization ? <span className="sm:truncate">{row.organization}</span> : null}
                      </span>
                    </Td>
                    <Td data-label="About" wrap className="max-w-96 text-muted-foreground">
                      {row.summary ?? "—"}
                    </Td>
                    <Td data-label="Files" className="tabular-nums">
                      {row.files > 0 ? (
                        <span className="inline-flex items-center gap-1">
                          <Paperclip aria-hidden className="size-3.5" />
                          {row.files}
                          <span className="sr-only">{row.files === 1 ? " file" : " files"}</span>
                        </span>
                      ) : (
                        <span className="text-muted-foreground">
                          0<span className="sr-only"> files</span>
                        </span>
                      )}
                    </Td>
                    <Td data-label="Status">
                      <StatusBadge kind="submission" status={row.status} />
                    </Td>
                  </tr>
                );
              })
            )}
          </tbody>
        </DataTable>

        <Pager previous={list.previous} next={list.next} labels={PAGER_LABELS[filters.sort ?? "newest"]} label="Submission pages" />
      </section>
    </div>
  );
}
