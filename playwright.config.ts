import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CORE_HEALTH_URL, CORE_PASSWORD, CORE_RECEIVER_ID, CORE_SENDER_ID, CORE_URL, CORE_USER } from "./tests/e2e/support/core-eligibility";

// One data folder per run, shared with the workers through the environment.
process.env.E2E_RUN_DIR ??= mkdtempSync(path.join(tmpdir(), "site-e2e-"));
process.env.MAIL_CAPTURE_DIR ??= path.join(process.env.E2E_RUN_DIR, "mail");
/** The test accounts' database, made once and copied by each server (tests/e2e/support/serve.mjs). */
const SEED_DIR = path.join(process.env.E2E_RUN_DIR, "seed");
/** One patient-data key for the run: the seeded patients are sealed with it, and the servers start from copies of that database. */
process.env.E2E_PHI_KEY ??= randomBytes(32).toString("hex");

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** A second server, with mail delivery off. */
const MAIL_OFF_PORT = PORT + 1;
/** A third, whose sessions end after one idle minute, as outside checks run it (keep-a-session.spec.ts). */
const SHORT_SESSION_PORT = PORT + 2;
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two browser tests at a time keep a two-core machine busy (five at a time ran slower than two); a third
  // worker runs the session tests, which mostly wait out real minutes, beside them (the "sessions" project,
  // started first so that their waiting overlaps the rest).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // Limits guard against a hang; they are not speed goals (npm run bench measures speed). On
  // a loaded two-core machine a server answer has taken several seconds.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Traces (actions and DOM snapshots) only with E2E_TRACE=1: "retain-on-failure" records every test and
    // throws the trace away when it passes, and the recording cost a two-core machine a third of the run.
    // A failed test keeps its screenshot and error context either way.
    trace: process.env.E2E_TRACE === "1" ? { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: false } : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      // This machine has no route out: keep Chromium from trying.
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run", "--disable-gpu"],
    },
  },
  projects: [
    // Each test account signs in once through the form; tests that only need a session reuse it (tests/e2e/support/sessions.ts).
    { name: "setup", testMatch: /\.setup\.ts$/, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } },
    // Wait out the one-minute idle limit of their server, one at a time, on the third worker beside the rest.
    // After setup like the others: Playwright runs projects in phases by their dependencies, so a project
    // without them would run before every project that has them, not beside.
    {
      name: "sessions",
      dependencies: ["setup"],
      testMatch: /keep-a-session-while-working\.spec\.ts$/,
      workers: 1,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
    },
    { name: "desktop", dependencies: ["setup"], testIgnore: /keep-a-session-while-working\.spec\.ts$/, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } },
    { name: "phone", dependencies: ["setup"], testIgnore: /keep-a-session-while-working\.spec\.ts$/, use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 740 }, isMobile: false, hasTouch: true }, grep: /@phone/ },
  ],
  webServer: [
    {
      command: "node tests/e2e/support/serve.mjs",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        PHI_KEY: process.env.E2E_PHI_KEY,
        // Links in mails are written with this origin, the one the tests browse.
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        LOG_LEVEL: "warn",
        DATA_DIR: path.join(process.env.E2E_RUN_DIR, "data"),
        E2E_SEED_DIR: SEED_DIR,
        MAIL_CAPTURE_DIR: process.env.MAIL_CAPTURE_DIR,
        MAIL_POLL_MS: "200",
        // Every test comes from 127.0.0.1; the limit itself is covered by the integration tests.
        FORM_RATE_LIMIT: "10000",
        SIGN_IN_ADDRESS_RATE_LIMIT: "10000",
        // Live chat is never answered here, whatever the hour the suite runs: its messages go to the
        // inbox (chat-with-support.spec.ts runs the chat itself on servers of its own, open all week).
        CHAT_HOURS: "none",
      },
    },
    {
      // The same build with mail delivery off (no SMTP_URL), as a first install runs.
      command: "node tests/e2e/support/serve.mjs",
      url: `http://127.0.0.1:${MAIL_OFF_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        NODE_ENV: "production",
        PORT: String(MAIL_OFF_PORT),
        PHI_KEY: process.env.E2E_PHI_KEY,
        PUBLIC_URL: `http://127.0.0.1:${MAIL_OFF_PORT}`,
        LOG_LEVEL: "warn",
        DATA_DIR: path.join(process.env.E2E_RUN_DIR, "data-mail-off"),
        E2E_SEED_DIR: SEED_DIR,
        MAIL_CAPTURE_DIR: path.join(process.env.E2E_RUN_DIR, "mail-off"),
        E2E_MAIL_OFF: "1",
        SIGN_IN_ADDRESS_RATE_LIMIT: "10000",
        // Real-time eligibility checks against the CORE endpoint below (check-eligibility.spec.ts); this server
        // only, so the main server's tests run with checks off. A payer that does not answer fails after 2 s,
        // and the job worker looks for due jobs every second rather than every five (an enqueue wakes it anyway).
        ELIGIBILITY_CONNECTOR: "core",
        ELIGIBILITY_CORE_URL: CORE_URL,
        ELIGIBILITY_CORE_USER: CORE_USER,
        ELIGIBILITY_CORE_PASSWORD: CORE_PASSWORD,
        ELIGIBILITY_SENDER_ID: CORE_SENDER_ID,
        ELIGIBILITY_RECEIVER_ID: CORE_RECEIVER_ID,
        ELIGIBILITY_TIMEOUT_SECONDS: "2",
        JOB_POLL_MS: "1000",
      },
    },
    {
      // A CAQH CORE eligibility endpoint on this machine, answering the member ids the tests chose (tests/e2e/support/core-eligibility.ts).
      command: "npx tsx tests/e2e/support/core-serve.ts",
      url: CORE_HEALTH_URL,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: "node tests/e2e/support/serve.mjs",
      url: `http://127.0.0.1:${SHORT_SESSION_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        NODE_ENV: "production",
        PORT: String(SHORT_SESSION_PORT),
        PHI_KEY: process.env.E2E_PHI_KEY,
        PUBLIC_URL: `http://127.0.0.1:${SHORT_SESSION_PORT}`,
        LOG_LEVEL: "warn",
        DATA_DIR: path.join(process.env.E2E_RUN_DIR, "data-short-sessions"),
        E2E_SEED_DIR: SEED_DIR,
        MAIL_CAPTURE_DIR: path.join(process.env.E2E_RUN_DIR, "mail-short-sessions"),
        E2E_MAIL_OFF: "1",
        SIGN_IN_ADDRESS_RATE_LIMIT: "10000",
        SESSION_IDLE_MINUTES: "1",
      },
    },
  ],
});
