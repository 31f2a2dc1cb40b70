import { Building2, Headphones, Mail, Phone, Users } from "lucide-react";
import { Link, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { PortalHeader } from "~/components/portal/portal-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import { telHref } from "~/config/site";
import { timeZoneOf } from "~/content/time-zones";
import { TimeZoneProvider } from "~/lib/time-zone";
import { useSite } from "~/lib/use-site";
import { requireUser } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { practiceOfUser } from "~/.server/practices";

// Signed-in only: no session redirects to /auth before anything is rendered.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Times read in the practice's zone (its members set it on /members/practice).
  const practice = await practiceOfUser(getDb(), user.id);
  return { email: user.email, timeZone: timeZoneOf(practice?.timeZone) };
}

/** The four tabs of SPEC "Clinical Portal", each its own address (links: they work without JavaScript). */
const PORTAL_TABS = [
  { value: "status", label: "STATUS", href: "/members" },
  { value: "ivr", label: "IVR FORM", href: "/members/ivrs/new" },
  { value: "order", label: "ORDER FORM", href: "/members/orders" },
  { value: "invoice", label: "PAY INVOICE", href: "/members/invoices" },
] as const;

function tabOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, "");
  if (path === "/members/ivrs/new") return "ivr";
  if (path.startsWith("/members/orders")) return "order";
  if (path.startsWith("/members/invoices")) return "invoice";
  return "status";
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { pathname } = useLocation();
  return (
    <TimeZoneProvider value={loaderData.timeZone}>
      <PortalHeader email={loaderData.email} title="Clinical Portal" />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
        <LinkTabs label="Portal views" tabs={PORTAL_TABS} selected={tabOf(pathname)} layout="pairs">
          <Outlet />
        </LinkTabs>
        <nav aria-label="Your practice" className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
          <span className="font-semibold text-muted-foreground">Your practice:</span>
          <Link to="/members/practice" className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline">
            <Building2 aria-hidden className="size-4" />
            Facilities and providers
          </Link>
          <Link to="/members/patients" className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline">
            <Users aria-hidden className="size-4" />
            Patients
          </Link>
        </nav>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <Headphones aria-hidden className="size-5 text-primary" />
              Need Assistance?
            </CardTitle>
            <CardDescription>
              Our support team answers by email around the clock and by phone Mon-Fri 8AM-6PM EST.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button asChild>
              <a href={`mailto:${site.supportEmail}?subject=${encodeURIComponent("Clinical Portal support")}`}>
                <Mail aria-hidden />
                Contact Support
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={telHref(site.phone)}>
                <Phone aria-hidden />
                Call {site.phone}
              </a>
            </Button>
          </CardContent>
        </Card>
      </div>
    </TimeZoneProvider>
  );
}
