import type { Route } from "./+types/inventory";
import { DataTable, EmptyRow, HeadRow, Td, Th } from "~/components/admin/data-table";
import { Link } from "react-router";
import { EXPIRING_SOON_DAYS } from "~/lib/inventory/units";
import { privateMeta } from "~/lib/meta";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { stockAcrossPractices } from "~/.server/inventory/stock";
import { ordersToday } from "~/.server/orders";
import { cursorOf, encodeCursor, integerKey, uuidKey } from "~/.server/db/keyset";
import { KeysetPager } from "~/components/ui/keyset-pager";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Inventory | Staff console");

/** Stock across practices: on hand, usable, expiring within 30 and 90 days, expired unrecorded, held by recalls, and how long units wait. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  const all = await stockAcrossPractices(getDb(), ordersToday());
  const total = (key: "onHand" | "usable" | "expiring30" | "expiring90" | "expired" | "held") => all.reduce((n, r) => n + r[key], 0);
  // One row per practice holding units, counted in one grouped read; shown a page at a time (the page, not the read, is what grows with the network).
  const at = cursorOf(new URL(request.url).searchParams, integerKey, uuidKey);
  const { rows, after, before } = pageOf(all, at, (r) => r.practiceId, (r) => String(r.onHand));
  return {
    rows,
    after,
    before,
    totals: { onHand: total("onHand"), usable: total("usable"), expiring30: total("expiring30"), expiring90: total("expiring90"), expired: total("expired"), held: total("held") },
  };
}

const PAGE_SIZE = 50;

/** A page of rows already read, from the row the cursor names (by id) on or back. */
function pageOf<T>(all: readonly T[], at: { direction: "after" | "before"; cursor: { id: string } } | null, idOf: (row: T) => string, keyOf: (row: T) => string) {
  const found = at ? all.findIndex((r) => idOf(r) === at.cursor.id) : -1;
  const start = found < 0 ? 0 : at!.direction === "after" ? found + 1 : Math.max(0, found - PAGE_SIZE);
  const rows = all.slice(start, start + PAGE_SIZE);
  const cursor = (row: T | undefined) => (row ? encodeCursor(keyOf(row), idOf(row)) : null);
  return { rows, after: start + PAGE_SIZE < all.length ? cursor(rows.at(-1)) : null, before: start > 0 ? cursor(rows[0]) : null };
}

export default function AdminInventory({ loaderData: { rows, totals, after, before } }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Inventory</h1>
        <p className="text-sm text-muted-foreground">
          Units on the practices&apos; shelves: delivered or received, not yet applied, returned or recorded as damaged or expired. Expired ones still on a shelf are
          ones the practice has not recorded yet.
        </p>
      </div>
      <DataTable label="Stock by practice">
        <HeadRow
          columns={["Practice", "On hand", "Usable", `Expiring within ${EXPIRING_SOON_DAYS} days`, "Expiring within 90 days", "Expired, unrecorded", "Held by a recall", "Oldest (days)", "Average age (days)"]}
        />
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow colSpan={9}>No practice holds any unit yet.</EmptyRow>
          ) : (
            rows.map((r) => (
              <tr key={r.practiceId}>
                <Td>
                  <Link to={`/admin/practices/${r.practiceId}`} className="font-medium text-primary underline-offset-4 hover:underline">
                    {r.practice}
                  </Link>
                  {r.holdsStock ? <span className="ml-2 text-xs text-muted-foreground">holds stock</span> : null}
                </Td>
                <Td className="tabular-nums">{r.onHand}</Td>
                <Td className="tabular-nums">{r.usable}</Td>
                <Td className={r.expiring30 > 0 ? "font-semibold text-warning tabular-nums" : "tabular-nums"}>{r.expiring30}</Td>
                <Td className="tabular-nums">{r.expiring90}</Td>
                <Td className={r.expired > 0 ? "font-semibold text-destructive tabular-nums" : "tabular-nums"}>{r.expired}</Td>
                <Td className="tabular-nums">{r.held}</Td>
                <Td className="tabular-nums">{r.oldestDays ?? "—"}</Td>
                <Td className="tabular-nums">{r.averageDays ?? "—"}</Td>
              </tr>
            ))
          )}
        </tbody>
        {rows.length > 0 ? (
          <tfoot>
            <tr>
              <Th scope="row" className="border-t border-border">
                All practices
              </Th>
              <Td className="font-semibold tabular-nums">{totals.onHand}</Td>
              <Td className="font-semibold tabular-nums">{totals.usable}</Td>
              <Td className="font-semibold tabular-nums">{totals.expiring30}</Td>
              <Td className="font-semibold tabular-nums">{totals.expiring90}</Td>
              <Td className="font-semibold tabular-nums">{totals.expired}</Td>
              <Td className="font-semibold tabular-nums">{totals.held}</Td>
              <Td />
              <Td />
            </tr>
          </tfoot>
        ) : null}
      </DataTable>
      <KeysetPager label="More practices" before={before} after={after} newer="More on hand" older="Less on hand" summary="Most units on hand first." />
    </div>
  );
}
