import { NavLink } from "react-router";
import { PortalBrandBand } from "~/components/branding/brand-mark";
import type { PortalBrand } from "~/lib/branding";
import { LinkMenu } from "~/components/ui/dropdown-menu";
import { cn } from "~/lib/utils";
import { useRootData } from "~/lib/use-site";
import { DemoBanner } from "./demo-banner";
import { SignOutButton } from "./sign-out-button";
import { SignedInSignal } from "./signed-in-signal";

export const portalLinks = [
  { to: "/members", label: "Clinical Portal" },
  { to: "/forms-library", label: "Forms Library" },
  { to: "/education", label: "Education" },
  { to: "/members/chat", label: "Chat with support" },
] as const;

/**
 * Welcome line, the portal menu and Sign Out, shared by the signed-in pages.
 * The portal's pages are also linked plainly below the welcome, so they are
 * one Tab away without opening the menu (and reachable without JavaScript).
 * A practice with branding (or one a partner brought) gets its band on top.
 */
export function PortalHeader({ email, title, brand = null }: { email: string; title: string; brand?: PortalBrand | null }) {
  // The live demo: its banner above the page, and no Sign Out (nobody signed in; the banner leaves the demo).
  const demo = useRootData()?.demo === true;
  return (
    <div className="border-b border-border bg-muted">
      {demo ? <DemoBanner /> : <SignedInSignal />}
      <PortalBrandBand brand={brand} />
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 pt-6 pb-3 sm:px-6">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">{title}</h1>
          <p className="mt-1 break-words text-muted-foreground">
            Welcome, <span className="font-semibold text-foreground">{email}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LinkMenu label="Portal menu" items={portalLinks} className="border border-input bg-background" />
          {demo ? null : <SignOutButton />}
        </div>
      </div>
      <nav aria-label="Portal pages" className="mx-auto max-w-7xl px-4 pb-2 sm:px-6">
        <ul className="-mx-3 flex flex-wrap">
          {portalLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                className={({ isActive }) =>
                  cn(
                    "inline-block rounded-md px-3 py-2 text-sm hover:text-primary focus-visible:outline-2 focus-visible:outline-ring",
                    isActive ? "font-semibold text-primary underline decoration-2 underline-offset-8" : "font-medium text-muted-foreground",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
