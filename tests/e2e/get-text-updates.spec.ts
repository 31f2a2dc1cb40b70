// Text-message updates as a member meets them, on a server of its own whose TWILIO_* settings point at
// a stand-in of Twilio's Messages API started by this test (tests/support/sms-provider.ts): the member
// adds a mobile number, reads the code at the stand-in, confirms it and chooses IVR status and new
// message texts; staff change the IVR's status and the text arrives; staff's message texts its
// reference only, and, failing for good, is counted on every console page until dismissed; STOP from a
// signed webhook stops the next one, and a wrongly signed webhook is refused.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PHONE_MESSAGES } from "~/lib/phone";
import { startSmsProvider, type SmsProviderServer } from "../support/sms-provider";
import { checkBothWidths } from "./support/a11y";
import { testAccounts } from "./support/accounts";
import { gotoHydrated, signIn } from "./support/page";
import { seededPractice } from "./support/seed-ivrs";

const PORT = Number(process.env.E2E_PORT ?? 4173) + 11;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MOBILE = "+16025550142";

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let twilio: SmsProviderServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  twilio = await startSmsProvider();
  dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-texts-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    PHI_KEY: process.env.E2E_PHI_KEY,
    E2E_SEED_DIR: path.join(process.env.E2E_RUN_DIR!, "seed"),
    MAIL_CAPTURE_DIR: path.join(dataDir, "mail"),
    E2E_MAIL_OFF: "1",
    LOG_LEVEL: "warn",
    MAIL_POLL_MS: "200",
    SIGN_IN_ADDRESS_RATE_LIMIT: "10000",
    FORM_RATE_LIMIT: "10000",
    ...twilio.env(),
  };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  server = spawn(process.execPath, ["tests/e2e/support/serve.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  for (const stream of [server.stdout!, server.stderr!]) stream.on("data", (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-4000)));
  const until = Date.now() + 150_000;
  for (;;) {
    const ready = await fetch(`${ORIGIN}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (server.exitCode !== null || Date.now() > until) throw new Error(`the texts server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await twilio?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function pageOn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: ORIGIN });
  return context.newPage();
}

/** Texts to the member's number, in order. */
const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to);

