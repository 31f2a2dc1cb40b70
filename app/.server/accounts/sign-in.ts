import { data, redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import { refererPath, safeRedirectPath } from "~/lib/safe-path";
import { SIGN_IN_LINK_MINUTES } from "~/lib/sign-in-link";
import { afterAnswer } from "~/.server/after-answer";
import { findUserByEmail } from "~/.server/accounts/accounts";
import { audit } from "~/.server/audit";
import { authHeaders, forgetAccountCookie, getAuth, isStaff } from "~/.server/accounts/auth";
import { getDb, type Db } from "~/.server/db/client";
import { env } from "~/.server/env";
import { redirectWithFlash } from "~/.server/http/flash";
import { log } from "~/.server/log";
import { clearRateLimit, hitRateLimit } from "~/.server/http/rate-limit";
import { clientInfo } from "~/.server/request-context";
import { mailQueued } from "~/.server/mail";
import { queueLimitedSignInMail } from "~/.server/accounts/sign-in-mail";
import { answersWithData } from "~/.server/http/form-body";

export const signInMessages = {
  invalid: { title: "Invalid credentials", description: "Please check your email and password and try again." },
  limited: { title: "Too many sign-in attempts", description: "Please wait a minute before trying again." },
  accountLimited: {
    title: "Too many sign-in attempts",
    description: "Password sign-in to this account is paused for a minute. You can have a one-use sign-in link emailed to the account instead.",
  },
  linkSent: {
    title: "Check your email",
    description: `If an account exists for that email, we've sent it a sign-in link. It works once and expires in ${SIGN_IN_LINK_MINUTES} minutes.`,
  },
  error: { title: "Error", description: "An error occurred during sign in" },
  signedOut: { title: "Signed out", description: "You have been signed out." },
  signOutError: { title: "Error", description: "An error occurred during sign out" },
} as const;

/**
 * Wrong passwords are counted per account and client address together: a
 * stranger's guesses pause password sign-in to that account from the
 * stranger's address only, never the owner's. Guessing across accounts from
 * one address is held by the address limit.
 */
const accountKey = (account: string, ip: string) => `sign-in:account:${account}:ip:${ip}`;

/** Every way in (a password, a request for a link) counts against the client address. */
function hitAddressLimit(db: Db, ip: string) {
  return hitRateLimit(db, `sign-in:ip:${ip}`, { limit: env().SIGN_IN_ADDRESS_RATE_LIMIT, windowMs: 60_000 });
}

/** Where a user lands after signing in. */
export function homeOf(user: { role: string }): string {
  return isStaff(user as { role: "member" | "staff" | "admin" }) ? "/admin" : "/members";
}

/**
 * Where sign-in goes: the page asked for before it (`redirectTo`, a path of
 * this site only), unless it is the console and the user is not staff, or the
 * sign-in pages themselves; otherwise the user's home.
 */
export function landingOf(user: { role: string }, redirectTo: string | null | undefined): string {
  const home = homeOf(user);
  const target = safeRedirectPath(redirectTo, home);
  const path = target.split(/[?#]/)[0]!;
  if (path === "/auth" || path === "/sign-out" || path === "/sign-in-link" || path === "/set-password") return home;
  if ((path === "/admin" || path.startsWith("/admin/")) && !isStaff(user as { role: "member" | "staff" | "admin" })) return home;
  return target;
}

function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * Checks the limits (per address, and per account from that address, kept in
 * the database so they hold across processes), then the password; a success
 * redirects with the session cookie.
 */
export async function signIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
  email: string,
  password: string,
  redirectTo?: string | null,
) {
  const db = getDb();
  const { ip } = clientInfo(context);
  const account = email.trim().toLowerCase();
  const byAddress = await hitAddressLimit(db, ip);
  const byAccount = await hitRateLimit(db, accountKey(account, ip), { limit: env().SIGN_IN_RATE_LIMIT, windowMs: 60_000 });
  if (!byAddress.allowed) {
    await audit(db, { action: "sign-in.limited", target: account, ip });
    const retry = Math.max(byAddress.retryAfterSeconds, byAccount.retryAfterSeconds);
    return data({ ok: false as const, notice: signInMessages.limited }, { status: 429, headers: { "Retry-After": String(retry) } });
  }
  if (!byAccount.allowed) {
    // Too many wrong passwords for this account from this address. The answer offers a
    // mailed sign-in link, whoever asked and whether or not the account exists.
    await audit(db, { action: "sign-in.limited", target: account, ip, detail: "account limit: sign-in link offered" });
    afterAnswer("limited sign-in notice", () => tellOwnerOfLimit(db, account));
    return data(
      { ok: false as const, notice: signInMessages.accountLimited, linkOffer: { email: account } },
      { status: 429, headers: { "Retry-After": String(byAccount.retryAfterSeconds) } },
    );
  }

  let response: Response;
  try {
    response = await getAuth().api.signInEmail({ body: { email: account, password }, headers: authHeaders(request), asResponse: true });
  } catch (error) {
    log.error({ err: error }, "sign-in failed");
    return data({ ok: false as const, notice: signInMessages.error }, { status: 500 });
  }
  if (!response.ok) {
    await audit(db, { action: "sign-in.failed", target: account, ip });
    if (response.status < 500) return data({ ok: false as const, notice: signInMessages.invalid }, { status: 401 });
    return data({ ok: false as const, notice: signInMessages.error }, { status: 500 });
  }
  const user = await findUserByEmail(db, account);
  // The account limit is about guessing: a correct password clears this address's count.
  await clearRateLimit(db, accountKey(account, ip));
  await audit(db, { actorEmail: account, action: "sign-in", ip });
  return redirect(landingOf(user ?? { role: "member" }, redirectTo), { headers: cookiesOf(response) });
}

/**
 * Tells an account's owner, once per limit window rather than per attempt,
 * that its password sign-in was paused. Only an enabled account gets it, so
 * wrong guesses cannot make the site mail an address of the guesser's choice.
 */
async function tellOwnerOfLimit(db: Db, account: string) {
  // Every attempt while limited counts here, so a sustained attack keeps this window
  // full and the owner gets one mail for it, not one a minute.
  const first = await hitRateLimit(db, `sign-in:limited-mail:${account}`, { limit: 1, windowMs: 60_000 });
  if (!first.allowed) return;
  const owner = await findUserByEmail(db, account);
  if (!owner || owner.disabled) return;
  await queueLimitedSignInMail(db, { email: owner.email });
  mailQueued();
}

/** Sign-in links an account may be sent in an hour. */
const LINKS_PER_HOUR = 3;

/**
 * Mails a one-use sign-in link. The answer is the same whether or not the
 * account exists, and comes before the account is even looked up.
 */
export async function requestSignInLink(context: Readonly<RouterContextProvider>, email: string) {
  const db = getDb();
  const { ip } = clientInfo(context);
  const byAddress = await hitAddressLimit(db, ip);
  if (!byAddress.allowed) {
    return data(
      { ok: false as const, linkRequest: true as const, notice: signInMessages.limited },
      { status: 429, headers: { "Retry-After": String(byAddress.retryAfterSeconds) } },
    );
  }
  const account = email.trim().toLowerCase();
  afterAnswer("sign-in link", () => sendSignInLink(db, account, ip));
  return data({ ok: true as const, linkRequest: true as const, notice: signInMessages.linkSent });
}

async function sendSignInLink(db: Db, account: string, ip: string) {
  // Counted for every address asked for, so the count itself says nothing either.
  const perAccount = await hitRateLimit(db, `sign-in-link:account:${account}`, { limit: LINKS_PER_HOUR, windowMs: 3_600_000 });
  const owner = await findUserByEmail(db, account);
  const send = Boolean(owner && !owner.disabled && perAccount.allowed);
  // Better Auth stores the token (hashed) and hands it to sendMagicLink (auth.ts), which queues the mail.
  if (send) await getAuth().api.signInMagicLink({ body: { email: owner!.email }, headers: new Headers() });
  await audit(db, {
    action: "sign-in.link-request",
    // An address without an account is not recorded.
    target: owner?.email ?? null,
    ip,
    detail: !owner ? "no such account" : owner.disabled ? "account disabled: no link sent" : send ? "link sent" : "hourly limit: no link sent",
  });
  if (send) mailQueued();
}

/**
 * Uses a sign-in link once: Better Auth consumes the token and makes the
 * session (refused for a disabled account by the session hook in auth.ts).
 * Null when the link is unknown, used, expired or its account disabled.
 */
export async function signInWithLink(request: Request, context: Readonly<RouterContextProvider>, token: string) {
  const db = getDb();
  const response = await getAuth().api.magicLinkVerify({ query: { token }, headers: authHeaders(request), asResponse: true });
  // Any refusal is a redirect to an error address; only a session is a 200.
  if (response.status !== 200) return null;
  const body = (await response.json()) as { user?: { email?: string } };
  const user = body.user?.email ? await findUserByEmail(db, body.user.email) : undefined;
  if (!user || user.disabled) return null;
  const { ip } = clientInfo(context);
  // The mailbox is proven: the owner's password sign-in from here need not wait out the guesses either.
  await clearRateLimit(db, accountKey(user.email, ip));
  await audit(db, { actorEmail: user.email, action: "sign-in", ip, detail: "sign-in link" });
  return redirect(homeOf(user), { headers: cookiesOf(response) });
}

export async function signOut(request: Request, context: Readonly<RouterContextProvider>, actorEmail: string | null) {
  try {
    const response = await getAuth().api.signOut({ headers: authHeaders(request), asResponse: true });
    if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
    await audit(getDb(), { actorEmail, action: "sign-out", ip: clientInfo(context).ip });
    const flash = await redirectWithFlash("/", signInMessages.signedOut);
    for (const cookie of response.headers.getSetCookie()) flash.headers.append("Set-Cookie", cookie);
    // Signed out on purpose: nothing sent from here later is kept for this account.
    flash.headers.append("Set-Cookie", await forgetAccountCookie());
    return flash;
  } catch (error) {
    log.error({ err: error }, "sign-out failed");
    // The error itself (SQL, parameters, a stack) goes to the log only, never into the answer.
    const message = signInMessages.signOutError.description;
    if (answersWithData(request)) return data({ ok: false as const, notice: { title: "Error", description: message } }, { status: 500 });
    // Back to the page the sign-out came from, when it is a page of this site.
    const back = refererPath(request.headers.get("referer"), new URL(request.url).origin);
    return redirectWithFlash(back, { title: "Error", description: message, variant: "error" });
  }
}
