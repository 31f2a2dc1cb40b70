import { Menu, X } from "lucide-react";
import * as React from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import type { SiteConfig } from "~/config/site";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";
import { headerLinks } from "./nav-links";

export function SiteHeader({ site }: { site: SiteConfig }) {
  const [open, setOpen] = React.useState(false);
  const location = useLocation();

  // Close the mobile menu whenever the page or anchor changes.
  React.useEffect(() => setOpen(false), [location.pathname, location.hash]);

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
          <Button asChild className="hidden sm:inline-flex">
            <Link to="/intake">Get Started</Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="xl:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden className="!size-6" /> : <Menu aria-hidden className="!size-6" />}
          </Button>
        </div>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!open}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-background xl:hidden"
      >
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
          {headerLinks.map((link) => (
            <li key={link.to}>
              <HeaderLink to={link.to} label={link.label} className="block px-3 py-3 text-base" />
            </li>
          ))}
          <li className="pt-2">
            <Button asChild className="w-full">
              <Link to="/intake">Get Started</Link>
            </Button>
          </li>
        </ul>
      </nav>
    </header>
  );
}

function HeaderLink({ to, label, className }: { to: string; label: string; className?: string }) {
  const base = "rounded-md px-2.5 py-2 text-sm font-medium text-foreground/85 transition-colors hover:bg-muted hover:text-primary";
  // Anchors on the landing page are never "active" pages of their own.
  if (to.includes("#")) {
    return (
      <Link to={to} className={cn(base, className)}>
        {label}
      </Link>
    );
  }
  return (
    <NavLink to={to} className={({ isActive }) => cn(base, isActive && "text-primary font-semibold", className)}>
      {label}
    </NavLink>
  );
}
