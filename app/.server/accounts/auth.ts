import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { magicLink } from "better-auth/plugins/magic-link";
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { getDb, type Db } from "~/.server/db/client";
import * as schema from "~/.server/db/schema";
import { env, siteIsHttps, siteOrigin } from "~/.server/env";
import { MAX_PASSWORD, MIN_PASSWORD } from "~/lib/accounts";
import { SIGN_IN_LINK_MINUTES } from "~/lib/sign-in-link";
import { queueSignInLinkMail } from "~/.server/accounts/sign-in-mail";

export type Role = (typeof schema.userRole.enumValues)[number];
export type SessionUser = { id: string; email: string; name: string; role: Role };

/**
 * The signing secret: AUTH_SECRET when set (several hosts must share one),
 * otherwise generated once into DATA_DIR so a first start needs no setup.
 */
export function authSecret(): string {
  const e = env();
  if (e.AUTH_SECRET) return e.AUTH_SECRET;
  const dir = path.resolve(e.DATA_DIR);
  const file = path.join(dir, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return readFileSync(file, "utf8").trim();
}

function createAuth(db: Db) {
  const e = env();
  const baseURL = siteOrigin();
  return betterAuth({
    appName: "Clinical Portal",
    baseURL,
    basePath: "/api/auth",
    secret: authSecret(),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
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
      // Idle timeout: each use after `updateAge` pushes the expiry `expiresIn` ahead.
      expiresIn: e.SESSION_IDLE_MINUTES * 60,
      updateAge: Math.min(60, e.SESSION_IDLE_MINUTES * 30),
      // Every request reads the session from the database, so a disabled user is out at once.
      cookieCache: { enabled: false },
    },
    // Sign-in is limited by our own database-kept limiter (per address and per account).
    rateLimit: { enabled: false },
    plugins: [
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
 * The signed-in user, or null. Sessions older than the absolute limit end
 * here even while in use.
 */
export async function getUser(request: Request): Promise<(SessionUser & { sessionId: string }) | null> {
  if (!request.headers.get("cookie")?.includes("portal.session_token")) return null;
  const result = await getAuth().api.getSession({ headers: authHeaders(request) });
  if (!result) return null;
  const u = result.user as typeof result.user & { role: Role; disabled: boolean };
  if (u.disabled) return null;
  const ageMs = Date.now() - new Date(result.session.createdAt).getTime();
  if (ageMs > env().SESSION_MAX_HOURS * 3_600_000) {
    await getDb().delete(schema.session).where(eq(schema.session.id, result.session.id));
    return null;
  }
  return { id: u.id, email: u.email, name: u.name, role: u.role, sessionId: result.session.id };
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

/** The signed-in user, or a redirect to the sign-in page (naming this page) before anything is rendered. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const u = await getUser(request);
  if (!u) throw redirect(signInPathFor(request));
  return u;
}

const RANK: Record<Role, number> = { member: 0, staff: 1, admin: 2 };

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

