// Browser tests' server: an SMTP server that writes each mail it receives to
// MAIL_CAPTURE_DIR as JSON (and refuses for good any recipient at refused.example),
// the test accounts, then the production build with SMTP_URL pointing at it.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
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
const seeded = spawnSync("npx", ["tsx", "tests/e2e/support/seed.ts"], { stdio: "inherit" });
if (seeded.status !== 0) throw new Error("could not create the test accounts");
// E2E_MAIL_OFF=1: a second server as a first install runs, with mail delivery off (no SMTP_URL).
if (process.env.E2E_MAIL_OFF === "1") {
  delete process.env.SMTP_URL;
} else {
  await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}?tls=off`;
}
await import(path.resolve("build/server.js"));
