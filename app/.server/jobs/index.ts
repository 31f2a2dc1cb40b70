/**
 * The jobs domain: background work as rows of one table. A domain adds a
 * kind (`defineJob`, registered in `app/.server/job-kinds.ts`) and enqueues
 * it inside the transaction of the change that asks for it (`enqueue`); every
 * process runs a worker that claims due jobs one at a time with FOR UPDATE
 * SKIP LOCKED and a lease, retries with backoff, and enqueues recurring kinds
 * once per period. The console lists failed and waiting jobs and retries or
 * cancels them.
 */
export { backoffSeconds, DEFAULT_RETRY, defineJob, JobRefused, RetryAt, type JobContext, type JobDefinition, type JobRegistry, type RetryPolicy } from "./define";
export { enqueue, JOBS_CHANNEL, pruneJobs, type Enqueued, type JobKindName, type PayloadOf } from "./queue";
export { periodPayload, type Cadence, type Schedule, type Weekday } from "./schedule";
export { startJobWorker, type JobWorker } from "./worker";
export {
  cancelJob,
  countFailedJobs,
  getJob,
  listJobs,
  parseJobFilters,
  retryJob,
  type JobFilters,
  type JobListRow,
  type JobRetryResult,
} from "./console";
