import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { JOB_IN_FLIGHT } from "~/lib/jobs";
import type { Db } from "~/.server/db/client";
import { jobs } from "~/.server/db/schema";
import type { JobKinds } from "~/.server/job-kinds";
import { serializeError } from "~/.server/log";
import { backoffSeconds, JobRefused, RetryAt, type JobRegistry } from "./define";

export type JobRow = typeof jobs.$inferSelect;

/** The channel an enqueue notifies (on commit, naming the kind) so every process's worker looks at once. */
export const JOBS_CHANNEL = "jobs_queued";

export type JobKindName = keyof JobKinds & string;
export type PayloadOf<K extends JobKindName> = z.input<JobKinds[K]["payload"]>;

export type NewJob<K extends string = string, P = unknown> = {
  kind: K;
  payload: P;
  /** At most one job with this key waits or runs at a time; enqueueing another while one does returns that one. */
  key?: string;
  /** Not before this time (now when absent). */
  runAt?: Date;
};

/** The job that now stands for the request: a new one, or the one already in flight under the same key. */
export type Enqueued = { id: string; created: boolean };

/**
 * Queues a job inside the caller's transaction: it exists only if that
 * transaction commits, and every process's worker is woken on commit (a
 * NOTIFY, dropped on rollback), so it starts at once rather than at the next
 * poll. With a key already in flight nothing is added and that job is returned.
 */
export function enqueue<K extends JobKindName>(tx: Db, job: NewJob<K, PayloadOf<K>>): Promise<Enqueued> {
  return insertJob(tx, job);
}

/** `enqueue` for any kind name (the worker checks the payload against its kind when it runs). */
export async function insertJob(tx: Db, job: NewJob): Promise<Enqueued> {
  const runAt = job.runAt ? sql`${job.runAt.toISOString()}::timestamptz` : sql`now()`;
  // Twice at most: the job holding the key may finish between the insert and the look-up, and then this one is added.
  for (let tries = 0; tries < 2; tries++) {
    // One statement: the row, and the wake-up only when a row was added.
    const result = await tx.execute(sql`
      with added as (
        insert into ${jobs} (kind, payload, key, run_at)
        values (${job.kind}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.key ?? null}, ${runAt})
        on conflict (key) where status in ('queued', 'running') do nothing
        returning id
      )
      select id, pg_notify(${JOBS_CHANNEL}, ${job.kind})::text as woken from added`);
    const [row] = (result as unknown as { rows: { id: string }[] }).rows;
    if (row) return { id: row.id, created: true };
    if (job.key === undefined) break;
    const [held] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.key, job.key), inArray(jobs.status, JOB_IN_FLIGHT)));
    if (held) return { id: held.id, created: false };
  }
  throw new Error(`a ${job.kind} job could not be queued`);
}

/** How long a claimed job is held before another worker may take it, unless the worker renews it (JOB_LEASE_SECONDS). */
export const LEASE_SECONDS = 60;

/**
 * Claims the next due job of a kind this worker knows: a waiting one whose
 * time has come, or a running one whose lease lapsed (its process died). One
 * row at a time: FOR UPDATE SKIP LOCKED keeps two workers off the same row,
 * the lease keeps it theirs while they run it.
 */
