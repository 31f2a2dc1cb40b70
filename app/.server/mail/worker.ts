import type { Db } from "~/.server/db/client";
import { log } from "~/.server/log";
import { deliverDue, type SendMail } from "./outbox";

export type MailWorker = { stop(): Promise<void>; kick(): void };

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

  return {
    kick() {
      if (stopped || running) return;
      clearTimeout(timer);
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
