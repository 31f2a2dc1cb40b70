// Staff and admins sign in with a second factor. A script that signs them in
// through the form (the bench, the resilience run) does what an outside check
// does: at the set-up page it reads the key from the otpauth:// link, computes
// the app's code with the otpauth library, and confirms it.
import { Secret, TOTP } from "otpauth";

/** The cookies of `answer` merged into `cookie` (a Cookie header), later values winning. */
export function mergeCookies(cookie, answer) {
  const jar = new Map(
    cookie
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair]),
  );
  for (const set of answer.headers.getSetCookie()) {
    const pair = set.split(";")[0];
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(set) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * After a password sign-in answered with `location`: when it leads to the
 * set-up of the second factor, sets up an authenticator app from the key the
 * page shows (kept in `keys` under `account`), and when it asks for a code,
 * answers with that key's; the session's Cookie header, or `cookie` when
 * nothing was asked.
 */
export async function enrolIfAsked(url, cookie, location, keys = new Map(), account = "") {
  if (location === "/sign-in/two-factor") {
    // Set up earlier in this run: the code of the same key.
    const secret = keys.get(account);
    if (!secret) throw new Error(`${account} asks for a code of a key this run did not set up`);
    const answer = await fetch(`${url}/sign-in/two-factor`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url, cookie },
      body: new URLSearchParams({ intent: "app", code: codeOf(secret) }).toString(),
      redirect: "manual",
    });
    await answer.arrayBuffer();
    if (answer.status !== 302) throw new Error(`the authenticator code was refused (${answer.status})`);
    return mergeCookies(cookie, answer);
  }
  if (!location?.startsWith("/account/two-factor")) return cookie;
  const page = await fetch(`${url}/account/two-factor`, { headers: { cookie } });
  const html = await page.text();
  const link = html.match(/href="(otpauth:\/\/[^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
  if (!link) throw new Error(`the set-up page showed no key (${page.status})`);
  const secret = new URL(link).searchParams.get("secret");
  if (account) keys.set(account, secret);
  const code = codeOf(secret);
  const answer = await fetch(`${url}/account/two-factor`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url, cookie },
    body: new URLSearchParams({ intent: "verify", code }).toString(),
    redirect: "manual",
  });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`the authenticator code was refused (${answer.status})`);
  return mergeCookies(cookie, answer);
}

/** The code an authenticator app with this base32 key shows now. */
function codeOf(secret) {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();
}
