import { ArrowDown, ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { DateTime } from "~/components/ui/date-time";
import { StatusBadge } from "~/components/ui/status-badge";
import type { OrderStatus } from "~/lib/orders";

export const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";

/** The order's reference and status, whose it is, where it came from, and what staff do next. */
export function OrderHeader({
  reference,
  status,
  practice,
  ivr,
  reorder = null,
  placedAt,
  next,
}: {
  reference: string;
  status: OrderStatus;
  practice: { id: string; name: string };
  /** Null for a stock order (a reorder of the practice's shelf). */
  ivr: { id: string; reference: string } | null;
  reorder?: "suggested" | "automatic" | null;
  placedAt: Date | string;
  next: string | null;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Link to="/admin/orders" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to the order queue
      </Link>
      <h1 className="text-3xl font-bold tracking-tight text-navy">{reference}</h1>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        <StatusBadge kind="order" status={status} />
        <Link to={`/admin/practices/${practice.id}`} className={linkClass}>
          {practice.name}
        </Link>
        {ivr ? (
          <span>
            From{" "}
            <Link to={`/admin/ivrs/${ivr.id}`} className={linkClass}>
              {ivr.reference}
            </Link>
          </span>
        ) : (
          <span className="font-semibold text-navy">{reorder === "automatic" ? "Stock reorder, placed automatically" : "Stock reorder"}</span>
        )}
        <span>
          Placed <DateTime value={placedAt} />
        </span>
      </div>
      {next ? (
        <p className="text-sm">
          <span className="font-semibold">Next: {next}.</span>{" "}
          {/* On a narrow screen the work comes after the order's details: a way straight to it. */}
          <a href="#work" className={`inline-flex items-center gap-1 lg:hidden ${linkClass}`}>
            <ArrowDown aria-hidden className="size-4" />
            Go to Work this order
          </a>
        </p>
      ) : null}
    </div>
  );
}
