import type { Db } from "~/.server/db/client";
import { log } from "~/.server/log";
import type { JobRegistry } from "./define";
import { LEASE_SECONDS, runDue, type RunReport } from "./queue";
import { scheduler, type Schedule } from "./schedule";

export type JobWorker = {
  /** Look for due jobs now rather than at the next poll (an enqueue's NOTIFY calls this on every process). */
  kick(): void;
  /** Takes no new job and waits for the ones running to finish, at most `waitMs` (their leases then lapse and another process takes them). */
  stop(waitMs?: number): Promise<boolean>;
};

/**
 * Runs the jobs of `registry` in this process: each pass enqueues the
 * schedule's new periods, then claims and runs due jobs one at a time in
 * each of `concurrency` lanes, until none is due. Any number of processes
 * may run one against the same database.
 */
export function startJobWorker({
  db,
  registry,
  schedules = [],
  zone,
  pollMs,
  concurrency = 1,
  leaseSeconds = LEASE_SECONDS,
}: {
  db: Db;
  registry: JobRegistry;
  schedules?: readonly Schedule[];
  zone: string;
  pollMs: number;
  concurrency?: number;
  leaseSeconds?: number;
}): JobWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const clock = scheduler(db, schedules, zone);

  const lane = async () => {
    for (;;) {
      const report: RunReport = await runDue(db, registry, { leaseSeconds, stopping: () => stopped });
      const worked = report.done + report.retried + report.failed + report.lost;
      if (worked) log.info({ ...report }, "jobs run");
      if (stopped || worked < 20) return;
    }
  };

  const pass = async () => {
    try {
      const enqueued = await clock.tick();
      if (enqueued.length) log.info({ jobs: enqueued }, "scheduled jobs enqueued");
    } catch (error) {
      log.warn({ err: error }, "scheduling jobs failed; will try again");
    }
    // Settled, not all: a lane whose database call failed must not leave the pass while another still runs a job.
    const lanes = await Promise.allSettled(Array.from({ length: Math.max(1, concurrency) }, lane));
    for (const result of lanes) if (result.status === "rejected") log.warn({ err: result.reason }, "job pass failed; will try again");
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      again = false;
      running = pass().finally(() => {
        running = undefined;
        // A kick during the pass may name a job the pass had already looked past.
        schedule(again ? 0 : pollMs);
      });
    }, delay);
    timer.unref();
  };
  schedule(0);

  return {
    kick() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    async stop(waitMs = leaseSeconds * 1000) {
      stopped = true;
      clearTimeout(timer);
      if (!running) return true;
      let late: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<false>((resolve) => (late = setTimeout(() => resolve(false), waitMs))),
      ]);
      clearTimeout(late);
      return finished;
    },
  };
}
