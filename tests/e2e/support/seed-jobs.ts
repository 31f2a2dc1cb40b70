// Background jobs for the console's jobs page, written before the server starts:
// a housekeeping run that failed after its last attempt, and one waiting for its
// next attempt tomorrow. Both are the product's own kinds, so the server's worker
// runs the failed one when staff retry it.
import type { Db } from "~/.server/db/client";
import { jobs } from "~/.server/db/schema";

export const seededJobs = {
  failed: { key: "every-10-minutes:ivr.expire:2026-01-05T17:00Z", error: "database did not answer (connection terminated unexpectedly)" },
  waiting: { key: "every-10-minutes:mail.purge:2026-01-05T17:00Z", error: "canceling statement due to statement timeout" },
};

export async function seedJobs(db: Db) {
  const hourAgo = new Date(Date.now() - 3_600_000);
  await db.insert(jobs).values([
    {
      kind: "ivr.expire",
      key: seededJobs.failed.key,
      payload: { period: "2026-01-05T17:00Z" },
      status: "failed",
      attempts: 3,
      runAt: hourAgo,
      lastError: seededJobs.failed.error,
      finishedAt: hourAgo,
    },
    {
      kind: "mail.purge",
      key: seededJobs.waiting.key,
      payload: { period: "2026-01-05T17:00Z" },
      status: "queued",
      attempts: 1,
      runAt: new Date(Date.now() + 86_400_000),
      lastError: seededJobs.waiting.error,
    },
  ]);
}
