import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as outboxAction, loader as outboxLoader } from "~/routes/console/outbox";
import { listAudit } from "~/.server/audit";
import { auditLog, outbox, submissions } from "~/.server/db/schema";
import { takeFlash } from "~/.server/http/flash";
import { purgeOutbox } from "~/.server/mail/outbox";
import { formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";
import { queueResetMail } from "./support/link-mail";
import { signedIn } from "../support/factories";

const SECRET_LINK = "https://portal.example/set-password?token=very-secret-token";

type ViewedMail = { subject: string; to: string; replyTo: string | null; text: string | null; purposeLabel: string; bodyRemovedAt: Date | null };
type OutboxPage = { viewed: ViewedMail | null; mailOff: boolean; list: { rows: { id: string; purposeLabel: string }[] } };

describe.each(drivers)("reading the outbox and the audit log on %s", (driver) => {
  const database = suiteDatabase(driver, { emptied: [outbox, auditLog] });
  let staffCookie: string;

  const get = (path: string) => new Request(`http://localhost${path}`, { headers: { cookie: staffCookie } });
  const call = routeCaller("198.51.100.9");
  const outboxPage = async (path: string) => (await call(outboxLoader, get(path))).body as OutboxPage;
  /** The toast the next page shows after a redirect with a flash. */
  async function flashOf(answer: { headers: Headers }) {
    const cookie = answer.headers.get("Set-Cookie")!.split(";")[0]!;
    return (await takeFlash(new Request("http://localhost/admin/outbox", { headers: { Cookie: cookie } }))).flash;
  }

  async function failedMail() {
    const [row] = await database.db
      .insert(outbox)
      .values({ purpose: "contact.confirmation", to: "ada@clinic.example", subject: "We received your message", text: "Dear Ada,", status: "failed", lastError: "550 Mailbox unavailable" })
      .returning({ id: outbox.id });
    return row!.id;
  }

  beforeAll(async () => {
    staffCookie = (await signedIn(database.db, "staff@example.com", "staff")).cookie;
  });
  afterEach(() => vi.unstubAllEnvs());

  it("shows a link mail's body with its link removed, never the link, and audits the read", async () => {
    await queueResetMail(database.db, { to: "reset@clinic.example", link: SECRET_LINK, expiresInMs: 3_600_000, after: "\nThe link works for one hour." });
    const [row] = await database.db.select().from(outbox);

    const page = await outboxPage(`/admin/outbox?view=${row!.id}`);
    expect(page.viewed).toMatchObject({
      purposeLabel: "Password reset",
      subject: "Reset your portal password",
      to: "reset@clinic.example",
      text: "Choose a new password: [link removed]\nThe link works for one hour.",
    });
    const everything = JSON.stringify(page);
    expect(everything).not.toContain("very-secret-token");
    expect(everything).not.toContain(row!.secret!);
    expect(page.list.rows[0]!.purposeLabel).toBe("Password reset");

    const audit = await database.db.select().from(auditLog);
    expect(audit.map((a) => [a.action, a.actorEmail, a.target, a.ip, a.detail])).toEqual([
      ["mail.view", "staff@example.com", row!.id, "198.51.100.9", "account.reset"],
    ]);
  });

  it("lists the outbox without a read in the audit log, and says when a body was removed after retention", async () => {
    const id = await failedMail();
    await outboxPage("/admin/outbox");
    expect(await database.db.select().from(auditLog)).toEqual([]);

    const longAgo = new Date(Date.now() - 90 * 86_400_000);
    await database.db.update(outbox).set({ status: "sent", sentAt: longAgo }).where(eq(outbox.id, id));
    await purgeOutbox(database.db, { retentionDays: 30 });
    const page = await outboxPage(`/admin/outbox?view=${id}`);
    expect(page.viewed!.text).toBeNull();
    expect(page.viewed!.bodyRemovedAt).not.toBeNull();
    expect(JSON.stringify(page)).not.toContain("Dear Ada");
  });

  it("says the mail stays in the outbox when delivery is off", async () => {
    vi.stubEnv("SMTP_URL", "");
    const id = await failedMail();
    expect((await outboxPage("/admin/outbox")).mailOff).toBe(true);
    const answer = await call(outboxAction, formPost("/admin/outbox?state=failed", { intent: "retry", mailId: id }, { cookie: staffCookie }));
    expect(answer.status).toBe(303);
    const flash = await flashOf(answer);
    expect(flash?.description).toBe("Mail delivery is off (SMTP_URL is not set): it stays in the outbox until delivery is configured.");
    expect(flash?.description).not.toMatch(/right away/);
    const [row] = await database.db.select().from(outbox);
    expect(row!.status).toBe("pending");
  });

  it("says the worker sends it right away when delivery is on", async () => {
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525?tls=off");
    const id = await failedMail();
    expect((await outboxPage("/admin/outbox")).mailOff).toBe(false);
    const answer = await call(outboxAction, formPost("/admin/outbox", { intent: "retry", mailId: id }, { cookie: staffCookie }));
    expect((await flashOf(answer))?.description).toBe("The mail worker will try to send it right away.");
  });

  it("links audit targets to what they name, found on the server", async () => {
    const mailId = await failedMail();
    const [submission] = await database.db
      .insert(submissions)
      .values({ kind: "contact", firstName: "Ada", lastName: "Lovelace", email: "ada@clinic.example" })
      .returning({ id: submissions.id });
    const staffUser = await database.db.query.user.findFirst({ where: (u, { eq }) => eq(u.email, "staff@example.com") });
    const gone = "0b6f1a52-7c1e-4c7e-9d7a-2f6d2a7e1c11";
    await database.db.insert(auditLog).values([
      { action: "submission.status", target: submission!.id },
      { action: "user.role", target: "STAFF@example.com" },
      { action: "mail.retry", target: mailId },
      { action: "user.role", target: "nobody@example.com" },
      { action: "submission.status", target: gone },
      { action: "sign-in.limited", target: "not a uuid" },
    ]);
    const { rows } = await listAudit(database.db);
    const links = Object.fromEntries(rows.map((r) => [r.target, r.link ? [r.link.href, r.link.label] : null]));
    expect(links).toEqual({
      [submission!.id]: [`/admin/submissions/${submission!.id}`, "Contact submission"],
      "STAFF@example.com": [`/admin/users#user-${staffUser!.id}`, "STAFF@example.com"],
      [mailId]: [`/admin/outbox?view=${mailId}`, "Mail: Contact form: confirmation to the sender"],
      "nobody@example.com": null,
      [gone]: null,
      "not a uuid": null,
    });
  });
});
