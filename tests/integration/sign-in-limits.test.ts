import type { PGlite } from "@electric-sql/pglite";
import { openLink } from "~/.server/mail/link-secret";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as authAction } from "~/routes/auth/auth";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as setPasswordAction } from "~/routes/auth/set-password";
import { action as linkAction, loader as linkLoader } from "~/routes/auth/sign-in-link";
import { upsertUser } from "~/.server/accounts/accounts";
import { workAfterAnswers } from "~/.server/after-answer";
import { auditLog, outbox, rateLimits, session, user, verification } from "~/.server/db/schema";
import { answerOf, callAction as call, contextFrom, formPost, type RouteFunction as Action } from "./support/actions";
import { drivers, freshDatabase } from "./support/database";

// Account lookups can be held back, to see whether an answer waits for them.
const lookups = vi.hoisted(() => ({ hold: null as Promise<void> | null, started: () => {} }));
vi.mock("~/.server/accounts/accounts", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/.server/accounts/accounts")>();
  return {
    ...real,
    findUserByEmail: async (...args: Parameters<typeof real.findUserByEmail>) => {
      lookups.started();
      if (lookups.hold) await lookups.hold;
      return real.findUserByEmail(...args);
    },
  };
});

const ORIGIN = "https://portal.example.com";
const owner = { email: "owner@clinic.example", password: "owner password 1" };

const signIn = (email: string, password: string, ip: string) => call(authAction as Action, formPost("/auth", { email, password }), ip);
const askForLink = (email: string, ip: string) => call(authAction as Action, formPost("/auth", { intent: "sign-in-link", email }), ip);
const forgot = (email: string, ip = "198.51.100.1") => call(forgotAction as Action, formPost("/forgot-password", { email }), ip);
const useLink = (token: string, ip = "198.51.100.9") => call(linkAction as Action, formPost("/sign-in-link", { token }), ip);

/** Wrong guesses, each from another client address (`from` a fixed one when given). */
async function guessWrong(email: string, times: number, from?: string) {
  const answers = [];
  for (let i = 1; i <= times; i++) answers.push(await signIn(email, `wrong guess ${i}`, from ?? `203.0.113.${i}`));
  return answers;
}

