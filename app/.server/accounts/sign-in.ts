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
import { signedCookie } from "~/.server/http/signed-cookie";
import { hasPasskey, passkeySignInOptions, secondFactorRequired } from "~/.server/accounts/two-factor";
import { ENROL_PATH, SECOND_STEP_PATH } from "~/lib/two-factor";

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
  usePasskey: { title: "Use your passkey", description: "Your account signs in with its passkey: choose “Use a passkey” on the sign-in page." },
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

/** Where a user lands after signing in: the console, the partner area, or the Clinical Portal. */
export function homeOf(user: { role: string }): string {
  if (user.role === "partner") return PARTNER_HOME;
  return isStaff(user as { role: "member" | "staff" | "admin" }) ? "/admin" : "/members";
}

const PARTNER_HOME = "/partners";
const under = (path: string, area: string) => path === area || path.startsWith(`${area}/`);

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
  if (under(path, "/admin") && !isStaff(user as { role: "member" | "staff" | "admin" })) return home;
  // A partner's pages are the partner area (and their account's); nobody else's home is there.
  if (user.role === "partner" && !under(path, PARTNER_HOME) && !under(path, "/account")) return home;
  if (user.role !== "partner" && under(path, PARTNER_HOME)) return home;
  return target;
}

/** The cookies a response set, as a browser would send them back. */
function cookiePairs(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
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
    response = await getAuth().api.signInEmail({ body: { email: account, password }, headers: sessionHeaders(request, ip), asResponse: true });
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
  const landing = landingOf(user ?? { role: "member" }, redirectTo);
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { twoFactorRedirect?: boolean } | null;
  if (body?.twoFactorRedirect) {
    // The password was right; the session waits for the second factor (its own page). The account's
    // count of wrong guesses stays until then: wrong codes add to it.
    await audit(db, { actorEmail: account, action: "sign-in.password", ip, detail: "second factor asked" });
    const headers = cookiesOf(response);
    headers.append("Set-Cookie", await secondStepCookie().serialize({ e: account, r: landing }));
    return redirect(SECOND_STEP_PATH, { headers });
  }
  // The account limit is about guessing: a correct password clears this address's count.
  await clearRateLimit(db, accountKey(account, ip));
  const required = user ? await secondFactorRequired(db, user) : null;
  if (user && required && (await hasPasskey(db, user.id))) {
    // Its second factor is a passkey, which signs in alone: a password alone opens nothing here.
    await getAuth().api.signOut({ headers: new Headers({ cookie: cookiePairs(response) }) });
    await audit(db, { actorEmail: account, action: "sign-in.password", ip, detail: "passkey asked" });
    return data({ ok: false as const, notice: signInMessages.usePasskey }, { status: 401 });
  }
  await audit(db, { actorEmail: account, action: "sign-in", ip, ...(required ? { detail: "second factor to set up" } : {}) });
  if (required) {
    // Must have a second factor and has none: its set-up starts now, while the password is at hand,
    // and nothing else opens until it is done.
    const headers = cookiesOf(response);
    await startAppSetUp(headers, password).catch((error: unknown) => log.error({ err: error }, "two-factor set-up could not start"));
    return redirect(`${ENROL_PATH}?${new URLSearchParams({ redirectTo: landing })}`, { headers });
  }
  return redirect(landing, { headers: cookiesOf(response) });
}

/** Starts setting up an authenticator app for the session just made (its Set-Cookie headers): a new secret and ten backup codes. */
export async function startAppSetUp(setCookies: Headers, password: string) {
  await getAuth().api.enableTwoFactor({ body: { password }, headers: new Headers({ cookie: cookiePairs(new Response(null, { headers: setCookies })) }) });
}

/** The headers a new session is made with: the browser's, and the client's address (the sessions list shows it). */
function sessionHeaders(request: Request, ip: string): Headers {
  const headers = authHeaders(request);
  if (ip) headers.set("x-forwarded-for", ip);
  return headers;
}

/** Ten minutes, as Better Auth's own cookie of the pending sign-in. */
export const secondStepCookie = signedCookie("portal.second", { maxAge: 600 });

/** The pending sign-in's account and landing, from its cookie (signed: a changed one reads as null). */
export async function pendingSignIn(request: Request): Promise<{ account: string; landing: string } | null> {
  const value: unknown = await secondStepCookie()
    .parse(request.headers.get("cookie"))
    .catch(() => null);
  if (typeof value !== "object" || value === null) return null;
  const { e, r } = value as { e?: unknown; r?: unknown };
  return typeof e === "string" && typeof r === "string" ? { account: e, landing: r } : null;
}

export const secondStepMessages = {
  invalid: { title: "Invalid code", description: "That code is not right. Check your authenticator app (or your backup codes) and try again." },
  expired: { title: "Sign in again", description: "Ten minutes passed since your password, or the code was tried too often. Please sign in again." },
  locked: { title: "Too many wrong codes", description: "Two-factor sign-in to this account is paused for a few minutes after repeated wrong codes." },
} as const;