test("a member confirms a mobile number and gets an IVR status text; STOP stops the next", async ({ browser }) => {
  test.slow();
  const member = await pageOn(browser);
  await signIn(member, seededPractice.member.email, seededPractice.member.password);
  await expect(member).toHaveURL(/\/members/);
  await member.getByRole("link", { name: "Notifications by mail and text" }).click();
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Notifications");
  await checkBothWidths(member, "notifications-empty");

  // A number that is not one: the message beside the field, what was typed kept.
  await member.getByLabel("Your mobile number").fill("555");
  await member.getByRole("button", { name: "Text me a code" }).click();
  await expect(member.getByText(PHONE_MESSAGES.unreadable, { exact: true })).toBeVisible();
  await expect(member.getByLabel("Your mobile number")).toHaveValue("555");

  await member.getByLabel("Your mobile number").fill("(602) 555-0142");
  await member.getByRole("button", { name: "Text me a code" }).click();
  await expect(member.getByText("We texted a code to the number: type it below.")).toBeVisible();
  const codeText = await twilio.waitForMessage(MOBILE, 15_000);
  expect(codeText.body).toContain("Reply STOP to cancel");
  const code = /code is (\d{6})/.exec(codeText.body)![1]!;

  // A wrong code first.
  await member.getByLabel(/The code we texted/).fill(code === "000000" ? "111111" : "000000");
  await member.getByRole("button", { name: "Confirm the number" }).click();
  await expect(member.getByText("That code is not the one we sent.")).toBeVisible();
  await member.getByLabel(/The code we texted/).fill(code);
  await member.getByRole("button", { name: "Confirm the number" }).click();
  await expect(member.getByText("Your mobile number is confirmed.", { exact: true })).toBeVisible();
  await expect(member.getByText(/Texts go to/)).toContainText("(602) 555-0142");

  await member.getByRole("checkbox", { name: "IVR status change by text" }).check();
  await member.getByRole("checkbox", { name: "New message by text" }).check();
  await member.getByRole("button", { name: "Save choices" }).click();
  await expect(member.getByText("Your choices are saved.")).toBeVisible();
  await expect(member.getByRole("checkbox", { name: "IVR status change by text" })).toBeChecked();
  await checkBothWidths(member, "notifications-confirmed");

  // The member's IVR, as staff will open it.
  await gotoHydrated(member, "/members");
  const ivrLink = member.getByRole("link", { name: /IVR-\d{6}/ }).first();
  const reference = (await ivrLink.textContent())!.match(/IVR-\d{6}/)![0];
  await ivrLink.click();
  await expect(member).toHaveURL(/\/members\/ivrs\/[0-9a-f-]{36}$/);
  const ivrId = member.url().split("/").pop()!;

  // Staff start the review: the text arrives at the stand-in.
  const staff = await pageOn(browser);
  await signIn(staff, testAccounts.staff.email, testAccounts.staff.password);
  await expect(staff).toHaveURL(/\/admin/);
  await gotoHydrated(staff, `/admin/ivrs/${ivrId}`);
  await staff.getByRole("button", { name: "Start review" }).click();
  await expect(staff.getByText("Submitted → In review")).toBeVisible();
  await expect.poll(() => textsTo(MOBILE).map((m) => m.body), { timeout: 15_000 }).toContain(`Cardinal Biologics: ${reference} is now In review. Sign in to see it.`);
  const sent = textsTo(MOBILE).at(-1)!;
  expect(sent.from).toBe(twilio.from);
  expect(sent.statusCallback).toMatch(new RegExp(`^${ORIGIN}/sms/webhook\\?key=[0-9a-f-]{36}$`));

  // The console shows the text.
  await gotoHydrated(staff, "/admin/texts");
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Texts");
  await expect(staff.getByRole("row").filter({ hasText: reference }).first()).toContainText("Sent");
  await checkBothWidths(staff, "console-texts");

  // Staff's message on the IVR is texted too, its reference only. The number is refused for good this
  // time: the failed text is counted on every console page until staff dismiss it.
  twilio.fail("invalid-number");
  await gotoHydrated(staff, `/admin/ivrs/${ivrId}`);
  const thread = staff.getByRole("region", { name: "Messages" });
  await thread.getByLabel("New message").fill("Please call us about the dressing.");
  await thread.getByRole("button", { name: "Send" }).click();
  await expect(staff.locator("[data-sonner-toast]").filter({ hasText: "Message sent" })).toBeVisible();
  const failedText = staff.getByRole("row").filter({ hasText: `New message · ${reference}` });
  await expect(async () => {
    await gotoHydrated(staff, "/admin/texts?state=failed");
    await expect(failedText).toContainText("Failed", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(failedText).toContainText(`Cardinal Biologics: new message on ${reference}. Sign in to read it.`);
  await expect(failedText).not.toContainText("dressing");
  await expect(staff.getByText("1 text failed to send")).toBeVisible();
  await checkBothWidths(staff, "console-texts-failed");
  await failedText.getByRole("button", { name: /^Dismiss/ }).click();
  await expect(staff.locator("[data-sonner-toast]").filter({ hasText: "Text dismissed" })).toBeVisible();
  await expect(failedText).toHaveCount(0);
  await expect(staff.getByText(/failed to send/)).toHaveCount(0);
  await gotoHydrated(staff, "/admin/texts");
  await expect(failedText).toContainText("Dismissed");

  // A STOP signed with another token is refused and changes nothing.
  const forged = await twilio.inbound(`${ORIGIN}/sms/webhook`, { from: MOBILE, body: "STOP", signature: "wrong-token" });
  expect(forged.status).toBe(403);
  await gotoHydrated(member, "/account/notifications");
  await expect(member.getByText("This number replied STOP")).toHaveCount(0);

  // A correctly signed STOP: answered in TwiML, and the next change sends nothing.
  const stop = await twilio.inbound(`${ORIGIN}/sms/webhook`, { from: MOBILE, body: "STOP" });
  expect(stop.status).toBe(200);
  expect(stop.contentType).toContain("text/xml");
  expect(stop.body).toContain("you are unsubscribed");
  await gotoHydrated(member, "/account/notifications");
  await expect(member.getByText(/This number replied STOP/)).toBeVisible();

  const before = textsTo(MOBILE).length;
  await gotoHydrated(staff, `/admin/ivrs/${ivrId}`);
  await staff.getByLabel("Message to the practice").fill("Please add the vascular assessment.");
  await staff.getByRole("button", { name: "Ask for information" }).click();
  await expect(staff.getByText("In review → Needs information")).toBeVisible();
  // Long enough for the worker (polling every 200 ms) to have sent it, were it to.
  await staff.waitForTimeout(2_000);
  expect(textsTo(MOBILE)).toHaveLength(before);
});
