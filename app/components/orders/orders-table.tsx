import type * as React from "react";
import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { UnreadMark } from "~/components/conversation/unread-mark";
import { StatusBadge } from "~/components/ui/status-badge";
import { carrierLabel, type OrderStatus } from "~/lib/orders";

/** One order as the member's lists show it: the patient by initials only. */
export type OrdersTableRow = {
  id: string;
  reference: string;
  /** Null for a stock order, whose `ivrReference` says so. */
  ivrId: string | null;
  ivrReference: string;
  initials: string;
  product: string;
  sizes: string;
  dateOfService: string;
  status: OrderStatus;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** Its conversation holds a message from staff the member has not read (set by the lists that mark it). */
  unread?: boolean;
};

/** The carrier and tracking number, linked to the carrier's own tracking page when it has one. */
export function TrackingLink({
  carrier,
  trackingNumber,
  trackingUrl,
  showCarrier = true,
}: Pick<OrdersTableRow, "carrier" | "trackingNumber" | "trackingUrl"> & { showCarrier?: boolean }) {
  if (!carrier || !trackingNumber) return <>—</>;
  const text = showCarrier ? `${carrierLabel(carrier)} ${trackingNumber}` : trackingNumber;
  if (!trackingUrl) return <>{text}</>;
  return (
    <a href={trackingUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
      {text}
      <ExternalLink aria-hidden className="size-3.5 shrink-0" />
      <span className="sr-only"> (tracking on {carrierLabel(carrier)}, opens in a new tab)</span>
    </a>
  );
}

/**
 * The practice's orders, on the STATUS board, the ORDER FORM tab and an IVR's
 * page: each order's reference (its page), IVR, patient initials, product,
 * sizes, date of service, status and tracking, and a "New message" mark on an
 * order whose conversation the member has not read. On a phone each row is a card.
 */
export function OrdersTable({
  rows,
  label,
  empty,
  showIvr = true,
}: {
  rows: readonly OrdersTableRow[];
  /** Unique among the page's landmarks. */
  label: string;
  empty: React.ReactNode;
  /** Leave the IVR out where every row is of one IVR (its own page). */
  showIvr?: boolean;
}) {
  const columns = showIvr ? 8 : 7;
  return (
    <DataTable label={label} stacked>
      <HeadRow columns={["Order", showIvr ? "IVR" : null, "Patient", "Product", "Sizes", "Date of service", "Status", "Tracking"]} />
      <tbody>
        {rows.length === 0 ? (
          <EmptyRow colSpan={columns}>{empty}</EmptyRow>
        ) : (
          rows.map((r) => (
            <tr key={r.id} data-order={r.reference}>
              <Td data-label="Order" className="font-medium">
                <span className="flex flex-col items-start gap-1">
                  <Link to={`/members/orders/${r.id}`} className="text-primary underline-offset-4 hover:underline">
                    {r.reference}
                  </Link>
                  {r.unread ? <UnreadMark /> : null}
                </span>
              </Td>
              {showIvr ? (
                <Td data-label="IVR">
                  {r.ivrId === null ? (
                    r.ivrReference
                  ) : (
                    <Link to={`/members/ivrs/${r.ivrId}`} className="text-primary underline-offset-4 hover:underline">
                      {r.ivrReference}
                    </Link>
                  )}
                </Td>
              ) : null}
              <Td data-label="Patient">{r.initials || "—"}</Td>
              <Td data-label="Product">{r.product}</Td>
              <Td data-label="Sizes" wrap minWidth="min-w-40">
                {r.sizes || "—"}
              </Td>
              <Td data-label="Date of service">{r.dateOfService}</Td>
              <Td data-label="Status">
                <StatusBadge kind="order" status={r.status} />
              </Td>
              <Td data-label="Tracking">
                <TrackingLink carrier={r.carrier} trackingNumber={r.trackingNumber} trackingUrl={r.trackingUrl} />
              </Td>
            </tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
