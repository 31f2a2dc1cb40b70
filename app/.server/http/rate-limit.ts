import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "~/.server/db/client";
import { rateLimits } from "~/.server/db/schema";

/**
 * Counts one hit for `key` and says whether it is within `limit`. A sliding
 * window: the previous window's count weighs in by how much of it still
 * overlaps, so a burst across a window boundary is caught too. Kept in the
 * database so every process sees the same count; one statement counts the hit
 * and reads the previous window.
 * A limit checked on its own may be counted on the database's relaxed
 * handle (`getRelaxedDb()`): a crash may forget the last few hits, which costs
 * nothing lasting.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  { limit, windowMs, now = Date.now() }: { limit: number; windowMs: number; now?: number },
): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const result = await db.execute(sql`
      with hit as (
        insert into ${rateLimits} (key, window_start, count) values (${key}, ${windowStart}, 1)
        on conflict (key, window_start) do update set count = ${rateLimits}.count + 1
        returning count
      )
      select (select count from hit) as current,
             (select count from ${rateLimits} where key = ${key} and window_start = ${windowStart - windowMs}) as previous`);
  const row = (result as unknown as { rows: { current: number | string | null; previous: number | string | null }[] }).rows[0];
  const current = Number(row?.current ?? 1);
  const overlap = 1 - (now - windowStart) / windowMs;
  const weighted = current + Number(row?.previous ?? 0) * overlap;
  return {
    allowed: weighted <= limit,
    count: weighted,
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
