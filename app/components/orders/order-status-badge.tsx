import { INVOICE_STATE_LABELS, ORDER_STATUS_LABELS, type InvoiceState, type OrderStatus } from "~/lib/orders";
import { cn } from "~/lib/utils";

/**
 * An order's status and an invoice's state as small coloured labels: the
 * words are the vocabulary's (lib/orders), the colours those of the IVR
 * badges (waiting, on its way, done, over). Text and colour both carry the
 * meaning; every pair passes WCAG AA contrast.
 */
const NEW = "bg-primary-soft text-primary border-primary/30";
const WAITING = "bg-[#fff4d6] text-[#7a4b00] border-[#e8c36a]";
const GOOD = "bg-[#e3f4ea] text-success border-success/30";
const BAD = "bg-[#fdecea] text-destructive border-destructive/30";
const OVER = "bg-muted text-muted-foreground border-border";

const ORDER_COLOURS: Record<OrderStatus, string> = {
  submitted: NEW,
  confirmed: WAITING,
  shipped: WAITING,
  delivered: GOOD,
  invoiced: WAITING,
  paid: GOOD,
  cancelled: OVER,
};

const INVOICE_COLOURS: Record<InvoiceState, string> = { open: WAITING, overdue: BAD, paid: GOOD };

const PILL = "inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold";

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return <span className={cn(PILL, ORDER_COLOURS[status], className)}>{ORDER_STATUS_LABELS[status]}</span>;
}

export function InvoiceStateBadge({ state, className }: { state: InvoiceState; className?: string }) {
  return <span className={cn(PILL, INVOICE_COLOURS[state], className)}>{INVOICE_STATE_LABELS[state]}</span>;
}
