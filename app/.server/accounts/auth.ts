import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { magicLink } from "better-auth/plugins/magic-link";
import { twoFactor } from "better-auth/plugins/two-factor";
import { passkey } from "@better-auth/passkey";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { redirect, type MiddlewareFunction } from "react-router";
import { getDb, type Db } from "~/.server/db/client";
import * as schema from "~/.server/db/schema";
import { signingSecret } from "~/.server/crypto";
import { env, siteIsHttps, siteOrigin } from "~/.server/env";
import { signedCookie } from "~/.server/http/signed-cookie";
import { MAX_PASSWORD, MIN_PASSWORD } from "~/lib/accounts";
import { isQuietLoad } from "~/lib/quiet-loads";
import { SIGN_IN_LINK_MINUTES } from "~/lib/sign-in-link";
import { queueSignInLinkMail } from "~/.server/accounts/sign-in-mail";
import { keepSentForm, takeKeptForm, type KeepSentForm, type KeptFormForPage } from "~/.server/accounts/kept-forms";
import {
  cookieNames,
  hasKeptFormCookie,
  hasSessionCookie,
  keptFormCookie,
  sendCookies,
  sessionScope,
  withSessionScope,
  type SessionScope,
} from "~/.server/accounts/session-cookies";
import { log } from "~/.server/log";
import { ENROL_PATH, mustHaveSecondFactor } from "~/lib/two-factor";
import { demoIdentity, demoRefusal, hasDemoCookie, isDemoPath, isWrite } from "~/.server/demo";

export type Role = (typeof schema.userRole.enumValues)[number];
/** `demo`: the live demo's user (no session; it reads the demo practice and writes nothing). */
export type SessionUser = { id: string; email: string; name: string; role: Role; twoFactor: boolean; demo?: true };
/** A signed-in user with their session: its id, and when it ends if nothing happens (idle) or at the latest (the absolute limit). */
export type SignedInUser = SessionUser & { sessionId: string; sessionEndsAt: Date; endsBy: "idle" | "limit" };

function createAuth(db: Db) {
  const e = env();
  const baseURL = siteOrigin();
  return betterAuth({
    appName: "Clinical Portal",
    baseURL,
    basePath: "/api/auth",
    secret: signingSecret(),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification, twoFactor: schema.twoFactor, passkey: schema.passkey },
    }),
    emailAndPassword: {
      enabled: true,
      // No public sign-up: accounts are made by an admin or on the command line.
      disableSignUp: true,
      // The accounts domain's bounds, the same the password pages and the command line check.
      minPasswordLength: MIN_PASSWORD,
      maxPasswordLength: MAX_PASSWORD,
    },
    user: {
      additionalFields: {
        role: { type: "string", input: false, defaultValue: "member" },
        disabled: { type: "boolean", input: false, defaultValue: false },
      },
    },
    session: {
      // Idle timeout: each answer to a signed-in request pushes the expiry `expiresIn` ahead, and the
      // cookie's Max-Age with it (getUser forwards the cookie). Written at most every `updateAge`
      // seconds: a twentieth of the limit, at most a minute, so the limit slides with every use.
      expiresIn: e.SESSION_IDLE_MINUTES * 60,
      updateAge: renewalSeconds(e.SESSION_IDLE_MINUTES),
      // Every request reads the session from the database, so a disabled user is out at once.
      cookieCache: { enabled: false },
    },
    // Sign-in is limited by our own database-kept limiter (per address and per account).
    rateLimit: { enabled: false },
    plugins: [
      // An authenticator app's codes as a second factor, with ten backup codes; the secret and the codes
      // are kept encrypted. Who must have one, and the pages, are ours (two-factor.ts, routes/auth).
      // Passkeys: a second factor that also signs in alone, so the authenticator must verify its user
      // (a PIN, a fingerprint, a face) at every use; one that did not is refused.
      passkey({
        rpName: "Clinical Portal",
        rpID: new URL(baseURL).hostname,
        origin: baseURL,
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        registration: {
          afterVerification: ({ verification }) => {
            if (!verification.registrationInfo?.userVerified) throw APIError.from("BAD_REQUEST", { message: USER_NOT_VERIFIED, code: "USER_NOT_VERIFIED" });
            return Promise.resolve();
          },
        },
        authentication: {
          afterVerification: ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) throw APIError.from("UNAUTHORIZED", { message: USER_NOT_VERIFIED, code: "USER_NOT_VERIFIED" });
            return Promise.resolve();
          },
        },
      }),
      twoFactor({
        issuer: "Clinical Portal",
        backupCodeOptions: { amount: 10, storeBackupCodes: "encrypted" },
        // Ten minutes to type the code after the password. Our form offers no "trust this device":
        // every password sign-in asks for the second factor.
        twoFactorCookieMaxAge: 600,
      }),
      // The way in for an owner whose password sign-in is paused by others' wrong guesses.
      // Requested and verified only from our own routes (sign-in.ts); /api/auth is not served.
      magicLink({
        expiresIn: SIGN_IN_LINK_MINUTES * 60,
        // A link signs in an existing account only: accounts are made by an admin.
        disableSignUp: true,
        // The verification table keeps a hash: a copy of the database holds no usable link.
        storeToken: "hashed",
        // Better Auth's own `url` points at /api/auth; the mail links to our landing page instead.
        sendMagicLink: ({ email, token }) => queueSignInLinkMail(db, { email, token }),
      }),
    ],
    advanced: {
      cookiePrefix: "portal",
      // Secure exactly when PUBLIC_URL is https, as HSTS is (server.ts).
      useSecureCookies: siteIsHttps(),
      database: { generateId: () => randomUUID() },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    databaseHooks: {
      session: {
        create: {
          // A disabled account gets no session, whatever its password or sign-in link.
          before: async (s) => {
            const [row] = await db.select({ disabled: schema.user.disabled }).from(schema.user).where(eq(schema.user.id, s.userId));
            return row && !row.disabled ? undefined : false;
          },
        },
      },
    },
  });
}

