import http from "node:http";

/**
 * What the HTTP entry refuses of a client before any route runs: a request
 * that takes too long to arrive, and a query string with control characters.
 */

/**
 * A client has 15 seconds to send its headers (a browser sends them at once;
 * a client that trickles them holds a connection for nothing) and 120 seconds
 * for the whole request: the largest body, an application of 32 MB, still
 * fits on a link of about 2.3 Mbit/s. After that Node answers 408 and closes
 * the connection. nginx, in front in the cluster, has its own header and body
 * timeouts (scripts/lib/cluster.mjs).
 */
export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * The HTTP server for a request listener (the Express app), with the
 * timeouts above. Node checks them every `checkEveryMs` (30 s by default,
 * which would let a slow client stay twice as long as allowed).
 */
export function createHttpServer(
  listener: http.RequestListener,
  { headersTimeout = HEADERS_TIMEOUT_MS, requestTimeout = REQUEST_TIMEOUT_MS, checkEveryMs = 1_000 } = {},
): http.Server {
  const server = http.createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval: checkEveryMs }, listener);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}

/**
 * How long an idle kept-alive connection stays open: longer than the clients
 * and proxies in front keep theirs (nginx's upstream keepalive, 60 s). With
 * Node's 5 s, a client that reused a connection just as the server closed it
 * got "connection reset" for an ordinary GET (a packing list's download).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * The first query parameter of `url` (a path with its query) whose name or
 * value holds a control character once decoded (`?category=%00`), or null.
 * No link of the site carries one, and letting them through would hand NUL
 * to the loaders, the log and the database.
 */
export function controlCharacterParameter(url: string): string | null {
  const start = url.indexOf("?");
  if (start === -1) return null;
  // URLSearchParams decodes like the loaders do (bytes that are not UTF-8 become U+FFFD, never an error).
  for (const [name, value] of new URLSearchParams(url.slice(start + 1))) {
    if (/[\u0000-\u001f\u007f]/.test(name) || /[\u0000-\u001f\u007f]/.test(value)) return name.replace(/[\u0000-\u001f\u007f]/g, "?").slice(0, 100);
  }
  return null;
}
