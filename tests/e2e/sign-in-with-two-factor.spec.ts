// Two-factor sign-in as staff meet it, on a server of its own at http://localhost (passkeys need a
// domain: an IP address cannot be a WebAuthn relying party). Its first admin is made with
// `npm run user:add`, as on a new install, and enrols at first sign-in; codes are computed with the
// otpauth library from the key the set-up page shows, as an outside check would.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { appCode } from "../support/test-app";
import { checkBothWidths } from "./support/a11y";
import { gotoHydrated } from "./support/page";

const PORT = Number(process.env.E2E_PORT ?? 4173) + 7;
const ORIGIN = `http://localhost:${PORT}`;
const ADMIN = { email: "first-admin@site.example", password: "first admin password 1" };
const KEYHOLDER = { email: "keyholder@site.example", password: "keyholder password 1" };

let server: ChildProcess | undefined;
let dataDir: string | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-two-factor-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    PHI_KEY: randomBytes(32).toString("hex"),
    LOG_LEVEL: "warn",
    SIGN_IN_ADDRESS_RATE_LIMIT: "10000",
  };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  for (const [account, role] of [
    [ADMIN, "admin"],
    [KEYHOLDER, "staff"],
  ] as const) {
    const added = spawnSync("npx", ["tsx", "scripts/user-add.ts", "--email", account.email, "--password", account.password, "--role", role], { env, encoding: "utf8" });
    if (added.status !== 0) throw new Error(`could not create ${account.email}: ${added.stderr}`);
  }
  server = spawn(process.execPath, ["build/server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  for (const stream of [server.stdout!, server.stderr!]) stream.on("data", (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-4000)));
  const until = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${ORIGIN}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (server.exitCode !== null || Date.now() > until) throw new Error(`the two-factor server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function password(page: Page, account: { email: string; password: string }) {
  await gotoHydrated(page, `${ORIGIN}/auth`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
}

let key = "";

test("the first admin enrols an authenticator app at first sign-in, then signs in with a code, and with a backup code that then no longer works", async ({ page }) => {
  test.slow();
  await password(page, ADMIN);
  await expect(page).toHaveURL(`${ORIGIN}/account/two-factor?redirectTo=%2Fadmin`);
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  // Nothing else opens before it is done.
  await page.goto(`${ORIGIN}/admin/ivrs`);
  await expect(page).toHaveURL(`${ORIGIN}/account/two-factor`);
  await gotoHydrated(page, `${ORIGIN}/account/two-factor?redirectTo=%2Fadmin`);
  await expect(page.getByRole("img", { name: "QR code of your authenticator key" })).toBeVisible();
  const link = await page.getByRole("link", { name: "open the key in your authenticator app" }).getAttribute("href");
  expect(link).toMatch(/^otpauth:\/\/totp\/Clinical%20Portal:first-admin%40site\.example\?/);
  key = (await page.getByTestId("totp-key").textContent())!.trim();
  expect(new URL(link!).searchParams.get("secret")).toBe(key.replace(/\s+/g, ""));
  await checkBothWidths(page, "two-factor-set-up");

  await page.getByLabel(/^Authentication code/).fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("That code is not right. Type the code your app shows now.")).toBeVisible();
  await page.getByLabel(/^Authentication code/).fill(appCode(key));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Save your backup codes" })).toBeVisible();
  const codes = await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await checkBothWidths(page, "two-factor-backup-codes");
  await page.getByRole("link", { name: "I have saved them: continue" }).click();
  await expect(page).toHaveURL(`${ORIGIN}/admin`);
  await signOut(page);

  // The next sign-in asks for the code, on its own page.
  await password(page, ADMIN);
  await expect(page).toHaveURL(`${ORIGIN}/sign-in/two-factor`);
  await checkBothWidths(page, "two-factor-code");
  await page.getByLabel(/^Authentication code/).fill(appCode(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${ORIGIN}/admin`);
  await signOut(page);

  // A backup code works once.
  for (const expected of ["signed in", "refused"] as const) {
    await password(page, ADMIN);
    await expect(page).toHaveURL(`${ORIGIN}/sign-in/two-factor`);
    await page.getByRole("link", { name: "Use a backup code" }).click();
    await page.getByLabel(/^Backup code/).fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    if (expected === "signed in") {
      await expect(page).toHaveURL(`${ORIGIN}/admin`);
      await signOut(page);
    } else {
      await expect(page.getByRole("alert").filter({ hasText: "Invalid code" })).toBeVisible();
      await expect(page).toHaveURL(/\/sign-in\/two-factor/);
    }
  }
});

test("a session ended from the security page is signed out on its next request", async ({ browser }) => {
  const [one, two] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [first, second] = await Promise.all([one.newPage(), two.newPage()]);
  for (const page of [first, second]) {
    await password(page, ADMIN);
    await page.getByLabel(/^Authentication code/).fill(appCode(key));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/admin`);
  }
  await gotoHydrated(first, `${ORIGIN}/account`);
  const sessions = first.getByRole("region", { name: "Where you are signed in" });
  await expect(sessions.getByText("This device")).toBeVisible();
  await checkBothWidths(first, "account-security");
  await sessions.getByRole("button", { name: /^Sign out Chrome on / }).first().click();
  await expect(first.getByText("That session is signed out.")).toBeVisible();
  await second.goto(`${ORIGIN}/admin/ivrs`);
  await expect(second).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fivrs$/);
  await first.goto(`${ORIGIN}/admin`);
  await expect(first).toHaveURL(`${ORIGIN}/admin`);
  await one.close();
  await two.close();
});

test("a staff member sets up a passkey instead, and it signs them in alone", async ({ page, context }) => {
  test.slow();
  // Chromium's virtual authenticator (DevTools WebAuthn): a platform authenticator that verifies its user.
  const devtools = await context.newCDPSession(page);
  await devtools.send("WebAuthn.enable");
  await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await password(page, KEYHOLDER);
  await expect(page).toHaveURL(`${ORIGIN}/account/two-factor?redirectTo=%2Fadmin`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const instead = page.getByRole("region", { name: "Or use a passkey instead" });
  await instead.getByLabel("Name of the passkey").fill("Test laptop");
  await instead.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page).toHaveURL(`${ORIGIN}/admin`);

  await gotoHydrated(page, `${ORIGIN}/account`);
  await expect(page.getByRole("region", { name: "Passkeys" }).getByText("Test laptop")).toBeVisible();
  await checkBothWidths(page, "account-passkey");
  await page.getByRole("link", { name: "Back to the console" }).click();
  await signOut(page);

  // The password alone opens nothing: the passkey does.
  await password(page, KEYHOLDER);
  // On the page (its toast may say the same while it shows).
  await expect(page.locator("#main").getByText("Your account signs in with its passkey")).toBeVisible();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(`${ORIGIN}/admin`);
});
