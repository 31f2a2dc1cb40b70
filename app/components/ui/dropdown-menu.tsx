import { ChevronDown } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/**
 * A menu of links behind a button, complete by keyboard (Radix Dropdown Menu):
 * Enter, Space or Arrow Down opens it on the first item, the arrow keys move,
 * Home and End jump, typing a letter finds an item, Enter follows the link,
 * Escape closes it and gives focus back to the button. It opens on click and
 * touch too. Pages that use it also link the same places plainly.
 */
export function LinkMenu({
  label,
  items,
  className,
}: {
  label: string;
  items: readonly { to: string; label: string }[];
  className?: string;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(
          "inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-muted",
          className,
        )}
      >
        {label}
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      {/* Not portalled: the menu stays inside the page's landmarks, where it is read in order. */}
      <DropdownMenu.Content
          align="start"
          sideOffset={4}
          aria-label={label}
          className="z-50 w-56 rounded-lg border border-border bg-background p-1 shadow-lg"
        >
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link
                to={item.to}
                className="block cursor-pointer rounded-md px-3 py-2 text-sm outline-none hover:bg-muted data-[highlighted]:bg-muted data-[highlighted]:text-primary"
              >
                {item.label}
              </Link>
            </DropdownMenu.Item>
          ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
