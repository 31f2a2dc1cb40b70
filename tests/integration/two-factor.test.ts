import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { action as signInAction } from "~/routes/auth/auth";
import { action as secondStepAction } from "~/routes/auth/two-factor";
import { action as setUpAction, loader as setUpLoader } from "~/routes/auth/two-factor-setup";
import { action as accountAction, loader as accountLoader } from "~/routes/auth/account";
import { loader as inboxLoader } from "~/routes/console/inbox";
import { loader as boardLoader } from "~/routes/portal/board";
import { action as practiceAction } from "~/routes/portal/practice";
import { action as linkAction } from "~/routes/auth/sign-in-link";
import { getAuth } from "~/.server/accounts/auth";
import { upsertUser } from "~/.server/accounts/accounts";
import { openLink } from "~/.server/mail/link-secret";
import { resetSecondFactor } from "~/.server/accounts/two-factor";
import { auditLog, outbox, practices, session, user } from "~/.server/db/schema";
import { makeMember, makePractice, PASSWORD } from "../support/factories";
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

  it("a practice admin requires it of the practice: its members set it up before the portal opens; one may turn it on alone", async () => {
    const db = database.db;
    const practiceId = await makePractice(db, "Quarry Two-Factor Clinic");
    await makeMember(db, { email: "lead@quarry.example", practiceId, practiceRole: "admin" });
    await makeMember(db, { email: "nurse@quarry.example", practiceId, practiceRole: "clinician" });
    const lead = await passwordStep("lead@quarry.example");
    const nurse = await passwordStep("nurse@quarry.example");
    expect(lead.answer.headers?.get("location")).toBe("/members");
    expect((await call(boardLoader, get("/members", nurse.browser.header))).status).toBe(200);

    // The setting, on the practice's page: saved, audited, and the board now sends both to the set-up.
    const saved = await call(practiceAction, post("/members/practice", { intent: "two-factor", requireTwoFactor: "1" }, lead.browser.header));
    expect(saved.status).toBe(303);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, "practice.two-factor"), eq(auditLog.actorEmail, "lead@quarry.example")))).toHaveLength(1);
    for (const who of [lead, nurse]) {
      const board = await call(boardLoader, get("/members", who.browser.header));
      expect(board.status).toBe(302);
      expect(board.headers?.get("location")).toBe("/account/two-factor");
    }
    // Without a secret made at sign-in, the set-up asks for the password first; a wrong one is refused beside it.
    expect(((await call(setUpLoader, get("/account/two-factor", nurse.browser.header))).body as { state: string }).state).toBe("password");
    const wrong = await call(setUpAction, post("/account/two-factor", { intent: "start", password: "not the password" }, nurse.browser.header));
    expect(wrong.body).toMatchObject({ fieldErrors: { password: "That password is not right." } });
    const started = await call(setUpAction, post("/account/two-factor", { intent: "start", password: PASSWORD }, nurse.browser.header));
    expect(started.status).toBe(303);
    const page = (await call(setUpLoader, get("/account/two-factor", nurse.browser.header))).body as { state: string; key: string };
    expect(page.state).toBe("scan");
    const done = await call(setUpAction, post("/account/two-factor", { intent: "verify", code: appCode(page.key) }, nurse.browser.header));
    nurse.browser.take(done.headers);
    expect((await call(boardLoader, get("/members", nurse.browser.header))).status).toBe(200);

    // A practice that requires it: the member cannot turn it off. Once it no longer does, they can, with the password.
    expect((await call(accountAction, post("/account", { intent: "turn-off", password: PASSWORD }, nurse.browser.header))).status).toBe(409);
    await db.update(practices).set({ requireTwoFactor: false }).where(eq(practices.id, practiceId));
    const off = await call(accountAction, post("/account", { intent: "turn-off", password: PASSWORD }, nurse.browser.header));
    expect(off.status).toBe(302);
    const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.email, "nurse@quarry.example"));
    expect(row!.on).toBe(false);
  });

  it("a sign-in link does not open an account with a second factor", async () => {
    const db = database.db;
    const email = "linked@site.example";
    const { id } = await makeMember(db, { email, role: "staff" });
    await getAuth().api.signInMagicLink({ body: { email }, headers: new Headers() });
    // The link is kept encrypted until the mail is sent: as the mail will carry it.
    const [row] = await db.select().from(outbox).where(and(eq(outbox.to, email), eq(outbox.purpose, "account.sign-in-link")));
    const token = /token=([\w-]+)/.exec(openLink(row!.secret!, row!.id) ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
    const answer = await call(linkAction, post("/sign-in-link", { token }, ""));
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ secondFactor: true });
    expect(await db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);
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
