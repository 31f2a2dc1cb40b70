import * as React from "react";
import { isRoleRefusal, PERMISSION_NAME, PRACTICE_ROLE_LABEL, PRACTICE_ROLE_SUMMARY, PRACTICE_ROLES, roleMay } from "~/lib/practice-roles";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { FocusHashTarget } from "~/components/layout/focus-hash-target";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { Toaster } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import type { RootData } from "~/lib/use-site";
import { useNonce } from "~/lib/nonce";
import { SCRIPTS_AFTER_PAINT, usePageSendsNoScript } from "~/lib/page-scripts";
import { NotFound } from "~/components/layout/not-found";
import { FlashToast } from "~/components/layout/flash-toast";
import { ResendPendingSubmissions } from "~/components/forms/resend-pending";
import { siteConfig, env } from "~/.server/env";
import { takeFlash } from "~/.server/http/flash";
import { hasSessionCookie } from "~/.server/accounts/session-cookies";
import { keptFormForPage, sessionMiddleware } from "~/.server/accounts";
import { readYourWritesMiddleware } from "~/.server/db/read-your-writes";
import { SessionFollowers } from "~/components/session/session-followers";
import { demoWritesMiddleware, inDemo } from "~/.server/demo/middleware";

// The stylesheet is rendered in the layout with a precedence, so React puts it
// before the script preloads that <Scripts> adds to <head>.
export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// Every answer to a signed-in request renews its session (cookie included): see sessionMiddleware.
// With a read replica, a browser reads its own writes: see readYourWritesMiddleware.
// In the live demo, every write is answered "nothing is saved" before any route's action runs: see demoWritesMiddleware.
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, demoWritesMiddleware, readYourWritesMiddleware];

export async function loader({ request, url }: Route.LoaderArgs) {
  const [{ flash, headers }, kept, demo] = await Promise.all([takeFlash(request, url), keptFormForPage(request, url), inDemo(request, url)]);
  const root: RootData = {
    site: siteConfig(),
    flash,
    // With a session cookie only, so a visitor's page (and the cached public pages) stays the same.
    session: hasSessionCookie(request) ? { idleMinutes: env().SESSION_IDLE_MINUTES } : null,
    keptForm: kept.form,
    demo,
  };
  const answer = new Headers(headers);
  for (const [name, value] of new Headers(kept.headers)) answer.append(name, value);
  return data(root, { headers: answer });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData("root") as RootData | undefined;
  // A cached page has no nonce (its policy names its inline scripts by hash): no empty nonce attributes then.
  const nonce = useNonce() || undefined;
  // The staff console has a frame of its own (routes/admin.tsx): no public header or footer there.
  const { pathname } = useLocation();
  const inConsole = pathname === "/admin" || pathname.startsWith("/admin/");
  // A page whose route opts out (handle.hydrate === false) is sent with no script at all.
  // In the browser the layout only renders inside a running app (a hydrated page led
  // here), whose scripts and scroll restoration stay.
  const scripts = !usePageSendsNoScript() || typeof document !== "undefined";
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The browser's own frame reads no stylesheet: --color-primary of app.css, spelled out (theme.test.ts holds them equal). */}
        <meta name="theme-color" content="#0b6e8a" />
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        {data && !inConsole ? <SiteHeader site={data.site} /> : null}
        <main id="main" className={inConsole ? "flex-1" : "flex-1 pt-16"}>
          {children}
        </main>
        {data && !inConsole ? <SiteFooter site={data.site} /> : null}
        <Toaster />
        <FlashToast flash={data?.flash ?? null} />
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            {/* The server sends the app's modules inert; this starts them after the first paint. */}
            <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPTS_AFTER_PAINT }} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has taken over, for tests and scripts that must wait for it.
  React.useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <Outlet />
      <FocusHashTarget />
      <ResendPendingSubmissions />
      <SessionFollowers />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  if (isRouteErrorResponse(error) && error.status === 403 && isRoleRefusal(error.data)) {
    const { role, needs } = error.data;
    const holders = PRACTICE_ROLES.filter((r) => roleMay(r, needs)).map((r) => PRACTICE_ROLE_LABEL[r].toLowerCase());
    return (
      <section className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-24 sm:px-6">
        <title>Not part of your role | Clinical Portal</title>
        <h1 className="text-3xl font-bold tracking-tight">Not part of your role</h1>
        <p>
          You are <strong>{PRACTICE_ROLE_LABEL[role]}</strong> in your practice: {PRACTICE_ROLE_SUMMARY[role]}.
        </p>
        <p className="text-muted-foreground">
          This page is for {PERMISSION_NAME[needs]}, which is for {holders.length > 1 ? `${holders.slice(0, -1).join(", ")} and ${holders.at(-1)}` : holders[0]}{" "}
          members. Your practice admin can change your role.
        </p>
        <Button asChild>
          <a href="/members">Go to the STATUS board</a>
        </Button>
      </section>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <section className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-24 sm:px-6">
        <title>Access denied</title>
        <h1 className="text-3xl font-bold tracking-tight">Access denied</h1>
        <p className="text-muted-foreground">Your account does not have access to this page.</p>
        <Button asChild>
          <a href="/members">Go to the Clinical Portal</a>
        </Button>
      </section>
    );
  }
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-24 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Unexpected Application Error!</h1>
      <p className="text-muted-foreground">
        {isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : "Something went wrong on our side. Please try again, or contact us if it keeps happening."}
      </p>
      {detail ? <pre className="w-full overflow-x-auto rounded-md bg-muted p-4 text-xs">{detail}</pre> : null}
      <Button asChild>
        <a href="/">Return to Home</a>
      </Button>
    </section>
  );
}
