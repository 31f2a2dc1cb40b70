import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { checkPasswordToken, sendPasswordLink, upsertUser, usePasswordToken } from "~/.server/accounts/accounts";
import type { Db } from "~/.server/db/client";
import { account, auditLog, outbox, passwordTokens, session, user } from "~/.server/db/schema";
import { openLink } from "~/.server/mail/link-secret";
import { LINK_PLACEHOLDER } from "~/.server/mail/outbox";
import { freshDatabase } from "../../../tests/integration/support/database";
import { auditFails, auditWorks } from "../../../tests/integration/support/failing-audit";
import {
  changeUserDisabled,
  changeUserRole,
  completePasswordLink,
  inviteUser,
  listUsers,
  readPasswordLink,
  requestPasswordReset,
  sendUserReset,
  type ConsoleContext,
} from "./users";

const ORIGIN = "https://portal.example.com";
let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;

beforeAll(async () => {
  // Links are written with the configured origin, whatever Host a request named.
  vi.stubEnv("PUBLIC_URL", ORIGIN);
  database = await freshDatabase("pglite");
  db = database.db;
});
afterAll(() => {
  vi.unstubAllEnvs();
  return database.dispose();
});

beforeEach(async () => {
  await auditWorks(db);
  // Accounts cascade to sessions, credentials and tokens.
  await db.delete(user);
  await db.delete(auditLog);
  await db.delete(outbox);
});


async function makeAdmin(email = "admin@example.com") {
  const { user: u } = await upsertUser(db, { email, role: "admin", password: "admin password 1" });
  const ctx: ConsoleContext = { actor: { id: u.id, email: u.email }, ip: "203.0.113.9" };
  return { admin: u, ctx };
}

/** The token of the newest link mailed to `to`, read back from the mail's encrypted link. */
async function mailedToken(to: string): Promise<string> {
  const rows = await db.select().from(outbox).where(eq(outbox.to, to));
  const row = rows.at(-1);
  const link = row?.secret ? openLink(row.secret, row.id) : null;
  const match = /\/set-password\?token=([\w-]+)/.exec(link ?? "");
  if (!match) throw new Error(`no link mailed to ${to}`);
  return match[1]!;
}

async function auditRows() {
  return db.select().from(auditLog);
}

