import { data, redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import { refererPath } from "~/lib/safe-path";
import { audit, findUserByEmail } from "~/server/accounts";
import { authHeaders, getAuth, isStaff } from "~/server/auth";
import { getDb } from "~/server/db/client";
import { env } from "~/server/env";
import { redirectWithFlash } from "~/server/flash";
import { log } from "~/server/log";
import { clearRateLimit, hitRateLimit } from "~/server/rate-limit";
import { clientInfo } from "~/server/request-context";
import { answersWithData } from "~/server/submissions/http";

export const signInMessages = {
  invalid: { title: "Invalid credentials", description: "Please check your email and password and try again." },
  limited: { title: "Too many sign-in attempts", description: "Please wait a minute before trying again." },
  error: { title: "Error", description: "An error occurred during sign in" },
  signedOut: { title: "Signed out", description: "You have been signed out." },
  signOutError: { title: "Error", description: "An error occurred during sign out" },
} as const;

/** Where a user lands after signing in. */
export function homeOf(user: { role: string }): string {
  return isStaff(user as { role: "member" | "staff" | "admin" }) ? "/admin" : "/members";
}

function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * Checks the limits (per address and per account, kept in the database so
 * they hold across processes), then the password; a success redirects with
 * the session cookie.
 */
export async function signIn(request: Request, context: Readonly<RouterContextProvider>, email: string, password: string) {
  const db = getDb();
  const { ip } = clientInfo(context);
  const account = email.trim().toLowerCase();
  const byAddress = await hitRateLimit(db, `sign-in:ip:${ip}`, { limit: env().SIGN_IN_ADDRESS_RATE_LIMIT, windowMs: 60_000 });
  const byAccount = await hitRateLimit(db, `sign-in:account:${account}`, { limit: env().SIGN_IN_RATE_LIMIT, windowMs: 60_000 });
  if (!byAddress.allowed || !byAccount.allowed) {
    await audit(db, { action: "sign-in.limited", target: account, ip });
    const retry = Math.max(byAddress.retryAfterSeconds, byAccount.retryAfterSeconds);
    return data({ ok: false as const, notice: signInMessages.limited }, { status: 429, headers: { "Retry-After": String(retry) } });
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
  // The account limit is about guessing: a correct password clears the count.
  await clearRateLimit(db, `sign-in:account:${account}`);
  await audit(db, { actorEmail: account, action: "sign-in", ip });
  return redirect(homeOf(user ?? { role: "member" }), { headers: cookiesOf(response) });
}

export async function signOut(request: Request, context: Readonly<RouterContextProvider>, actorEmail: string | null) {
  try {
    const response = await getAuth().api.signOut({ headers: authHeaders(request), asResponse: true });
    if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
    await audit(getDb(), { actorEmail, action: "sign-out", ip: clientInfo(context).ip });
    const flash = await redirectWithFlash("/", signInMessages.signedOut);
    for (const cookie of response.headers.getSetCookie()) flash.headers.append("Set-Cookie", cookie);
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
