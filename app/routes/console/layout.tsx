import { Boxes, Building2, MessagesSquare, ClipboardCheck, Handshake, Inbox, KeyRound, LibraryBig, ListChecks, LogOut, Mail, MailX, MessageSquare, MessageSquareText, Package, ShieldAlert, TriangleAlert, UserRound, Users, Workflow } from "lucide-react";
import type * as React from "react";
import { isRouteErrorResponse, Link, NavLink, Outlet, useFetcher, useLocation, useRevalidator, useRouteError, useRouteLoaderData, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/layout";
import type { ConsoleOutlet } from "~/components/admin/console-live";
import { useLiveStatus, type LiveEvent } from "~/components/portal/live-status";
import { Button } from "~/components/ui/button";
import { privateMeta } from "~/lib/meta";
import { TimeZoneProvider } from "~/lib/time-zone";
import { useSite } from "~/lib/use-site";
import { cn } from "~/lib/utils";
import { requireRole, timeZoneOfUser } from "~/.server/accounts";
import { countFailedMail } from "~/.server/mail";
import { countFailedTexts, smsEnabled } from "~/.server/notifications";
import { getDb } from "~/.server/db/client";
import { mailDeliveryOff } from "~/.server/env";
import { countWaitingIvrs } from "~/.server/ivr";
import { countWaitingOrders } from "~/.server/orders";
import { threadOfPath, unreadThreadCounts } from "~/.server/conversations";
import { countsFollowThreads, unreadText } from "~/lib/conversations";
import { countFailedJobs } from "~/.server/jobs";
import { countPendingAccessRequests } from "~/.server/partners/access-requests";
import { countWaitingChats } from "~/.server/chat";
import { BACKGROUND_FETCHER_PREFIX, quietly } from "~/lib/quiet-loads";

export const meta: Route.MetaFunction = ({ matches, error }) =>
  privateMeta(matches, error ? `${consoleErrorOf(error).title} | Staff console` : "Staff console");

// The unread counts follow the thread pages, which read their thread.
export const shouldRevalidate: ShouldRevalidateFunction = (args) => countsFollowThreads(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, "staff");
  // On every console page, so mail that could not be sent is seen, not found by chance.
  const db = getDb();
  const textsOn = smsEnabled();
  const [failedMail, waitingIvrs, waitingOrders, failedJobs, pendingAccessRequests, timeZone, failedTexts, unread, waitingChats] = await Promise.all([
    countFailedMail(db),
    countWaitingIvrs(db),
    countWaitingOrders(db),
    countFailedJobs(db),
    countPendingAccessRequests(db),
    timeZoneOfUser(db, user.id),
    textsOn ? countFailedTexts(db) : Promise.resolve(0),
    // The practices' messages this staff member has not read (the page being opened reads its own).
    unreadThreadCounts(db, { userId: user.id, side: "staff", practiceId: null, opening: threadOfPath(new URL(request.url).pathname) }),
    countWaitingChats(db),
  ]);
  // `at` tells the menu which counts are newer: these, or those a live event fetched since.
  return {
    user: { email: user.email, role: user.role },
    failedMail,
    waitingIvrs,
    waitingOrders,
    failedJobs,
    pendingAccessRequests,
    waitingChats,
    textsOn,
    failedTexts,
    unread,
    mailOff: mailDeliveryOff(),
    timeZone,
    at: Date.now(),
  };
}

type ConsoleData = Awaited<ReturnType<typeof loader>>;

/**
 * The console's own frame: a compact bar with its sections, who is signed in
 * and Sign Out, instead of the public site's header and footer (the root
 * layout leaves those out under /admin). Errors of console pages (403, 404)
 * keep this frame.
 */
