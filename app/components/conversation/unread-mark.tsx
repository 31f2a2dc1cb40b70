import { MessageSquare } from "lucide-react";

/**
 * On a list's or queue's row: its conversation holds a message the viewer has
 * not read. Words and an icon, not colour alone; opening the record reads it.
 */
export function UnreadMark() {
  return (
    <span data-unread className="inline-flex items-center gap-1 rounded-full border border-primary bg-primary-soft px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-primary">
      <MessageSquare aria-hidden className="size-3.5 shrink-0" />
      New message
    </span>
  );
}
