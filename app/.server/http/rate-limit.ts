import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "~/.server/db/client";
import { rateLimits } from "~/.server/db/schema";

/**
 * Counts one hit for `key` and says whether it is within `limit`. A sliding
 * window: the previous window's count weighs in by how much of it still
 * overlaps, so a burst across a window boundary is caught too. Kept in the
 * database so every process sees the same count.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  { limit, windowMs, now = Date.now() }: { limit: number; windowMs: number; now?: number },
): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const [previous] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart - windowMs)));
  const current = row?.count ?? 1;
  const overlap = 1 - (now - windowStart) / windowMs;
  const count = current + (previous?.count ?? 0) * overlap;
  return {
    allowed: count <= limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/** Forgets every window of `key`. */
export async function clearRateLimit(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops windows older than an hour. */
export async function pruneRateLimits(db: Db, now = Date.now()) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, now - 3_600_000));
}
