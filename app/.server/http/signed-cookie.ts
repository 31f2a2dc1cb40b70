import { createCookie, type Cookie, type CookieOptions } from "react-router";
import { signingSecret } from "~/.server/crypto";
import { siteIsHttps } from "~/.server/env";

/**
 * A cookie of the site's own, signed with the signing secret (React Router's
 * signed cookies: HMAC-SHA256): one a browser changed or made up parses as
 * null. HttpOnly, SameSite=Lax, for the whole site, and Secure whenever the
 * site is served over https. Made when first asked for, and again when the
 * secret or the scheme changed (tests change them).
 */
export function signedCookie(name: string, options: Omit<CookieOptions, "secrets" | "secure" | "httpOnly" | "sameSite" | "path"> = {}): () => Cookie {
  let made: { secret: string; https: boolean; cookie: Cookie } | undefined;
  return () => {
    const secret = signingSecret();
    const https = siteIsHttps();
    if (made?.secret !== secret || made.https !== https) {
      made = { secret, https, cookie: createCookie(name, { ...options, path: "/", httpOnly: true, sameSite: "lax", secure: https, secrets: [secret] }) };
    }
    return made.cookie;
  };
}
