/**
 * The one origin every absolute link is written with, and the Host names the
 * site answers to. Pure (reads only what it is given), so the HTTP entry
 * (server.ts) and the application share it.
 */
type Source = Record<string, string | undefined>;

function portOf(source: Source): number {
  const port = Number.parseInt(source.PORT ?? "3000", 10);
  return Number.isFinite(port) ? port : 3000;
}

/** `PUBLIC_URL`'s origin, or http://localhost:PORT when it is unset. Never the request's Host. */
export function siteOriginOf(source: Source): string {
  const configured = source.PUBLIC_URL?.trim();
  if (configured) return new URL(configured).origin;
  return `http://localhost:${portOf(source)}`;
}

/**
 * A Host header (or a configured host) as `name` or `name:port`, lower-cased,
 * without a trailing dot and without the default ports 80 and 443, or null
 * when it is not a host at all.
 */
export function normalizeHost(value: string): string | null {
  const trimmed = value.trim().toLowerCase();
  if (!trimmed || /[\s/\\@?#]/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(`http://${trimmed}`);
  } catch {
    return null;
  }
  // The URL parser would have accepted "a:b@host" style or paths; the test above refused them.
  const name = url.hostname.replace(/\.$/, "");
  if (!name) return null;
  const port = url.port && url.port !== "443" ? url.port : "";
  return port ? `${name}:${port}` : name;
}

/**
 * The hosts the site answers to: PUBLIC_URL's, every entry of ALLOWED_HOSTS
 * (comma-separated `name` or `name:port`), and the loopback names on PORT.
 */
export function allowedHostsOf(source: Source): Set<string> {
  const hosts = new Set<string>();
  const add = (value: string) => {
    const host = normalizeHost(value);
    if (host) hosts.add(host);
  };
  if (source.PUBLIC_URL?.trim()) add(new URL(source.PUBLIC_URL.trim()).host);
  for (const entry of (source.ALLOWED_HOSTS ?? "").split(",")) if (entry.trim()) add(entry);
  const port = portOf(source);
  for (const name of ["localhost", "127.0.0.1", "[::1]"]) add(`${name}:${port}`);
  return hosts;
}

/** True when the request's Host header names a host the site answers to. */
export function isAllowedHost(header: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (!header) return false;
  const host = normalizeHost(header);
  return host !== null && allowed.has(host);
}
