import { CircleCheck } from "lucide-react";
import { cn } from "~/lib/utils";

/** How a check list is drawn where it stands: on a card, in a hero band, in bordered boxes. */
const LOOKS = {
  /** A card's compact list. */
  compact: { list: "space-y-2 text-sm", item: "flex min-w-0 items-start gap-2", icon: "mt-0.5 size-4 shrink-0 text-primary", text: "min-w-0 break-words" },
  /** A card's features or points, in muted text. */
  features: { list: "", item: "flex items-start gap-2 text-sm text-muted-foreground", icon: "mt-0.5 size-4 shrink-0 text-primary", text: "min-w-0" },
  /** Light text on the home page's dark hero. */
  hero: { list: "", item: "flex items-start gap-3 text-base leading-snug text-white", icon: "mt-0.5 size-5 shrink-0 text-primary-soft", text: "min-w-0" },
  /** White text and marks on a dark page hero. */
  inverse: { list: "", item: "flex items-start gap-3 text-white", icon: "mt-0.5 size-5 shrink-0 text-white", text: "min-w-0" },
  /** Each item in its own bordered box. */
  boxed: { list: "", item: "flex items-start gap-3 rounded-xl border border-border p-5", icon: "mt-0.5 size-5 shrink-0 text-primary", text: "min-w-0 text-foreground" },
} as const;

/** A list of short items, each with a decorative check mark. */
export function CheckList({
  items,
  className,
  label,
  look = "compact",
}: {
  items: readonly string[];
  className?: string;
  label?: string;
  look?: keyof typeof LOOKS;
}) {
  const { list, item: itemClass, icon, text } = LOOKS[look];
  return (
    <ul className={cn(list, className)} aria-label={label}>
      {items.map((item) => (
        <li key={item} className={itemClass}>
          <CircleCheck aria-hidden className={icon} />
          <span className={text}>{item}</span>
        </li>
      ))}
    </ul>
  );
}
