import { Clock } from "lucide-react";
import { IVR_STATUS_LABELS, type IvrStatus } from "~/lib/ivr";
import { cn } from "~/lib/utils";

const TONE: Record<IvrStatus, string> = {
  draft: "border-border bg-muted text-foreground",
  submitted: "border-transparent bg-primary-soft text-primary",
  in_review: "border-transparent bg-primary-soft text-primary",
  needs_information: "border-transparent bg-amber-100 text-amber-900",
  covered: "border-transparent bg-[#e3f4ea] text-success",
  prior_auth_required: "border-transparent bg-amber-100 text-amber-900",
  prior_auth_submitted: "border-transparent bg-primary-soft text-primary",
  prior_auth_approved: "border-transparent bg-[#e3f4ea] text-success",
  prior_auth_denied: "border-transparent bg-red-100 text-red-900",
  not_covered: "border-transparent bg-red-100 text-red-900",
  expired: "border-border bg-muted text-muted-foreground",
  cancelled: "border-border bg-muted text-muted-foreground",
};

/** An IVR's status as a coloured label (the words carry it; colour only helps). */
export function IvrStatusBadge({ status, className }: { status: IvrStatus; className?: string }) {
  return (
    <span className={cn("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", TONE[status], className)}>
      {IVR_STATUS_LABELS[status]}
    </span>
  );
}

export function ReverifySoonMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
      <Clock aria-hidden className="size-3.5" />
      Reverify soon
    </span>
  );
}
