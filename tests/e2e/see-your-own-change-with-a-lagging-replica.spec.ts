// A member's own change shows on their next page at once while the read
// replica lags behind. This spec starts what it needs itself, beside the
// suite's servers: a private PostgreSQL primary and its streaming replica
// (initdb and pg_basebackup, as `npm run resilience` does) on E2E_PORT+4 and
// +5, and the production build reading through the replica on E2E_PORT+3.
// Skipped, saying why, where PostgreSQL's server programs are missing.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startReplicaPair, type ReplicaPair } from "../support/replica-pair";
import { gotoHydrated } from "./support/page";

const PORT = Number(process.env.E2E_PORT ?? 4173) + 3;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MEMBER = { email: "lagging-replica@clinic.example", password: "replica password 1" };

let pair: ReplicaPair | undefined;
let reason = "";
let server: ChildProcess | undefined;
let dataDir: string | undefined;

test.beforeAll(async () => {
  // Two database servers, a base backup, migrations and a server start: slow on two busy cores.
  test.setTimeout(240_000);
  const started = await startReplicaPair(PORT + 1);
  if (!started.pair) {
    reason = started.reason;
    return;
  }
  pair = started.pair;
  dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-replica-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    DATABASE_URL: pair.primary.url,
    DATABASE_REPLICA_URL: pair.replica.url,
    // Wide enough that the replica, paused, is still read by others throughout the test.
    DATABASE_REPLICA_MAX_LAG_MS: "120000",
    PHI_KEY: randomBytes(32).toString("hex"),
    LOG_LEVEL: "warn",
    SIGN_IN_ADDRESS_RATE_LIMIT: "10000",
  };
  const added = spawnSync("npx", ["tsx", "scripts/user-add.ts", "--email", MEMBER.email, "--password", MEMBER.password, "--role", "member", "--practice", "Lagging Replica Clinic"], {
    env,
    encoding: "utf8",
  });
  if (added.status !== 0) throw new Error(`could not create the member: ${added.stderr}`);
  server = spawn(process.execPath, ["build/server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  // Its log, to say why when it does not start.
  let output = "";
  for (const stream of [server.stdout!, server.stderr!]) stream.on("data", (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-4000)));
  const until = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${ORIGIN}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (server.exitCode !== null || Date.now() > until) throw new Error(`the server reading through the replica did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  pair?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a member's draft shows on their board at once while the replica lags behind", async ({ page, context }) => {
  test.skip(!pair, reason);
  test.slow();
  await gotoHydrated(page, `${ORIGIN}/auth`);
  await page.getByLabel("Email").fill(MEMBER.email);
  await page.getByLabel("Password").fill(MEMBER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${ORIGIN}/members`);
  await expect(page.getByRole("region", { name: "Your drafts" })).toHaveCount(0);

  // From now on the replica receives the primary's changes but applies none of them.
  await pair!.replica.caughtUp();
  await pair!.replica.pauseReplay();
  try {
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("tab", { name: "IVR FORM" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/members/ivrs/new`);
    await page.getByLabel("Standard of care notes").fill("Compression since March");
    await expect(page.getByText(/^Draft saved \d{1,2}:\d{2}/)).toBeVisible({ timeout: 15_000 });

    // The next page is the member's board: their draft is there.
    await page.getByRole("tab", { name: "STATUS" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/members`);
    const drafts = page.getByRole("region", { name: "Your drafts" });
    await expect(drafts.getByRole("link", { name: /^Resume the draft / })).toHaveCount(1);

    // What made it so: the browser's write mark. Without it, the same board comes from the replica,
    // which has not applied the draft yet.
    expect((await context.cookies(ORIGIN)).some((c) => c.name === "portal.wrote")).toBe(true);
    await context.clearCookies({ name: "portal.wrote" });
    // On a busy machine a probe of the replica may pass its one-second limit; the replica then
    // counts as down and reads go to the primary until the next probe finds it. So reload until
    // the board is read from the replica again.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("heading", { name: "Status board" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Your drafts" })).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
  } finally {
    await pair!.replica.resumeReplay();
  }
  // Once the replica has applied it, the board shows the draft to a reader without a mark too.
  await pair!.replica.caughtUp();
  await page.reload();
  await expect(page.getByRole("region", { name: "Your drafts" }).getByRole("link", { name: /^Resume the draft / })).toHaveCount(1);
});
