import { AsyncLocalStorage } from "node:async_hooks";
import { createCookie } from "react-router";
import { siteIsHttps } from "~/.server/env";

/**
 * What one request learns about its session, shared by everything that runs
 * for it (the root middleware opens the scope, `getUser` fills it): the
 * session is read once per request, and the cookies that renew or end it are
 * added to whatever the request answers, page, data, redirect or download.
 */
export type SessionScope = {
  /** Set-Cookie values for the answer. */
  cookies: string[];
  /** The request's one read of its session (see getUser). */
  user?: Promise<unknown>;
  /** The session was read without renewing it (the session status check): the answer must not renew it either. */
  quiet?: boolean;
  /** The request reads the portal as the live demo's user (requireUser): it writes nothing, audit rows included. */
  demo?: boolean;
};

const scope = new AsyncLocalStorage<SessionScope>();

/** Runs `work` (a request's handling) with a session scope of its own. */
export function withSessionScope<T>(state: SessionScope, work: () => T): T {
  return scope.run(state, work);
}

/** The current request's session scope; none outside a request (tests calling a loader directly, scripts). */
export function sessionScope(): SessionScope | undefined {
  return scope.getStore();
}

/** Whether the current request is the live demo's (see SessionScope.demo). */
export function inDemoRequest(): boolean {
  return sessionScope()?.demo === true;
}

/** Adds Set-Cookie values to the current request's answer. */
export function sendCookies(values: readonly string[]) {
  sessionScope()?.cookies.push(...values);
}

/** True when the request carries the session cookie (with or without the __Secure- prefix of an https site). */
export function hasSessionCookie(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?portal\.session_token=/.test(request.headers.get("cookie") ?? "");
}

/** The cookie names in a list of Set-Cookie values. */
export function cookieNames(setCookies: readonly string[]): Set<string> {
  return new Set(setCookies.map((c) => c.slice(0, c.indexOf("=")).trim()));
}

/** Minutes a kept form waits for its owner to sign in again. */
export const KEPT_FORM_MINUTES = 60;

/** Marks a browser that has a kept form waiting, so only then does a page look for one. */
export function keptFormCookie() {
  return createCookie("portal.kept", { path: "/", httpOnly: true, sameSite: "lax", secure: siteIsHttps(), maxAge: KEPT_FORM_MINUTES * 60 });
}

export function hasKeptFormCookie(request: Request): boolean {
  return /(?:^|;\s*)portal\.kept=/.test(request.headers.get("cookie") ?? "");
}
