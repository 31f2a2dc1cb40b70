import { Download, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/invoices";
import { DataTable, EmptyRow, Td, Th, HeadRow } from "~/components/admin/data-table";
import { FormNotice } from "~/components/forms/field";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { useLiveStatus } from "~/components/portal/live-status";
import { Button } from "~/components/ui/button";
import { StatusBadge } from "~/components/ui/status-badge";
import { howToPay, payOnlineUrl } from "~/content/payment";
import { formatCents } from "~/lib/format";
import { privateMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";
import { getDb } from "~/.server/db/client";
import { cursorOf, integerKey } from "~/.server/db/keyset";
import { hasInvoices, invoiceKey, ordersToday, practiceInvoicesPage, practiceInvoiceTotals } from "~/.server/orders";
import { memberOf } from "./member.server";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Invoices | Clinical Portal");

export async function loader({ request }: Route.LoaderArgs) {
  const { practice } = await memberOf(request, "invoices");
  if (!practice) return { practice: null, invoices: [], after: null, before: null, any: false, summary: null };
  const db = getDb();
  const today = ordersToday();
  const at = cursorOf(new URL(request.url).searchParams, invoiceKey, integerKey);
  const [page, totals, any] = await Promise.all([practiceInvoicesPage(db, practice.id, today, { at }), practiceInvoiceTotals(db, practice.id, today), hasInvoices(db, practice.id)]);
  return {
    practice: { name: practice.name },
    invoices: page.rows.map((i) => ({ ...i, total: formatCents(i.totalCents), paid: formatCents(i.paidCents), balance: formatCents(i.balanceCents) })),
    after: page.after,
    before: page.before,
    any,
    summary: { ...totals, unpaidAmount: formatCents(totals.unpaidCents), overdueAmount: formatCents(totals.overdueCents) },
  };
}

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

function invoicesCount(n: number) {
  return n === 1 ? "1 invoice" : `${n} invoices`;
}

export default function PortalInvoices({ loaderData }: Route.ComponentProps) {
  const { practice, invoices, after, before, any, summary } = loaderData;
  const site = useSite();
  useLiveStatus(Boolean(practice));
  const processor = site.portalFrames.invoice;

  return (
    <section aria-labelledby="invoices-heading" className="flex flex-col gap-6">
      <div>
        <h2 id="invoices-heading" className="text-xl font-semibold text-navy">
          Invoice payment
        </h2>
        <p className="text-sm text-muted-foreground">
          {processor ? "Your practice's invoices: download each as a PDF and pay it online." : "Your practice's invoices: download each as a PDF and pay it as shown below."}
        </p>
      </div>

      {!practice || !summary ? (
        <FormNotice
          notice={{
            title: "Your account is not part of a practice yet",
            description: "Invoices are sent to a practice. Ask your practice's administrator or our support team to add your account to your practice.",
          }}
        />
      ) : (
        <>
          {any ? (
            <p className="rounded-xl border border-border bg-muted/40 p-4 text-sm" data-invoice-summary="">
              {summary.unpaid === 0 ? (
                "Everything is paid. Thank you."
              ) : (
                <>
                  <strong className="text-base tabular-nums">{summary.unpaidAmount}</strong> to pay in {invoicesCount(summary.unpaid)}
                  {summary.overdue > 0 ? (
                    <>
                      , of which <strong className="text-destructive tabular-nums">{summary.overdueAmount}</strong> ({invoicesCount(summary.overdue)}) {summary.overdue === 1 ? "is" : "are"} overdue
                    </>
                  ) : null}
                  .
                </>
              )}
            </p>
          ) : null}

          <DataTable label="Invoices of your practice" stacked>
            <HeadRow
              columns={[
                "Invoice",
                "Order",
                "Issued",
                "Due",
                <Th className="text-right">Amount</Th>,
                <Th className="text-right">Paid</Th>,
                <Th className="text-right">Balance</Th>,
                "State",
                { srOnly: "Download and pay" },
              ]}
            />
            <tbody>
              {invoices.length === 0 ? (
                <EmptyRow colSpan={9}>{any ? "No more invoices: go back to the first page." : "No invoices yet. An order is invoiced once it is delivered."}</EmptyRow>
              ) : (
                invoices.map((i) => {
                  const online = i.state === "paid" ? null : payOnlineUrl(processor, i.number);
                  return (
                    <tr key={i.id} data-invoice={i.number}>
                      <Td data-label="Invoice" className="font-medium">
                        {i.number}
                      </Td>
                      <Td data-label="Order">
                        <Link to={`/members/orders/${i.orderId}`} className={linkClass}>
                          {i.orderReference}
                        </Link>
                      </Td>
                      <Td data-label="Issued">{i.issuedOn}</Td>
                      <Td data-label="Due">{i.dueOn}</Td>
                      <Td data-label="Amount" className="tabular-nums sm:text-right">
                        {i.total}
                      </Td>
                      <Td data-label="Paid" className="tabular-nums sm:text-right">
                        {i.paid}
                      </Td>
                      <Td data-label="Balance" className="font-semibold tabular-nums sm:text-right">
                        {i.balance}
                      </Td>
                      <Td data-label="State">
                        <span className="inline-flex flex-wrap items-center gap-1.5">
                          <StatusBadge kind="invoice" status={i.state} />
                          {i.paidOn ? <span className="text-xs text-muted-foreground">on {i.paidOn}</span> : null}
                        </span>
                      </Td>
                      <Td>
                        <span className="flex flex-wrap items-center gap-x-4 gap-y-2">
                          <a href={`/members/orders/${i.orderId}/invoice.pdf`} download className={`inline-flex items-center gap-1 ${linkClass}`}>
                            <Download aria-hidden className="size-4 shrink-0" />
                            Download PDF<span className="sr-only"> of {i.number}</span>
                          </a>
                          {online ? (
                            <Button asChild size="sm">
                              <a href={online} target="_blank" rel="noopener noreferrer">
                                Pay online<span className="sr-only"> {i.number} (opens in a new tab)</span>
                                <ExternalLink aria-hidden />
                              </a>
                            </Button>
                          ) : null}
                        </span>
                      </Td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </DataTable>
          <KeysetPager label="More invoices" before={before} after={after} newer="Previous" older="Next" summary="Unpaid first, soonest due; then paid, latest first." />

          {!processor && summary.unpaid > 0 ? (
            <section aria-labelledby="how-to-pay-heading" className="flex flex-col gap-2 rounded-xl border border-border p-4 sm:p-6">
              <h3 id="how-to-pay-heading" className="text-lg font-semibold text-navy">
                How to pay
              </h3>
              <p className="text-sm text-muted-foreground">Each invoice's PDF says the same. Put the invoice number on every payment, so we can match it.</p>
              <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
                {howToPay(site, "the invoice number").map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}
