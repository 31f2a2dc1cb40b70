import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { openDatabase, type Database } from "~/.server/db/client";
import { jobs, jobSchedules } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { jobKinds, jobSchedules as productSchedules, SCHEDULE_TIME_ZONE } from "~/.server/job-kinds";
import { defineJob, enqueue, JobRefused, JOBS_CHANNEL, pruneJobs, RetryAt, startJobWorker, type JobContext } from "~/.server/jobs";
import { claimNext, failureText, insertJob, runClaimed, runDue } from "~/.server/jobs/queue";
import { enqueuePeriods, scheduler } from "~/.server/jobs/schedule";
import { drivers, freshDatabase } from "./support/database";

const PHOENIX = "America/Phoenix";
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Kinds of these tests: what ran, in order, and handlers that fail the way a test asks. */
const ran: string[] = [];
let behaviour: (payload: { id: string }, context: JobContext) => Promise<void> = async () => {};
const registry = {
  "test.work": defineJob({
    label: "Test work",
    payload: z.object({ id: z.string() }),
    retry: { maxAttempts: 3, baseSeconds: 30, capSeconds: 100 },
    run: async (payload, context) => {
      ran.push(payload.id);
      await behaviour(payload, context);
    },
  }),
  "test.tick": defineJob({ label: "Test tick", payload: z.object({ period: z.string() }), run: async () => {} }),
  "test.often": defineJob({ label: "Test often", payload: z.object({ period: z.string() }), run: async () => {} }),
};

