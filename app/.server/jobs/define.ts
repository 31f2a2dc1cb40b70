import type { z } from "zod";
import type { Db } from "~/.server/db/client";
import { Refused } from "~/.server/refused";

/**
 * How a kind is retried: after a failed attempt the job waits `baseSeconds`,
 * doubling with each attempt up to `capSeconds`, and fails for good once it
 * has run `maxAttempts` times.
 */
export type RetryPolicy = { maxAttempts: number; baseSeconds: number; capSeconds: number };

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseSeconds: 30, capSeconds: 3600 };

/** What a handler is given besides its payload. */
export type JobContext = {
  /** The worker's database (a handler opens its own transactions on it). */
  db: Db;
  id: string;
  kind: string;
  /** This run's number: 1 on the first run. */
  attempt: number;
  /** Aborted when the worker lost the job (staff cancelled it, or its lease lapsed and another worker took it). */
  signal: AbortSignal;
};

/**
 * One kind of background work. A handler may run more than once for one job
 * (a process that dies after the work but before recording it is done runs it
 * again after the lease), so it must be safe to repeat.
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  /** What the kind does, in words, for the console ("Expire IVRs past their valid-until date"). */
  label: string;
  /** The payload: ids, or values sealed with the crypto domain; never patient data in clear. */
  payload: S;
  retry: RetryPolicy;
  /**
   * Does the work. Throwing retries the job with backoff (or fails it after the
   * last attempt); throw `RetryAt` to name the time yourself, `JobRefused` to
   * fail it at once. The error's message becomes the job's last error, which
   * staff read: reasons in words, never patient data.
   */
  run(payload: z.output<S>, context: JobContext): Promise<void>;
};

/** A kind, with its retry policy completed from the defaults. */
export function defineJob<S extends z.ZodType>(definition: {
  label: string;
  payload: S;
  retry?: Partial<RetryPolicy>;
  run: (payload: z.output<S>, context: JobContext) => Promise<void>;
}): JobDefinition<S> {
  return { ...definition, retry: { ...DEFAULT_RETRY, ...definition.retry } };
}

/** The kinds a worker runs, by name. */
export type JobRegistry = Record<string, JobDefinition>;

/** Wait after the `attempts`-th failed run: base, doubled each time, capped. */
export function backoffSeconds(policy: RetryPolicy, attempts: number): number {
  return Math.min(policy.baseSeconds * 2 ** Math.max(0, attempts - 1), policy.capSeconds);
}

/**
 * Thrown by a handler to be run again at a time it names (a payer that asks
 * to be tried later), instead of the backoff. Still counts as an attempt.
 */
export class RetryAt extends Error {
  constructor(
    readonly at: Date,
    reason: string,
  ) {
    super(reason);
    this.name = "RetryAt";
  }
}

/** Thrown by a handler when trying again cannot help (a record gone, an answer refused for good): the job fails at once. */
export class JobRefused extends Refused {
  constructor(reason: string) {
    super(reason, null, 409);
    this.name = "JobRefused";
  }
}
