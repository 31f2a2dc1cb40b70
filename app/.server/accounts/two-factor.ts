/**
 * Two-factor sign-in and a person's sessions: who must have a second factor,
 * the authenticator app being set up, an admin's reset, and the sessions a
 * person can see and end. The codes themselves are checked by Better Auth's
 * two-factor plugin (auth.ts); what it leaves to us is here.
 */
import { symmetricDecrypt } from "better-auth/crypto";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { authHeaders, getAuth } from "~/.server/accounts/auth";
import { audit, type Actor } from "~/.server/audit";
import { signingSecret } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { outbox, passkey, practiceMembers, practices, session, twoFactor, user } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { siteOrigin } from "~/.server/env";
import { ACCOUNT_PATH, mustHaveSecondFactor } from "~/lib/two-factor";
import type { Role } from "~/lib/accounts";

export const TOTP_ISSUER = "Clinical Portal";

/** Whether the account must have a second factor: staff and admins always; a member when their practice requires it. */
export async function secondFactorRequired(db: Db, account: { id: string; role: Role }): Promise<"role" | "practice" | null> {
  if (mustHaveSecondFactor(account)) return "role";
  const [row] = await db
    .select({ required: practices.requireTwoFactor })
    .from(practiceMembers)
    .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
    .where(eq(practiceMembers.userId, account.id));
  return row?.required ? "practice" : null;
}

/** The app being set up: the otpauth:// link (the QR code), and the key for typing, in groups of four. */
export type PendingApp = { uri: string; key: string };

/**
 * The authenticator app an account is setting up (not yet confirmed by a
 * code), or null. The secret stays encrypted in the database; it is read
 * here only to show it to its own account on the set-up page.
 */
export async function pendingApp(db: Db, account: { id: string; email: string }): Promise<PendingApp | null> {
  const [row] = await db
    .select({ secret: twoFactor.secret, verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, account.id));
  if (!row || row.verified) return null;
  const raw = await symmetricDecrypt({ key: signingSecret(), data: row.secret });
  // Better Auth keys its codes with the secret's bytes; the app gets the same bytes in base32.
  const secret = Secret.fromUTF8(raw);
  const totp = new TOTP({ issuer: TOTP_ISSUER, label: account.email, secret, digits: 6, period: 30, algorithm: "SHA1" });
  return { uri: totp.toString(), key: secret.base32.replace(/(.{4})/g, "$1 ").trim() };
}

/**
 * The app's first code confirms the set-up: two-factor sign-in is on, the
 * session is replaced by a new one (its cookies, for the answer), every other
 * session of the account ends, and the ten backup codes are read for the one
 * time they are shown. Null when the code is wrong.
 */
export async function confirmApp(
  db: Db,
  request: Request,
  { user: account, code, actor }: { user: { id: string; email: string }; code: string; actor: Actor },
): Promise<{ cookies: string[]; backupCodes: string[] } | null> {
  const headers = authHeaders(request);
  // The new session's address, for the sessions list.
  if (actor.ip) headers.set("x-forwarded-for", actor.ip);
  const response = await getAuth().api.verifyTOTP({ body: { code }, headers, asResponse: true });
  if (!response.ok) return null;
  // The plugin replaced the session: the new one is the cookie it set (its answer names the old one).
  const cookies = response.headers.getSetCookie();
  const ended = await endOtherSessions(db, account.id, await sessionIdOf(db, cookies));
  const { backupCodes } = await getAuth().api.viewBackupCodes({ body: { userId: account.id } });
  await audit(db, {
    actorEmail: actor.email,
    action: "two-factor.enrol",
    target: account.email,
    ip: actor.ip,
    detail: `authenticator app and 10 backup codes; other sessions ended: ${ended}`,
  });
  return { cookies, backupCodes };
}

/** The id of the session whose cookie is among these Set-Cookie values (its token, before the signature). */
async function sessionIdOf(db: Db, setCookies: string[]): Promise<string | null> {
  const cookie = setCookies.find((c) => /^(?:__Secure-)?portal\.session_token=[^;]/.test(c));
  if (!cookie) return null;
  const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1).split(";")[0]!).split(".")[0]!;
  const [row] = await db.select({ id: session.id }).from(session).where(eq(session.token, token));
  return row?.id ?? null;
}

/**
 * Ten new backup codes in place of the old (which stop working), after the
 * person confirmed their password; shown once. Null when the password is wrong.
 */
export async function newBackupCodes(db: Db, request: Request, { password, actor }: { password: string; actor: Actor }): Promise<string[] | null> {
  const response = await getAuth().api.generateBackupCodes({ body: { password }, headers: authHeaders(request), asResponse: true });
  if (!response.ok) return null;
  const { backupCodes } = (await response.json()) as { backupCodes: string[] };
  await audit(db, { actorEmail: actor.email, action: "two-factor.backup-codes", target: actor.email, ip: actor.ip, detail: "10 new backup codes; the old ones stopped working" });
  return backupCodes;
}

