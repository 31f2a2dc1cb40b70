import { createCookie, type MiddlewareFunction } from "react-router";
import { siteIsHttps } from "~/.server/env";
import { openedDatabase } from "./client";
import { formatLsn, parseLsn, withReadScope, type ReadScope, type Replica } from "./replica";

/**
 * Read your own writes, in one place (root middleware): route code only
 * chooses its handle (getReadDb for a read that may be a moment behind).
 *
 * - A request that may write (any method but GET and HEAD) reads the primary.
 * - When it is answered 2xx or 3xx, its browser gets a write mark: the
 *   primary's WAL position after the write (`portal.wrote`, HttpOnly). Until
 *   the replica has replayed past it, that browser's reads go to the
 *   primary: the page after a save, and every page after it, show the save.
 * - The mark lasts a little longer than the lag bound plus a probe: by then
 *   either the replica has replayed it or it counts as lagging, and then
 *   everyone reads the primary. So the mark never needs removing (a removal
 *   could race a newer mark from another tab).
 *
 * Without a replica this does nothing. See docs/decisions/007-read-replica-read-your-writes.md.
 */

const COOKIE = "portal.wrote";

let markCookieOf: { https: boolean; maxAge: number; cookie: ReturnType<typeof createCookie> } | undefined;

/** The write-mark cookie for `replica`'s bound. */
export function writeMarkCookie(replica: Pick<Replica, "maxLagMs" | "probeMs">) {
  const https = siteIsHttps();
  const maxAge = Math.ceil((replica.maxLagMs + replica.probeMs) / 1000) + 1;
  if (markCookieOf?.https !== https || markCookieOf.maxAge !== maxAge) {
    markCookieOf = { https, maxAge, cookie: createCookie(COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: https, maxAge }) };
  }
  return markCookieOf.cookie;
}

/** The write mark the request carries, when it has a well-formed one. */
export async function writeMarkOf(request: Request, replica: Pick<Replica, "maxLagMs" | "probeMs">): Promise<bigint | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes(`${COOKIE}=`)) return null;
  const value: unknown = await writeMarkCookie(replica)
    .parse(header)
    .catch(() => null);
  return parseLsn(value);
}

const READS = new Set(["GET", "HEAD"]);

export const readYourWritesMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const replica = openedDatabase()?.replica;
  if (!replica) return next();
  const reading = READS.has(request.method.toUpperCase());
  const scope: ReadScope = { primaryOnly: !reading, mark: reading ? await writeMarkOf(request, replica) : null };
  return withReadScope(scope, async () => {
    let response = await next();
    if (reading || response.status >= 400) return response;
    const position = await replica.primaryPosition();
    // Not known: the primary went away meanwhile, and the next page needs it for its session anyway.
    if (position === null) return response;
    const cookie = await writeMarkCookie(replica).serialize(formatLsn(position));
    try {
      response.headers.append("Set-Cookie", cookie);
    } catch {
      // An answer with immutable headers (a fetched one): the same answer with headers of its own.
      response = new Response(response.body, response);
      response.headers.append("Set-Cookie", cookie);
    }
    return response;
  });
};
