import type { z } from "zod";
import { env } from "~/.server/env";
import { pruneRateLimits } from "~/.server/http/rate-limit";
import { pruneKeptForms } from "~/.server/accounts";
import { expireDue, removeStaleDrafts, todayUtc } from "~/.server/ivr";
import { defineJob, periodPayload, pruneJobs, type Schedule } from "~/.server/jobs";
import { log } from "~/.server/log";
import { purgeOutbox } from "~/.server/mail";
import { reindexPatients } from "~/.server/patients";

/**
 * Every kind of background work, by name: the one place a kind is
 * registered. A domain defines its kind (`defineJob`: payload schema,
 * handler, retry policy) and adds it here; `enqueue(tx, { kind, payload })`
 * is then typed by this list, and every process's worker runs it.
 */
export const jobKinds = {
  "rate-limits.prune": defineJob({
    label: "Drop expired rate-limit counts",
    payload: periodPayload,
    retry: { maxAttempts: 3, baseSeconds: 60, capSeconds: 600 },
    run: async (_, { db }) => pruneRateLimits(db),
  }),
  "mail.purge": defineJob({
    label: "Purge expired links and old mail bodies",
    payload: periodPayload,
    retry: { maxAttempts: 3, baseSeconds: 60, capSeconds: 600 },
    run: async (_, { db }) => {
      const report = await purgeOutbox(db);
      if (report.linksExpired || report.linksDropped || report.bodiesRemoved) log.info({ ...report }, "outbox purged");
    },
  }),
  "ivr.expire": defineJob({
    label: "Expire IVRs past their valid-until date",
    payload: periodPayload,
    retry: { maxAttempts: 3, baseSeconds: 60, capSeconds: 600 },
    run: async (_, { db }) => {
      const expired = await expireDue(db, todayUtc());
      if (expired) log.info({ expired }, "IVRs past their valid-until date expired");
    },
  }),
  "forms.prune": defineJob({
    label: "Drop forms kept across a sign-in that nobody came back for",
    payload: periodPayload,
    retry: { maxAttempts: 3, baseSeconds: 60, capSeconds: 600 },
    run: async (_, { db }) => {
      await pruneKeptForms(db);
    },
  }),
  "ivr.drafts.remove": defineJob({
    label: "Remove IVR drafts not saved for 30 days",
    payload: periodPayload,
    retry: { maxAttempts: 3, baseSeconds: 300, capSeconds: 3600 },
    run: async (_, { db }) => {
      const removed = await removeStaleDrafts(db);
      if (removed) log.info({ removed }, "IVR drafts not saved for 30 days removed");
    },
  }),
  "patients.reindex": defineJob({
    label: "Make the search terms of patients entered before the search, or kept under an older key",
    payload: periodPayload,
    retry: { maxAttempts: 3, baseSeconds: 300, capSeconds: 3600 },
    run: async (_, { db }) => {
      const indexed = await reindexPatients(db);
      if (indexed) log.info({ indexed }, "patients' search terms made");
    },
  }),
  "jobs.prune": defineJob({
    label: "Drop finished jobs after their retention",
    payload: periodPayload,
    retry: { maxAttempts: 3, baseSeconds: 300, capSeconds: 3600 },
    run: async (_, { db }) => {
      const removed = await pruneJobs(db, env().JOB_RETENTION_DAYS);
      if (removed) log.info({ removed }, "finished jobs pruned");
    },
  }),
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
];

/** A kind's words for the console; a kind no process knows (an older or newer version's) shows its name. */
export function jobKindLabel(kind: string): string {
  return (jobKinds as Record<string, { label: string } | undefined>)[kind]?.label ?? `Unknown kind (${kind})`;
}
