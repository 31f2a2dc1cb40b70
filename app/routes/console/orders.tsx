import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/orders";
import { privateMeta } from "~/lib/meta";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { useConsoleLive } from "~/components/admin/console-live";
import { QueueCount, QueueFilterBar } from "~/components/admin/queue-filters";
import { UnreadMark } from "~/components/conversation/unread-mark";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatDateTime } from "~/lib/format";
import { useTimeZone } from "~/lib/time-zone";
import { hiddenFromStaff, ORDER_STATUS_LABELS, ORDER_STATUSES as ALL_ORDER_STATUSES, ORDER_WAITING_ON_STAFF } from "~/lib/orders";
import { isFiltered, parseQueueFilters, queueAgeOptions, queueQuery } from "~/lib/queue-filters";
import { cn } from "~/lib/utils";
import { requireRole } from "~/.server/accounts";
import { unreadThreads } from "~/.server/conversations";
import { getDb, getReadDb } from "~/.server/db/client";
import { cappedCount, cursorOf, integerKey, timestampKey } from "~/.server/db/keyset";
import { orderCountsByStatus, orderQueuePage } from "~/.server/orders";
import { listPracticeNames } from "~/.server/practices";
import { nextStep, queueRow } from "./orders-view.server";

// An order awaiting its practice's approval is not the supplier's yet: no filter or count names it.
const ORDER_STATUSES = ALL_ORDER_STATUSES.filter((s) => !hiddenFromStaff(s));

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Orders | Staff console");

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  const params = new URL(request.url).searchParams;
  const filters = parseQueueFilters(params, ORDER_STATUSES);
  const at = cursorOf(params, timestampKey, integerKey);
  const db = getReadDb();
  const [page, practices, counts] = await Promise.all([
    orderQueuePage(db, filters, { at }),
    listPracticeNames(db),
    orderCountsByStatus(db, { practiceId: filters.practiceId === "all" ? null : filters.practiceId }),
  ]);
  // The rows whose conversation holds a practice's message this staff member has not read: one query for the ids
  // shown, on the primary as the menu's counts.
  const unread = await unreadThreads(getDb(), { userId: me.id, side: "staff", practiceId: null, ids: page.rows.map((r) => r.id) });
  // Ages are counted on the server's clock and sent as words, so the server and the browser render the same text.
  const now = new Date();
  const waiting = ORDER_WAITING_ON_STAFF.reduce((sum, s) => sum + counts[s], 0);
  return {
    filters,
    rows: page.rows.map((r) => ({ ...queueRow(r, now), next: nextStep(r.status), unread: unread.has(r.id) })),
    after: page.after,
    before: page.before,
    total: page.total,
    totalText: cappedCount(page.total),
    practices: practices.map((p) => ({ value: p.id, label: p.name })),
    ages: queueAgeOptions("Waiting over"),
    counts: ORDER_STATUSES.map((s) => ({ status: s, label: ORDER_STATUS_LABELS[s], n: counts[s], text: cappedCount(counts[s]) })),
    waiting,
    waitingText: cappedCount(waiting),
  };
}

const STATUS_OPTIONS = [
  { value: "open", label: "Waiting on staff" },
  { value: "all", label: "All statuses" },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
];

export default function OrderQueue({ loaderData }: Route.ComponentProps) {
  const { filters, rows, after, before, total, totalText, practices, ages, counts, waitingText } = loaderData;
  const live = useConsoleLive();
  const timeZone = useTimeZone();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/orders";
  const filtered = isFiltered(filters);
  /** The queue with another status, the other filters kept. */
  const withStatus = (status: string) => {
    const query = queueQuery({ ...filters, status });
    return query ? `/admin/orders?${query}` : "/admin/orders";
  };
  const chips = [{ status: "open", label: "Waiting on staff", text: waitingText }, ...counts];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Orders</h1>
        <p className="text-muted-foreground">Graft orders from the practices, longest waiting first: confirm, ship, invoice.</p>
      </div>

      <nav aria-label="Orders by status">
        <ul className="flex flex-wrap gap-2">
          {chips.map((c) => {
            const current = filters.status === c.status;
            return (
              <li key={c.status}>
                <Link
                  to={withStatus(c.status)}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold",
                    current ? "border-primary bg-primary text-primary-foreground" : "border-border bg-background text-foreground hover:bg-muted",
                  )}
                >
                  {c.label}
                  <span className={cn("tabular-nums", current ? "" : "text-muted-foreground")}>{c.text}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <QueueFilterBar
        label="Filter orders"
        page="/admin/orders"
        idPrefix="order"
        filters={filters}
        statusOptions={STATUS_OPTIONS}
        practices={practices}
        ages={ages}
      />

      <QueueCount live={live}>
        {totalText} {total === 1 ? "order" : "orders"}
        {filters.status === "open" ? " waiting on staff" : ""}
        {filtered ? " match these filters" : ""}.
      </QueueCount>

      <DataTable label="Order queue" stacked className={loading ? "opacity-60 transition-opacity" : undefined}>
        <HeadRow columns={["Reference", "Practice", "IVR", "Patient", "Product and sizes", "Date of service", "Shipping", "Status", "Age"]} />
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow colSpan={9}>{filtered ? "No orders match these filters." : "Nothing waits on staff."}</EmptyRow>
          ) : (
            rows.map((row) => (
              <tr key={row.id} data-order={row.reference} className="hover:bg-muted/60">
                <Td data-label="Reference" className="font-semibold">
                  <span className="flex flex-col items-start gap-1">
                    <Link to={`/admin/orders/${row.id}`} className="text-primary underline-offset-4 hover:underline">
                      {row.reference}
                    </Link>
                    {row.unread ? <UnreadMark /> : null}
                  </span>
                </Td>
                <Td data-label="Practice" wrap>
                  <Link to={`/admin/practices/${row.practiceId}`} className="underline-offset-4 hover:underline">
                    {row.practice}
                  </Link>
                </Td>
                <Td data-label="IVR">
                  <Link to={`/admin/ivrs/${row.ivrId}`} className="underline-offset-4 hover:underline">
                    {row.ivrReference}
                  </Link>
                </Td>
                <Td data-label="Patient">
                  {row.initials || "—"}
                  <span className="sr-only"> (initials)</span>
                </Td>
                <Td data-label="Product">
                  <span className="flex flex-col">
                    <span>{row.product}</span>
                    {row.sizes.map((size) => (
                      <span key={size} className="text-xs text-muted-foreground">
                        {size}
                      </span>
                    ))}
                  </span>
                </Td>
                <Td data-label="Service">{row.dateOfService}</Td>
                <Td data-label="Shipping" className={row.rush ? "font-semibold text-warning" : undefined}>
                  {row.speed}
                </Td>
                <Td data-label="Status">
                  <span className="flex flex-col items-start gap-1">
                    <StatusBadge kind="order" status={row.status} />
                    {row.next ? <span className="text-xs text-muted-foreground">{row.next}</span> : null}
                  </span>
                </Td>
                <Td data-label="Age">
                  <time dateTime={row.changedAt} title={`Last change ${formatDateTime(row.changedAt, timeZone)}`}>
                    {row.age}
                  </time>
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <KeysetPager label="More orders" before={before} after={after} newer="Earlier" older="Later" summary="Longest waiting first." />
    </div>
  );
}
