import { cn } from "~/lib/utils";

/**
 * Submission statuses (new, in_progress, closed) and mail states (pending,
 * sent, failed, dismissed) as small coloured labels. Text and colour both carry the
 * meaning; every pair passes WCAG AA contrast.
 */
const STYLES: Record<string, { label: string; className: string }> = {
  new: { label: "New", className: "bg-primary-soft text-primary border-primary/30" },
  in_progress: { label: "In progress", className: "bg-[#fff4d6] text-[#7a4b00] border-[#e8c36a]" },
  closed: { label: "Closed", className: "bg-muted text-muted-foreground border-border" },
  pending: { label: "Pending", className: "bg-[#fff4d6] text-[#7a4b00] border-[#e8c36a]" },
  sent: { label: "Sent", className: "bg-[#e3f4ea] text-success border-success/30" },
  failed: { label: "Failed", className: "bg-[#fdecea] text-destructive border-destructive/30" },
  dismissed: { label: "Dismissed", className: "bg-muted text-muted-foreground border-border" },
};

export function statusLabel(status: string): string {
  return STYLES[status]?.label ?? status;
}

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const style = STYLES[status];
  return (
    <span
      className={cn(
        "inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        style?.className ?? "border-border text-foreground",
        className,
      )}
    >
      {style?.label ?? status}
    </span>
  );
}