describe.each(drivers)("sign-in limits, sign-in links and resets on %s", (driver) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const mailsTo = async (to: string, purpose: string) =>
    database.db.select().from(outbox).where(and(eq(outbox.to, to), eq(outbox.purpose, purpose)));
  /** The newest sign-in link mailed to `to`, as the mail will carry it (it is kept only encrypted until sent). */
  async function mailedLink(to: string): Promise<string> {
    const row = (await mailsTo(to, "account.sign-in-link")).at(-1);
    return row?.secret ? (openLink(row.secret, row.id) ?? "") : "";
  }
  /** The token of the newest sign-in link mailed to `to`. */
  async function mailedToken(to: string): Promise<string> {
    const text = await mailedLink(to);
    const match = new RegExp(`${ORIGIN}/sign-in-link\\?token=([\\w-]+)`).exec(text);
    if (!match) throw new Error(`no sign-in link mailed to ${to}`);
    return match[1]!;
  }

  beforeAll(async () => {
    // Links are written with the configured origin, whatever Host a request named.
    vi.stubEnv("PUBLIC_URL", ORIGIN);
    database = await freshDatabase(driver);
  });
  afterAll(async () => {
    await workAfterAnswers();
    vi.unstubAllEnvs();
    await database.dispose();
  });
  beforeEach(async () => {
    await workAfterAnswers();
    lookups.hold = null;
    lookups.started = () => {};
    for (const table of [user, outbox, rateLimits, auditLog, verification]) await database.db.delete(table);
    await upsertUser(database.db, { email: owner.email, role: "member", password: owner.password });
  });

  describe("the account limit", () => {
    it("wrong passwords from many other addresses never keep the owner out of their right password", async () => {
      const answers = await guessWrong(owner.email, 12);
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(401));
      expect(await signIn(owner.email, owner.password, "192.0.2.200")).toMatchObject({ status: 302 });
      await workAfterAnswers();
      expect(await mailsTo(owner.email, "account.sign-in-limited")).toEqual([]);
    });

    it("five wrong passwords from one address pause that address only: the owner elsewhere signs in", async () => {
      const stranger = "203.0.113.66";
      const answers = await guessWrong(owner.email, 7, stranger);
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // Even the right password waits at the guessing address...
      expect((await signIn(owner.email, owner.password, stranger)).status).toBe(429);
      // ...and works at once from the owner's own.
      expect(await signIn(owner.email, owner.password, "192.0.2.201")).toMatchObject({ status: 302 });
      const limited = await database.db.select().from(auditLog).where(eq(auditLog.action, "sign-in.limited"));
      expect(limited.map((r) => r.ip)).toEqual(Array(limited.length).fill(stranger));
    });

    it("the address's wrong passwords get the sign-in page to offer a link, and the owner one mail saying so", async () => {
      const answers = await guessWrong(owner.email, 8, "203.0.113.77");
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
      for (const limited of answers.slice(5)) {
        expect(limited.status).toBe(429);
        expect(limited.body).toMatchObject({
          ok: false,
          notice: { title: "Too many sign-in attempts" },
          linkOffer: { email: owner.email },
        });
        expect(JSON.stringify(limited.body)).toContain("sign-in link");
      }
      await workAfterAnswers();
      const notices = await mailsTo(owner.email, "account.sign-in-limited");
      // Once for the limit window, not once per limited attempt.
      expect(notices).toHaveLength(1);
      expect(notices[0]!.subject).toBe("Sign-in to your portal account was limited");
      expect(notices[0]!.text).toContain("Sign-in to your portal account was limited after repeated wrong passwords.");
      expect(notices[0]!.text).toContain("If it was not you, nothing is needed: your password still works after a minute, or use a sign-in link");
      expect(notices[0]!.text).toContain(`${ORIGIN}/auth`);
    });

    it("a correct password clears its address's count", async () => {
      const ip = "203.0.113.88";
      for (let i = 0; i < 4; i++) expect((await signIn(owner.email, `wrong guess ${i}`, ip)).status).toBe(401);
      expect((await signIn(owner.email, owner.password, ip)).status).toBe(302);
      for (let i = 0; i < 4; i++) expect((await signIn(owner.email, `wrong again ${i}`, ip)).status).toBe(401);
      expect((await signIn(owner.email, owner.password, ip)).status).toBe(302);
    });

    it("the owner asks for the link, opens it (which uses nothing), and signs in with it once", async () => {
      const ip = "192.0.2.51";
      await guessWrong(owner.email, 6, ip);
      const asked = await askForLink(owner.email, "192.0.2.50");
      expect(asked).toMatchObject({ status: 200, body: { ok: true, notice: { title: "Check your email" } } });
      await workAfterAnswers();

      const [mail] = await mailsTo(owner.email, "account.sign-in-link");
      expect(mail!.subject).toBe("Your portal sign-in link");
      expect(mail!.text).toContain("expires in 15 minutes");
      const token = await mailedToken(owner.email);
      // Better Auth keeps a hash of the token, valid for 15 minutes.
      const stored = await database.db.select().from(verification);
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(token);
      const minutes = (stored[0]!.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14);
      expect(minutes).toBeLessThanOrEqual(15);

      // A mail scanner's GET (or the owner's) shows a button and leaves the token alone.
      const page = await answerOf(await linkLoader({ request: new Request(`${ORIGIN}/sign-in-link?token=${token}`), context: contextFrom(), params: {} } as never));
      expect(page).toMatchObject({ status: 200, body: { valid: true, token } });
      expect(await database.db.select().from(verification)).toHaveLength(1);

      const signedIn = await useLink(token, ip);
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("Location")).toBe("/members");
      expect(signedIn.headers.get("Set-Cookie")).toMatch(/portal\.session_token=/);
      const [account] = await database.db.select().from(user).where(eq(user.email, owner.email));
      expect(await database.db.select().from(session).where(eq(session.userId, account!.id))).toHaveLength(1);
      const [audited] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "sign-in"), eq(auditLog.actorEmail, owner.email)));
      expect(audited?.detail).toBe("sign-in link");
      // The password works again at once for the proven owner, at the address that was paused.
      expect((await signIn(owner.email, owner.password, ip)).status).toBe(302);

      // One use only.
      expect(await useLink(token)).toMatchObject({ status: 410, body: { ok: false, expired: true } });
    });

    it("an address without an account gets the same offer and the same answer, and nothing is mailed for it", async () => {
      const nobody = "nobody@clinic.example";
      const [limitedNobody] = (await guessWrong(nobody, 6, "203.0.113.10")).slice(5);
      const [limitedOwner] = (await guessWrong(owner.email, 6, "203.0.113.11")).slice(5);
      expect(limitedNobody!.status).toBe(limitedOwner!.status);
      expect(limitedNobody!.body).toEqual({ ...(limitedOwner!.body as object), linkOffer: { email: nobody } });

      const forNobody = await askForLink(nobody, "192.0.2.60");
      const forOwner = await askForLink(owner.email, "192.0.2.61");
      expect(forNobody.status).toBe(forOwner.status);
      expect(JSON.stringify(forNobody.body)).toBe(JSON.stringify(forOwner.body));
      await workAfterAnswers();
      expect(await database.db.select({ to: outbox.to, purpose: outbox.purpose }).from(outbox)).toEqual(
        expect.arrayContaining([{ to: owner.email, purpose: "account.sign-in-link" }]),
      );
      expect(await database.db.select().from(outbox).where(eq(outbox.to, nobody))).toEqual([]);
      const requests = await database.db.select().from(auditLog).where(eq(auditLog.action, "sign-in.link-request"));
      expect(requests.map((r) => [r.target, r.detail])).toEqual(
        expect.arrayContaining([[null, "no such account"], [owner.email, "link sent"]]),
      );
      // The address without an account is not recorded with its request.
      expect(JSON.stringify(requests)).not.toContain(nobody);
    });

    it("sends an account at most 3 links an hour, answering every request alike", async () => {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await askForLink(owner.email, `192.0.2.${70 + i}`));
      expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).size).toBe(1);
      await workAfterAnswers();
      expect(await mailsTo(owner.email, "account.sign-in-link")).toHaveLength(3);
    });

    it("a disabled account is mailed no link, and a link mailed before it was disabled signs nobody in", async () => {
      await askForLink(owner.email, "192.0.2.80");
      await workAfterAnswers();
      const token = await mailedToken(owner.email);
      await database.db.update(user).set({ disabled: true }).where(eq(user.email, owner.email));

      expect(await useLink(token)).toMatchObject({ status: 410, body: { ok: false, expired: true } });
      expect(await database.db.select().from(session)).toEqual([]);
      await askForLink(owner.email, "192.0.2.81");
      await workAfterAnswers();
      expect(await mailsTo(owner.email, "account.sign-in-link")).toHaveLength(1);
    });

    it("refuses an expired link", async () => {
      await askForLink(owner.email, "192.0.2.90");
      await workAfterAnswers();
      const token = await mailedToken(owner.email);
      await database.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) });
      expect(await useLink(token)).toMatchObject({ status: 410, body: { expired: true } });
      expect(await database.db.select().from(session)).toEqual([]);
    });

    it("links in the mail name the configured origin, whatever Host the request named", async () => {
      const request = await formPost("/auth", { intent: "sign-in-link", email: owner.email }, { Host: "evil.example" });
      await call(authAction as Action, request, "192.0.2.95");
      await workAfterAnswers();
      const [mail] = await mailsTo(owner.email, "account.sign-in-link");
      expect(mail!.text).not.toContain("evil.example");
      const link = await mailedLink(owner.email);
      expect(link).toMatch(new RegExp(`^${ORIGIN}/sign-in-link\\?token=`));
      expect(link).not.toContain("evil.example");
    });
  });

  describe("the address limit stays as it is", () => {
    it("past the per-address limit there is no link offer and no mail to the owner", async () => {
      const ip = "203.0.113.200";
      for (let i = 0; i < 10; i++) await signIn(`someone${i}@clinic.example`, "wrong guess", ip);
      const limited = await signIn(owner.email, "wrong guess", ip);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ ok: false, notice: { title: "Too many sign-in attempts", description: "Please wait a minute before trying again." } });
      // Asking for a link counts against the address too.
      const asked = await askForLink(owner.email, ip);
      expect(asked.status).toBe(429);
      await workAfterAnswers();
      expect(await database.db.select().from(outbox)).toEqual([]);
    });
  });

  describe("forgot password", () => {
    it("answers before the account is looked up, with the same bytes whether or not it exists", async () => {
      let release = () => {};
      lookups.hold = new Promise<void>((resolve) => (release = resolve));
      const lookedUp = new Promise<string>((resolve) => (lookups.started = () => resolve("looked up first")));

      const known = forgot(owner.email, "198.51.100.2");
      expect(await Promise.race([known.then(() => "answered first"), lookedUp])).toBe("answered first");
      const unknown = await forgot("nobody@clinic.example", "198.51.100.3");
      const knownAnswer = await known;
      expect(knownAnswer.status).toBe(200);
      expect(unknown.status).toBe(knownAnswer.status);
      expect(JSON.stringify(unknown.body)).toBe(JSON.stringify(knownAnswer.body));
      expect([...unknown.headers]).toEqual([...knownAnswer.headers]);
      expect(await database.db.select().from(outbox)).toEqual([]);

      // The work for the known account still happens.
      release();
      await expect.poll(async () => (await mailsTo(owner.email, "account.reset")).length).toBe(1);
      await workAfterAnswers();
      expect(await database.db.select().from(outbox)).toHaveLength(1);
    });

    it("mails an account at most 3 reset links an hour, without telling the visitor", async () => {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await forgot(` ${i % 2 ? owner.email.toUpperCase() : owner.email} `, `198.51.100.${20 + i}`));
      expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).size).toBe(1);
      await workAfterAnswers();
      expect(await mailsTo(owner.email, "account.reset")).toHaveLength(3);
      const requests = await database.db.select().from(auditLog).where(eq(auditLog.action, "password.reset-request"));
      expect(requests.map((r) => r.detail).sort()).toEqual(["hourly limit: no link sent", "link sent", "link sent", "link sent"]);
    });
  });
});

