import { Clock } from "lucide-react";

/** Covered or approved, and valid for less than 30 more days: time to verify again. */
export function ReverifySoonMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-warning-border bg-warning-soft px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-warning">
      <Clock aria-hidden className="size-3.5" />
      Reverify soon
    </span>
  );
}
