import { MAIL_STATE_LABELS, type MailState } from "~/lib/mail";
import { STATUS_LABELS, type Status } from "~/lib/submissions";
import { cn } from "~/lib/utils";

/**
 * Submission statuses and mail states as small coloured labels: the words
 * are the vocabulary modules' (lib/submissions, lib/mail), the colours are
 * this badge's. Text and colour both carry the meaning; every pair passes
 * WCAG AA contrast.
 */
const COLOURS: Record<Status | MailState, string> = {
  new: "bg-primary-soft text-primary border-primary/30",
  in_progress: "bg-[#fff4d6] text-[#7a4b00] border-[#e8c36a]",
  closed: "bg-muted text-muted-foreground border-border",
  pending: "bg-[#fff4d6] text-[#7a4b00] border-[#e8c36a]",
  sent: "bg-[#e3f4ea] text-success border-success/30",
  failed: "bg-[#fdecea] text-destructive border-destructive/30",
  dismissed: "bg-muted text-muted-foreground border-border",
};

const LABELS: Record<Status | MailState, string> = { ...STATUS_LABELS, ...MAIL_STATE_LABELS };

export function statusLabel(status: string): string {
  return LABELS[status as Status | MailState] ?? status;
}

export function StatusBadge({ status, className }: { status: Status | MailState; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        COLOURS[status] ?? "border-border text-foreground",
        className,
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
