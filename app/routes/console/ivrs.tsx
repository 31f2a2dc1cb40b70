import { MessageSquareReply } from "lucide-react";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/ivrs";
import { privateMeta } from "~/lib/meta";
import { useConsoleLive } from "~/components/admin/console-live";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { QueueCount, QueueFilterBar } from "~/components/admin/queue-filters";
import { UnreadMark } from "~/components/conversation/unread-mark";
import { DateTime } from "~/components/ui/date-time";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { StatusBadge } from "~/components/ui/status-badge";
import { timeSince } from "~/lib/format";
import { IVR_STATUS_LABELS, IVR_STATUSES } from "~/lib/ivr";
import { isFiltered, parseQueueFilters, queueAgeOptions } from "~/lib/queue-filters";
import { cn } from "~/lib/utils";
import { requireRole } from "~/.server/accounts";
import { unreadThreads } from "~/.server/conversations";
import { getDb, getReadDb } from "~/.server/db/client";
import { cappedCount, cursorOf, integerKey } from "~/.server/db/keyset";
import { ivrQueuePage, queueCursorKey } from "~/.server/ivr";
import { listPracticeNames } from "~/.server/practices";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "IVRs | Staff console");

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  const params = new URL(request.url).searchParams;
  const filters = parseQueueFilters(params, IVR_STATUSES);
  const at = cursorOf(params, queueCursorKey, integerKey);
  const db = getReadDb();
  const [page, practices] = await Promise.all([ivrQueuePage(db, filters, { viewerId: me.id, at }), listPracticeNames(db)]);
  // The rows whose conversation holds a practice's message this staff member has not read: one query for the ids
  // shown, on the primary as the menu's counts.
  const unread = await unreadThreads(getDb(), { userId: me.id, side: "staff", practiceId: null, ids: page.rows.map((r) => r.id) });
  // Ages are counted from the server's clock, so the server and the browser render the same text.
  return {
    filters,
    rows: page.rows.map((r) => ({ ...r, unread: unread.has(r.id) })),
    after: page.after,
    before: page.before,
    total: page.total,
    totalText: cappedCount(page.total),
    answeredToMe: page.answeredToViewer,
    practices: practices.map((p) => ({ value: p.id, label: p.name })),
    ages: queueAgeOptions("Older than"),
    now: Date.now(),
  };
}

const STATUS_OPTIONS = [
  { value: "open", label: "Waiting on staff" },
  { value: "all", label: "All statuses" },
  ...IVR_STATUSES.filter((s) => s !== "draft").map((s) => ({ value: s, label: IVR_STATUS_LABELS[s] })),
];

export default function IvrQueue({ loaderData }: Route.ComponentProps) {
  const { filters, rows, after, before, total, totalText, answeredToMe, practices, ages, now } = loaderData;
  const live = useConsoleLive();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/ivrs";
  const filtered = isFiltered(filters);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">IVRs</h1>
        <p className="text-muted-foreground">Insurance verification requests from the practices, oldest first; the answers to your questions on top.</p>
      </div>

      <QueueFilterBar
        label="Filter IVRs"
        page="/admin/ivrs"
        idPrefix="ivr"
        filters={filters}
        statusOptions={STATUS_OPTIONS}
        practices={practices}
        ages={ages}
      />

      <QueueCount live={live}>
        {totalText} {total === 1 ? "IVR" : "IVRs"}
        {filters.status === "open" ? " waiting on staff" : ""}
        {filtered ? " match these filters" : ""}
        {answeredToMe > 0 ? `, ${answeredToMe} answered for you` : ""}.
      </QueueCount>

      <DataTable label="IVR queue" stacked className={loading ? "opacity-60 transition-opacity" : undefined}>
        <HeadRow columns={["Reference", "Practice", "Patient", "Product", "Date of service", "Waiting", "Status"]} />
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow colSpan={7}>{filtered ? "No IVRs match these filters." : "Nothing waits on staff."}</EmptyRow>
          ) : (
            rows.map((row) => (
              <tr
                key={row.id}
                data-ivr={row.reference}
                className={cn("hover:bg-muted/60", row.answered?.toViewer && "bg-primary-soft/60 shadow-[inset_4px_0_0_var(--color-primary)]")}
              >
                <Td data-label="Reference" className="font-semibold">
                  <span className="flex flex-col items-start gap-1">
                    <Link to={`/admin/ivrs/${row.id}`} className="text-primary underline-offset-4 hover:underline">
                      {row.reference}
                    </Link>
                    {row.unread ? <UnreadMark /> : null}
                    {row.answered ? (
                      <span className={cn("inline-flex items-center gap-1 text-xs", row.answered.toViewer ? "font-semibold text-primary" : "font-normal text-muted-foreground")}>
                        <MessageSquareReply aria-hidden className="size-3.5 shrink-0" />
                        {row.answered.toViewer ? "Answered: you asked" : `Answered: ${row.answered.askedBy ?? "staff"} asked`}
                      </span>
                    ) : null}
                  </span>
                </Td>
                <Td data-label="Practice" wrap>
                  <Link to={`/admin/practices/${row.practiceId}`} className="underline-offset-4 hover:underline">
                    {row.practice}
                  </Link>
                </Td>
                <Td data-label="Patient">
                  {row.initials || "—"}
                  <span className="sr-only"> (initials)</span>
                </Td>
                <Td data-label="Product" wrap>
                  {row.product || "—"}
                </Td>
                <Td data-label="Date of service">{row.dateOfService ?? "—"}</Td>
                <Td data-label="Waiting">
                  <span className="flex flex-col">
                    <span>{row.submittedAt ? timeSince(row.submittedAt, now) : "—"}</span>
                    <span className="text-xs text-muted-foreground">
                      sent <DateTime value={row.submittedAt} />
                    </span>
                  </span>
                </Td>
                <Td data-label="Status">
                  <StatusBadge kind="ivr" status={row.status} />
                  {row.attention ? <span className="block text-xs font-semibold text-warning">{row.attention}</span> : null}
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <KeysetPager label="More IVRs" before={before} after={after} newer="Earlier" older="Later" summary="Oldest first." />
    </div>
  );
}