describe("listUsers", () => {
  it("lists accounts with status, password state and last sign-in", async () => {
    const { admin } = await makeAdmin();
    const { user: member } = await upsertUser(db, { email: "Member@Example.com", role: "member" });
    const signedIn = new Date("2026-01-02T03:04:05Z");
    await db.insert(session).values({
      id: randomUUID(),
      token: randomUUID(),
      userId: admin.id,
      createdAt: signedIn,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const later = new Date("2026-02-03T04:05:06Z");
    await db.insert(auditLog).values({ actorEmail: "member@example.com", action: "auth.sign-in", at: later });
    // A failed attempt is not a sign-in.
    await db.insert(auditLog).values({ actorEmail: "member@example.com", action: "auth.sign-in-failed", at: new Date("2026-03-01T00:00:00Z") });

    const rows = await listUsers(db);
    expect(rows.map((r) => r.email)).toEqual(["admin@example.com", "member@example.com"]);
    const [a, m] = rows;
    expect(a).toMatchObject({ role: "admin", disabled: false, hasPassword: true, lastSignInAt: signedIn.toISOString() });
    expect(m).toMatchObject({ id: member.id, role: "member", hasPassword: false, lastSignInAt: later.toISOString() });
    expect(typeof a!.createdAt).toBe("string");
  });

  it("says never when there is no session or sign-in record", async () => {
    await upsertUser(db, { email: "new@example.com", role: "staff" });
    const [row] = await listUsers(db);
    expect(row!.lastSignInAt).toBeNull();
  });
});

describe("admin actions", () => {
  it("invites a new account without a password and mails a 72-hour link", async () => {
    const { ctx } = await makeAdmin();
    const result = await inviteUser(db, ctx, { email: "New.Person@Example.com", role: "staff" });
    expect(result).toMatchObject({ ok: true, message: "Invitation sent to new.person@example.com", mailed: true });

    const [created] = await db.select().from(user).where(eq(user.email, "new.person@example.com"));
    expect(created!.role).toBe("staff");
    expect(await db.select().from(account).where(eq(account.userId, created!.id))).toEqual([]);

    const [mail] = await db.select().from(outbox).where(eq(outbox.to, "new.person@example.com"));
    expect(mail!.purpose).toBe("account.invite");
    // The stored text names the link; the link itself is kept only encrypted, until the mail is sent.
    expect(mail!.text).toContain(LINK_PLACEHOLDER);
    expect(mail!.text).not.toContain("token=");
    expect(openLink(mail!.secret!, mail!.id)).toMatch(`${ORIGIN}/set-password?token=`);
    const [token] = await db.select().from(passwordTokens).where(eq(passwordTokens.userId, created!.id));
    expect(token!.purpose).toBe("invite");
    expect(token!.expiresAt.getTime() - Date.now()).toBeGreaterThan(71 * 3_600_000);

    expect(await auditRows()).toEqual([
      expect.objectContaining({ actorEmail: "admin@example.com", action: "user.invite", target: "new.person@example.com", ip: "203.0.113.9" }),
    ]);
  });

  it("refuses to invite an existing email and leaves that account alone", async () => {
    const { ctx } = await makeAdmin();
    await upsertUser(db, { email: "taken@example.com", role: "member" });
    const result = await inviteUser(db, ctx, { email: "TAKEN@example.com", role: "admin" });
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      message: "taken@example.com already has an account, in no practice yet.",
      existing: { email: "taken@example.com", role: "member", practice: null },
    });
    const [row] = await db.select().from(user).where(eq(user.email, "taken@example.com"));
    expect(row!.role).toBe("member");
    expect(await db.select().from(outbox)).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it("refuses to invite a member without a practice, creating nothing", async () => {
    const { ctx } = await makeAdmin();
    expect(await inviteUser(db, ctx, { email: "nowhere@example.com", role: "member" })).toMatchObject({
      ok: false,
      status: 400,
      message: "Choose the member's practice",
    });
    expect(await db.select().from(user).where(eq(user.email, "nowhere@example.com"))).toEqual([]);
    expect(await db.select().from(outbox)).toEqual([]);
  });

  it("keeps no invitation, role change or disabling whose audit row could not be written", async () => {
    const { ctx } = await makeAdmin();
    const { user: member } = await upsertUser(db, { email: "m@example.com", role: "member" });
    await auditFails(db);
    await expect(inviteUser(db, ctx, { email: "new@example.com", role: "staff" })).rejects.toThrow();
    await expect(changeUserRole(db, ctx, { userId: member.id, role: "staff" })).rejects.toThrow();
    await expect(changeUserDisabled(db, ctx, { userId: member.id, disabled: true })).rejects.toThrow();
    expect(await db.select().from(user).where(eq(user.email, "new@example.com"))).toEqual([]);
    expect(await db.select().from(outbox)).toEqual([]);
    expect(await db.select().from(passwordTokens)).toEqual([]);
    const [unchanged] = await db.select().from(user).where(eq(user.id, member.id));
    expect(unchanged).toMatchObject({ role: "member", disabled: false });
  });

  it("changes a role and audits from -> to", async () => {
    const { ctx } = await makeAdmin();
    const { user: member } = await upsertUser(db, { email: "m@example.com", role: "member" });
    const result = await changeUserRole(db, ctx, { userId: member.id, role: "staff" });
    expect(result.ok).toBe(true);
    const [row] = await db.select().from(user).where(eq(user.id, member.id));
    expect(row!.role).toBe("staff");
    expect(await auditRows()).toEqual([
      expect.objectContaining({ action: "user.role", target: "m@example.com", detail: "member -> staff" }),
    ]);
  });

  it("does not let an admin demote or disable themselves", async () => {
    const { admin, ctx } = await makeAdmin();
    const demote = await changeUserRole(db, ctx, { userId: admin.id, role: "staff" });
    expect(demote).toMatchObject({ ok: false, status: 400 });
    expect(demote.message).toMatch(/cannot change your own role/);
    const disable = await changeUserDisabled(db, ctx, { userId: admin.id, disabled: true });
    expect(disable).toMatchObject({ ok: false, status: 400 });
    expect(disable.message).toMatch(/cannot disable your own account/);
    const [row] = await db.select().from(user).where(eq(user.id, admin.id));
    expect(row).toMatchObject({ role: "admin", disabled: false });
    expect(await auditRows()).toEqual([]);
  });

  it("disables (ending sessions at once) and enables again", async () => {
    const { ctx } = await makeAdmin();
    const { user: staff } = await upsertUser(db, { email: "s@example.com", role: "staff", password: "staff password 1" });
    await db.insert(session).values({ id: randomUUID(), token: randomUUID(), userId: staff.id, expiresAt: new Date(Date.now() + 3_600_000) });

    expect((await changeUserDisabled(db, ctx, { userId: staff.id, disabled: true })).ok).toBe(true);
    expect(await db.select().from(session).where(eq(session.userId, staff.id))).toEqual([]);
    expect((await db.select().from(user).where(eq(user.id, staff.id)))[0]!.disabled).toBe(true);

    expect((await changeUserDisabled(db, ctx, { userId: staff.id, disabled: false })).ok).toBe(true);
    expect((await db.select().from(user).where(eq(user.id, staff.id)))[0]!.disabled).toBe(false);
    expect((await auditRows()).map((r) => r.action).sort()).toEqual(["user.disable", "user.enable"]);
  });

  it("sends a reset link to an enabled account only", async () => {
    const { ctx } = await makeAdmin();
    const { user: staff } = await upsertUser(db, { email: "s@example.com", role: "staff", password: "staff password 1" });
    const sent = await sendUserReset(db, ctx, { userId: staff.id });
    expect(sent).toMatchObject({ ok: true, mailed: true, message: "Password reset link sent to s@example.com" });
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, "s@example.com"));
    expect(mail!.purpose).toBe("account.reset");

    await changeUserDisabled(db, ctx, { userId: staff.id, disabled: true });
    expect(await sendUserReset(db, ctx, { userId: staff.id })).toMatchObject({ ok: false, status: 400 });
    expect((await auditRows()).map((r) => r.action).sort()).toEqual(["user.disable", "user.reset"]);
  });

  it("answers 404 for an unknown user", async () => {
    const { ctx } = await makeAdmin();
    expect(await changeUserRole(db, ctx, { userId: randomUUID(), role: "staff" })).toMatchObject({ ok: false, status: 404 });
    expect(await changeUserDisabled(db, ctx, { userId: randomUUID(), disabled: true })).toMatchObject({ ok: false, status: 404 });
    expect(await sendUserReset(db, ctx, { userId: randomUUID() })).toMatchObject({ ok: false, status: 404 });
  });
});

