import { log, outsideRequest } from "~/.server/log";

/** Work started after an answer and not finished yet. */
const pending = new Set<Promise<void>>();

/**
 * Runs `work` after the current request has its answer, so the answer takes
 * the same time whatever the work finds (an account or none).
 *
 * The work lives in memory rather than in a job table: it is a lookup and a
 * mail queued within milliseconds, and if the process stops in between, the
 * visitor, who was told to expect a mail, simply asks again. A failure is
 * logged under `what` only: never the email it was about.
 */
export function afterAnswer(what: string, work: () => Promise<void>): void {
  // Outside the request's scope, like the mail worker: its lines are not part of the request's trail.
  outsideRequest(() => {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => log.error({ err: error, work: what }, "work after an answer failed"))
      .finally(() => pending.delete(done));
    pending.add(done);
  });
}

/** Resolves once every piece of work started so far has finished (for shutdown, and tests). */
export async function workAfterAnswers(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}