export async function claimNext(db: Db, kinds: readonly string[], leaseSeconds = LEASE_SECONDS): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, [...kinds]),
        or(
          and(eq(jobs.status, "queued"), lte(jobs.runAt, sql`now()`)),
          and(eq(jobs.status, "running"), lt(jobs.leaseUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      status: "running",
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${jobs.attempts} + 1`,
      startedAt: sql`now()`,
    })
    // A scalar subquery runs once (an InitPlan): at most one row is locked and leased.
    .where(eq(jobs.id, sql`(${due})`))
    .returning();
  return row;
}

/** This claim of the job: a write after the worker lost the job (cancelled, or its lease lapsed and it was claimed again) changes nothing. */
function held(row: Pick<JobRow, "id" | "attempts">) {
  return and(eq(jobs.id, row.id), eq(jobs.status, "running"), eq(jobs.attempts, row.attempts));
}

/** Extends the lease of a job being run; false when the worker no longer holds it. */
export async function renewLease(db: Db, row: Pick<JobRow, "id" | "attempts">, leaseSeconds = LEASE_SECONDS): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(held(row))
    .returning({ id: jobs.id });
  return renewed.length === 1;
}

/**
 * A failure as staff may read it: the reason a handler gave, or the error's
 * message with a failed query's values withheld (the database layer puts them
 * in the message). At most 1000 characters.
 */
export function failureText(error: unknown): string {
  const message = error instanceof Error ? String(serializeError(error).message ?? error.name) : String(error);
  return (message || "failed without a reason").slice(0, 1000);
}

export type RunOutcome = "done" | "retried" | "failed" | "lost";

/**
 * Runs one claimed job with its kind's handler, renewing the lease while it
 * runs, and records the outcome: done; waiting again (the backoff, or the time
 * the handler named with RetryAt); or failed (the last attempt, JobRefused, a
 * payload its kind does not accept, a job whose process died once too often).
 */
export async function runClaimed(db: Db, registry: JobRegistry, row: JobRow, leaseSeconds = LEASE_SECONDS): Promise<RunOutcome> {
  const definition = registry[row.kind]!;
  const fail = async (reason: string): Promise<RunOutcome> => {
    const updated = await db
      .update(jobs)
      .set({ status: "failed", leaseUntil: null, finishedAt: sql`now()`, lastError: reason.slice(0, 1000) })
      .where(held(row))
      .returning({ id: jobs.id });
    return updated.length ? "failed" : "lost";
  };
  // A job already started as often as its kind allows: the processes running it died (its lease lapsed each time).
  if (row.attempts > definition.retry.maxAttempts) {
    return fail(`stopped after ${row.attempts - 1} runs whose process ended before they finished`);
  }
  const payload = definition.payload.safeParse(row.payload);
  if (!payload.success) {
    // The paths only: the values are the payload's.
    const fields = payload.error.issues.map((i) => i.path.join(".") || "(payload)").join(", ");
    return fail(`payload does not match the kind ${row.kind} (${fields})`);
  }

  const lost = new AbortController();
  const renewEvery = Math.max(1_000, (leaseSeconds * 1000) / 3);
  const renewal = setInterval(() => {
    renewLease(db, row, leaseSeconds)
      .then((still) => {
        if (!still) lost.abort(new Error("the job was cancelled or taken by another worker"));
      })
      // A database that does not answer: the lease may lapse, and the fenced writes below then change nothing.
      .catch(() => {});
  }, renewEvery);
  renewal.unref();
  let failure: unknown;
  try {
    await definition.run(payload.data, { db, id: row.id, kind: row.kind, attempt: row.attempts, signal: lost.signal });
  } catch (error) {
    failure = error ?? new Error("failed without a reason");
  } finally {
    clearInterval(renewal);
  }

  if (failure === undefined) {
    const updated = await db
      .update(jobs)
      .set({ status: "done", leaseUntil: null, finishedAt: sql`now()`, lastError: null })
      .where(held(row))
      .returning({ id: jobs.id });
    return updated.length ? "done" : "lost";
  }
  const reason = failureText(failure);
  if (failure instanceof JobRefused || row.attempts >= definition.retry.maxAttempts) return fail(reason);
  const next =
    failure instanceof RetryAt && !Number.isNaN(failure.at.getTime())
      ? sql`${failure.at.toISOString()}::timestamptz`
      : sql`now() + make_interval(secs => ${backoffSeconds(definition.retry, row.attempts)})`;
  const updated = await db
    .update(jobs)
    .set({ status: "queued", leaseUntil: null, runAt: next, lastError: reason })
    .where(held(row))
    .returning({ id: jobs.id });
  return updated.length ? "retried" : "lost";
}

export type RunReport = Record<RunOutcome, number>;

/** Runs due jobs one claim at a time, at most `limit` of them; answers what happened. */
export async function runDue(
  db: Db,
  registry: JobRegistry,
  { limit = 20, leaseSeconds = LEASE_SECONDS, stopping = () => false }: { limit?: number; leaseSeconds?: number; stopping?: () => boolean } = {},
): Promise<RunReport> {
  const report: RunReport = { done: 0, retried: 0, failed: 0, lost: 0 };
  const kinds = Object.keys(registry);
  for (let n = 0; n < limit && !stopping(); n++) {
    const row = await claimNext(db, kinds, leaseSeconds);
    if (!row) break;
    report[await runClaimed(db, registry, row, leaseSeconds)]++;
  }
  return report;
}

/** Drops finished jobs (done or cancelled) older than `retentionDays`; failed ones stay until staff act on them. */
export async function pruneJobs(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const removed = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ["done", "cancelled"]), lt(jobs.finishedAt, cutoff)))
    .returning({ id: jobs.id });
  return removed.length;
}
