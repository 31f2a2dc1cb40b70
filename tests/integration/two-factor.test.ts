import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { action as signInAction } from "~/routes/auth/auth";
import { action as secondStepAction } from "~/routes/auth/two-factor";
import { action as setUpAction, loader as setUpLoader } from "~/routes/auth/two-factor-setup";
import { action as accountAction, loader as accountLoader } from "~/routes/auth/account";
import { loader as inboxLoader } from "~/routes/console/inbox";
import { upsertUser } from "~/.server/accounts/accounts";
import { resetSecondFactor } from "~/.server/accounts/two-factor";
import { auditLog, outbox, session, user } from "~/.server/db/schema";
import { PASSWORD } from "../support/factories";
import { appCode } from "../support/second-factor";
import { formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

/** A browser's cookie jar: what the answers set, sent back with the next request. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    take(headers: Headers | undefined) {
      for (const c of headers?.getSetCookie() ?? []) {
        const pair = c.split(";")[0]!;
        const name = pair.slice(0, pair.indexOf("="));
        if (/max-age=0/i.test(c) || pair.endsWith("=")) cookies.delete(name);
        else cookies.set(name, pair);
      }
    },
    get header() {
      return [...cookies.values()].join("; ");
    },
  };
}

/**
 * Staff cannot skip a second factor: after the password they set up an
 * authenticator app before anything opens; every later sign-in asks for a
 * code (or a backup code, which works once); wrong codes count toward the
 * sign-in limits; sessions are listed and ended by their owner; an admin's
 * reset ends everything and mails the person.
 */
describe.each(drivers)("two-factor sign-in on %s", (driver) => {
  const database = suiteDatabase(driver);
  // Each test from an address of its own: the sign-in limits count per address too.
  let call = routeCaller("198.51.100.40");
  let address = 40;
  beforeEach(() => {
    address += 1;
    call = routeCaller(`198.51.100.${address}`);
  });
  const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0" } });
  const post = (path: string, fields: Record<string, string>, cookie: string) =>
    formPost(path, fields, { cookie, Origin: "http://localhost", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0" });

  async function passwordStep(email: string, password = PASSWORD) {
    const browser = jar();
    const answer = await call(signInAction, post("/auth", { email, password }, ""));
    browser.take(answer.headers);
    return { answer, browser };
  }

  it("a staff member sets up the app before the console opens, then signs in with a code, and with a backup code once", async () => {
    const db = database.db;
    const email = "verifier@site.example";
    await upsertUser(db, { email, role: "staff", password: PASSWORD });

    // The password alone: the set-up page, and the console sends back to it.
    const first = await passwordStep(email);
    expect(first.answer.status).toBe(302);
    expect(first.answer.headers?.get("location")).toBe("/account/two-factor?redirectTo=%2Fadmin");
    const console_ = await call(inboxLoader, get("/admin", first.browser.header));
    expect(console_.status).toBe(302);
    expect(console_.headers?.get("location")).toBe("/account/two-factor");

    // The page shows the key; a wrong code is refused beside the field, the right one turns it on.
    const page = (await call(setUpLoader, get("/account/two-factor", first.browser.header))).body as { state: string; key: string; uri: string; qr: string };
    expect(page.state).toBe("scan");
    expect(page.uri).toMatch(/^otpauth:\/\/totp\/Clinical%20Portal:verifier%40site\.example\?/);
    expect(page.qr).toContain("<svg");
    const wrong = await call(setUpAction, post("/account/two-factor", { intent: "verify", code: "000000" }, first.browser.header));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fieldErrors: { code: "That code is not right. Type the code your app shows now." } });
    const done = await call(setUpAction, post("/account/two-factor", { intent: "verify", code: appCode(page.key) }, first.browser.header));
    expect(done.status).toBe(200);
    const { backupCodes } = done.body as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    first.browser.take(done.headers);
    expect((await call(inboxLoader, get("/admin", first.browser.header))).status).toBe(200);
    const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.email, email));
    expect(row!.on).toBe(true);
    expect(await db.select({ detail: auditLog.detail }).from(auditLog).where(and(eq(auditLog.action, "two-factor.enrol"), eq(auditLog.target, email)))).toHaveLength(1);

    // The next sign-in: the password leads to the second step; a wrong code is refused and counted.
    const second = await passwordStep(email);
    expect(second.answer.headers?.get("location")).toBe("/sign-in/two-factor");
    expect(second.browser.header).not.toMatch(/portal\.session_token/);
    const refused = await call(secondStepAction, post("/sign-in/two-factor", { intent: "app", code: "123456" }, second.browser.header));
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ notice: { title: "Invalid code" } });
    const badFormat = await call(secondStepAction, post("/sign-in/two-factor", { intent: "app", code: "12ab" }, second.browser.header));
    expect(badFormat.body).toMatchObject({ fieldErrors: { code: "The code is 6 digits, as your authenticator app shows it." } });
    const signedIn = await call(secondStepAction, post("/sign-in/two-factor", { intent: "app", code: page.key ? appCode(page.key) : "" }, second.browser.header));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers?.get("location")).toBe("/admin");
    second.browser.take(signedIn.headers);
    expect((await call(inboxLoader, get("/admin", second.browser.header))).status).toBe(200);

    // A backup code signs in once.
    const third = await passwordStep(email);
    const backup = await call(secondStepAction, post("/sign-in/two-factor", { intent: "backup", code: backupCodes[0]! }, third.browser.header));
    expect(backup.status).toBe(302);
    const fourth = await passwordStep(email);
    const again = await call(secondStepAction, post("/sign-in/two-factor", { intent: "backup", code: backupCodes[0]! }, fourth.browser.header));
    expect(again.status).toBe(401);
    const failures = await db.select({ detail: auditLog.detail }).from(auditLog).where(and(eq(auditLog.action, "sign-in.failed"), eq(auditLog.target, email)));
    expect(failures.map((f) => f.detail).sort()).toEqual(["wrong app code", "wrong backup code"]);

    // The sessions page lists them; ending one signs that browser out on its next request.
    const mine = (await call(accountLoader, get("/account", second.browser.header))).body as { sessions: { id: string; current: boolean; device: string }[] };
    expect(mine.sessions.length).toBeGreaterThanOrEqual(3);
    expect(mine.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(mine.sessions[0]!.device).toBe("Chrome on Linux");
    const [firstSession] = await db.select({ id: session.id }).from(session).where(eq(session.token, decodeURIComponent(first.browser.header.match(/portal\.session_token=([^.;]+)/)![1]!)));
    const ended = await call(accountAction, post("/account", { intent: "end-session", session: firstSession!.id }, second.browser.header));
    expect(ended.body).toMatchObject({ ok: true, message: "That session is signed out." });
    expect((await call(inboxLoader, get("/admin", first.browser.header))).status).toBe(302);
    const others = await call(accountAction, post("/account", { intent: "end-others" }, second.browser.header));
    expect(others.body).toMatchObject({ ok: true });
    expect((await call(inboxLoader, get("/admin", second.browser.header))).status).toBe(200);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, "session.end"), eq(auditLog.actorEmail, email)))).toHaveLength(2);

    // Staff cannot turn it off.
    const off = await call(accountAction, post("/account", { intent: "turn-off", password: PASSWORD }, second.browser.header));
    expect(off.status).toBe(409);
  });

  it("wrong codes count toward the account's sign-in limit", async () => {
    const db = database.db;
    const email = "guesser-target@site.example";
    const { user: account } = await upsertUser(db, { email, role: "staff", password: PASSWORD });
    const { enrolTestApp } = await import("../support/second-factor");
    await enrolTestApp(db, account.id);
    // The password counts once, as every attempt does; each wrong code counts as a wrong password would.
    const { browser } = await passwordStep(email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await call(secondStepAction, post("/sign-in/two-factor", { intent: "app", code: "000000" }, browser.header))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // The account's sign-in from this address is paused, password and all.
    expect((await passwordStep(email)).answer.status).toBe(429);
    expect(await database.db.select().from(auditLog).where(and(eq(auditLog.action, "sign-in.limited"), eq(auditLog.target, email), eq(auditLog.detail, "second factor")))).toHaveLength(1);
  });

  it("an admin's reset ends the person's sessions and mails them; they set up a new app at their next sign-in", async () => {
    const db = database.db;
    const email = "lost-phone@site.example";
    const { user: account } = await upsertUser(db, { email, role: "staff", password: PASSWORD });
    const { enrolTestApp } = await import("../support/second-factor");
    await enrolTestApp(db, account.id);
    const { browser } = await passwordStep(email);
    const signedIn = await call(secondStepAction, post("/sign-in/two-factor", { intent: "app", code: appCode() }, browser.header));
    browser.take(signedIn.headers);
    expect((await call(inboxLoader, get("/admin", browser.header))).status).toBe(200);

    expect(await resetSecondFactor(db, { userId: account.id, actor: { email: "admin@site.example", ip: null } })).toEqual({ email });
    expect((await call(inboxLoader, get("/admin", browser.header))).status).toBe(302);
    const [mail] = await db.select().from(outbox).where(and(eq(outbox.to, email), eq(outbox.purpose, "account.two-factor-reset")));
    expect(mail!.subject).toBe("Your two-factor sign-in was reset");
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, "two-factor.reset"), eq(auditLog.target, email)))).toHaveLength(1);
    expect((await passwordStep(email)).answer.headers?.get("location")).toBe("/account/two-factor?redirectTo=%2Fadmin");
  });
});