/**
 * Turns two-factor sign-in off for an account that may go without it, after
 * the password: the app and its codes are removed, and every other session
 * ends. "wrong password" or "required" refuse it.
 */
export async function turnOffSecondFactor(
  db: Db,
  request: Request,
  { user: account, password, actor }: { user: { id: string; email: string; role: Role }; password: string; actor: Actor },
): Promise<{ cookies: string[] } | "wrong password" | "required"> {
  if (await secondFactorRequired(db, account)) return "required";
  const response = await getAuth().api.disableTwoFactor({ body: { password }, headers: authHeaders(request), asResponse: true });
  if (!response.ok) return "wrong password";
  const cookies = response.headers.getSetCookie();
  const ended = await endOtherSessions(db, account.id, await sessionIdOf(db, cookies));
  await audit(db, { actorEmail: actor.email, action: "two-factor.off", target: account.email, ip: actor.ip, detail: `other sessions ended: ${ended}` });
  return { cookies };
}

/** Starts setting up an authenticator app after the person confirmed their password; false when it is wrong. */
export async function startAppWithPassword(request: Request, password: string): Promise<boolean> {
  const answer = await getAuth().api.enableTwoFactor({ body: { password }, headers: authHeaders(request), asResponse: true });
  return answer.ok;
}

/** Ends every session of the account but `keep` (the one in use); how many ended. */
export async function endOtherSessions(db: Db, userId: string, keep: string | null): Promise<number> {
  const ended = await db
    .delete(session)
    .where(keep ? and(eq(session.userId, userId), ne(session.id, keep)) : eq(session.userId, userId))
    .returning({ id: session.id });
  return ended.length;
}

export type OpenSession = { id: string; device: string; address: string | null; lastActiveAt: Date; createdAt: Date; current: boolean };

/** The account's open sessions, the most recently active first. */
export async function openSessions(db: Db, userId: string, currentId: string): Promise<OpenSession[]> {
  const rows = await db
    .select({ id: session.id, userAgent: session.userAgent, ip: session.ipAddress, updatedAt: session.updatedAt, createdAt: session.createdAt })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
  return rows.map((r) => ({
    id: r.id,
    device: deviceOf(r.userAgent),
    // Better Auth keeps an IPv6 address to its /64 network; the loopback's reads as all zeros.
    address: r.ip && !/^[0:]+$/.test(r.ip) ? r.ip : null,
    lastActiveAt: r.updatedAt,
    createdAt: r.createdAt,
    current: r.id === currentId,
  }));
}

/** Ends one of the account's own sessions (never another account's); false when there is no such session. */
export async function endOwnSession(db: Db, { userId, sessionId, actor }: { userId: string; sessionId: string; actor: Actor }): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
      .returning({ id: session.id, userAgent: session.userAgent });
    if (ended.length === 0) return false;
    await audit(tx, { actorEmail: actor.email, action: "session.end", target: actor.email, ip: actor.ip, detail: `one session: ${deviceOf(ended[0]!.userAgent)}` });
    return true;
  });
}

/** Ends all the account's sessions but the one in use, audited; how many ended. */
export async function endOwnOtherSessions(db: Db, { userId, currentId, actor }: { userId: string; currentId: string; actor: Actor }): Promise<number> {
  return inTransaction(db, async (tx) => {
    const count = await endOtherSessions(tx, userId, currentId);
    if (count > 0) await audit(tx, { actorEmail: actor.email, action: "session.end", target: actor.email, ip: actor.ip, detail: `all other sessions: ${count}` });
    return count;
  });
}

/**
 * An admin resets a person's second factor (a lost phone and lost backup
 * codes): the app and its codes are removed, the person's sessions end, and
 * they are mailed. Staff and admins set up a new one at their next sign-in.
 * False when the account has no second factor.
 */
export async function resetSecondFactor(db: Db, { userId, actor }: { userId: string; actor: Actor }): Promise<{ email: string } | null> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ email: user.email, enabled: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!row) return null;
    const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ id: twoFactor.id });
    const keys = await tx.delete(passkey).where(eq(passkey.userId, userId)).returning({ id: passkey.id });
    if (!row.enabled && removed.length === 0 && keys.length === 0) return null;
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, userId));
    const ended = await endOtherSessions(tx, userId, null);
    await audit(tx, {
      actorEmail: actor.email,
      action: "two-factor.reset",
      target: row.email,
      ip: actor.ip,
      detail: `${removed.length > 0 ? "authenticator app and backup codes" : "no app"}, passkeys removed: ${keys.length}; sessions ended: ${ended}`,
    });
    await tx.insert(outbox).values({
      purpose: "account.two-factor-reset",
      to: row.email,
      subject: "Your two-factor sign-in was reset",
      text: [
        "Hello,",
        "",
        "An administrator reset the two-factor sign-in of your portal account (its authenticator app, backup codes and passkeys), and signed your account out everywhere.",
        "",
        `Sign in with your password at ${siteOrigin()}/auth and set up your second factor again (${siteOrigin()}${ACCOUNT_PATH}).`,
        "",
        "If you did not ask for this, tell your administrator at once.",
        "",
      ].join("\n"),
    });
    return { email: row.email };
  });
}

