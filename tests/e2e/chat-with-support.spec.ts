// Live chat between a visitor and a staff member in two browsers, each on its own server process, both
// on one PostgreSQL database (a fresh one on the machine's server, made and dropped here): a message
// written on one server reaches the other's page without a reload through LISTEN/NOTIFY. The chat's hours
// are all week here; the suite's own server has none, so the same chat there lands in the inbox (the
// second test). Skipped, saying why, where no PostgreSQL server answers.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { startSmtpServer, type SmtpServer } from "../support/smtp";
import { checkBothWidths } from "./support/a11y";
import { portalAccounts, testAccounts } from "./support/accounts";
import { waitForMail } from "./support/mail";
import { gotoHydrated, signIn } from "./support/page";

const BASE = Number(process.env.E2E_PORT ?? 4173) + 15;
const ORIGINS = [`http://127.0.0.1:${BASE}`, `http://127.0.0.1:${BASE + 1}`] as const;
const ADMIN_URL = process.env.CHAT_E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const DATABASE = `chat_e2e_${randomBytes(4).toString("hex")}`;

let reason = "";
let smtp: SmtpServer | undefined;
const servers: ChildProcess[] = [];
const dataDirs: string[] = [];
let made = false;

const databaseUrl = () => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  try {
    await admin((c) => c.query(`create database ${DATABASE}`));
    made = true;
  } catch (error) {
    reason = `no PostgreSQL server to share between two processes (${(error as Error).message})`;
    return;
  }
  smtp = await startSmtpServer();
  const shared = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl(),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    PHI_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "200",
    LOG_LEVEL: "warn",
    CHAT_HOURS: "Sun-Sat 00:00-24:00",
    FORM_RATE_LIMIT: "10000",
    SIGN_IN_ADDRESS_RATE_LIMIT: "10000",
  };
  delete (shared as Record<string, string | undefined>).MAIL_CAPTURE_DIR;
  // The staff account (and the migrations) first, then both servers.
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "tests/e2e/support/seed-chat-staff.ts"], { env: { ...shared, DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-e2e-chat-seed-")) }, encoding: "utf8" });
  if (seeded.status !== 0) throw new Error(`could not create the staff account: ${seeded.stderr}`);
  for (const [i, origin] of ORIGINS.entries()) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `site-e2e-chat-${i}-`));
    dataDirs.push(dataDir);
    const server = spawn(process.execPath, ["build/server.js"], { env: { ...shared, PORT: String(BASE + i), PUBLIC_URL: origin, DATA_DIR: dataDir }, stdio: ["ignore", "pipe", "pipe"] });
    servers.push(server);
    let output = "";
    for (const stream of [server.stdout!, server.stderr!]) stream.on("data", (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-4000)));
    const until = Date.now() + 120_000;
    for (;;) {
      if (await fetch(`${origin}/readyz`).then((r) => r.ok, () => false)) break;
      if (server.exitCode !== null || Date.now() > until) throw new Error(`the chat server on ${origin} did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
});

test.afterAll(async () => {
  await Promise.all(
    servers.map(async (server) => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }),
  );
  await smtp?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (made) await admin((c) => c.query(`drop database if exists ${DATABASE} with (force)`)).catch(() => {});
});

async function pageOn(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

test("a visitor and a staff member chat across two server processes; the transcript is mailed", async ({ browser }) => {
  test.skip(!made, reason);
  test.slow();
  const visitor = await pageOn(browser, ORIGINS[0]);
  const staff = await pageOn(browser, ORIGINS[1]);

  // The support page's chat card leads to the chat (the support page itself carries no script).
  await visitor.goto("/support");
  await expect(visitor.locator("#faq").getByRole("link", { name: "Start a Conversation" })).toHaveAttribute("href", "/support/chat");
  await visitor.locator("#contact-channels").getByRole("link", { name: "Start a Conversation" }).click();
  await expect(visitor).toHaveURL(`${ORIGINS[0]}/support/chat`);
  await expect(visitor.getByText("Our team is online now.")).toBeVisible();
  await visitor.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await checkBothWidths(visitor, "chat-visitor-start");

  // Bad input first: the messages beside the fields, what was typed kept.
  await visitor.getByLabel("First name").fill("Vera");
  await visitor.getByLabel("Email").fill("vera@");
  await visitor.getByLabel("Message").fill("Do you ship grafts on Saturdays?");
  await visitor.getByRole("button", { name: "Start chat" }).click();
  await expect(visitor.getByText("Enter your last name")).toBeVisible();
  await expect(visitor.getByText("Enter a valid email address")).toBeVisible();
  await expect(visitor.getByLabel("Message")).toHaveValue("Do you ship grafts on Saturdays?");
  await visitor.getByLabel("Last name").fill("Visitor");
  await visitor.getByLabel("Email").fill("vera@example.com");
  await visitor.getByRole("button", { name: "Start chat" }).click();
  await expect(visitor.getByRole("heading", { name: /^Your chat CHT-\d{6}$/ })).toBeVisible();
  await expect(visitor.getByText("You're in the queue.", { exact: false })).toBeVisible();
  const reference = (await visitor.getByRole("heading", { name: /^Your chat / }).textContent())!.match(/CHT-\d{6}/)![0];

  // Staff, on the other server: the queue shows the visitor waiting, the menu counts it.
  await signIn(staff, testAccounts.staff.email, testAccounts.staff.password);
  await expect(staff).toHaveURL(/\/admin/);
  await gotoHydrated(staff, "/admin/chats");
  await expect(staff.getByRole("link", { name: /Chat.*1 waiting for an answer/ })).toBeVisible();
  const waiting = staff.getByRole("region", { name: "Waiting chats" });
  await expect(waiting.getByRole("row").filter({ hasText: reference })).toContainText("Vera Visitor");
  await expect(waiting.getByRole("row").filter({ hasText: reference })).toContainText("vera@example.com");
  await checkBothWidths(staff, "chat-console-queue");
  await waiting.getByRole("link", { name: new RegExp(reference) }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(reference);
  await expect(staff.getByRole("region", { name: "Who is chatting" })).toContainText("vera@example.com");
  await expect(staff.getByRole("region", { name: `Messages of ${reference}` })).toContainText("Do you ship grafts on Saturdays?");

  // A saved reply fills the box; staff send it, and it reaches the visitor's page on the other server without a reload.
  await staff.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await staff.getByLabel("Saved reply").selectOption({ label: "Greeting" });
  await expect(staff.getByLabel("Answer")).toHaveValue(/thanks for reaching out/);
  await staff.getByRole("button", { name: "Send" }).click();
  await expect(staff.getByRole("region", { name: `Messages of ${reference}` })).toContainText("thanks for reaching out");
  await expect(visitor.getByRole("region", { name: `Messages of chat ${reference}` })).toContainText("thanks for reaching out");
  await expect(visitor.getByTestId("chat-announcement")).toContainText("New message from");
  await expect(visitor.getByText(/is answering your chat/)).toBeVisible();
  await checkBothWidths(visitor, "chat-visitor-open");

  // The visitor answers by keyboard alone (Enter sends); staff see it without a reload, announced.
  await visitor.getByLabel("Your message").fill("Great. Is Saturday delivery extra?");
  await visitor.getByLabel("Your message").press("Enter");
  await expect(staff.getByRole("region", { name: `Messages of ${reference}` })).toContainText("Is Saturday delivery extra?");
  await expect(staff.getByTestId("chat-announcement")).toContainText("Vera Visitor");
  await expect(staff.getByText(/First answer/).locator("xpath=following-sibling::dd[1]")).toContainText("after");
  await checkBothWidths(staff, "chat-console-chat");

  // The transcript by mail, both sides' words in it.
  await visitor.getByRole("button", { name: "Mail me the transcript" }).click();
  await expect(visitor.getByText("Transcript sent")).toBeVisible();
  await expect.poll(() => smtp!.mails.filter((m) => m.to.includes("vera@example.com")).length, { timeout: 20_000 }).toBe(1);
  const transcript = smtp!.mails.find((m) => m.to.includes("vera@example.com"))!;
  expect(transcript.subject).toBe(`Your chat with Cardinal Biologics (${reference})`);
  expect(transcript.body).toContain("Do you ship grafts on Saturdays?");
  expect(transcript.body).toContain("Is Saturday delivery extra?");

  // Staff close it: the visitor's page says so at once.
  await staff.getByRole("button", { name: "Close chat" }).click();
  await expect(staff.getByText("Chat closed")).toBeVisible();
  await expect(visitor.getByText("This chat has ended.", { exact: false })).toBeVisible();
  await expect(visitor.getByLabel("Your message")).toHaveCount(0);
  // The queue's week: one chat, answered.
  await expect(staff.getByRole("region", { name: "Closed chats" }).getByRole("row").filter({ hasText: reference })).toContainText("Vera Visitor");
  await expect(staff.getByText("Answered within 5 min").locator("xpath=following-sibling::dd[1]")).toHaveText("100% of 1");
});

test("outside business hours a visitor's chat message lands in the inbox, and a member's panel says the team is away", async ({ browser, baseURL }) => {
  // The suite's own server: CHAT_HOURS=none (playwright.config.ts).
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await gotoHydrated(visitor, "/support/chat");
  await expect(visitor.getByRole("heading", { name: "Leave a message" })).toBeVisible();
  await expect(visitor.getByText("Our team is offline now.")).toBeVisible();
  const email = `after-hours-${randomBytes(3).toString("hex")}@example.com`;
  await visitor.getByLabel("First name").fill("Otto");
  await visitor.getByLabel("Last name").fill("Afterhours");
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByLabel("Message").fill("Please call me about pricing.");
  await visitor.getByRole("button", { name: "Send message" }).click();
  await expect(visitor.getByRole("heading", { name: "Message received" })).toBeVisible();
  await checkBothWidths(visitor, "chat-after-hours");
  // The visitor's confirmation, as every contact message gets.
  await waitForMail(email, "We have received your message");

  // Staff find it in the inbox.
  const staff = await (await browser.newContext({ baseURL })).newPage();
  await signIn(staff, testAccounts.staff.email, testAccounts.staff.password);
  await expect(staff).toHaveURL(/\/admin/);
  await gotoHydrated(staff, `/admin?q=${encodeURIComponent("Afterhours")}`);
  await expect(staff.getByRole("row").filter({ hasText: "Otto Afterhours" }).first()).toBeVisible();

  // A member's chat panel says the team is away, and their message goes to the inbox too.
  const member = await (await browser.newContext({ baseURL })).newPage();
  await signIn(member, portalAccounts.watcher.email, portalAccounts.watcher.password);
  await expect(member).toHaveURL(/\/members/);
  await member.getByRole("navigation", { name: "Portal pages" }).getByRole("link", { name: "Chat with support" }).click();
  await expect(member.getByRole("navigation", { name: "Portal pages" }).getByRole("link", { name: "Chat with support" })).toHaveAttribute("aria-current", "page");
  await expect(member.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(member.getByText(/Our team is away/)).toBeVisible();
  await checkBothWidths(member, "chat-member-after-hours");
  await member.getByLabel("Leave a message").fill("Can someone call our office tomorrow?");
  await member.getByRole("button", { name: "Send" }).click();
  await expect(member.getByText(/Message received\. We'll answer by email/)).toBeVisible();
});
