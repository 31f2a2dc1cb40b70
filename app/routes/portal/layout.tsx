import { BellRing, Building2, Headphones, Mail, MessagesSquare, Package, Phone, Users, ShieldCheck } from "lucide-react";
import { Link, Outlet, redirect, useLocation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/layout";
import { PortalHeader } from "~/components/portal/portal-header";
import { RecallBanner } from "~/components/portal/recall-banner";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import { telHref } from "~/config/site";
import { timeZoneOf } from "~/content/time-zones";
import { TimeZoneProvider } from "~/lib/time-zone";
import { useSite } from "~/lib/use-site";
import { requireUser } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { practiceRecallBanner } from "~/.server/inventory";
import { portalBrand } from "~/.server/branding";
import { membershipOfUser } from "~/.server/practices";
import { threadOfPath, unreadThreadCounts } from "~/.server/conversations";
import { countsFollowThreads, unreadText } from "~/lib/conversations";
import { permissionsOf, PRACTICE_ROLE_LABEL, ROLE_PERMISSIONS, roleMay, type PracticePermission } from "~/lib/practice-roles";

// Signed-in only: no session redirects to /auth before anything is rendered.
// The unread counts follow the thread pages, which read their thread.
export const shouldRevalidate: ShouldRevalidateFunction = (args) => countsFollowThreads(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // A sales partner has no practice: their area is /partners.
  if (user.role === "partner") throw redirect("/partners");
  // Times read in the practice's zone (its admin sets it on /members/practice).
  const db = getDb();
  const membership = await membershipOfUser(db, user.id);
  const practice = membership?.practice ?? null;
  // On every portal page of the roles that hold stock, so a recall is seen: one grouped query over the recalls' units of the practice.
  const recalls = practice && roleMay(membership!.role, "stock") ? await practiceRecallBanner(db, practice.id) : [];
  // The tabs and links the member's role opens (a member in no practice sees them all, each with its empty state).
  const may = membership ? permissionsOf(membership.role) : [...ROLE_PERMISSIONS.admin];
  // The practice's logo and accent (and the partner it came through) over the header; null: the header as always.
  const brand = practice ? await portalBrand(db, practice.id) : null;
  // The conversations with staff holding a message the member has not read, on the tabs that lead to them.
  const unread = practice ? await unreadThreadCounts(db, { userId: user.id, side: "member", practiceId: practice.id, opening: threadOfPath(new URL(request.url).pathname) }) : { ivr: 0, order: 0 };
  const badges = { status: { n: unread.ivr, text: `IVRs: ${unreadText(unread.ivr)}` }, order: { n: unread.order, text: `orders: ${unreadText(unread.order)}` } };
  return { email: user.email, timeZone: timeZoneOf(practice?.timeZone), recalls, may, role: membership ? PRACTICE_ROLE_LABEL[membership.role] : null, brand, badges };
}

/** The four tabs of SPEC "Clinical Portal", each its own address (links: they work without JavaScript). */
const PORTAL_TABS = [
  { value: "status", label: "STATUS", href: "/members", may: "ivr.read" },
  { value: "ivr", label: "IVR FORM", href: "/members/ivrs/new", may: "ivr.write" },
  { value: "order", label: "ORDER FORM", href: "/members/orders", may: "orders.read" },
  { value: "invoice", label: "PAY INVOICE", href: "/members/invoices", may: "invoices" },
] as const satisfies readonly { value: string; label: string; href: string; may: PracticePermission }[];

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
  const may = (p: PracticePermission) => loaderData.may.includes(p);
  const linkClass = "inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline";
  return (
    <TimeZoneProvider value={loaderData.timeZone}>
      <PortalHeader email={loaderData.email} title="Clinical Portal" brand={loaderData.brand} />
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-10 sm:px-6">
        <RecallBanner recalls={loaderData.recalls} />
        <LinkTabs
          label="Portal views"
          tabs={PORTAL_TABS.filter((t) => may(t.may)).map((t) => ({ ...t, badge: t.value === "status" || t.value === "order" ? loaderData.badges[t.value] : null }))} selected={tabOf(pathname)} layout="pairs">
          <Outlet />
        </LinkTabs>
        <nav aria-label="Your practice" className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
          <span className="font-semibold text-muted-foreground">Your practice{loaderData.role ? ` (you are ${loaderData.role})` : ""}:</span>
          {may("practice.manage") ? (
            <Link to="/members/practice" className={linkClass}>
              <Building2 aria-hidden className="size-4" />
              People, facilities and providers
            </Link>
          ) : null}
          {may("patients") ? (
            <Link to="/members/patients" className={linkClass}>
              <Users aria-hidden className="size-4" />
              Patients
            </Link>
          ) : null}
          {may("stock") ? (
            <Link to="/members/inventory" className={linkClass}>
              <Package aria-hidden className="size-4" />
              Stock and applications
            </Link>
          ) : null}
          <Link to="/account" className={linkClass}>
            <ShieldCheck aria-hidden className="size-4" />
            Your sessions and two-factor sign-in
          </Link>
          <Link to="/account/notifications" className={linkClass}>
            <BellRing aria-hidden className="size-4" />
            Notifications by mail and text
          </Link>
        </nav>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <Headphones aria-hidden className="size-5 text-primary" />
              Need Assistance?
            </CardTitle>
            <CardDescription>
              Our support team answers by email around the clock, and by chat and phone Mon-Fri 8AM-6PM EST.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/members/chat">
                <MessagesSquare aria-hidden />
                Chat with support
              </Link>
            </Button>
            <Button asChild variant="outline">
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
