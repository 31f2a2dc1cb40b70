import path from "node:path";
import { secureDataDir } from "~/.server/db/data-dir";
import { openDatabase, setDatabase, getDatabase, type Database } from "~/.server/db/client";
import { env, siteOrigin } from "~/.server/env";
import { workAfterAnswers } from "~/.server/after-answer";
import { log, outsideRequest } from "~/.server/log";
import { smtpSender, startMailWorker, type MailWorker } from "~/.server/mail";
import { phiRing } from "~/.server/crypto";
import { brandedSender } from "~/.server/branding/mail";
import { startStatusEvents, stopStatusEvents } from "~/.server/events";
import { JOBS_CHANNEL, startJobWorker, type JobWorker } from "~/.server/jobs";
import { jobKinds, jobSchedules, SCHEDULE_TIME_ZONE } from "~/.server/job-kinds";
import { startSmsWorker, twilioProvider, twilioSettings, type SmsWorker } from "~/.server/notifications";

/**
 * What a process runs besides answering requests: the database, the mail
 * worker and the job worker (which also runs the recurring housekeeping).
 * Started by server.ts before it listens, stopped on shutdown.
 */
let database: Database | undefined;
let worker: MailWorker | undefined;
let sender: ReturnType<typeof smtpSender> | undefined;
let jobWorker: JobWorker | undefined;
let smsWorker: SmsWorker | undefined;
let stopJobWakeups: (() => Promise<void>) | undefined;

export async function startRuntime(): Promise<void> {
  const e = env();
  // First, so an SMTP_URL that would send in clear text stops the start before anything opens.
  sender = e.SMTP_URL ? smtpSender(e.SMTP_URL, e.MAIL_FROM) : undefined;
  const dataDir = path.resolve(e.DATA_DIR);
  // Before anything is written there (the session secret, the embedded database): the service's user only.
  const tightened = secureDataDir(dataDir);
  if (tightened > 0) log.warn({ dataDir, entries: tightened }, "DATA_DIR was readable by other users: tightened to the service's user only");
  // The patient-data key, before the database opens: on a database server without PHI_KEY the start stops here, saying why.
  phiRing();
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) log.warn("DATABASE_REPLICA_URL is set without DATABASE_URL: the embedded database has no replica, so it is not used");
  const replica = e.DATABASE_REPLICA_URL ? { url: e.DATABASE_REPLICA_URL, maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS } : undefined;
  database = await openDatabase(e.DATABASE_URL ? { url: e.DATABASE_URL, replica } : { dataDir });
  setDatabase(database);
  log.info({ driver: database.driver, replica: database.replica?.state() }, "database ready");
  // Status changes reach the portal's live boards through the database (NOTIFY), whichever process made them.
  const open = database;
  await startStatusEvents((channel, onPayload) => open.listen(channel, onPayload));

  if (sender) {
    // The worker's bookkeeping (a lease, a sent mark) need not wait for the disk: lost in a crash of the
    // database server, a mail goes again with the same Message-ID, as when a process dies mid-send.
    // A practice member's mail carries the practice's logo and accent (app/.server/branding/mail.ts).
    worker = startMailWorker({ db: database.relaxed, send: brandedSender(database.relaxed, sender), intervalMs: e.MAIL_POLL_MS, maxAttempts: e.MAIL_MAX_ATTEMPTS, leaseSeconds: e.MAIL_LEASE_SECONDS });
    log.info("mail worker started");
  } else {
    log.warn("SMTP_URL is not set: mail stays in the outbox, readable in the staff console");
  }
  // Texts (Twilio's Messages API) when its settings are there; without them the option is hidden from members.
  const twilio = twilioSettings();
  if (twilio) {
    const provider = twilioProvider(twilio, { statusCallbackUrl: `${siteOrigin()}/sms/webhook` });
    smsWorker = startSmsWorker({ db: database.relaxed, provider, intervalMs: e.MAIL_POLL_MS, maxAttempts: e.MAIL_MAX_ATTEMPTS });
    log.info("text worker started");
  }
  // Background jobs, recurring housekeeping included (rate limits, the outbox's purge, IVR expiry: app/.server/job-kinds.ts).
  jobWorker = startJobWorker({
    db: database.db,
    registry: jobKinds,
    schedules: jobSchedules,
    zone: SCHEDULE_TIME_ZONE,
    pollMs: e.JOB_POLL_MS,
    concurrency: e.JOB_CONCURRENCY,
    leaseSeconds: e.JOB_LEASE_SECONDS,
  });
  // An enqueue NOTIFYs on commit: whichever process queued it, every worker looks at once.
  const jobs = jobWorker;
  stopJobWakeups = await open.listen(JOBS_CHANNEL, () => outsideRequest(() => jobs.kick()));
}

/** Wakes the worker after new mail was queued (the mail domain's; routes may take it from here). */
export { mailQueued } from "~/.server/mail";

export async function checkReady(): Promise<boolean> {
  try {
    await getDatabase().ping();
    return true;
  } catch {
    return false;
  }
}

/** Waits for `work` at most `ms`; false (and a warning naming `step`) when it did not finish in time. */
async function within(step: string, ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const finished = await Promise.race([work.then(() => true), late]);
  clearTimeout(timer);
  if (!finished) log.warn({ step, ms }, "shutdown step did not finish in time");
  return finished;
}

/**
 * Stops the worker (after its current pass) and closes the database. Each
 * step has a time limit, so a connection lost for good cannot hold the
 * process open, or let it end without saying so.
 */
export async function stopRuntime(): Promise<void> {
  // Work started after an answer (a reset link being queued, say) finishes before the database closes.
  await within("work after answers", 5_000, workAfterAnswers());
  const workerStopped = await within("mail worker", 10_000, worker?.stop() ?? Promise.resolve());
  await within("text worker", 10_000, smsWorker?.stop() ?? Promise.resolve());
  // A running job finishes, or its lease lapses and another process takes it.
  await within("job wake-ups", 2_000, stopJobWakeups?.() ?? Promise.resolve());
  const jobsStopped = (await jobWorker?.stop(env().JOB_LEASE_SECONDS * 1000)) ?? true;
  await within("status events", 2_000, stopStatusEvents());
  sender?.close();
  const databaseClosed = await within("database", 5_000, database?.close() ?? Promise.resolve());
  setDatabase(undefined);
  if (workerStopped && jobsStopped && databaseClosed) log.info("stopped cleanly");
  else log.warn({ workerStopped, jobsStopped, databaseClosed }, "stopped, not cleanly");
}
