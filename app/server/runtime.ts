import path from "node:path";
import { openDatabase, setDatabase, getDatabase, type Database } from "~/server/db/client";
import { env } from "~/server/env";
import { log } from "~/server/log";
import { smtpSender } from "~/server/mail/transport";
import { startMailWorker, type MailWorker } from "~/server/mail/worker";
import { pruneRateLimits } from "~/server/rate-limit";

/**
 * What a process runs besides answering requests: the database and the
 * mail worker. Started by server.ts before it listens, stopped on shutdown.
 */
let database: Database | undefined;
let worker: MailWorker | undefined;
let pruneTimer: NodeJS.Timeout | undefined;

export async function startRuntime(): Promise<void> {
  const e = env();
  database = await openDatabase(
    e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: path.resolve(e.DATA_DIR) },
  );
  setDatabase(database);
  log.info({ driver: database.driver }, "database ready");

  if (e.SMTP_URL) {
    const sender = smtpSender(e.SMTP_URL, e.MAIL_FROM);
    worker = startMailWorker({ db: database.db, send: sender, intervalMs: e.MAIL_POLL_MS, maxAttempts: e.MAIL_MAX_ATTEMPTS });
    log.info("mail worker started");
  } else {
    log.warn("SMTP_URL is not set: mail stays in the outbox, readable in the staff console");
  }
  pruneTimer = setInterval(() => {
    pruneRateLimits(database!.db).catch((error) => log.warn({ err: error }, "rate limit pruning failed"));
  }, 10 * 60_000);
  pruneTimer.unref();
}

/** Wakes the worker after new mail was queued, so it goes out without waiting for the next poll. */
export function mailQueued() {
  worker?.kick();
}

export async function checkReady(): Promise<boolean> {
  try {
    await getDatabase().ping();
    return true;
  } catch {
    return false;
  }
}

export async function stopRuntime(): Promise<void> {
  clearInterval(pruneTimer);
  await worker?.stop();
  await database?.close();
  setDatabase(undefined);
  log.info("stopped cleanly");
}