describe("password links", () => {
  it("an invitation link works once", async () => {
    const { ctx } = await makeAdmin();
    await inviteUser(db, ctx, { email: "invitee@example.com", role: "staff" });
    const token = await mailedToken("invitee@example.com");

    expect(await readPasswordLink(db, token)).toEqual({ email: "invitee@example.com", purpose: "invite" });
    const first = await completePasswordLink(db, { token, password: "a good long password", ip: "198.51.100.7" });
    expect(first).toEqual({ email: "invitee@example.com", purpose: "invite" });

    const [invitee] = await db.select().from(user).where(eq(user.email, "invitee@example.com"));
    const [credential] = await db.select().from(account).where(eq(account.userId, invitee!.id));
    expect(credential!.password).toBeTruthy();
    expect(credential!.password).not.toContain("a good long password");

    // Second use: refused, the password stays.
    expect(await readPasswordLink(db, token)).toBeNull();
    expect(await completePasswordLink(db, { token, password: "another long password", ip: null })).toBeNull();
    const [after] = await db.select().from(account).where(eq(account.userId, invitee!.id));
    expect(after!.password).toBe(credential!.password);

    const set = (await auditRows()).filter((r) => r.action === "password.set");
    expect(set).toEqual([expect.objectContaining({ actorEmail: "invitee@example.com", target: "invitee@example.com", detail: "invite", ip: "198.51.100.7" })]);
    // Neither the token nor the password is in the log.
    const logged = JSON.stringify(await auditRows());
    expect(logged).not.toContain(token);
    expect(logged).not.toContain("a good long password");
  });

  it("the accounts.ts functions refuse an expired token", async () => {
    const { user: u } = await upsertUser(db, { email: "late@example.com", role: "member" });
    const token = await sendPasswordLink(db, { userId: u.id, email: u.email, purpose: "reset" });
    expect(await checkPasswordToken(db, token)).toMatchObject({ userId: u.id, purpose: "reset", email: "late@example.com" });

    await db.update(passwordTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordTokens.userId, u.id));
    expect(await checkPasswordToken(db, token)).toBeNull();
    expect(await usePasswordToken(db, token, "a good long password")).toBeNull();
    expect(await readPasswordLink(db, token)).toBeNull();
    expect(await completePasswordLink(db, { token, password: "a good long password", ip: null })).toBeNull();
    expect(await db.select().from(account).where(eq(account.userId, u.id))).toEqual([]);
  });

  it("refuses an unknown token", async () => {
    expect(await readPasswordLink(db, "not-a-real-token")).toBeNull();
    expect(await completePasswordLink(db, { token: "not-a-real-token", password: "a good long password", ip: null })).toBeNull();
  });

  it("setting a password retires the user's other links and ends their sessions", async () => {
    const { user: u } = await upsertUser(db, { email: "two@example.com", role: "member", password: "old password 12" });
    const first = await sendPasswordLink(db, { userId: u.id, email: u.email, purpose: "reset" });
    const second = await sendPasswordLink(db, { userId: u.id, email: u.email, purpose: "reset" });
    await db.insert(session).values({ id: randomUUID(), token: randomUUID(), userId: u.id, expiresAt: new Date(Date.now() + 3_600_000) });

    expect(await completePasswordLink(db, { token: second, password: "new password 123", ip: null })).toEqual({ email: "two@example.com", purpose: "reset" });
    expect(await readPasswordLink(db, first)).toBeNull();
    expect(await db.select().from(session).where(eq(session.userId, u.id))).toEqual([]);
  });

  it("a disabled account's link is not valid", async () => {
    const { ctx } = await makeAdmin();
    await inviteUser(db, ctx, { email: "off@example.com", role: "staff" });
    const token = await mailedToken("off@example.com");
    const [off] = await db.select().from(user).where(eq(user.email, "off@example.com"));
    await changeUserDisabled(db, ctx, { userId: off!.id, disabled: true });
    expect(await readPasswordLink(db, token)).toBeNull();
    expect(await completePasswordLink(db, { token, password: "a good long password", ip: null })).toBeNull();
  });

  it("a reset request mails only an enabled account, and always audits", async () => {
    await upsertUser(db, { email: "here@example.com", role: "member", password: "old password 12" });
    const { user: off } = await upsertUser(db, { email: "off@example.com", role: "member" });
    await db.update(user).set({ disabled: true }).where(eq(user.id, off.id));

    expect(await requestPasswordReset(db, { email: " HERE@example.com ", ip: "192.0.2.1" })).toEqual({ mailed: true });
    expect(await requestPasswordReset(db, { email: "nobody@example.com", ip: "192.0.2.1" })).toEqual({ mailed: false });
    expect(await requestPasswordReset(db, { email: "off@example.com", ip: "192.0.2.1" })).toEqual({ mailed: false });

    const mails = await db.select().from(outbox);
    expect(mails.map((m) => [m.to, m.purpose])).toEqual([["here@example.com", "account.reset"]]);
    expect(mails[0]!.text).toContain("expires in one hour");

    const rows = await auditRows();
    expect(rows.every((r) => r.action === "password.reset-request" && r.actorEmail === null)).toBe(true);
    expect(rows.map((r) => r.target ?? "(none)").sort()).toEqual(["(none)", "here@example.com", "off@example.com"]);
    // The unknown address is not recorded anywhere.
    expect(JSON.stringify(rows)).not.toContain("nobody@example.com");

    const token = await mailedToken("here@example.com");
    const [hash] = await db.select().from(passwordTokens);
    expect(hash!.tokenHash).not.toBe(token);
    expect(hash!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
  });
});
