/**
 * Background jobs' states in words, for the database enum, the console's
 * filter and its badges (browser-safe: no server imports).
 * - queued: waiting for its time (a first run, or the next attempt after a failure);
 * - running: a worker holds it (a lease that a dying process lets lapse);
 * - done, failed (gave up, or refused for good), cancelled (by staff).
 */
export const JOB_STATES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A job that is waiting or being worked: the states in which a key is held (one job per key). */
export const JOB_IN_FLIGHT = ["queued", "running"] as const satisfies readonly JobState[];

export const JOB_STATE_LABELS: Record<JobState, string> = {
  queued: "Waiting",
  running: "Running",
  done: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};

export function isJobState(value: unknown): value is JobState {
  return typeof value === "string" && (JOB_STATES as readonly string[]).includes(value);
}

/** What the console's jobs page lists: open jobs (failed, waiting or running: the default), or one state. */
export const JOB_VIEWS = ["open", ...JOB_STATES] as const;
export type JobView = (typeof JOB_VIEWS)[number];
export const JOB_VIEW_LABELS: Record<JobView, string> = { open: "Failed, waiting and running", ...JOB_STATE_LABELS };

export function isJobView(value: unknown): value is JobView {
  return typeof value === "string" && (JOB_VIEWS as readonly string[]).includes(value);
}

export const JOBS_PAGE_SIZE = 50;
