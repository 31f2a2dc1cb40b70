import { FileText, Handshake, LayoutDashboard, Palette } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { SignOutButton } from "~/components/portal/sign-out-button";
import { SignedInSignal } from "~/components/portal/signed-in-signal";
import { PARTNER_PRIVACY_NOTE } from "~/content/partners";
import { timeZoneOf } from "~/content/time-zones";
import { TimeZoneProvider } from "~/lib/time-zone";
import { cn } from "~/lib/utils";
import { requirePartner } from "~/.server/partners";

/** Only a sales partner: anyone else signed in gets 403, a visitor the sign-in page. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, partner } = await requirePartner(request);
  // Times read in the company's zone: a partner has no practice zone of their own.
  return { email: user.email, name: partner.name, timeZone: timeZoneOf(null) };
}

const NAV = [
  { to: "/partners", label: "Overview", icon: LayoutDashboard, end: true },
  { to: "/partners/practices", label: "Practices", icon: Handshake, end: false },
  { to: "/partners/statements", label: "Statements", icon: FileText, end: false },
  { to: "/partners/branding", label: "Branding", icon: Palette, end: false },
] as const;

/** The partner area's frame: its title, who is signed in, its pages and Sign Out. */
export default function PartnerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <TimeZoneProvider value={loaderData.timeZone}>
      <div className="border-b border-border bg-muted">
        <SignedInSignal />
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 pt-6 pb-3 sm:px-6">
          <div className="min-w-0">
            <p className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">Partner area</p>
            <p className="mt-1 break-words text-muted-foreground">
              Welcome, <span className="font-semibold text-foreground">{loaderData.name}</span>
              <span className="sr-only"> ({loaderData.email})</span>
            </p>
          </div>
          <SignOutButton />
        </div>
        <nav aria-label="Partner pages" className="mx-auto max-w-7xl px-4 pb-2 sm:px-6">
          <ul className="-mx-3 flex flex-wrap">
            {NAV.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    cn(
                      "inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm hover:text-primary focus-visible:outline-2 focus-visible:outline-ring",
                      isActive ? "font-semibold text-primary underline decoration-2 underline-offset-8" : "font-medium text-muted-foreground",
                    )
                  }
                >
                  <link.icon aria-hidden className="size-4" />
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6">
        <Outlet />
        <p className="text-sm text-muted-foreground">{PARTNER_PRIVACY_NOTE}</p>
      </div>
    </TimeZoneProvider>
  );
}
