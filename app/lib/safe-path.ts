/** Where a normalised target is resolved, to be sure it stays on this site. */
const BASE = "http://site.invalid";

// Control characters (browsers drop tabs and line breaks from a URL, so `/\t/evil` becomes
// `//evil`), and the backslash, which browsers read as a slash in a path.
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/**
 * Percent-decodes until nothing changes (a double-encoded `%252f` is a slash
 * too); null when still encoded after a few rounds, or, when `strict`, when a
 * `%` does not decode. A query's text may hold a literal `%` ("100%").
 */
function fullyDecoded(text: string, strict: boolean): string | null {
  let current = text;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return strict ? null : current;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * A decoded path with its dot segments resolved and repeated slashes
 * collapsed (`/a/./b//../c` -> `/a/c`), or null when it climbs above the root.
 */
function resolvedPath(path: string): string | null {
  const segments: string[] = [];
  for (const segment of path.split("/").slice(1)) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length === 0) return null;
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  const trailing = path.endsWith("/") && segments.length > 0 ? "/" : "";
  return `/${segments.join("/")}${trailing}`;
}

/**
 * A redirect target taken from a request (a form field, a query parameter, a
 * Referer) as a path on this site, or `fallback`. The path is normalised
 * before it is judged: percent-decoded (repeatedly, so double encoding counts),
 * dot segments resolved, repeated slashes collapsed; a backslash or a control
 * character anywhere, raw or encoded, refuses it. What passes is a path that
 * starts with one slash, so a browser can only follow it on this site (never
 * `//host`, `/\host`, `/.//host`, a scheme or an encoded form of these).
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/") || FORBIDDEN.test(target)) return fallback;
  const cut = target.search(/[?#]/);
  const rawPath = cut === -1 ? target : target.slice(0, cut);
  const rest = cut === -1 ? "" : target.slice(cut);
  const decoded = fullyDecoded(rawPath, true);
  // A decoded path must still be one: no encoded control character, backslash, `?` or `#`,
  // and it may not begin with two slashes however they were written.
  if (decoded === null || FORBIDDEN.test(decoded) || /[?#]/.test(decoded) || !decoded.startsWith("/") || decoded.startsWith("//")) return fallback;
  const decodedRest = fullyDecoded(rest, false);
  if (decodedRest === null || /[\u0000-\u001f\u007f]/.test(decodedRest)) return fallback;
  const path = resolvedPath(decoded);
  if (path === null) return fallback;
  let url: URL;
  try {
    url = new URL(`${path}${rest}`, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const result = `${url.pathname}${url.search}${url.hash}`;
  // Belt and braces: whatever the URL parser made of it, one leading slash and no backslash.
  if (!result.startsWith("/") || result.startsWith("//") || result.includes("\\")) return fallback;
  return result;
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
