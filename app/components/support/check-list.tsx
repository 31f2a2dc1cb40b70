import { CircleCheck } from "lucide-react";
import { cn } from "~/lib/utils";

/** A list of short items, each with a decorative check mark. */
export function CheckList({ items, className, label }: { items: readonly string[]; className?: string; label?: string }) {
  return (
    <ul className={cn("space-y-2 text-sm", className)} aria-label={label}>
      {items.map((item) => (
        <li key={item} className="flex min-w-0 items-start gap-2">
          <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span className="min-w-0 break-words">{item}</span>
        </li>
      ))}
    </ul>
  );
}
