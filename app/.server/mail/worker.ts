import type { Db } from "~/.server/db/client";
import { log, outsideRequest } from "~/.server/log";
import { deliverDue, type SendMail } from "./outbox";

export type MailWorker = { stop(): Promise<void>; kick(): void };

/** The worker this process started last: the one `mailQueued` wakes. */
let current: MailWorker | undefined;

/**
 * Wakes the process's worker after new mail was queued, so it goes out
 * without waiting for the next poll. Nothing happens when no worker runs
 * (mail delivery off, a script, a test).
 */
export function mailQueued() {
  outsideRequest(() => current?.kick());
}

/**
 * Polls the outbox and delivers due mail. One per process; any number of
 * processes may run one against the same database.
 */
export function startMailWorker({
  db,
  send,
  intervalMs,
  maxAttempts,
  leaseSeconds,
}: {
  db: Db;
  send: SendMail;
  intervalMs: number;
  maxAttempts: number;
  leaseSeconds?: number;
}): MailWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = async () => {
    try {
      // Keep going while whole batches come back, so a backlog drains quickly.
      for (;;) {
        const report = await deliverDue(db, send, { maxAttempts, leaseSeconds });
        if (report.sent || report.retried || report.failed) log.info({ ...report }, "mail delivery");
        if (stopped || report.sent + report.retried + report.failed < 20) break;
      }
    } catch (error) {
      log.warn({ err: error }, "mail delivery pass failed; will try again");
    }
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
    }, delay);
    timer.unref();
  };
  schedule(0);

  const worker: MailWorker = {
    kick() {
      if (stopped || running) return;
      clearTimeout(timer);
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (current === worker) current = undefined;
      clearTimeout(timer);
      await running;
    },
  };
  current = worker;
  return worker;
}
