import { Menu, X } from "lucide-react";
import * as React from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import type { SiteConfig } from "~/config/site";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";
import { headerLinks } from "./nav-links";

/**
 * The fixed top bar. On narrow screens its links sit in a disclosure that is
 * HTML (`<details>`), so it opens and closes without JavaScript (the pages
 * sent without any, and any page in a browser without it); with JavaScript, Escape
 * closes it and gives focus back to its button, and it closes when focus
 * leaves it or the page changes, so focus never reaches links it covers.
 */
export function SiteHeader({ site }: { site: SiteConfig }) {
  const [open, setOpen] = React.useState(false);
  const location = useLocation();
  const summaryRef = React.useRef<HTMLElement>(null);
  const hydrated = useHydrated();

  // Close the mobile menu whenever the page or anchor changes.
  const place = location.pathname + location.hash;
  const [openAt, setOpenAt] = React.useState(place);
  if (openAt !== place) {
    setOpenAt(place);
    setOpen(false);
  }

  // The menu's state is read from and written to the element itself: the toggle event that tells
  // React it opened may not have rendered yet when a key comes, and a state already false would
  // render nothing to close it.
  const close = (details: HTMLDetailsElement, returnFocus: boolean) => {
    details.open = false;
    setOpen(false);
    if (returnFocus) summaryRef.current?.focus();
  };

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo companyName={site.companyName} />
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {headerLinks.map((link) => (
              <li key={link.to}>
                <HeaderLink to={link.to} label={link.label} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Button asChild display="from-sm">
            <Link to="/intake">Get Started</Link>
          </Button>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape and blur from the menu's button and links bubble here */}
          <details
            className="group xl:hidden"
            open={open}
            onToggle={(event) => setOpen(event.currentTarget.open)}
            onKeyDown={(event) => {
              if (event.key === "Escape" && event.currentTarget.open) {
                event.preventDefault();
                close(event.currentTarget, true);
              }
            }}
            onBlur={(event) => {
              const next = event.relatedTarget as Node | null;
              if (event.currentTarget.open && next && !event.currentTarget.contains(next)) close(event.currentTarget, false);
            }}
          >
            {/* Icon and name follow the open state in CSS, so they are right on a page without JavaScript;
                the browser exposes a summary's expanded state itself until the page is hydrated. */}
            <summary
              ref={summaryRef}
              role="button"
              aria-controls="mobile-menu"
              aria-expanded={hydrated ? open : undefined}
              className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}
            >
              <Menu aria-hidden className="!size-6 group-open:hidden" />
              <X aria-hidden className="hidden !size-6 group-open:block" />
              <span className="sr-only group-open:hidden">Open menu</span>
              <span className="sr-only hidden group-open:inline">Close menu</span>
            </summary>
            <nav
              id="mobile-menu"
              aria-label="Mobile"
              className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-border bg-background shadow-lg"
            >
              <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
                {headerLinks.map((link) => (
                  <li key={link.to}>
                    <HeaderLink to={link.to} label={link.label} mobile />
                  </li>
                ))}
                <li className="pt-2">
                  <Button asChild className="w-full">
                    <Link to="/intake">Get Started</Link>
                  </Button>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

function HeaderLink({ to, label, mobile = false }: { to: string; label: string; mobile?: boolean }) {
  const classes = (active: boolean) =>
    cn(
      "rounded-md transition-colors hover:bg-muted hover:text-primary",
      mobile ? "block px-3 py-3 text-base" : "px-2.5 py-2 text-sm",
      active ? "font-semibold text-primary" : "font-medium text-foreground/85",
    );
  // Anchors on the landing page are never "active" pages of their own.
  if (to.includes("#")) {
    return (
      <Link to={to} className={classes(false)}>
        {label}
      </Link>
    );
  }
  return (
    <NavLink to={to} className={({ isActive }) => classes(isActive)}>
      {label}
    </NavLink>
  );
}