describe("with the database failing", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const secret = "secret-value-7f3a";
  const leak = /select|\$1|params|secret|failed query|\bat\s|\.ts:\d/i;

  beforeAll(async () => {
    vi.stubEnv("PUBLIC_URL", ORIGIN);
    database = await freshDatabase("pglite");
    await upsertUser(database.db, { email: owner.email, role: "member", password: owner.password });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const fail = async () => {
      throw new Error(`select "id", "email" from "user" where "email" = $1 params: ${secret}`);
    };
    Object.assign(client, { query: fail, exec: fail, transaction: fail });
  });
  afterAll(async () => {
    await workAfterAnswers();
    vi.unstubAllEnvs();
    await database.dispose().catch(() => {});
  });

  it("no account answer carries the query, its values or a stack", async () => {
    const answers = {
      "sign-in": await signIn(owner.email, owner.password, "192.0.2.1"),
      "sign-in link request": await askForLink(owner.email, "192.0.2.1"),
      "sign-in link": await useLink("abcdefghijklmnopqrstuvwxyzABCDEF"),
      "forgot password": await forgot(owner.email),
      "set password": await call(
        setPasswordAction as Action,
        formPost("/set-password", { token: "a".repeat(43), password: "a new password 1", confirm: "a new password 1" }),
      ),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBeGreaterThanOrEqual(500);
      const shown = JSON.stringify(answer.body) + JSON.stringify([...answer.headers]);
      expect(shown, name).not.toMatch(leak);
    }
  });
});