/**
 * The second step of a password sign-in: a code from the app, or one of the
 * backup codes (each works once). Wrong codes count toward the same account
 * and address limits as wrong passwords; the right one makes the session.
 */
export async function signInSecondStep(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { kind, code }: { kind: "app" | "backup"; code: string },
) {
  const db = getDb();
  const { ip } = clientInfo(context);
  const pending = await pendingSignIn(request);
  if (!pending) return data({ ok: false as const, notice: secondStepMessages.expired, expired: true }, { status: 401 });
  const byAddress = await hitAddressLimit(db, ip);
  const byAccount = await hitRateLimit(db, accountKey(pending.account, ip), { limit: env().SIGN_IN_RATE_LIMIT, windowMs: 60_000 });
  if (!byAddress.allowed || !byAccount.allowed) {
    await audit(db, { action: "sign-in.limited", target: pending.account, ip, detail: "second factor" });
    const retry = Math.max(byAddress.retryAfterSeconds, byAccount.retryAfterSeconds);
    return data({ ok: false as const, notice: signInMessages.limited }, { status: 429, headers: { "Retry-After": String(retry) } });
  }
  const headers = sessionHeaders(request, ip);
  let response: Response;
  try {
    response =
      kind === "app"
        ? await getAuth().api.verifyTOTP({ body: { code }, headers, asResponse: true })
        : await getAuth().api.verifyBackupCode({ body: { code }, headers, asResponse: true });
  } catch (error) {
    log.error({ err: error }, "second factor could not be checked");
    return data({ ok: false as const, notice: signInMessages.error }, { status: 500 });
  }
  if (!response.ok) {
    const failure = (await response.json().catch(() => null)) as { code?: string } | null;
    await audit(db, { action: "sign-in.failed", target: pending.account, ip, detail: kind === "app" ? "wrong app code" : "wrong backup code" });
    if (failure?.code === "ACCOUNT_TEMPORARILY_LOCKED") return data({ ok: false as const, notice: secondStepMessages.locked }, { status: 429 });
    if (failure?.code === "INVALID_TWO_FACTOR_COOKIE" || failure?.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
      return data({ ok: false as const, notice: secondStepMessages.expired, expired: true }, { status: 401, headers: cookiesOf(response) });
    }
    return data({ ok: false as const, notice: secondStepMessages.invalid }, { status: 401, headers: cookiesOf(response) });
  }
  await clearRateLimit(db, accountKey(pending.account, ip));
  await audit(db, { actorEmail: pending.account, action: "sign-in", ip, detail: kind === "app" ? "second factor: app code" : "second factor: backup code" });
  const out = cookiesOf(response);
  out.append("Set-Cookie", await secondStepCookie().serialize("", { maxAge: 0 }));
  return redirect(pending.landing, { headers: out });
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
  if (user.twoFactorEnabled || (await hasPasskey(db, user.id))) {
    // A link proves the mailbox, not the second factor: the session it made ends at once.
    await getAuth().api.signOut({ headers: new Headers({ cookie: cookiePairs(response) }) });
    await audit(db, { action: "sign-in.failed", target: user.email, ip, detail: "sign-in link refused: the account has a second factor" });
    return "second factor" as const;
  }
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

/** Options for a passkey sign-in, counted against the address's sign-in limit. */
export async function passkeySignInStart(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  const { ip } = clientInfo(context);
  const byAddress = await hitAddressLimit(getDb(), ip);
  if (!byAddress.allowed) return Response.json({ message: signInMessages.limited.description }, { status: 429, headers: { "Retry-After": String(byAddress.retryAfterSeconds) } });
  return passkeySignInOptions(request);
}

/**
 * A passkey signs in alone (it is something the person has, unlocked by
 * something they are or know): the session, and where to go. JSON for the
 * page's script; a refusal says why in words.
 */
export async function signInWithPasskey(request: Request, context: Readonly<RouterContextProvider>, response: unknown, redirectTo: string | null) {
  const db = getDb();
  const { ip } = clientInfo(context);
  const answer = await getAuth().api.verifyPasskeyAuthentication({ body: { response: response as never }, headers: sessionHeaders(request, ip), asResponse: true });
  if (!answer.ok) {
    const body = (await answer.json().catch(() => null)) as { code?: string; message?: string } | null;
    await audit(db, { action: "sign-in.failed", ip, detail: `passkey: ${body?.code ?? answer.status}` });
    const message = body?.code === "USER_NOT_VERIFIED" ? (body.message ?? "") : "That passkey did not sign you in. Use one saved for this site, or your password.";
    return Response.json({ message }, { status: 401 });
  }
  const { user: signedIn } = (await answer.json()) as { user: { email: string } };
  const user = await findUserByEmail(db, signedIn.email);
  if (!user || user.disabled) return Response.json({ message: signInMessages.invalid.description }, { status: 401 });
  await audit(db, { actorEmail: user.email, action: "sign-in", ip, detail: "passkey" });
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of answer.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return Response.json({ ok: true, location: landingOf(user, redirectTo) }, { headers });
}
