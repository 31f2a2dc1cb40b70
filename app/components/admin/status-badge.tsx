import { JOB_STATE_LABELS, type JobState } from "~/lib/jobs";
import { MAIL_STATE_LABELS, type MailState } from "~/lib/mail";
import { STATUS_LABELS, type Status } from "~/lib/submissions";
import { cn } from "~/lib/utils";

/**
 * Submission statuses, mail and job states as small coloured labels: the words
 * are the vocabulary modules' (lib/submissions, lib/mail, lib/jobs), the colours are
 * this badge's. Text and colour both carry the meaning; every pair passes
 * WCAG AA contrast.
 */
type Shown = Status | MailState | JobState;

const COLOURS: Record<Shown, string> = {
  new: "bg-primary-soft text-primary border-primary/30",
  in_progress: "bg-[#fff4d6] text-[#7a4b00] border-[#e8c36a]",
  closed: "bg-muted text-muted-foreground border-border",
  pending: "bg-[#fff4d6] text-[#7a4b00] border-[#e8c36a]",
  sent: "bg-[#e3f4ea] text-success border-success/30",
  failed: "bg-[#fdecea] text-destructive border-destructive/30",
  dismissed: "bg-muted text-muted-foreground border-border",
  queued: "bg-[#fff4d6] text-[#7a4b00] border-[#e8c36a]",
  running: "bg-primary-soft text-primary border-primary/30",
  done: "bg-[#e3f4ea] text-success border-success/30",
  cancelled: "bg-muted text-muted-foreground border-border",
};

const LABELS: Record<Shown, string> = { ...STATUS_LABELS, ...MAIL_STATE_LABELS, ...JOB_STATE_LABELS };

export function statusLabel(status: string): string {
  return LABELS[status as Shown] ?? status;
}

export function StatusBadge({ status, className }: { status: Shown; className?: string }) {
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
