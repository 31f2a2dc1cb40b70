import { and, asc, eq, notExists, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { DEMO_HOURS, DEMO_REFUSAL } from "~/content/demo";
import { getDb, type Db } from "~/.server/db/client";
import { account, practiceMembers, practices, user } from "~/.server/db/schema";
import { redirectWithFlash } from "~/.server/http/flash";
import { signedCookie } from "~/.server/http/signed-cookie";
import { refererPath } from "~/lib/safe-path";
import { siteOrigin } from "~/.server/env";

/**
 * The live demo of the Clinical Portal. A visitor who opens /demo gets a
 * signed cookie; while they have no session of their own, the portal's guard
 * (requireUser) reads their requests as the demo practice's admin, a user row
 * with no credential (nobody can sign in as it). The demo sees the portal's
 * pages and their downloads and nothing else, and every write is refused
 * before an action body runs (`demoRefusal`), so no action can forget it.
 * The demo practice (practices.demo) is synthetic data made by
 * `npm run seed:demo -- --demo-practice`; the jobs and mails that pick
 * practices' records by themselves leave it out.
 */
const demoCookie = signedCookie("portal.demo", { maxAge: DEMO_HOURS * 3600 });

/** The Set-Cookie value that opens the demo in this browser. */
export async function enterDemoCookie(): Promise<string> {
  return demoCookie().serialize({ demo: 1 });
}

/** The Set-Cookie value that closes it. */
export async function leaveDemoCookie(): Promise<string> {
  return demoCookie().serialize("", { maxAge: 0 });
}

/** Whether the request carries a genuine demo cookie (one a browser made up parses as nothing). */
export async function hasDemoCookie(request: Request): Promise<boolean> {
  const header = request.headers.get("cookie");
  if (!header?.includes("portal.demo=")) return false;
  const value: unknown = await demoCookie().parse(header).catch(() => null);
  return typeof value === "object" && value !== null && (value as { demo?: unknown }).demo === 1;
}

/** The addresses the demo opens: the portal's pages, their data and downloads. Anything else reads as signed out. */
export function isDemoPath(pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "");
  return ["/members", "/forms-library", "/education"].some((area) => path === area || path.startsWith(`${area}/`));
}

export type DemoIdentity = { userId: string; email: string; name: string; practiceId: string; practiceName: string };

/**
 * Who the demo reads as: the demo practice's admin, a member with no
 * credential account. Null when the database has no demo practice (the demo
 * is not set up).
 */
export async function demoIdentity(db: Db = getDb()): Promise<DemoIdentity | null> {
  const [row] = await db
    .select({ userId: user.id, email: user.email, name: user.name, practiceId: practices.id, practiceName: practices.name })
    .from(practices)
    .innerJoin(practiceMembers, and(eq(practiceMembers.practiceId, practices.id), eq(practiceMembers.role, "admin")))
    .innerJoin(user, eq(user.id, practiceMembers.userId))
    .where(and(eq(practices.demo, true), eq(user.disabled, false), notExists(db.select({ one: sql`1` }).from(account).where(eq(account.userId, user.id)))))
    .orderBy(asc(practices.createdAt), asc(practiceMembers.createdAt))
    .limit(1);
  return row ?? null;
}

/** Whether the method changes something: every request but a read is a write to the demo. */
export function isWrite(request: Request): boolean {
  return request.method !== "GET" && request.method !== "HEAD";
}

/**
 * The answer to any write made in the demo: back to the page it was sent from
 * (the Referer when it is a page of the demo, else the address itself), with
 * the toast "This is a demo: nothing is saved". Nothing was read or written.
 */
export async function demoRefusal(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const own = `${url.pathname.replace(/\.data$/, "")}${searchWithout(url)}`;
  const fallback = isDemoPath(url.pathname) ? own : "/members";
  const referer = request.headers.get("referer");
  const back = refererPath(referer, url.origin, refererPath(referer, siteOrigin(), fallback));
  return redirectWithFlash(isDemoPath(new URL(back, "http://site.invalid").pathname) ? back : fallback, DEMO_REFUSAL);
}

function searchWithout(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const internal of ["_routes", "index"]) params.delete(internal);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** A redirect to the portal's home, for /demo when the demo opens. */
export async function enterDemo(): Promise<Response> {
  return redirect("/members", { headers: { "Set-Cookie": await enterDemoCookie() } });
}
