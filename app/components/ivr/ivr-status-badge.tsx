import { Clock } from "lucide-react";
import { IVR_STATUS_LABELS, type IvrStatus } from "~/lib/ivr";
import { cn } from "~/lib/utils";

/**
 * An IVR's status as a small coloured label: the words are the vocabulary's
 * (lib/ivr), the colours say waiting, good, bad or over. Text and colour both
 * carry the meaning; every pair passes WCAG AA contrast.
 */
const WAITING = "bg-[#fff4d6] text-[#7a4b00] border-[#e8c36a]";
const GOOD = "bg-[#e3f4ea] text-success border-success/30";
const BAD = "bg-[#fdecea] text-destructive border-destructive/30";
const OVER = "bg-muted text-muted-foreground border-border";

const COLOURS: Record<IvrStatus, string> = {
  draft: OVER,
  submitted: "bg-primary-soft text-primary border-primary/30",
  in_review: WAITING,
  needs_information: WAITING,
  covered: GOOD,
  prior_auth_required: WAITING,
  prior_auth_submitted: WAITING,
  prior_auth_approved: GOOD,
  prior_auth_denied: BAD,
  not_covered: BAD,
  expired: OVER,
  cancelled: OVER,
};

export function IvrStatusBadge({ status, className }: { status: IvrStatus; className?: string }) {
  return (
    <span className={cn("inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold", COLOURS[status], className)}>
      {IVR_STATUS_LABELS[status]}
    </span>
  );
}

/** Covered or approved, and valid for less than 30 more days: time to verify again. */
export function ReverifySoonMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
      <Clock aria-hidden className="size-3.5" />
      Reverify soon
    </span>
  );
}
