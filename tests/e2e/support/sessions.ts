import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import { portalAccounts, testAccounts } from "./accounts";
import { endToEndPractice, orderPractice } from "./seed-orders";
import { stockPractice } from "./seed-stock";

/**
 * Signed-in browser states, one per account and server, made by the setup
 * project (sign-in.setup.ts) through the sign-in form before any spec runs.
 * A test that only needs to be signed in opens its page with one of these
 * instead of going through /auth again; the sign-in form itself is tested in
 * sign-in.setup.ts, sign-in-to-the-portal.spec.ts, come-back-after-sign-in.spec.ts
 * and by every test that changes or ends a session (signing out, disabling an
 * account, changing a role), which keep their own sign-in.
 *
 * Each server has its own database and signing secret (support/serve.mjs), so
 * a session made on one is unknown to the other: an account used on both has
 * one state per server. Their cookies have the same name and host (ports do
 * not separate cookies), so one browser context holds one server's session.
 *
 * Nothing here may end these sessions: no test that signs out uses them.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const MAIN_ORIGIN = `http://127.0.0.1:${PORT}`;
/** The second server, with mail delivery off (playwright.config.ts). */
export const MAIL_OFF_ORIGIN = `http://127.0.0.1:${PORT + 1}`;
/** The third, whose sessions end after one idle minute (SESSION_IDLE_MINUTES=1). */
export const SHORT_SESSION_ORIGIN = `http://127.0.0.1:${PORT + 2}`;

type Session = { account: { email: string; password: string }; origin: string; landing: RegExp };

const portal = /\/members$/;
const console_ = /\/admin$/;

export const sessions = {
  member: { account: testAccounts.member, origin: MAIN_ORIGIN, landing: portal },
  staff: { account: testAccounts.staff, origin: MAIN_ORIGIN, landing: console_ },
  admin: { account: testAccounts.admin, origin: MAIN_ORIGIN, landing: console_ },
  sender: { account: portalAccounts.sender, origin: MAIN_ORIGIN, landing: portal },
  drafter: { account: portalAccounts.drafter, origin: MAIN_ORIGIN, landing: portal },
  watcher: { account: portalAccounts.watcher, origin: MAIN_ORIGIN, landing: portal },
  outsider: { account: portalAccounts.outsider, origin: MAIN_ORIGIN, landing: portal },
  uploader: { account: portalAccounts.uploader, origin: MAIN_ORIGIN, landing: portal },
  orders: { account: orderPractice.member, origin: MAIN_ORIGIN, landing: portal },
  buyer: { account: orderPractice.buyer, origin: MAIN_ORIGIN, landing: portal },
  cedar: { account: endToEndPractice.member, origin: MAIN_ORIGIN, landing: portal },
  birch: { account: stockPractice.member, origin: MAIN_ORIGIN, landing: portal },
  adminMailOff: { account: testAccounts.admin, origin: MAIL_OFF_ORIGIN, landing: console_ },
  staffMailOff: { account: testAccounts.staff, origin: MAIL_OFF_ORIGIN, landing: console_ },
  outsiderMailOff: { account: portalAccounts.outsider, origin: MAIL_OFF_ORIGIN, landing: portal },
} satisfies Record<string, Session>;

export type SessionName = keyof typeof sessions;

/** The file of an account's signed-in state (cookies), for `test.use({ storageState })` or `browser.newContext`. */
export function sessionFile(name: SessionName): string {
  return path.join(process.env.E2E_RUN_DIR!, "sessions", `${name}.json`);
}

/** A page in a new browser context, signed in as the account, at its landing page (the console's inbox or the portal's board). */
export async function signedInPage(browser: Browser, name: SessionName): Promise<Page> {
  const context = await browser.newContext({ storageState: sessionFile(name) });
  const page = await context.newPage();
  await openLanding(page, name);
  return page;
}

/** A page in a new browser context, signed in as the account, with nothing opened yet (for requests, or a page opened next). */
export async function signedInContextPage(browser: Browser, name: SessionName): Promise<Page> {
  const context = await browser.newContext({ storageState: sessionFile(name) });
  return context.newPage();
}

/** Opens the account's landing page, hydrated, as sign-in would have left it. */
export async function openLanding(page: Page, name: SessionName) {
  const { origin, landing } = sessions[name];
  await page.goto(`${origin}${landing === portal ? "/members" : "/admin"}`);
  // Not sent to /auth: the session is good.
  await expect(page).toHaveURL(landing);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Signs the page's browser context in as the account (its kept session) and
 * opens `path` (by default the account's landing page), hydrated, checking the
 * session took: the page is the one asked for, not /auth.
 */
export async function useSession(page: Page, name: SessionName, path?: string) {
  const { cookies } = JSON.parse(readFileSync(sessionFile(name), "utf8")) as { cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0] };
  await page.context().addCookies(cookies);
  if (!path) return openLanding(page, name);
  const url = `${sessions[name].origin}${path}`;
  await page.goto(url);
  await expect(page).toHaveURL(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
