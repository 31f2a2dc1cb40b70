/**
 * A redirect target taken from a request (a form field, a query parameter, a
 * Referer) as a path on this site, or `fallback`. Only `/x` forms pass: never
 * `//host`, `/\host`, a scheme, or control characters, which browsers would
 * follow to another site.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || target.length > 2048) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, "http://site.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://site.invalid") return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The path of a Referer header when it names a page of this site (`origin`), else `fallback`. */
export function refererPath(referer: string | null | undefined, origin: string, fallback = "/"): string {
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.origin !== origin) return fallback;
    return safeRedirectPath(`${url.pathname}${url.search}`, fallback);
  } catch {
    return fallback;
  }
}
