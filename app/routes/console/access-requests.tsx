import { Link } from "react-router";
import type { Route } from "./+types/access-requests";
import { DataTable, EmptyRow, HeadRow, Td } from "~/components/admin/data-table";
import { FilterBar, FilterField } from "~/components/admin/filter-bar";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { StatusBadge } from "~/components/ui/status-badge";
import { timeSince } from "~/lib/format";
import { privateMeta } from "~/lib/meta";
import { ACCESS_REQUEST_PAGE, ACCESS_REQUEST_STATE_LABELS, ACCESS_REQUEST_STATES } from "~/lib/partners";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { listAccessRequests, parseAccessRequestFilters } from "~/.server/partners/access-requests";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Access requests | Staff console");

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  const filters = parseAccessRequestFilters(new URL(request.url));
  return { filters, rows: await listAccessRequests(getDb(), filters), now: Date.now() };
}

const STATUS_OPTIONS = [
  ...ACCESS_REQUEST_STATES.map((value) => ({ value, label: ACCESS_REQUEST_STATE_LABELS[value] })),
  { value: "all", label: "All" },
];

export default function AdminAccessRequests({ loaderData }: Route.ComponentProps) {
  const { filters, rows, now } = loaderData;
  const filtered = filters.status !== "pending" || filters.q !== "";
  const statusWord = filters.status === "all" ? "" : `${ACCESS_REQUEST_STATE_LABELS[filters.status].toLowerCase()} `;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Access requests</h1>
        <p className="text-muted-foreground">
          Practices asking for the Clinical Portal. Approving one creates the practice and its first facility and invites its contact as the practice's admin.
        </p>
      </div>

      <FilterBar label="Filter access requests" action="/admin/access-requests" resetHref={filtered ? "/admin/access-requests" : null} key={JSON.stringify(filters)}>
        <FilterField label="Search" htmlFor="access-q" width="xl">
          <Input
            id="access-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={100}
            placeholder="Reference, practice, contact or partner"
            autoComplete="off"
          />
        </FilterField>
        <FilterField label="Status" htmlFor="access-status">
          <Select id="access-status" name="status" defaultValue={filters.status} options={STATUS_OPTIONS} />
        </FilterField>
      </FilterBar>

      <p className="text-sm text-muted-foreground" role="status">
        {rows.length === ACCESS_REQUEST_PAGE
          ? `The first ${ACCESS_REQUEST_PAGE} ${statusWord}requests: search to find others.`
          : `${rows.length} ${statusWord}${rows.length === 1 ? "request" : "requests"}${filters.q ? " match the search" : ""}.`}
      </p>

      <DataTable label="Access request list" stacked>
        <HeadRow columns={["Reference", "Practice", "Contact", "Partner", "Received", "Status"]} />
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow colSpan={6}>{filtered ? "No request matches these filters." : "No request waits for a decision."}</EmptyRow>
          ) : (
            rows.map((r) => (
              <tr key={r.id} className="hover:bg-muted/60">
                <Td data-label="Reference" className="font-semibold">
                  <Link to={`/admin/access-requests/${r.id}`} className="text-primary underline-offset-4 hover:underline">
                    {r.reference}
                    <span className="sr-only">, {r.practiceName}</span>
                  </Link>
                </Td>
                <Td data-label="Practice" wrap>
                  {/* One box: a phone's stacked row lays the cell's children side by side. */}
                  <div className="min-w-0">
                    <span className="font-medium text-foreground">{r.practiceName}</span>
                    <span className="block text-xs text-muted-foreground">
                      {r.city}, {r.state}
                    </span>
                  </div>
                </Td>
                <Td data-label="Contact" wrap>
                  <div className="min-w-0">
                    {r.contact}
                    <span className="block text-xs break-all text-muted-foreground">{r.contactEmail}</span>
                  </div>
                </Td>
                <Td data-label="Partner">
                  {r.partner ? (
                    <span>
                      {r.partner.name} <span className="text-xs text-muted-foreground">({r.partner.code})</span>
                    </span>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </Td>
                <Td data-label="Received">
                  <time dateTime={r.createdAt}>{timeSince(r.createdAt, now, { ago: true })}</time>
                </Td>
                <Td data-label="Status">
                  <StatusBadge kind="access-request" status={r.status} />
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
    </div>
  );
}
