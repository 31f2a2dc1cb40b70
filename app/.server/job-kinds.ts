import type { z } from "zod";
import { env } from "~/.server/env";
import { pruneRateLimits } from "~/.server/http/rate-limit";
import { pruneKeptForms } from "~/.server/accounts";
import { sendAuthorisationReminders } from "~/.server/authorisations";
import { eligibilityCheckJob, expireDue, recheckCoveredIvrs, removeStaleDrafts, todayUtc } from "~/.server/ivr";
import type { Db } from "~/.server/db/client";
import { defineJob, periodPayload, pruneJobs, type RetryPolicy, type Schedule } from "~/.server/jobs";
import { log } from "~/.server/log";
import { purgeOutbox } from "~/.server/mail";
import { reindexPatients } from "~/.server/patients";
import { mailExpiringSoon, reorderAllPractices } from "~/.server/inventory/jobs";

/** Scheduled housekeeping tried again after a minute, doubling up to ten, three times at most. */
const SOON: RetryPolicy = { maxAttempts: 3, baseSeconds: 60, capSeconds: 600 };
/** Scheduled housekeeping that can wait: after five minutes, doubling up to an hour, three times at most. */
const LATER: RetryPolicy = { maxAttempts: 3, baseSeconds: 300, capSeconds: 3600 };

/**
 * A scheduled kind: its payload is the period it runs for, and `work` does it
 * on the worker's database, given the day the period falls on (a daily
 * period is named by its date on the company's clock, so a retry works as of
 * that day; a shorter one is today).
 */
function housekeeping(label: string, retry: RetryPolicy, work: (db: Db, day: string) => Promise<unknown>) {
  return defineJob({
    label,
    payload: periodPayload,
    retry,
    run: async ({ period }, { db }) => {
      await work(db, /^\d{4}-\d{2}-\d{2}$/.test(period) ? period : todayUtc());
    },
  });
}

/** Logs how many rows the work changed, under `key`, when it changed any. */
async function logged(work: Promise<number>, key: string, message: string): Promise<void> {
  const count = await work;
  if (count) log.info({ [key]: count }, message);
}

/**
 * Every kind of background work, by name: the one place a kind is
 * registered. A domain defines its kind (`defineJob`: payload schema,
 * handler, retry policy) and adds it here; `enqueue(tx, { kind, payload })`
 * is then typed by this list, and every process's worker runs it.
 */
export const jobKinds = {
  "rate-limits.prune": housekeeping("Drop expired rate-limit counts", SOON, (db) => pruneRateLimits(db)),
  "mail.purge": housekeeping("Purge expired links and old mail bodies", SOON, async (db) => {
    const report = await purgeOutbox(db);
    if (report.linksExpired || report.linksDropped || report.bodiesRemoved) log.info({ ...report }, "outbox purged");
  }),
  "ivr.expire": housekeeping("Expire IVRs past their valid-until date", SOON, (db) => logged(expireDue(db, todayUtc()), "expired", "IVRs past their valid-until date expired")),
  "forms.prune": housekeeping("Drop forms kept across a sign-in that nobody came back for", SOON, (db) => pruneKeptForms(db)),
  "ivr.drafts.remove": housekeeping("Remove IVR drafts not saved for 30 days", LATER, (db) => logged(removeStaleDrafts(db), "removed", "IVR drafts not saved for 30 days removed")),
  "patients.reindex": housekeeping("Make the search terms of patients entered before the search, or kept under an older key", LATER, (db) =>
    logged(reindexPatients(db), "indexed", "patients' search terms made"),
  ),
  "authorisations.remind": housekeeping("Remind practices of authorisations and verifications ending in 30 or 7 days", LATER, (db, today) =>
    logged(sendAuthorisationReminders(db, today), "reminded", "authorisation and verification reminders sent"),
  ),
  "eligibility.check": eligibilityCheckJob,
  "eligibility.recheck": housekeeping("Check again the eligibility of covered IVRs with applications still to come", LATER, (db, today) =>
    logged(recheckCoveredIvrs(db, today), "asked", "daily eligibility checks asked for"),
  ),
  "inventory.reorder": housekeeping("Draft or place reorders for practices whose stock fell below par", LATER, (db, today) =>
    logged(reorderAllPractices(db, today), "reorders", "reorders below par drafted or placed"),
  ),
  "inventory.expiring": housekeeping("Tell practices how many units expire within 30 days", LATER, (db, today) =>
    logged(mailExpiringSoon(db, today), "practices", "practices told of units expiring soon"),
  ),
  "jobs.prune": housekeeping("Drop finished jobs after their retention", LATER, (db) => logged(pruneJobs(db, env().JOB_RETENTION_DAYS), "removed", "finished jobs pruned")),
};

export type JobKinds = typeof jobKinds;

/** The clock of daily and weekly schedules: the company's (Phoenix keeps no daylight saving time). */
export const SCHEDULE_TIME_ZONE = "America/Phoenix";

/** The kinds a schedule may enqueue: those whose payload is the period. */
type PeriodKind = { [K in keyof JobKinds]: z.input<JobKinds[K]["payload"]> extends { period: string } ? K : never }[keyof JobKinds];

/** Recurring work: each period is enqueued once, by whichever process gets there first. */
export const jobSchedules: Schedule<PeriodKind>[] = [
  { kind: "rate-limits.prune", cadence: { every: "minutes", minutes: 10 } },
  { kind: "mail.purge", cadence: { every: "minutes", minutes: 10 } },
  { kind: "ivr.expire", cadence: { every: "minutes", minutes: 10 } },
  { kind: "forms.prune", cadence: { every: "minutes", minutes: 10 } },
  { kind: "ivr.drafts.remove", cadence: { every: "minutes", minutes: 10 } },
  { kind: "patients.reindex", cadence: { every: "minutes", minutes: 10 } },
  { kind: "jobs.prune", cadence: { every: "day", at: "03:00" } },
  { kind: "eligibility.recheck", cadence: { every: "day", at: "05:00" } },
  { kind: "authorisations.remind", cadence: { every: "day", at: "07:00" } },
  { kind: "inventory.reorder", cadence: { every: "day", at: "06:00" } },
  { kind: "inventory.expiring", cadence: { every: "week", on: "mon", at: "07:30" } },
];

/** A kind's words for the console; a kind no process knows (an older or newer version's) shows its name. */
export function jobKindLabel(kind: string): string {
  return (jobKinds as Record<string, { label: string } | undefined>)[kind]?.label ?? `Unknown kind (${kind})`;
}
