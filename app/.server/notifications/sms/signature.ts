import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Twilio's webhook signature (X-Twilio-Signature), as Twilio documents it
 * and its libraries compute it: the full URL Twilio requested (query string
 * included), then each POST parameter sorted by name, name and value
 * appended with no separator; HMAC-SHA1 of those UTF-8 bytes keyed with the
 * account's auth token, in base64. A name sent more than once signs each
 * distinct value once, values sorted. Checked against Twilio's published
 * examples in signature.test.ts.
 */

export type WebhookParams = URLSearchParams | FormData | Record<string, string | readonly string[]>;

/** The parameters as name -> values, whatever form they came in; null when one is a file (never Twilio's). */
export function paramsOf(params: WebhookParams): Map<string, string[]> | null {
  const out = new Map<string, string[]>();
  const add = (name: string, value: unknown) => {
    if (typeof value !== "string") return false;
    out.set(name, [...(out.get(name) ?? []), value]);
    return true;
  };
  if (params instanceof URLSearchParams || params instanceof FormData) {
    for (const [name, value] of params) if (!add(name, value)) return null;
  } else {
    for (const [name, value] of Object.entries(params)) {
      for (const v of typeof value === "string" ? [value] : value) if (!add(name, v)) return null;
    }
  }
  return out;
}

/** Unix-style (code unit) order, as Twilio sorts: "Zed" before "abc". */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The base64 HMAC-SHA1 Twilio sends for a request to `url` with these parameters. */
export function twilioSignature(authToken: string, url: string, params: Map<string, string[]> | WebhookParams): string {
  const map = params instanceof Map ? params : paramsOf(params);
  if (!map) throw new Error("webhook parameters must be text");
  let data = url;
  for (const name of [...map.keys()].sort(byCodeUnit)) {
    for (const value of [...new Set(map.get(name))].sort(byCodeUnit)) data += name + value;
  }
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/**
 * The URL with its port written out and without it: for https with :443 and
 * without, as Twilio's libraries accept either (Twilio has signed both ways).
 */
function urlForms(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  const standard = parsed.protocol === "https:" ? "443" : parsed.protocol === "http:" ? "80" : "";
  const withoutPort = new URL(parsed);
  withoutPort.port = "";
  // URL drops a default port when it is set, so the explicit one is spliced in by hand.
  const withPort = parsed.port ? parsed.toString() : withoutPort.toString().replace(/^([a-z]+:\/\/[^/?#]*)/i, `$1:${standard}`);
  return [...new Set([url, withoutPort.toString(), standard ? withPort : url])];
}

/** True when `signature` is Twilio's for this request: compared in constant time, against each form of the URL. */
export function verifyTwilioSignature(authToken: string, url: string, params: WebhookParams, signature: string | null | undefined): boolean {
  if (!signature || !authToken) return false;
  const map = paramsOf(params);
  if (!map) return false;
  const given = Buffer.from(signature, "utf8");
  let valid = false;
  // Every form is computed and compared, so the time taken does not say which one came close.
  for (const form of urlForms(url)) {
    const expected = Buffer.from(twilioSignature(authToken, form, map), "utf8");
    if (expected.length === given.length && timingSafeEqual(expected, given)) valid = true;
  }
  return valid;
}
