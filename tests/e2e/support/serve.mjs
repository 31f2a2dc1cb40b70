// Browser tests' server: an SMTP server that writes each mail it receives to
// MAIL_CAPTURE_DIR as JSON (and refuses for good any recipient at refused.example),
// the test accounts, then the production build with SMTP_URL pointing at it.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SMTPServer } from "smtp-server";

const dir = process.env.MAIL_CAPTURE_DIR;
if (!dir) throw new Error("MAIL_CAPTURE_DIR is not set");
mkdirSync(dir, { recursive: true });
let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (!address.address.toLowerCase().endsWith("@refused.example")) return callback();
    const refusal = new Error("Mailbox unavailable");
    refusal.responseCode = 550;
    callback(refusal);
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const to = session.envelope.rcptTo.map((r) => r.address);
      writeFileSync(path.join(dir, `${Date.now()}-${++count}.json`), JSON.stringify({ to, raw }));
      callback();
    });
  },
});
/**
 * The test accounts. Creating an embedded database is the slow part of a start,
 * so the first server to start creates one with the accounts in E2E_SEED_DIR,
 * once per run, and every server starts from a copy of it in its own DATA_DIR.
 */
async function seedDataDir() {
  const own = path.join(process.env.DATA_DIR, "pglite");
  // A data folder kept from an earlier run (E2E_RUN_DIR given) gets the accounts added to what it holds.
  if (existsSync(own)) return seed(process.env.DATA_DIR);
  const seedDir = process.env.E2E_SEED_DIR;
  if (!seedDir) throw new Error("E2E_SEED_DIR is not set");
  const seeded = path.join(seedDir, "data", "pglite");
  const done = path.join(seedDir, "done");
  const failed = path.join(seedDir, "failed");
  let first = true;
  try {
    mkdirSync(seedDir, { recursive: false });
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    first = false;
  }
  if (first) {
    try {
      seed(path.dirname(seeded));
      writeFileSync(done, "");
    } catch (error) {
      writeFileSync(failed, "");
      throw error;
    }
  }
  while (!existsSync(done)) {
    if (existsSync(failed)) throw new Error("could not create the test accounts");
    await sleep(100);
  }
  // Readable by this user only, as the server keeps DATA_DIR (it would otherwise tighten it and warn).
  process.umask(0o077);
  cpSync(seeded, own, { recursive: true });
  // The seeded patients are sealed with the seed's patient-data key: each server needs that key too.
  const keyFile = path.join(path.dirname(seeded), PHI_KEY_FILE);
  if (existsSync(keyFile)) cpSync(keyFile, path.join(process.env.DATA_DIR, PHI_KEY_FILE));
  // So are the staff's authenticator secrets, with the seed's signing secret (sessions stay each server's own:
  // they live in its database).
  const authSecret = path.join(path.dirname(seeded), "auth-secret");
  if (existsSync(authSecret)) cpSync(authSecret, path.join(process.env.DATA_DIR, "auth-secret"));
  // The copy is migrated already: the mark saying so comes with it (app/.server/db/client.ts).
  const migrated = path.join(path.dirname(seeded), "pglite.migrated");
  if (existsSync(migrated)) cpSync(migrated, path.join(process.env.DATA_DIR, "pglite.migrated"));
}

/** The patient-data key file the embedded default keeps in DATA_DIR (app/.server/crypto/keys.ts). */
const PHI_KEY_FILE = "phi-keys";

function seed(dataDir) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "tests/e2e/support/seed.ts"], { stdio: "inherit", env: { ...process.env, DATA_DIR: dataDir } });
  if (run.status !== 0) throw new Error("could not create the test accounts");
}

await seedDataDir();
// E2E_MAIL_OFF=1: a second server as a first install runs, with mail delivery off (no SMTP_URL).
if (process.env.E2E_MAIL_OFF === "1") {
  delete process.env.SMTP_URL;
} else {
  await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}?tls=off`;
}
await import(path.resolve("build/server.js"));
