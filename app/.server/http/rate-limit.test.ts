import { describe, expect, it } from "vitest";
import { suiteDatabase } from "../../../tests/integration/support/database";
import { clearRateLimit, hitRateLimit } from "./rate-limit";

describe("rate limit", () => {
  const database = suiteDatabase("pglite");

  const windowMs = 60_000;
  const start = 1_800_000_000_000 - (1_800_000_000_000 % windowMs);

  it("allows up to the limit in a window, then refuses", async () => {
    const results = [];
    for (let i = 0; i < 6; i++) results.push((await hitRateLimit(database.db, "a", { limit: 5, windowMs, now: start + 1000 + i })).allowed);
    expect(results).toEqual([true, true, true, true, true, false]);
  });

  it("catches a burst that crosses a window boundary", async () => {
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await hitRateLimit(database.db, "b", { limit: 5, windowMs, now: start + windowMs - 500 + i })).allowed);
    for (let i = 0; i < 3; i++) results.push((await hitRateLimit(database.db, "b", { limit: 5, windowMs, now: start + windowMs + 500 + i })).allowed);
    expect(results).toEqual([true, true, true, true, true, false]);
  });

  it("lets the previous window fade out and forgets a cleared key", async () => {
    for (let i = 0; i < 5; i++) await hitRateLimit(database.db, "c", { limit: 5, windowMs, now: start + i });
    // Near the end of the next window the old hits barely count.
    expect((await hitRateLimit(database.db, "c", { limit: 5, windowMs, now: start + 2 * windowMs - 1000 })).allowed).toBe(true);
    await clearRateLimit(database.db, "c");
    expect((await hitRateLimit(database.db, "c", { limit: 1, windowMs, now: start + 2 * windowMs - 900 })).allowed).toBe(true);
  });
});
