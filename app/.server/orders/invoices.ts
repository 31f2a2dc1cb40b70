import { and, desc, eq } from "drizzle-orm";
import { invoiceBalance, invoiceReference, invoiceState, orderReference, type InvoiceState } from "~/lib/orders";
import type { Db } from "~/.server/db/client";
import { invoices, orders } from "~/.server/db/schema";

/** Invoices of a practice, the member's PAY INVOICE tab. */

export type InvoiceRow = {
  id: string;
  number: string;
  orderId: string;
  orderReference: string;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  paidOn: string | null;
  state: InvoiceState;
};

/** The practice's invoices: unpaid first (soonest due first), then paid (latest first). */
export async function practiceInvoices(db: Db, practiceId: string, today: string): Promise<InvoiceRow[]> {
  const rows = await db
    .select({ invoice: invoices, orderNumber: orders.number })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.practiceId, practiceId))
    .orderBy(desc(invoices.number))
    .limit(500);
  const list = rows.map(({ invoice, orderNumber }) => ({
    id: invoice.id,
    number: invoiceReference(invoice.number),
    orderId: invoice.orderId,
    orderReference: orderReference(orderNumber),
    issuedOn: invoice.issuedOn,
    dueOn: invoice.dueOn,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    balanceCents: invoiceBalance(invoice),
    paidOn: invoice.paidOn,
    state: invoiceState(invoice, today),
  }));
  const unpaid = list.filter((i) => i.state !== "paid").sort((a, b) => a.dueOn.localeCompare(b.dueOn));
  return [...unpaid, ...list.filter((i) => i.state === "paid")];
}

/** The order an invoice belongs to, when the invoice is the practice's (null practice: staff). */
export async function orderOfInvoice(db: Db, { id, practiceId }: { id: string; practiceId: string | null }): Promise<string | null> {
  const where = practiceId ? and(eq(invoices.id, id), eq(invoices.practiceId, practiceId)) : eq(invoices.id, id);
  const [row] = await db.select({ orderId: invoices.orderId }).from(invoices).where(where);
  return row?.orderId ?? null;
}
