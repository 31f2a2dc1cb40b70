import { ChevronDown } from "lucide-react";
import { HoverCard } from "radix-ui";
import * as React from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/**
 * A menu that opens on hover, and on click or keyboard for touch and
 * keyboard users (the trigger is a real button).
 */
export function HoverMenu({
  label,
  items,
  className,
}: {
  label: string;
  items: readonly { to: string; label: string }[];
  className?: string;
}) {
  const [open, setOpen] = React.useState(false);
  const id = React.useId();
  return (
    <HoverCard.Root open={open} onOpenChange={setOpen} openDelay={100} closeDelay={150}>
      <HoverCard.Trigger asChild>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={() => setOpen((v) => !v)}
          className={cn("inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold hover:bg-muted", className)}
        >
          {label}
          <ChevronDown aria-hidden className="size-4" />
        </button>
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content id={id} align="start" sideOffset={4} className="z-50 w-56 rounded-lg border border-border bg-background p-1 shadow-lg">
          <nav aria-label={label}>
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    onClick={() => setOpen(false)}
                    className="block rounded-md px-3 py-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}
