import { Download, ExternalLink, TriangleAlert } from "lucide-react";
import { DataTable, Td, Th, HeadRow } from "~/components/admin/data-table";
import { FieldList } from "~/components/record/field-list";
import { HistoryList } from "~/components/record/history-list";
import { Panel } from "~/components/record/panel";
import { DateTime } from "~/components/ui/date-time";
import { StatusBadge } from "~/components/ui/status-badge";
import type { OrderStatus } from "~/lib/orders";
import type { InvoiceView, OrderHistoryRow, ShipmentView, SizesView } from "~/routes/console/orders-view.server";
import { linkClass } from "./order-header";

/** What was ordered, line by line, against the wound's area; the over-order warning with the practice's reason. */
export function SizesPanel({ sizes }: { sizes: SizesView }) {
  return (
    <Panel id="sizes" title="Sizes">
      <DataTable label="Sizes ordered">
        <HeadRow columns={["Size", <Th className="text-right">Quantity</Th>, <Th className="text-right">Area</Th>]} />
        <tbody>
          {sizes.lines.map((l) => (
            <tr key={l.position}>
              <Td wrap="normal">
                <span className="font-semibold whitespace-nowrap">{l.size}</span>
                <span className="block text-xs text-muted-foreground">
                  {l.hcpcs}, {l.areaEach} each
                </span>
              </Td>
              <Td className="text-right tabular-nums">{l.quantity}</Td>
              <Td className="text-right tabular-nums">{l.area}</Td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <Th scope="row" strong className="border-t border-border">
              Total
            </Th>
            <Td className="text-right tabular-nums">{sizes.units}</Td>
            <Td className="text-right tabular-nums">{sizes.totalArea}</Td>
          </tr>
        </tfoot>
      </DataTable>
      <p className="text-sm">
        <span className="font-semibold text-muted-foreground">Wound area: </span>
        {sizes.woundArea ?? <span className="text-muted-foreground">Not given</span>}
      </p>
      {sizes.warning ? (
        <div className="flex items-start gap-2 rounded-md border border-warning-border bg-warning-soft p-3 text-sm text-warning">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <div className="flex min-w-0 flex-col gap-1">
            <p>{sizes.warning}</p>
            <p className="break-words whitespace-pre-wrap text-foreground">
              <span className="font-semibold">The practice&apos;s reason: </span>
              {sizes.reason ?? <span className="text-muted-foreground">none given (placed before reasons were asked)</span>}
            </p>
          </div>
        </div>
      ) : null}
    </Panel>
  );
}

/** Carrier, tracking and each line's tissue identifiers, once it has shipped. */
export function ShipmentPanel({ shipment, status }: { shipment: ShipmentView | null; status: OrderStatus }) {
  return (
    <Panel id="shipment" title="Shipment">
      {shipment ? (
        <>
          <FieldList
            fields={[
              { label: "Carrier", value: shipment.carrier ?? "—" },
              {
                label: "Tracking number",
                value: shipment.trackingUrl ? (
                  <a href={shipment.trackingUrl} target="_blank" rel="noreferrer noopener" className={`inline-flex items-center gap-1 font-mono ${linkClass}`}>
                    {shipment.trackingNumber}
                    <ExternalLink aria-hidden className="size-3.5" />
                    <span className="sr-only"> (tracking on the {shipment.carrier} site, opens in a new tab)</span>
                  </a>
                ) : (
                  <span className="font-mono">{shipment.trackingNumber ?? "—"}</span>
                ),
              },
              { label: "Shipped", value: <DateTime value={shipment.shippedAt} /> },
              { label: "Delivered", value: shipment.deliveredOn ?? "Not yet" },
            ]}
          />
          {shipment.receiptProblems ? (
            <div role="note" className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-semibold">The practice&apos;s receipt does not match this shipment.</p>
                {shipment.receiptProblems.missing.length > 0 ? (
                  <p className="break-words">
                    Not received: <span className="font-mono">{shipment.receiptProblems.missing.join(", ")}</span>
                  </p>
                ) : null}
                {shipment.receiptProblems.unexpected.length > 0 ? (
                  <p className="break-words">
                    Scanned but not in this order: <span className="font-mono">{shipment.receiptProblems.unexpected.join(", ")}</span>
                  </p>
                ) : null}
              </div>
            </div>
          ) : null}
          <h3 className="mt-2 text-sm font-semibold text-navy">Tissue identifiers</h3>
          <ul className="flex flex-col gap-2 text-sm">
            {shipment.lines.map((l) => (
              <li key={l.position} className="flex flex-col gap-1 sm:flex-row sm:gap-3">
                <span className="font-semibold sm:w-32 sm:shrink-0">{l.label}</span>
                <ul className="flex min-w-0 flex-col gap-1">
                  {l.units.map((u) => (
                    <li key={u.position} className="break-all">
                      <span className="font-mono">{u.tissueId}</span>
                      {u.lot || u.expiresOn ? (
                        <span className="text-muted-foreground">
                          {u.lot ? ` · lot ${u.lot}` : ""}
                          {u.expiresOn ? ` · expires ${u.expiresOn}` : ""}
                        </span>
                      ) : null}
                      {u.received ? <span className="text-success"> · received</span> : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{status === "cancelled" ? "Cancelled before it shipped." : "Not shipped yet."}</p>
      )}
    </Panel>
  );
}

/** The invoice: its figures (the paid and balance cells carry data attributes the browser tests read), payments and lines. */
export function InvoicePanel({ invoice, status }: { invoice: InvoiceView | null; status: OrderStatus }) {
  return (
    <Panel id="invoice" title="Invoice">
      {invoice ? (
        <>
          <FieldList
            fields={[
              { label: "Number", value: invoice.number, className: "font-semibold" },
              { label: "State", value: <StatusBadge kind="invoice" status={invoice.state} /> },
              { label: "Issued", value: invoice.issuedOn },
              { label: "Due", value: invoice.dueOn },
              { label: "Total", value: invoice.total, className: "font-semibold tabular-nums" },
              {
                label: "Paid",
                value: (
                  <>
                    {invoice.paid}
                    {invoice.paidOn ? <span className="text-muted-foreground"> (in full on {invoice.paidOn})</span> : null}
                  </>
                ),
                className: "tabular-nums",
                attributes: { "data-invoice-paid": "" },
              },
              { label: "Balance", value: invoice.balance, className: "font-semibold tabular-nums", attributes: { "data-invoice-balance": "" } },
            ]}
          />
          {invoice.payments.length > 0 ? (
            <DataTable label="Payments">
              <HeadRow columns={["Payment", <Th className="text-right">Amount</Th>]} />
              <tbody>
                {invoice.payments.map((p) => (
                  <tr key={p.key}>
                    <Td wrap="normal">
                      {p.paidOn}, {p.reference}
                      <span className="block text-xs text-muted-foreground">Recorded by {p.recordedBy ?? "unknown"}</span>
                    </Td>
                    <Td className="text-right tabular-nums">{p.amount}</Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          ) : null}
          <DataTable label="Invoice lines">
            <HeadRow columns={["Item", <Th className="text-right">Amount</Th>]} />
            <tbody>
              {invoice.lines.map((l) => (
                <tr key={l.position}>
                  <Td wrap="normal">
                    {l.description}
                    <span className="block text-xs text-muted-foreground tabular-nums">
                      {l.hcpcs} · {l.units} × {l.unitPrice}
                    </span>
                  </Td>
                  <Td className="text-right tabular-nums">{l.total}</Td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <Th scope="row" strong className="border-t border-border">
                  Total
                </Th>
                <Td className="text-right font-semibold tabular-nums">{invoice.total}</Td>
              </tr>
            </tfoot>
          </DataTable>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          {status === "cancelled"
            ? "Cancelled: nothing to invoice."
            : status === "delivered"
              ? "Not invoiced yet."
              : "Not invoiced yet: an order is invoiced once it is delivered."}
        </p>
      )}
    </Panel>
  );
}

/** The packing list always; the invoice once there is one. */
export function DocumentsPanel({ orderId, invoiced }: { orderId: string; invoiced: boolean }) {
  return (
    <Panel id="documents" title="Documents">
      <ul className="flex flex-col gap-2 text-sm">
        <li>
          <a href={`/admin/orders/${orderId}/packing-list.pdf`} download className={`inline-flex items-center gap-1 ${linkClass}`}>
            <Download aria-hidden className="size-4" />
            Packing list (PDF)
          </a>
        </li>
        {invoiced ? (
          <li>
            <a href={`/admin/orders/${orderId}/invoice.pdf`} download className={`inline-flex items-center gap-1 ${linkClass}`}>
              <Download aria-hidden className="size-4" />
              Invoice (PDF)
            </a>
          </li>
        ) : null}
      </ul>
    </Panel>
  );
}

export function OrderHistoryPanel({ history }: { history: readonly OrderHistoryRow[] }) {
  return (
    <Panel id="history" title="History">
      <HistoryList history={history} notePrefix="Reason: " />
    </Panel>
  );
}