/** A short name of the browser and system a session was opened from, read from its user agent. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrome\/|Chromium\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : /node|undici|curl/i.test(userAgent)
              ? "A program"
              : "A browser";
  const system = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /CrOS/.test(userAgent)
            ? "ChromeOS"
            : /Linux/.test(userAgent)
              ? "Linux"
              : null;
  return system ? `${browser} on ${system}` : browser;
}

/** A practice admin requires (or stops requiring) a second factor of everyone in the practice; audited. */
export async function setPracticeTwoFactor(db: Db, { practiceId, required, actor }: { practiceId: string; required: boolean; actor: Actor }) {
  await inTransaction(db, async (tx) => {
    await tx.update(practices).set({ requireTwoFactor: required }).where(eq(practices.id, practiceId));
    await audit(tx, { actorEmail: actor.email, action: "practice.two-factor", target: practiceId, ip: actor.ip, detail: required ? "required of every member" : "each member's choice" });
  });
}

/** Whether the account has a passkey (a second factor that signs in alone). */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, userId)).limit(1);
  return Boolean(row);
}

/** Whether the account has any second factor: the app, or a passkey. */
export async function hasSecondFactor(db: Db, account: { id: string; twoFactor: boolean }): Promise<boolean> {
  return account.twoFactor || (await hasPasskey(db, account.id));
}

export type OwnPasskey = { id: string; name: string; createdAt: Date | null; synced: boolean };

export async function passkeysOf(db: Db, userId: string): Promise<OwnPasskey[]> {
  const rows = await db
    .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, backedUp: passkey.backedUp })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(desc(passkey.createdAt));
  return rows.map((r) => ({ id: r.id, name: r.name || "Passkey", createdAt: r.createdAt, synced: r.backedUp }));
}

/** The headers Better Auth's passkey endpoints read: the browser's cookies (the challenge's among them). */
function passkeyHeaders(request: Request): Headers {
  return authHeaders(request);
}

/** Options for a new passkey of the signed-in account (its challenge goes in a cookie, on the answer). */
export async function passkeyRegistrationOptions(request: Request, email: string): Promise<Response> {
  return getAuth().api.generatePasskeyRegistrationOptions({ headers: passkeyHeaders(request), query: { name: email }, asResponse: true });
}

/**
 * Keeps the passkey the browser made: refused when its authenticator did
 * not verify the user. Changing the second factor ends the account's other
 * sessions. The error's words, or the answer's cookies.
 */
export async function registerPasskey(
  db: Db,
  request: Request,
  { userId, sessionId, response, name, actor }: { userId: string; sessionId: string; response: unknown; name: string; actor: Actor },
): Promise<{ ok: true; cookies: string[] } | { ok: false; message: string }> {
  const answer = await getAuth().api.verifyPasskeyRegistration({ body: { response, name }, headers: passkeyHeaders(request), asResponse: true });
  if (!answer.ok) {
    const body = (await answer.json().catch(() => null)) as { message?: string } | null;
    return { ok: false, message: body?.message || "The passkey could not be saved. Please try again." };
  }
  const ended = await endOtherSessions(db, userId, sessionId);
  await audit(db, { actorEmail: actor.email, action: "two-factor.enrol", target: actor.email, ip: actor.ip, detail: `passkey "${name}"; other sessions ended: ${ended}` });
  return { ok: true, cookies: answer.headers.getSetCookie() };
}

/** Removes one of the account's own passkeys; refused when it is the last second factor of an account that must have one. */
export async function removeOwnPasskey(
  db: Db,
  { user: account, passkeyId, actor }: { user: { id: string; role: Role; twoFactor: boolean }; passkeyId: string; actor: Actor },
): Promise<"removed" | "not found" | "last factor"> {
  return inTransaction(db, async (tx) => {
    const mine = await tx.select({ id: passkey.id, name: passkey.name }).from(passkey).where(eq(passkey.userId, account.id)).for("update");
    const target = mine.find((p) => p.id === passkeyId);
    if (!target) return "not found";
    if (!account.twoFactor && mine.length === 1 && (await secondFactorRequired(tx, account))) return "last factor";
    await tx.delete(passkey).where(and(eq(passkey.id, passkeyId), eq(passkey.userId, account.id)));
    await audit(tx, { actorEmail: actor.email, action: "two-factor.passkey-remove", target: actor.email, ip: actor.ip, detail: `passkey "${target.name ?? "Passkey"}"` });
    return "removed";
  });
}

/** Options for signing in with a passkey; the authenticator must verify its user. */
export async function passkeySignInOptions(request: Request): Promise<Response> {
  const answer = await getAuth().api.generatePasskeyAuthenticationOptions({ headers: passkeyHeaders(request), asResponse: true });
  const options = (await answer.json()) as Record<string, unknown>;
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of answer.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return Response.json({ ...options, userVerification: "required" }, { status: answer.status, headers });
}