/** Why a passkey whose authenticator did not verify its user is refused. */
export const USER_NOT_VERIFIED = "This passkey did not check that it is you (a PIN, fingerprint or face). Use a device that does.";

/** How often, at most, a session's expiry is written forward: a twentieth of the idle limit, at most a minute. */
export function renewalSeconds(idleMinutes: number): number {
  return Math.min(60, (idleMinutes * 60) / 20);
}

export type Auth = ReturnType<typeof createAuth>;

const KEY = Symbol.for("site.auth");
type Holder = { [KEY]?: { db: Db; auth: Auth } };

/** The auth instance of the open database. */
export function getAuth(): Auth {
  const db = getDb();
  const holder = globalThis as Holder;
  if (holder[KEY]?.db !== db) holder[KEY] = { db, auth: createAuth(db) };
  return holder[KEY].auth;
}

/** Only the headers the auth library needs from a browser request. */
export function authHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/**
 * The signed-in user, or null; read once per request (the root middleware's
 * scope keeps the answer). Reading renews the session: Better Auth writes its
 * expiry forward (at most every `renewalSeconds`) and sends a fresh cookie,
 * which is added to this request's answer, whatever it is. Sessions older
 * than the absolute limit end here even while in use.
 */
export function getUser(request: Request): Promise<SignedInUser | null> {
  const state = sessionScope();
  if (state?.user) return state.user as Promise<SignedInUser | null>;
  const read = readSession(request);
  if (state) state.user = read;
  return read;
}

async function readSession(request: Request): Promise<SignedInUser | null> {
  if (!hasSessionCookie(request)) return null;
  // A page's own background load (lib/quiet-loads.ts) reads the session without renewing it.
  const quiet = isQuietLoad(request.headers.get("cookie"));
  const { headers, response: result } = await getAuth().api.getSession({
    headers: authHeaders(request),
    returnHeaders: true,
    ...(quiet ? { query: { disableRefresh: true } } : {}),
  });
  // A renewed session cookie, or the removal of one whose session is gone.
  const cookies = headers.getSetCookie();
  sendCookies(cookies);
  if (!result) return null;
  const u = result.user as typeof result.user & { role: Role; disabled: boolean; twoFactorEnabled?: boolean | null };
  if (u.disabled) return null;
  const limitAt = new Date(result.session.createdAt).getTime() + env().SESSION_MAX_HOURS * 3_600_000;
  if (Date.now() >= limitAt) {
    await endSession(request);
    return null;
  }
  // The account cookie follows the session's: set when missing, renewed with it.
  const renewed = [...cookieNames(cookies)].some(isSessionCookieName);
  if (renewed || (await lastAccountOf(request)) !== u.id) sendCookies([await accountCookie().serialize({ u: u.id })]);
  const idleAt = new Date(result.session.expiresAt).getTime();
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    twoFactor: u.twoFactorEnabled === true,
    sessionId: result.session.id,
    sessionEndsAt: new Date(Math.min(idleAt, limitAt)),
    endsBy: limitAt <= idleAt ? "limit" : "idle",
  };
}

const isSessionCookieName = (name: string) => name === "portal.session_token" || name === "__Secure-portal.session_token";

