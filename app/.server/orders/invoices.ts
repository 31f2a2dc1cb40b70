import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { invoiceBalance, invoiceReference, invoiceState, orderReference, type InvoiceState } from "~/lib/orders";
import type { Db } from "~/.server/db/client";
import { encodeCursor, keysetPage, type Cursor, type Direction, type KeysetPage } from "~/.server/db/keyset";
import type { InvoiceTotals } from "~/lib/ordering";
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

/** The PAY INVOICE tab's rows per page. */
export const INVOICES_PAGE_SIZE = 50;

/** An invoice's place in the list: unpaid ("u:" and its due day) or paid ("p"), and its number. */
export const invoiceKey = z.string().regex(/^(u:\d{4}-\d{2}-\d{2}|p)$/);

const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  orderId: invoices.orderId,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  totalCents: invoices.totalCents,
  paidCents: invoices.paidCents,
  paidOn: invoices.paidOn,
  orderNumber: orders.number,
};

type InvoiceSource = {
  id: string;
  number: number;
  orderId: string;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  paidCents: number;
  paidOn: string | null;
  orderNumber: number;
};

/** One section of the list read from a cursor on: the unpaid (soonest due first, then the latest number) or the paid (latest first); `reverse` reads back. */
function readSection(db: Db, practiceId: string, section: "u" | "p", after: SQL | null, reverse: boolean, limit: number): Promise<InvoiceSource[]> {
  const where = [eq(invoices.practiceId, practiceId), section === "u" ? isNull(invoices.paidOn) : isNotNull(invoices.paidOn)];
  if (after) where.push(after);
  const order = section === "u" ? (reverse ? [desc(invoices.dueOn), asc(invoices.number)] : [asc(invoices.dueOn), desc(invoices.number)]) : reverse ? [asc(invoices.number)] : [desc(invoices.number)];
  return db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(...where))
    .orderBy(...order)
    .limit(limit);
}

/**
 * One page of the practice's invoices: unpaid first (soonest due first), then
 * paid (latest first). `at` is the cursor of the page's URL, null for the
 * first page. Each section is read from its own place, so a page costs the
 * same whichever it is.
 */
export async function practiceInvoicesPage(
  db: Db,
  practiceId: string,
  today: string,
  { at = null, size = INVOICES_PAGE_SIZE }: { at?: { direction: Direction; cursor: Cursor } | null; size?: number } = {},
): Promise<KeysetPage<InvoiceRow>> {
  const page = await keysetPage(
    at,
    size,
    async (direction, cursor, limit) => {
      const n = cursor ? Number(cursor.id) : 0;
      const due = cursor?.key.startsWith("u:") ? cursor.key.slice(2) : null;
      if (direction === "after") {
        // Down the list: the rest of the unpaid (when the cursor is among them), then the paid.
        const unpaid =
          !cursor || due
            ? await readSection(db, practiceId, "u", due ? or(gt(invoices.dueOn, due), and(eq(invoices.dueOn, due), lt(invoices.number, n)))! : null, false, limit)
            : [];
        if (unpaid.length >= limit) return unpaid;
        const paid = await readSection(db, practiceId, "p", cursor && !due ? lt(invoices.number, n) : null, false, limit - unpaid.length);
        return [...unpaid, ...paid];
      }
      // Up the list: the paid above the cursor (when it is among them), then the unpaid from the last due.
      const paid = cursor && !due ? await readSection(db, practiceId, "p", gt(invoices.number, n), true, limit) : [];
      if (paid.length >= limit) return paid;
      const unpaid = await readSection(
        db,
        practiceId,
        "u",
        due ? or(lt(invoices.dueOn, due), and(eq(invoices.dueOn, due), gt(invoices.number, n)))! : null,
        true,
        limit - paid.length,
      );
      return [...paid, ...unpaid];
    },
    (row) => encodeCursor(row.paidOn ? "p" : `u:${row.dueOn}`, row.number),
  );
  return {
    ...page,
    rows: page.rows.map((invoice) => ({
      id: invoice.id,
      number: invoiceReference(invoice.number),
      orderId: invoice.orderId,
      orderReference: orderReference(invoice.orderNumber),
      issuedOn: invoice.issuedOn,
      dueOn: invoice.dueOn,
      totalCents: invoice.totalCents,
      paidCents: invoice.paidCents,
      balanceCents: invoiceBalance(invoice),
      paidOn: invoice.paidOn,
      state: invoiceState(invoice, today),
    })),
  };
}

/** What the practice has to pay, added up by the database: unpaid invoices and their balance, and of them the overdue (due before `today`). */
export async function practiceInvoiceTotals(db: Db, practiceId: string, today: string): Promise<InvoiceTotals> {
  const overdue = sql`${invoices.dueOn} < ${today}`;
  const balance = sql`greatest(${invoices.totalCents} - ${invoices.paidCents}, 0)`;
  const [row] = await db
    .select({
      unpaid: sql<number>`count(*)::int`,
      unpaidCents: sql<number>`coalesce(sum(${balance}), 0)::bigint`,
      overdue: sql<number>`(count(*) filter (where ${overdue}))::int`,
      overdueCents: sql<number>`coalesce(sum(${balance}) filter (where ${overdue}), 0)::bigint`,
    })
    .from(invoices)
    .where(and(eq(invoices.practiceId, practiceId), isNull(invoices.paidOn)));
  return {
    unpaid: Number(row?.unpaid ?? 0),
    unpaidCents: Number(row?.unpaidCents ?? 0),
    overdue: Number(row?.overdue ?? 0),
    overdueCents: Number(row?.overdueCents ?? 0),
  };
}

/** Whether the practice has any invoice at all. */
export async function hasInvoices(db: Db, practiceId: string): Promise<boolean> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.practiceId, practiceId)).limit(1);
  return Boolean(row);
}

/** The order an invoice belongs to, when the invoice is the practice's (null practice: staff). */
export async function orderOfInvoice(db: Db, { id, practiceId }: { id: string; practiceId: string | null }): Promise<string | null> {
  const where = practiceId ? and(eq(invoices.id, id), eq(invoices.practiceId, practiceId)) : eq(invoices.id, id);
  const [row] = await db.select({ orderId: invoices.orderId }).from(invoices).where(where);
  return row?.orderId ?? null;
}