function ConsoleFrame({ data, children }: { data: ConsoleData | undefined; children: React.ReactNode }) {
  const site = useSite();
  const user = data?.user;
  const links: { to: string; label: string; icon: typeof Inbox; end: boolean; count?: { n: number; text: string }; unread?: { n: number; text: string } }[] = [
    { to: "/admin", label: "Inbox", icon: Inbox, end: true },
    {
      to: "/admin/chats",
      label: "Chat",
      icon: MessagesSquare,
      end: false,
      count: data ? { n: data.waitingChats, text: `${data.waitingChats} waiting for an answer` } : undefined,
    },
    {
      to: "/admin/ivrs",
      label: "IVRs",
      icon: ClipboardCheck,
      end: false,
      count: data ? { n: data.waitingIvrs, text: `${data.waitingIvrs} waiting on staff` } : undefined,
      unread: data ? { n: data.unread.ivr, text: unreadText(data.unread.ivr) } : undefined,
    },
    {
      to: "/admin/orders",
      label: "Orders",
      icon: Package,
      end: false,
      count: data ? { n: data.waitingOrders, text: `${data.waitingOrders} waiting on staff` } : undefined,
      unread: data ? { n: data.unread.order, text: unreadText(data.unread.order) } : undefined,
    },
    { to: "/admin/inventory", label: "Inventory", icon: Boxes, end: false },
    { to: "/admin/recalls", label: "Recalls", icon: ShieldAlert, end: false },
    { to: "/admin/practices", label: "Practices", icon: Building2, end: false },
    {
      to: "/admin/access-requests",
      label: "Access requests",
      icon: KeyRound,
      end: false,
      count: data ? { n: data.pendingAccessRequests, text: `${data.pendingAccessRequests} waiting on staff` } : undefined,
    },
    { to: "/admin/partners", label: "Partners", icon: Handshake, end: false },
    { to: "/admin/library", label: "Forms Library", icon: LibraryBig, end: false },
    { to: "/admin/outbox", label: "Outbox", icon: Mail, end: false },
    ...(data?.textsOn ? [{ to: "/admin/texts", label: "Texts", icon: MessageSquareText, end: false }] : []),
    { to: "/admin/jobs", label: "Jobs", icon: Workflow, end: false },
    ...(user?.role === "admin"
      ? [
          { to: "/admin/users", label: "Users", icon: Users, end: false },
          { to: "/admin/audit", label: "Audit log", icon: ListChecks, end: false },
        ]
      : []),
  ];
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="border-b border-border bg-background">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          {/* Two rows: who and where on the first, the sections on the second, so the menu never shares its line. */}
          <div className="flex flex-wrap items-center gap-x-6 gap-y-1 py-2">
            <Link to="/admin" className="flex items-baseline gap-2 rounded-md py-1 tracking-tight">
              <span className="font-bold text-navy">{site.companyName}</span>
              <span className="text-sm font-semibold uppercase tracking-wider text-primary">Staff console</span>
            </Link>
            {user ? (
              <div className="ml-auto flex min-w-0 max-w-full items-center gap-2">
                <NavLink
                  to="/admin/profile"
                  title="Your profile: name and time zone"
                  className={({ isActive }) =>
                    cn(
                      "inline-flex min-w-0 items-center gap-2 rounded-md px-1.5 py-1.5 text-sm sm:px-2",
                      isActive ? "bg-primary-soft text-primary" : "text-muted-foreground hover:bg-muted hover:text-foreground",
                    )
                  }
                >
                  <UserRound aria-hidden className="size-4 shrink-0" />
                  <span className="sr-only">Your profile, signed in as </span>
                  {/* On a phone the role wraps under a long address rather than being cut off. */}
                  <span className="min-w-0">
                    <span className="font-medium wrap-anywhere text-foreground">{user.email}</span> ({user.role})
                  </span>
                </NavLink>
                <form method="post" action="/sign-out" className="shrink-0">
                  <Button type="submit" variant="outline" size="sm">
                    <LogOut aria-hidden />
                    Sign Out
                  </Button>
                </form>
              </div>
            ) : null}
          </div>
          {user ? (
            <nav aria-label="Staff console" className="border-t border-border/70">
              <ul className="-mx-2 flex flex-wrap gap-1 py-1.5">
                {links.map(({ to, label, icon: Icon, end, count, unread }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      end={end}
                      className={({ isActive }) =>
                        cn(
                          "inline-flex items-center gap-2 rounded-md px-2.5 py-2 text-sm font-semibold whitespace-nowrap",
                          isActive ? "bg-primary-soft text-primary" : "text-muted-foreground hover:bg-muted hover:text-foreground",
                        )
                      }
                    >
                      <Icon aria-hidden className="size-4" />
                      {label}
                      {count && count.n > 0 ? (
                        <span className="rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground tabular-nums">
                          <span aria-hidden>{count.n}</span>
                          <span className="sr-only">, {count.text}</span>
                        </span>
                      ) : null}
                      {unread && unread.n > 0 ? (
                        <span className="inline-flex items-center gap-0.5 rounded-full border border-primary px-1.5 text-xs leading-4 text-primary tabular-nums">
                          <MessageSquare aria-hidden className="size-3" />
                          <span aria-hidden>{unread.n}</span>
                          <span className="sr-only">, {unread.text}</span>
                        </span>
                      ) : null}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </header>
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        {data?.mailOff ? (
          <p role="status" className="mb-4 flex flex-wrap items-center gap-2 rounded-md border border-warning-border bg-warning-soft px-4 py-3 text-sm font-medium text-warning">
            <MailX aria-hidden className="size-4 shrink-0" />
            Mail delivery is off: set SMTP_URL. Mail waits in the outbox and nothing is sent.
          </p>
        ) : null}
        {data && data.failedMail > 0 ? (
          <FailedNotice text={`${data.failedMail} ${data.failedMail === 1 ? "mail" : "mails"} failed to send`} href="/admin/outbox?state=failed" />
        ) : null}
        {data && data.failedTexts > 0 ? (
          <FailedNotice text={`${data.failedTexts} ${data.failedTexts === 1 ? "text" : "texts"} failed to send`} href="/admin/texts?state=failed" />
        ) : null}
        {data && data.failedJobs > 0 ? (
          <FailedNotice text={`${data.failedJobs} background ${data.failedJobs === 1 ? "job" : "jobs"} failed`} href="/admin/jobs?view=failed" />
        ) : null}
        {children}
      </div>
    </div>
  );
}

/** The kind of record a queue page lists ("/admin/ivrs": IVRs), or null for any other page. */
function queueKind(pathname: string): LiveEvent["kind"] | null {
  const path = pathname.replace(/\/+$/, "");
  return path === "/admin/ivrs" ? "ivr" : path === "/admin/orders" ? "order" : path === "/admin/chats" ? "chat" : null;
}

/** The IVR or order whose page this is (its conversation follows live), or null. */
function recordOf(pathname: string): string | null {
  return /^\/admin\/(?:ivrs|orders|chats)\/([0-9a-f-]{36})\/?$/i.exec(pathname)?.[1] ?? null;
}

/** What failed and waits on staff, on every console page until it is dealt with: "2 mails failed to send — Review". */
function FailedNotice({ text, href }: { text: string; href: string }) {
  return (
    <p
      role="status"
      className="mb-4 flex flex-wrap items-center gap-2 rounded-md border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm font-medium text-destructive"
    >
      <TriangleAlert aria-hidden className="size-4 shrink-0" />
      <span>
        {`${text} — `}
        <Link to={href} className="font-semibold underline underline-offset-4">
          Review
        </Link>
      </span>
    </p>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // The menu's counts, fetched again (the layout's loader alone) on an event the page does not reload for.
  const counts = useFetcher<typeof loader>({ key: `${BACKGROUND_FETCHER_PREFIX}console-counts` });
  const revalidator = useRevalidator();
  const live = useLiveStatus(true, {
    stream: "/admin/events",
    // The queues follow every practice's changes live; any other page keeps its data and only the menu's counts follow.
    // An IVR's or order's page follows its own record (a message from the practice shows without a reload).
    reloads: (event) => queueKind(pathname) === event.kind || recordOf(pathname) === event.id,
    otherwise: () => void quietly(() => counts.load("/admin")),
    // A tab shown again after being hidden (its stream closed meanwhile): a queue reloads, any other page its counts.
    catchUp: () => void quietly(() => (queueKind(pathname) || recordOf(pathname) ? revalidator.revalidate() : counts.load("/admin"))),
  });
  const data = counts.data && counts.data.at > loaderData.at ? counts.data : loaderData;
  return (
    <TimeZoneProvider value={loaderData.timeZone}>
      <ConsoleFrame data={data}>
        <Outlet context={{ live } satisfies ConsoleOutlet} />
      </ConsoleFrame>
    </TimeZoneProvider>
  );
}

function consoleErrorOf(error: unknown): { title: string; text: string } {
  if (isRouteErrorResponse(error) && error.status === 403) {
    return { title: "Access denied", text: "Your account does not have access to this part of the console. An admin can change your role." };
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: "Not found", text: "There is nothing at this address: it may have been mistyped, or the item no longer exists." };
  }
  return { title: "Something went wrong", text: "The page could not be shown. Try again in a moment; if it keeps happening, tell whoever runs the site." };
}

/** A console page's error inside the console's frame, leading back to the inbox (or, for a member, to the portal). */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/console/layout");
  const { title, text } = consoleErrorOf(error);
  return (
    <ConsoleFrame data={data}>
      <section className="flex max-w-2xl flex-col items-start gap-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight text-navy">{title}</h1>
        <p className="text-muted-foreground">{text}</p>
        <Button asChild>{data ? <Link to="/admin">Back to the inbox</Link> : <a href="/members">Go to the Clinical Portal</a>}</Button>
      </section>
    </ConsoleFrame>
  );
}
