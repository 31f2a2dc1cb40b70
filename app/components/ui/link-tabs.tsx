import * as React from "react";
import { Link, useNavigate } from "react-router";
import { usePageSendsNoScript } from "~/lib/page-scripts";
import { cn } from "~/lib/utils";

export type LinkTab = { value: string; label: string; href: string; /** a count beside the label ("2", read out as its text) */ badge?: { n: number; text: string } | null };

/** A tab's count: the number shown, its meaning read out. */
function TabBadge({ badge }: { badge: LinkTab["badge"] }) {
  if (!badge || badge.n <= 0) return null;
  return (
    <span className="ml-1.5 rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground tabular-nums">
      <span aria-hidden>{badge.n}</span>
      <span className="sr-only">, {badge.text}</span>
    </span>
  );
}

const barClasses = "flex flex-col gap-4 border-b border-border pb-6 sm:flex-row sm:items-center sm:justify-between";
const listLooks = "items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground";
/**
 * How the tabs share a narrow screen: "wrap" lets them flow onto as many lines
 * as they need; "pairs" puts them two to a line, of equal width, on a phone
 * (four tabs as a 2 × 2 block, none left alone on a line) and in one row from
 * the small breakpoint up.
 */
const LIST_LAYOUTS = {
  wrap: `inline-flex flex-wrap self-start ${listLooks}`,
  pairs: `grid grid-cols-2 self-stretch sm:inline-flex sm:flex-wrap sm:self-start ${listLooks}`,
} as const;
const tabClasses =
  "inline-flex min-h-9 items-center justify-center rounded-md px-3 py-1.5 text-sm font-semibold transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring";
const activeTabClasses = "bg-background text-primary shadow-sm";

/**
 * Tabs whose selection lives in the URL (`?tab=`): each tab is a link, so they
 * switch without JavaScript and can be bookmarked and shared, and only the
 * selected panel is rendered. With JavaScript the arrow keys, Home and End move
 * between tabs as the ARIA tabs pattern asks, and switching replaces the history
 * entry instead of adding one.
 *
 * On a page sent without JavaScript (the terms) nothing would answer the arrow
 * keys, so there the tabs are said to be what they are: a navigation of links,
 * the selected one `aria-current="page"`, each reached with Tab. They look the same.
 */
export function LinkTabs({
  label,
  tabs,
  selected,
  aside,
  layout = "wrap",
  children,
}: {
  label: string;
  tabs: readonly LinkTab[];
  selected: string;
  layout?: keyof typeof LIST_LAYOUTS;
  /** Shown beside the tab list (a date line, say). */
  aside?: React.ReactNode;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const id = React.useId();
  const listRef = React.useRef<HTMLDivElement>(null);
  const plainLinks = usePageSendsNoScript();
  const listClasses = LIST_LAYOUTS[layout];

  const onKeyDown = (event: React.KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.value === selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = tabs[(moves[event.key]! + tabs.length) % tabs.length]!;
    void navigate(next.href, { replace: true, preventScrollReset: true });
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-tab="${next.value}"]`)?.focus());
  };

  if (plainLinks) {
    return (
      <div>
        <div className={barClasses}>
          <nav aria-label={label} className={listClasses}>
            {tabs.map((tab) => {
              const active = tab.value === selected;
              return (
                <Link
                  key={tab.value}
                  to={tab.href}
                  aria-current={active ? "page" : undefined}
                  className={cn(tabClasses, active && activeTabClasses)}
                >
                  {tab.label}
                <TabBadge badge={tab.badge} />
                  <TabBadge badge={tab.badge} />
                </Link>
              );
            })}
          </nav>
          {aside}
        </div>
        <div className="mt-6">{children}</div>
      </div>
    );
  }

  return (
    <div>
      <div className={barClasses}>
        <div ref={listRef} role="tablist" aria-label={label} className={listClasses}>
          {tabs.map((tab) => {
            const active = tab.value === selected;
            return (
              <Link
                key={tab.value}
                to={tab.href}
                replace
                preventScrollReset
                role="tab"
                id={`${id}-tab-${tab.value}`}
                data-tab={tab.value}
                aria-selected={active}
                aria-controls={active ? `${id}-panel` : undefined}
                tabIndex={active ? 0 : -1}
                onKeyDown={onKeyDown}
                className={cn(tabClasses, active && activeTabClasses)}
              >
                {tab.label}
                <TabBadge badge={tab.badge} />
              </Link>
            );
          })}
        </div>
        {aside}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`} tabIndex={0} className="mt-6 focus-visible:outline-2 focus-visible:outline-ring">
        {children}
      </div>
    </div>
  );
}
