import { and, count, eq, inArray, sql } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { isJobView, JOB_IN_FLIGHT, JOBS_PAGE_SIZE, type JobState, type JobView } from "~/lib/jobs";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { cappedCount, COUNT_CAP, cursorKey, keysetPage, parseCursor, type Cursor, type KeyPart, type Page } from "~/.server/db/paging";
import { jobs } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { JOBS_CHANNEL } from "./queue";

/** What the staff console reads and does with jobs: the failed count every console page shows, the list, Retry and Cancel. */

/** `cursor`: the page (`?before=` / `?after=`, see ~/.server/db/paging); none is the first page. */
export type JobFilters = { view: JobView; cursor: Cursor | null };

/** Query strings: an unknown view means the open jobs; an old `?page=N` or a broken cursor is the first page. */
export function parseJobFilters(params: URLSearchParams): JobFilters {
  const view = params.get("view");
  return { view: isJobView(view) ? view : "open", cursor: parseCursor(params) };
}

export type JobListRow = {
  id: string;
  kind: string;
  key: string | null;
  status: JobState;
  attempts: number;
  runAt: Date;
  lastError: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

const OPEN: JobState[] = ["failed", "running", "queued"];

/** Failed first (they need a person), then running, then waiting by when they run; the id keeps jobs of the same moment apart. */
const WAITING_KEY: KeyPart[] = [
  { column: sql`(case ${jobs.status} when 'failed' then 0 when 'running' then 1 else 2 end)`, order: "asc", type: "int" },
  { column: jobs.runAt, order: "asc", type: "timestamp" },
  { column: jobs.id, order: "asc", type: "uuid" },
];

/** One waiting state alone (failed, running or queued): the rank is the same for all, so by when they run. */
const RUN_KEY: KeyPart[] = [
  { column: jobs.runAt, order: "asc", type: "timestamp" },
  { column: jobs.id, order: "asc", type: "uuid" },
];

/** Finished ones newest first (a done or cancelled job always has its finishing time). */
const FINISHED_KEY: KeyPart[] = [
  { column: jobs.finishedAt, order: "desc", type: "timestamp" },
  { column: jobs.id, order: "desc", type: "uuid" },
];

/** Whether a view lists finished jobs, newest first, rather than jobs that need a person or wait to run. */
function listsFinished(view: JobView): boolean {
  return view === "done" || view === "cancelled";
}

/** One page of jobs by keyset on the view's order; the count stops at `countCap` ("10,000+"). */
export async function listJobs(
  db: Db,
  filters: JobFilters,
  pageSize: number = JOBS_PAGE_SIZE,
  countCap: number = COUNT_CAP,
): Promise<Page<JobListRow>> {
  const where = filters.view === "open" ? inArray(jobs.status, OPEN) : eq(jobs.status, filters.view);
  const key = listsFinished(filters.view) ? FINISHED_KEY : filters.view === "open" ? WAITING_KEY : RUN_KEY;
  const [counted, page] = await Promise.all([
    cappedCount(db, db.select({ one: sql`1` }).from(jobs).where(where).$dynamic(), countCap),
    keysetPage({
      parts: key,
      cursor: filters.cursor,
      pageSize,
      fetch: (keyset, orderBy, limit) =>
        db
          .select({
            id: jobs.id,
            kind: jobs.kind,
            key: jobs.key,
            status: jobs.status,
            attempts: jobs.attempts,
            runAt: jobs.runAt,
            lastError: jobs.lastError,
            createdAt: jobs.createdAt,
            finishedAt: jobs.finishedAt,
            cursorKey: cursorKey(key),
          })
          .from(jobs)
          .where(and(where, keyset))
          .orderBy(...orderBy)
          .limit(limit),
    }),
  ]);
  return { ...counted, ...page, pageSize };
}

/** Failed jobs nobody has retried or cancelled: every console page shows this count until it is zero. */
export async function countFailedJobs(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.status, "failed"));
  return row?.n ?? 0;
}

/** One job's kind and state, or null. */
export async function getJob(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ id: jobs.id, kind: jobs.kind, status: jobs.status }).from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

export type JobRetryResult = "queued" | "not-waiting" | "key-busy" | "missing";

/**
 * Staff run a failed, cancelled or waiting job now, with its attempts counted
 * afresh; audited as `job.retry` in the same transaction. Refused while
 * another job with the same key waits or runs (one per key), and for a job
 * that is running or done.
 */
export async function retryJob(db: Db, id: string, actor: Actor): Promise<JobRetryResult> {
  if (!isUuid(id)) return "missing";
  return inTransaction(db, async (tx) => {
    const [was] = await tx.select({ kind: jobs.kind, status: jobs.status, key: jobs.key }).from(jobs).where(eq(jobs.id, id)).for("update");
    if (!was) return "missing";
    if (!["failed", "queued", "cancelled"].includes(was.status)) return "not-waiting";
    if (was.key !== null) {
      const [other] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.key, was.key), inArray(jobs.status, JOB_IN_FLIGHT), sql`${jobs.id} <> ${id}`));
      if (other) return "key-busy";
    }
    await tx
      .update(jobs)
      .set({ status: "queued", runAt: sql`now()`, attempts: 0, leaseUntil: null, finishedAt: null })
      .where(eq(jobs.id, id));
    // Every process's worker looks at once, on commit.
    await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${was.kind})`);
    await audit(tx, { actorEmail: actor.email, action: "job.retry", target: id, ip: actor.ip, detail: `${was.kind} (was ${was.status})` });
    return "queued";
  });
}

/**
 * Staff decide a waiting or failed job will not run: it leaves the queue and
 * the failed count (and frees its key). Audited as `job.cancel` in the same
 * transaction; false when the job was neither waiting nor failed.
 */
export async function cancelJob(db: Db, id: string, actor: Actor): Promise<boolean> {
  if (!isUuid(id)) return false;
  return inTransaction(db, async (tx) => {
    const [was] = await tx.select({ kind: jobs.kind, status: jobs.status }).from(jobs).where(eq(jobs.id, id)).for("update");
    if (!was || (was.status !== "queued" && was.status !== "failed")) return false;
    await tx.update(jobs).set({ status: "cancelled", leaseUntil: null, finishedAt: sql`now()` }).where(eq(jobs.id, id));
    await audit(tx, { actorEmail: actor.email, action: "job.cancel", target: id, ip: actor.ip, detail: `${was.kind} (was ${was.status})` });
    return true;
  });
}
