import { DataTable, EmptyRow, HeadRow, Td } from "~/components/admin/data-table";
import { DateTime } from "~/components/ui/date-time";
import { StatusBadge } from "~/components/ui/status-badge";
import { productBySlug } from "~/content/products";
import { formatCents, timeSince } from "~/lib/format";
import { IVR_STATUSES, ivrReference, type IvrStatus } from "~/lib/ivr";
import { invoiceReference, ORDER_STATUSES, orderReference, type OrderStatus } from "~/lib/orders";

type PipelineData = {
  ivrCounts: Partial<Record<IvrStatus, number>>;
  orderCounts: Partial<Record<OrderStatus, number>>;
  ivrs: { number: number; status: IvrStatus; productSlug: string | null; submittedAt: string | null; updatedAt: string }[];
  orders: {
    number: number;
    status: OrderStatus;
    productName: string;
    placedAt: string;
    updatedAt: string;
    invoice: { number: number; totalCents: number; paidCents: number } | null;
  }[];
};

/** Counts by status, in the lifecycle's order, of the statuses there are. */
function Counts<S extends string>({ label, kind, order, counts }: { label: string; kind: "ivr" | "order"; order: readonly S[]; counts: Partial<Record<S, number>> }) {
  const present = order.filter((s) => (counts[s] ?? 0) > 0);
  if (present.length === 0) return <p className="text-sm text-muted-foreground">None yet.</p>;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {present.map((s) => (
        <li key={s} className="flex items-center gap-2 rounded-lg border border-border bg-background px-3 py-1.5 text-sm">
          <StatusBadge kind={kind} status={s as never} />
          <span className="font-semibold tabular-nums">{counts[s]}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A practice's pipeline as its partner reads it: IVRs and orders by status,
 * then each with its reference, dates, product, amounts and age. Nothing of a
 * patient: the loader never reads it.
 */
export function PipelineView({ pipeline, now }: { pipeline: PipelineData; now: string }) {
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="ivrs-heading" className="flex flex-col gap-3">
        <h2 id="ivrs-heading" className="text-xl font-semibold text-navy">
          Insurance verifications (IVRs)
        </h2>
        <Counts label="IVRs by status" kind="ivr" order={IVR_STATUSES} counts={pipeline.ivrCounts} />
        <DataTable label="IVR list" stacked>
          <HeadRow columns={["Reference", "Status", "Product", "Submitted", "Last change", "Age"]} />
          <tbody>
            {pipeline.ivrs.length === 0 ? (
              <EmptyRow colSpan={6}>No IVRs yet.</EmptyRow>
            ) : (
              pipeline.ivrs.map((i) => (
                <tr key={i.number}>
                  <Td data-label="Reference" className="font-semibold">
                    {ivrReference(i.number)}
                  </Td>
                  <Td data-label="Status">
                    <StatusBadge kind="ivr" status={i.status} />
                  </Td>
                  <Td data-label="Product" wrap>
                    {productBySlug(i.productSlug)?.name ?? "—"}
                  </Td>
                  <Td data-label="Submitted">
                    <DateTime value={i.submittedAt} />
                  </Td>
                  <Td data-label="Last change">
                    <DateTime value={i.updatedAt} />
                  </Td>
                  <Td data-label="Age">{i.submittedAt ? timeSince(i.submittedAt, now) : "—"}</Td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </section>

      <section aria-labelledby="orders-heading" className="flex flex-col gap-3">
        <h2 id="orders-heading" className="text-xl font-semibold text-navy">
          Orders
        </h2>
        <Counts label="Orders by status" kind="order" order={ORDER_STATUSES} counts={pipeline.orderCounts} />
        <DataTable label="Order list" stacked>
          <HeadRow columns={["Reference", "Status", "Product", "Placed", "Last change", "Invoice", "Amount", "Age"]} />
          <tbody>
            {pipeline.orders.length === 0 ? (
              <EmptyRow colSpan={8}>No orders yet.</EmptyRow>
            ) : (
              pipeline.orders.map((o) => (
                <tr key={o.number}>
                  <Td data-label="Reference" className="font-semibold">
                    {orderReference(o.number)}
                  </Td>
                  <Td data-label="Status">
                    <StatusBadge kind="order" status={o.status} />
                  </Td>
                  <Td data-label="Product" wrap>
                    {o.productName}
                  </Td>
                  <Td data-label="Placed">
                    <DateTime value={o.placedAt} />
                  </Td>
                  <Td data-label="Last change">
                    <DateTime value={o.updatedAt} />
                  </Td>
                  <Td data-label="Invoice">{o.invoice ? invoiceReference(o.invoice.number) : "—"}</Td>
                  <Td data-label="Amount" className="tabular-nums" wrap>
                    {o.invoice ? (
                      <>
                        {formatCents(o.invoice.totalCents)}
                        <span className="block text-xs text-muted-foreground">{formatCents(o.invoice.paidCents)} paid</span>
                      </>
                    ) : (
                      "—"
                    )}
                  </Td>
                  <Td data-label="Age">{timeSince(o.placedAt, now)}</Td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </section>
    </div>
  );
}