/** Ends the request's session (its row and its cookie). */
async function endSession(request: Request) {
  const { headers } = await getAuth().api.signOut({ headers: authHeaders(request), returnHeaders: true });
  sendCookies(headers.getSetCookie());
}

/** When the session ends if nothing happens, read without renewing it (a page asking whether to warn its user). */
export type SessionStatus = { signedIn: false } | { signedIn: true; endsInMs: number; endsBy: "idle" | "limit"; idleMs: number };

/**
 * The session's status without renewing it: a page that only asks how long
 * is left must not keep the session alive. `renew` renews it first (the
 * page's person is active: typing, or "Stay signed in").
 */
export async function sessionStatus(request: Request, { renew }: { renew: boolean }): Promise<SessionStatus> {
  const idleMs = env().SESSION_IDLE_MINUTES * 60_000;
  if (renew) {
    const u = await getUser(request);
    return u ? { signedIn: true, endsInMs: Math.max(0, u.sessionEndsAt.getTime() - Date.now()), endsBy: u.endsBy, idleMs } : { signedIn: false };
  }
  const state = sessionScope();
  if (state) state.quiet = true;
  if (!hasSessionCookie(request)) return { signedIn: false };
  const result = await getAuth().api.getSession({ headers: authHeaders(request), query: { disableRefresh: true } });
  if (!result || (result.user as { disabled?: boolean }).disabled) return { signedIn: false };
  const limitAt = new Date(result.session.createdAt).getTime() + env().SESSION_MAX_HOURS * 3_600_000;
  const idleAt = new Date(result.session.expiresAt).getTime();
  const endsAt = Math.min(idleAt, limitAt);
  if (endsAt <= Date.now()) return { signedIn: false };
  return { signedIn: true, endsInMs: endsAt - Date.now(), endsBy: limitAt <= idleAt ? "limit" : "idle", idleMs };
}

/**
 * Root route middleware: opens the request's session scope, and adds the
 * cookies its session read sent (the renewed session, the account cookie) to
 * the answer. An answer that read no session (a public page seen while signed
 * in) reads it now, so it renews the session too. Cookies the route set itself
 * (sign-in, sign-out) win over these.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const state: SessionScope = { cookies: [] };
  // A page's own background load renews nothing (lib/quiet-loads.ts).
  if (isQuietLoad(request.headers.get("cookie"))) state.quiet = true;
  return withSessionScope(state, async () => {
    let response = await next();
    const own = cookieNames(response.headers.getSetCookie());
    const routeSetSession = [...own].some(isSessionCookieName);
    if (!state.user && !state.quiet && !routeSetSession && hasSessionCookie(request)) {
      await getUser(request).catch((error: unknown) => log.warn({ err: error }, "the session could not be renewed"));
    }
    const extra = state.cookies.filter((cookie) => {
      const name = [...cookieNames([cookie])][0]!;
      return !own.has(name) && !(routeSetSession && isSessionCookieName(name));
    });
    if (extra.length === 0) return response;
    try {
      for (const cookie of extra) response.headers.append("Set-Cookie", cookie);
    } catch {
      // An answer with immutable headers (a fetched one): the same answer with headers of its own.
      response = new Response(response.body, response);
      for (const cookie of extra) response.headers.append("Set-Cookie", cookie);
    }
    return response;
  });
};

/** Hours the browser remembers which account it was signed in as, after its last renewed session. */
export const ACCOUNT_COOKIE_HOURS = 24;

/**
 * Which account this browser was last signed in as (signed with the session
 * secret, HttpOnly). When a form is sent after the session ended, what it held
 * is kept for that account alone: it comes back only once that account signs
 * in again. Signing out removes it.
 */
const accountCookie = signedCookie("portal.account", { maxAge: ACCOUNT_COOKIE_HOURS * 3600 });

/** The account this browser was last signed in as, when its cookie is genuine. */
async function lastAccountOf(request: Request): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes("portal.account=")) return null;
  const value: unknown = await accountCookie().parse(header).catch(() => null);
  const id = typeof value === "object" && value !== null ? (value as { u?: unknown }).u : null;
  return typeof id === "string" ? id : null;
}

/** The Set-Cookie value that makes the browser forget its account (signing out). */
export async function forgetAccountCookie(): Promise<string> {
  return accountCookie().serialize("", { maxAge: 0 });
}

/**
 * The sign-in page, naming the page asked for so sign-in comes back to it
 * (`/auth?redirectTo=/admin/submissions/…`). The homes /members and /admin
 * are where sign-in lands anyway, so they are not named.
 */
