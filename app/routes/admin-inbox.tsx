import { Download } from "lucide-react";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-inbox";
import { DataTable, EmptyRow, Td, Th } from "~/components/admin/data-table";
import { FilterBar, FilterField } from "~/components/admin/filter-bar";
import { DateTime } from "~/components/admin/format";
import { Pager } from "~/components/admin/pager";
import { StatusBadge } from "~/components/admin/status-badge";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { requireRole } from "~/server/auth";
import {
  countNewByKind,
  KIND_LABELS,
  KINDS,
  listSubmissions,
  MAX_SEARCH,
  parseInboxFilters,
  STATUS_LABELS,
  STATUSES,
} from "~/server/console/submissions";
import { getDb } from "~/server/db/client";

export const meta: Route.MetaFunction = () => [{ title: "Inbox | Staff console" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  const filters = parseInboxFilters(new URL(request.url).searchParams);
  const db = getDb();
  const [counts, list] = await Promise.all([countNewByKind(db), listSubmissions(db, filters)]);
  return { counts, filters, list };
}

const KIND_OPTIONS = [{ value: "all", label: "All kinds" }, ...KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))];
const STATUS_OPTIONS = [{ value: "all", label: "All statuses" }, ...STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))];

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { counts, filters, list } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin";
  const filtered = filters.q !== "" || filters.kind !== "all" || filters.status !== "all";
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
                  {counts[kind]}
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
        <FilterBar label="Filter submissions" action="/admin" resetHref={filtered ? "/admin" : null} key={JSON.stringify(filters)}>
          <FilterField label="Search" htmlFor="inbox-q" className="sm:w-72">
            <Input
              id="inbox-q"
              name="q"
              type="search"
              defaultValue={filters.q}
              maxLength={MAX_SEARCH}
              placeholder="Name or email"
              autoComplete="off"
            />
          </FilterField>
          <FilterField label="Kind" htmlFor="inbox-kind">
            <Select id="inbox-kind" name="kind" defaultValue={filters.kind} options={KIND_OPTIONS} />
          </FilterField>
          <FilterField label="Status" htmlFor="inbox-status">
            <Select id="inbox-status" name="status" defaultValue={filters.status} options={STATUS_OPTIONS} />
          </FilterField>
        </FilterBar>

        <p className="text-sm text-muted-foreground" role="status">
          {filtered
            ? `${list.total} ${list.total === 1 ? "submission matches" : "submissions match"} these filters.`
            : `${list.total} ${list.total === 1 ? "submission" : "submissions"}.`}
        </p>

        <DataTable label="Submission list" className={loading ? "opacity-60 transition-opacity" : undefined}>
          <thead>
            <tr>
              <Th>Received</Th>
              <Th>Kind</Th>
              <Th>Name</Th>
              <Th>Email</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {list.rows.length === 0 ? (
              <EmptyRow colSpan={5}>{filtered ? "No submissions match these filters." : "No submissions yet."}</EmptyRow>
            ) : (
              list.rows.map((row) => (
                <tr key={row.id} className="hover:bg-muted/60">
                  <Td>
                    <DateTime value={row.createdAt} />
                  </Td>
                  <Td>{KIND_LABELS[row.kind]}</Td>
                  <Td>
                    <Link to={`/admin/submissions/${row.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
                      {row.firstName} {row.lastName}
                    </Link>
                  </Td>
                  <Td className="max-w-72 truncate" title={row.email}>
                    {row.email}
                  </Td>
                  <Td>
                    <StatusBadge status={row.status} />
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>

        <Pager page={list.page} pageCount={list.pageCount} label="Submission pages" />
      </section>
    </div>
  );
}