describe.each(drivers)("jobs on %s", (driver) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const work = (id: string, extra: { key?: string; runAt?: Date } = {}) => insertJob(database.db, { kind: "test.work", payload: { id }, ...extra });
  const row = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
  /** Seconds from the database's now to `at`. */
  const secondsFromNow = async (at: Date) => {
    const result = (await database.db.execute(sql`select now() as now`)) as unknown as { rows: [{ now: string | Date }] };
    const now = result.rows[0].now;
    return Math.round((at.getTime() - new Date(now).getTime()) / 1000);
  };
  /**
   * Listens to the workers' wake-ups (an enqueue's, which names its kind). On a server the listener connects
   * in the background: warm-up notices (payload "warm-up") are sent until the first one arrives.
   */
  async function listenToWakeUps(onWake: () => void) {
    let ready = false;
    const stop = await database.listen(JOBS_CHANNEL, (payload) => (payload === "warm-up" ? (ready = true) : onWake()));
    for (let i = 0; i < 50 && !ready; i++) {
      await database.db.execute(sql`select pg_notify(${JOBS_CHANNEL}, 'warm-up')`);
      await sleep(100);
    }
    return stop;
  }
  const due = (id: string) => database.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));

  beforeAll(async () => {
    database = await freshDatabase(driver);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    await database.db.delete(jobs);
    await database.db.delete(jobSchedules);
    ran.length = 0;
    behaviour = async () => {};
  });

  it("queues a job with the transaction that asks for it, and wakes the workers only when it commits", async () => {
    const heard: string[] = [];
    const stop = await listenToWakeUps(() => heard.push("woken"));
    try {
      await inTransaction(database.db, async (tx) => {
        await insertJob(tx, { kind: "test.work", payload: { id: "rolled back" } });
        throw new Error("the change failed");
      }).catch(() => {});
      expect(await database.db.select().from(jobs)).toEqual([]);

      const { id, created } = await inTransaction(database.db, (tx) => insertJob(tx, { kind: "test.work", payload: { id: "kept" } }));
      expect(created).toBe(true);
      expect(await row(id)).toMatchObject({ kind: "test.work", payload: { id: "kept" }, status: "queued", attempts: 0, key: null });
      for (let i = 0; i < 50 && heard.length === 0; i++) await sleep(40);
      expect(heard).toEqual(["woken"]);
    } finally {
      await stop();
    }
  });

  it("takes a registered kind's payload as its schema says (a compile-time check too)", async () => {
    const { id } = await inTransaction(database.db, async (tx) => {
      // @ts-expect-error a period is text
      if (ran.length > 0) await enqueue(tx, { kind: "ivr.expire", payload: { period: 1 } });
      // @ts-expect-error no such kind
      if (ran.length > 0) await enqueue(tx, { kind: "ivr.unknown", payload: { period: "2026-11-27" } });
      return enqueue(tx, { kind: "ivr.expire", payload: { period: "2026-11-27" }, key: "daily:ivr.expire:2026-11-27" });
    });
    expect(await row(id)).toMatchObject({ kind: "ivr.expire", payload: { period: "2026-11-27" }, key: "daily:ivr.expire:2026-11-27", status: "queued" });
  });

  it("runs a due job once and records it done; a job not yet due waits", async () => {
    const now = await work("now");
    const later = await work("later", { runAt: new Date(Date.now() + 3_600_000) });
    expect(await runDue(database.db, registry)).toEqual({ done: 1, retried: 0, failed: 0, lost: 0 });
    expect(ran).toEqual(["now"]);
    expect(await row(now.id)).toMatchObject({ status: "done", attempts: 1, leaseUntil: null, lastError: null });
    expect((await row(now.id)).finishedAt).toBeInstanceOf(Date);
    expect((await row(later.id)).status).toBe("queued");
    expect(await runDue(database.db, registry)).toEqual({ done: 0, retried: 0, failed: 0, lost: 0 });
  });

  it("retries a failing job with growing waits, then marks it failed with its last error", async () => {
    behaviour = async () => {
      throw new Error("payer unavailable (HTTP 503)");
    };
    const { id } = await work("flaky");
    expect(await runDue(database.db, registry)).toMatchObject({ retried: 1 });
    let job = await row(id);
    expect(job).toMatchObject({ status: "queued", attempts: 1, lastError: "payer unavailable (HTTP 503)", leaseUntil: null });
    expect(await secondsFromNow(job.runAt)).toBeCloseTo(30, -1);
    // Not due yet: nothing runs before its time.
    expect(await runDue(database.db, registry)).toMatchObject({ retried: 0 });

    await due(id);
    expect(await runDue(database.db, registry)).toMatchObject({ retried: 1 });
    job = await row(id);
    expect(job.attempts).toBe(2);
    expect(await secondsFromNow(job.runAt)).toBeCloseTo(60, -1);

    await due(id);
    expect(await runDue(database.db, registry)).toMatchObject({ failed: 1 });
    job = await row(id);
    expect(job).toMatchObject({ status: "failed", attempts: 3, lastError: "payer unavailable (HTTP 503)", leaseUntil: null });
    expect(job.finishedAt).toBeInstanceOf(Date);
    expect(ran).toEqual(["flaky", "flaky", "flaky"]);
  });

  it("runs again at the time a handler names, and fails at once when it says trying again cannot help", async () => {
    const at = new Date(Date.now() + 7_200_000);
    at.setMilliseconds(0);
    behaviour = async ({ id }) => {
      if (id === "later") throw new RetryAt(at, "payer asked to try again later");
      throw new JobRefused("member id not recognised by the payer");
    };
    const later = await work("later");
    const refused = await work("refused");
    await runDue(database.db, registry);
    expect(await row(later.id)).toMatchObject({ status: "queued", attempts: 1, runAt: at, lastError: "payer asked to try again later" });
    expect(await row(refused.id)).toMatchObject({ status: "failed", attempts: 1, lastError: "member id not recognised by the payer" });
  });

  it("keeps one job per key in flight, and takes a new one once it is done", async () => {
    const first = await work("coverage A", { key: "eligibility:coverage-a" });
    const again = await work("coverage A again", { key: "eligibility:coverage-a" });
    const other = await work("coverage B", { key: "eligibility:coverage-b" });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(other.created).toBe(true);
    expect(await database.db.select().from(jobs)).toHaveLength(2);

    // Running still holds the key.
    const claimed = await claimNext(database.db, ["test.work"]);
    expect(claimed?.status).toBe("running");
    expect((await work("while running", { key: claimed!.key! })).created).toBe(false);
    await runClaimed(database.db, registry, claimed!);
    await runDue(database.db, registry);
    expect((await work("after", { key: "eligibility:coverage-a" })).created).toBe(true);
    expect(await database.db.select().from(jobs).where(eq(jobs.key, "eligibility:coverage-a"))).toHaveLength(2);
  });

  it("gives a job whose worker died to another after the lease, and ignores the first worker's late answer", async () => {
    const { id } = await work("orphan");
    const first = await claimNext(database.db, ["test.work"]);
    expect(first?.id).toBe(id);
    // Leased: no other worker takes it.
    expect(await claimNext(database.db, ["test.work"])).toBeUndefined();
    // The first worker's process stops answering; its lease lapses.
    await database.db.update(jobs).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));
    const second = await claimNext(database.db, ["test.work"]);
    expect(second).toMatchObject({ id, attempts: 2, status: "running" });
    // The first worker comes back and finishes: its claim is no longer the job's.
    expect(await runClaimed(database.db, registry, first!)).toBe("lost");
    expect(await runClaimed(database.db, registry, second!)).toBe("done");
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("fails a job whose process died on each of its attempts instead of running it forever", async () => {
    const { id } = await work("poison");
    await database.db.update(jobs).set({ status: "running", attempts: 3, leaseUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));
    expect(await runDue(database.db, registry)).toMatchObject({ failed: 1 });
    expect(ran).toEqual([]);
    expect((await row(id)).lastError).toBe("stopped after 3 runs whose process ended before they finished");
  });

  it("renews the lease while a long job runs", async () => {
    const { id } = await work("slow");
    behaviour = () => sleep(2_600);
    const claimed = await claimNext(database.db, ["test.work"], 3);
    const running = runClaimed(database.db, registry, claimed!, 3);
    await sleep(1_800);
    // Renewed every second: still held well past the first lease's 3 s by the end.
    const held = await row(id);
    expect(await secondsFromNow(held.leaseUntil!)).toBeGreaterThanOrEqual(2);
    expect(await running).toBe("done");
  });

  it("fails a job whose payload its kind does not accept, naming the field and not the value", async () => {
    const { id } = await insertJob(database.db, { kind: "test.work", payload: { id: 42, name: "Ada Lee" } });
    await runDue(database.db, registry);
    expect(await row(id)).toMatchObject({ status: "failed", lastError: "payload does not match the kind test.work (id)" });
    expect(ran).toEqual([]);
  });

  it("withholds a failed query's values from the error staff read", async () => {
    const error = await database.db.execute(sql`select ${"Ada Lee"}::int`).catch((e: unknown) => e);
    const text = failureText(error);
    expect(text).toContain("Failed query");
    expect(text).not.toContain("Ada Lee");
  });

  it("leaves kinds it does not know to the workers that do", async () => {
    const { id } = await insertJob(database.db, { kind: "newer.kind", payload: {} });
    expect(await runDue(database.db, registry)).toMatchObject({ done: 0, failed: 0 });
    expect((await row(id)).status).toBe("queued");
  });

  it("enqueues each schedule's period once, whichever scheduler gets there first", async () => {
    const schedules = [
      { kind: "test.tick", cadence: { every: "day", at: "03:00" } },
      { kind: "test.often", cadence: { every: "minutes", minutes: 10 } },
    ] as const;
    const at = new Date("2026-11-27T10:05:00Z");
    // Two processes' schedulers at the same moment.
    const a = scheduler(database.db, schedules, PHOENIX);
    const b = scheduler(database.db, schedules, PHOENIX);
    expect(await a.tick(at)).toEqual(["daily:test.tick:2026-11-27", "every-10-minutes:test.often:2026-11-27T10:00Z"]);
    // Done before the other process looks: the period is still taken.
    await runDue(database.db, registry);
    expect(await database.db.select({ status: jobs.status }).from(jobs)).toEqual([{ status: "done" }, { status: "done" }]);
    expect(await b.tick(at)).toEqual([]);
    expect(await a.tick(new Date("2026-11-27T10:09:59Z"))).toEqual([]);
    // A scheduler whose clock lags behind never enqueues a period that is past.
    expect(await enqueuePeriods(database.db, schedules, new Date("2026-11-27T09:55:00Z"), PHOENIX)).toEqual([]);
    // The next ten minutes: one more short period, the same day.
    expect(await b.tick(new Date("2026-11-27T10:10:00Z"))).toEqual(["every-10-minutes:test.often:2026-11-27T10:10Z"]);
    expect(await a.tick(new Date("2026-11-27T10:10:30Z"))).toEqual([]);
    const rows = await database.db.select({ kind: jobs.kind, key: jobs.key, payload: jobs.payload }).from(jobs).orderBy(jobs.key);
    expect(rows).toEqual([
      { kind: "test.tick", key: "daily:test.tick:2026-11-27", payload: { period: "2026-11-27" } },
      { kind: "test.often", key: "every-10-minutes:test.often:2026-11-27T10:00Z", payload: { period: "2026-11-27T10:00Z" } },
      { kind: "test.often", key: "every-10-minutes:test.often:2026-11-27T10:10Z", payload: { period: "2026-11-27T10:10Z" } },
    ]);
  });

  it("runs the product's housekeeping from its schedule", async () => {
    const enqueued = await enqueuePeriods(database.db, productSchedules, new Date(), SCHEDULE_TIME_ZONE);
    expect(enqueued.map((key) => key.split(":")[1]).sort()).toEqual([
      "authorisations.remind",
      "eligibility.recheck",
      "forms.prune",
      "inventory.expiring",
      "inventory.reorder",
      "ivr.drafts.remove",
      "ivr.expire",
      "jobs.prune",
      "mail.purge",
      "patients.reindex",
      "rate-limits.prune",
    ]);
    expect(await runDue(database.db, jobKinds)).toEqual({ done: 11, retried: 0, failed: 0, lost: 0 });
  });

  it("drops finished jobs after the retention period and keeps failed ones", async () => {
    const old = new Date(Date.now() - 15 * 86_400_000);
    const done = await work("old done");
    const cancelled = await work("old cancelled");
    const failed = await work("old failed");
    const recent = await work("recent done");
    await database.db.update(jobs).set({ status: "done", finishedAt: old }).where(eq(jobs.id, done.id));
    await database.db.update(jobs).set({ status: "cancelled", finishedAt: old }).where(eq(jobs.id, cancelled.id));
    await database.db.update(jobs).set({ status: "failed", finishedAt: old }).where(eq(jobs.id, failed.id));
    await database.db.update(jobs).set({ status: "done", finishedAt: new Date() }).where(eq(jobs.id, recent.id));
    expect(await pruneJobs(database.db, 14)).toBe(2);
    expect((await database.db.select({ id: jobs.id }).from(jobs)).map((r) => r.id).sort()).toEqual([failed.id, recent.id].sort());
  });

  it("starts a job at once when it is queued, and lets a running job finish before it stops", async () => {
    // A poll far in the future: only the enqueue's wake-up can start the job in time.
    const worker = startJobWorker({ db: database.db, registry, zone: PHOENIX, pollMs: 600_000 });
    const stop = await listenToWakeUps(() => worker.kick());
    try {
      let finished = false;
      behaviour = async () => {
        await sleep(300);
        finished = true;
      };
      const { id } = await inTransaction(database.db, (tx) => insertJob(tx, { kind: "test.work", payload: { id: "woken" } }));
      for (let i = 0; i < 100 && ran.length === 0; i++) await sleep(20);
      expect(ran).toEqual(["woken"]);
      expect(await worker.stop(5_000)).toBe(true);
      expect(finished).toBe(true);
      expect((await row(id)).status).toBe("done");
    } finally {
      await stop();
      await worker.stop(0);
    }
  });

  // The tests below mean something on PostgreSQL only: PGlite runs one statement at a time, so two workers
  // (or two transactions) never overlap there and these would pass whatever the locking.
  it("never runs a job twice when two workers claim at once", async ({ skip }) => {
    skip(driver !== "postgres", "needs PostgreSQL (TEST_DATABASE_URL): PGlite runs one transaction at a time, so two workers cannot overlap");
    for (let i = 0; i < 30; i++) await work(`job ${i}`);
    behaviour = () => sleep(5);
    const second = await openDatabase({ url: database.url!, poolSize: 3 });
    try {
      const reports = await Promise.all([
        runDue(database.db, registry, { limit: 100 }),
        runDue(second.db, registry, { limit: 100 }),
        runDue(database.db, registry, { limit: 100 }),
      ]);
      expect(reports.reduce((n, r) => n + r.done, 0)).toBe(30);
      expect(reports.every((r) => r.done > 0)).toBe(true);
      expect(ran).toHaveLength(30);
      expect(new Set(ran).size).toBe(30);
    } finally {
      await second.close();
    }
  });

  it("keeps one job per key when many ask at once", async ({ skip }) => {
    skip(driver !== "postgres", "needs PostgreSQL (TEST_DATABASE_URL): PGlite runs one transaction at a time, so two enqueues cannot overlap");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        inTransaction(database.db, async (tx) => {
          const enqueued = await insertJob(tx, { kind: "test.work", payload: { id: `ask ${i}` }, key: "eligibility:coverage-c" });
          // Hold the transaction open a moment, so the others' inserts wait on this one's.
          await sleep(20);
          return enqueued;
        }),
      ),
    );
    const rows = await database.db.select().from(jobs);
    expect(rows).toHaveLength(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([rows[0]!.id]));
  });

  it("enqueues a period once when two processes' schedulers tick at the same moment", async ({ skip }) => {
    skip(driver !== "postgres", "needs PostgreSQL (TEST_DATABASE_URL): PGlite runs one transaction at a time, so two schedulers cannot overlap");
    const second: Database = await openDatabase({ url: database.url!, poolSize: 3 });
    try {
      const schedules = [
        { kind: "test.tick", cadence: { every: "week", on: "mon", at: "07:00" } },
        { kind: "test.often", cadence: { every: "minutes", minutes: 10 } },
      ] as const;
      const at = new Date("2026-11-27T10:05:00Z");
      const ticks = await Promise.all(
        Array.from({ length: 8 }, (_, i) => scheduler(i % 2 ? second.db : database.db, schedules, PHOENIX).tick(at)),
      );
      expect(ticks.flat().sort()).toEqual(["every-10-minutes:test.often:2026-11-27T10:00Z", "weekly:test.tick:2026-11-23"]);
      expect(await database.db.select().from(jobs)).toHaveLength(2);
    } finally {
      await second.close();
    }
  });
});