export function signInPathFor(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "") || "/";
  const params = new URLSearchParams(url.search);
  for (const internal of ["_routes", "index"]) params.delete(internal);
  const query = params.toString();
  const target = query ? `${path}?${query}` : path;
  if (path === "/members" || path === "/admin") return "/auth";
  return `/auth?${new URLSearchParams({ redirectTo: target })}`;
}

/**
 * The signed-in user, or a redirect to the sign-in page (naming this page)
 * before anything is rendered. A form sent after its session ended is kept
 * first, for the account that session belonged to (`keepSentForm`: the
 * values, sealed, on the server; or, with `keep`, the route's own way, such as
 * the IVR's draft), and sign-in then leads back to it.
 */
export async function requireUser(request: Request, keep?: KeepSentForm): Promise<SessionUser> {
  const u = await getUser(request);
  if (u) {
    // Staff and admins open nothing before they have a second factor (the app, or a passkey).
    if (mustHaveSecondFactor(u) && !u.twoFactor && !(await hasPasskey(u.id))) throw redirect(ENROL_PATH);
    return u;
  }
  // No session of their own: a visitor in the live demo reads the portal as the demo practice's admin, and writes nothing.
  const demo = await demoUserOf(request);
  if (demo) return demo;
  if (request.method === "POST") {
    const kept = await keepFormOfEndedSession(request, keep);
    if (kept) throw kept;
  }
  throw redirect(signInPathFor(request));
}

/**
 * The demo's user when the request is in the live demo (its cookie, on a
 * page of the portal); every write there is answered "nothing is saved"
 * before the action runs. Null when it is not (or the demo is not set up):
 * then the request is a visitor's, sent to sign in.
 */
async function demoUserOf(request: Request): Promise<SessionUser | null> {
  if (!isDemoPath(new URL(request.url).pathname) || !(await hasDemoCookie(request))) return null;
  const demo = await demoIdentity(getDb());
  if (!demo) return null;
  if (isWrite(request)) throw await demoRefusal(request);
  // Whatever the request goes on to do writes no audit row either (see `audit`).
  const state = sessionScope();
  if (state) state.demo = true;
  return { id: demo.userId, email: demo.email, name: demo.name, role: "member", twoFactor: false, demo: true };
}

/** Keeps what a form sent after its session ended held, for the account the browser was signed in as; the redirect to sign-in, or null. */
async function keepFormOfEndedSession(request: Request, keep: KeepSentForm | undefined): Promise<Response | null> {
  try {
    const id = await lastAccountOf(request);
    if (!id) return null;
    const db = getDb();
    const [owner] = await db
      .select({ id: schema.user.id, email: schema.user.email, role: schema.user.role, disabled: schema.user.disabled })
      .from(schema.user)
      .where(eq(schema.user.id, id));
    if (!owner || owner.disabled) return null;
    return await keepSentForm(db, request, { id: owner.id, email: owner.email, role: owner.role }, keep);
  } catch (error) {
    log.warn({ err: error }, "a form sent after its session ended could not be kept");
    return null;
  }
}

/**
 * The form kept for this page when the signed-in user sent it after their
 * session ended (taken: it is removed now), and, when that was the last one
 * kept, the header that forgets the marker cookie. Only a browser with the
 * marker looks. A marker nobody takes (another account signed in here) stays
 * until it expires with the forms it stands for.
 */
export async function keptFormForPage(request: Request, url: URL): Promise<{ form: KeptFormForPage | null; headers: HeadersInit }> {
  if (!hasKeptFormCookie(request)) return { form: null, headers: {} };
  const u = await getUser(request);
  if (!u) return { form: null, headers: {} };
  const { form, more } = await takeKeptForm(getDb(), { userId: u.id, pathname: url.pathname });
  const headers: HeadersInit = form && !more ? { "Set-Cookie": await keptFormCookie().serialize("", { maxAge: 0 }) } : {};
  return { form, headers };
}

/** Whether the account has a passkey (read only for an account that must have a second factor and has no app). */
async function hasPasskey(userId: string): Promise<boolean> {
  const [row] = await getDb().select({ id: schema.passkey.id }).from(schema.passkey).where(eq(schema.passkey.userId, userId)).limit(1);
  return Boolean(row);
}

// A partner ranks below a member: neither the portal nor the console is theirs.
const RANK: Record<Role, number> = { partner: -1, member: 0, staff: 1, admin: 2 };

/** A user with at least `role`; a signed-in user below it gets 403. */
export async function requireRole(request: Request, role: Exclude<Role, "member">): Promise<SessionUser> {
  const u = await requireUser(request);
  if (RANK[u.role] < RANK[role]) {
    throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
  }
  return u;
}

export function isStaff(u: Pick<SessionUser, "role">): boolean {
  return RANK[u.role] >= RANK.staff;
}

