import { and, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as contactAction } from "~/routes/public/contact";
import { sendPasswordLink, upsertUser } from "~/.server/accounts/accounts";
import { contactMessages, outbox, submissions, user } from "~/.server/db/schema";
import { mailQueued, startMailWorker } from "~/.server/mail";
import { deliverDue, LINK_PLACEHOLDER, purgeOutbox, queueLinkMail } from "~/.server/mail/outbox";
import { smtpSender } from "~/.server/mail/transport";
import { submitContact } from "~/.server/submissions/kinds";
import { answerOf, contextFrom, formPost } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";
import { queueResetMail } from "./support/link-mail";
import { startSmtpServer } from "../support/smtp";

const DAY = 86_400_000;
const sendNothing = async () => {};

const contact = { firstName: "Ada", lastName: "Lee", email: "ada@clinic.example", company: "Lee Podiatry", message: "Please call me\nabout grafts." };

describe.each(drivers)("outbox on %s", (driver) => {
  const database = suiteDatabase(driver, { emptied: [submissions, outbox, user] });
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.stop());
  beforeEach(async () => {
    smtp.mails.length = 0;
    smtp.refuse.clear();
  });

  it("stores a contact message with its two mails, and delivers both", async () => {
    const { id } = await submitContact(database.db, contact);
    const [row] = await database.db.select().from(submissions).where(eq(submissions.id, id));
    expect(row).toMatchObject({ kind: "contact", status: "new", email: contact.email });
    const [detail] = await database.db.select().from(contactMessages).where(eq(contactMessages.submissionId, id));
    expect(detail).toMatchObject({ company: "Lee Podiatry", message: contact.message });
    const queued = await database.db.select().from(outbox);
    expect(queued.map((m) => m.purpose).sort()).toEqual(["contact.confirmation", "contact.notification"]);
    expect(queued.every((m) => m.status === "pending")).toBe(true);

    const send = smtpSender(smtp.url, "Site <no-reply@site.example>");
    const report = await deliverDue(database.db, send);
    send.close();
    expect(report).toEqual({ sent: 2, retried: 0, failed: 0 });

    const notification = smtp.mails.find((m) => m.to.includes("info@cardinalbiologics.example"));
    expect(notification?.subject).toBe("Contact message from Ada Lee");
    expect(notification?.body).toContain("First name: Ada");
    expect(notification?.body).toContain("Company: Lee Podiatry");
    expect(notification?.body).toContain("Please call me");
    expect(notification?.body).toContain(`Reference: ${id}`);
    expect(notification?.raw).toMatch(/^Reply-To: ada@clinic\.example/im);
    // The Message-ID is the outbox row's, so a mail sent again after a crash is the same message.
    const notificationRow = queued.find((m) => m.purpose === "contact.notification")!;
    expect(notification?.raw).toMatch(new RegExp(`^Message-ID: <${notificationRow.id}@site\\.example>`, "im"));
    const confirmation = smtp.mails.find((m) => m.to.includes("ada@clinic.example"));
    expect(confirmation?.subject).toBe("We received your message");
    expect(confirmation?.body).toContain("within 24 hours");

    const after = await database.db.select().from(outbox);
    expect(after.every((m) => m.status === "sent" && m.sentAt && m.attempts === 1)).toBe(true);
    // Nothing is due any more: a second pass sends nothing.
    expect(await deliverDue(database.db, smtpSender(smtp.url, "x@site.example"))).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it("keeps mail while the SMTP server is down and delivers it once it is back", async () => {
    await submitContact(database.db, contact);
    const down = await startSmtpServer();
    const port = down.port;
    await down.stop();
    const send = smtpSender(`smtp://127.0.0.1:${port}?tls=off`, "Site <no-reply@site.example>");
    const first = await deliverDue(database.db, send);
    expect(first).toEqual({ sent: 0, retried: 2, failed: 0 });
    const waiting = await database.db.select().from(outbox);
    expect(waiting.every((m) => m.status === "pending" && m.lastError && m.nextAttemptAt > new Date())).toBe(true);

    // Not due yet: nothing is tried again before its time.
    const back = await startSmtpServer(port);
    expect(await deliverDue(database.db, send)).toEqual({ sent: 0, retried: 0, failed: 0 });
    await database.db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await deliverDue(database.db, send)).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(back.mails).toHaveLength(2);
    send.close();
    await back.stop();
  });

  it("marks mail failed after the last attempt", async () => {
    await submitContact(database.db, contact);
    const failing = async () => {
      throw new Error("550 mailbox unavailable");
    };
    for (let attempt = 1; attempt <= 3; attempt++) {
      await database.db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
      const report = await deliverDue(database.db, failing, { maxAttempts: 3 });
      expect(report).toEqual(attempt < 3 ? { sent: 0, retried: 2, failed: 0 } : { sent: 0, retried: 0, failed: 2 });
    }
    const rows = await database.db.select().from(outbox);
    expect(rows.every((m) => m.status === "failed" && m.attempts === 3 && m.lastError === "550 mailbox unavailable")).toBe(true);
  });

  // Meaningful on PostgreSQL only: PGlite runs one statement at a time, so two workers never
  // overlap there and this passes even with the claim's row lock (FOR UPDATE SKIP LOCKED)
  // taken out, where PostgreSQL sends some mails twice. `.ci/run` runs it against its
  // PostgreSQL server (TEST_DATABASE_URL).
  it("never sends a mail twice when two workers run at once", async ({ skip }) => {
    skip(driver !== "postgres", "needs PostgreSQL (TEST_DATABASE_URL): PGlite runs one transaction at a time, so two workers cannot overlap");
    for (let i = 0; i < 15; i++) await submitContact(database.db, { ...contact, email: `p${i}@clinic.example` });
    const sent: string[] = [];
    // Each mail's recipient and text (which names its submission) identify it.
    const slowSend = async (mail: { to: string; text: string }) => {
      await new Promise((r) => setTimeout(r, 5));
      sent.push(`${mail.to}|${mail.text}`);
    };
    const [a, b] = await Promise.all([
      (async () => {
        let total = 0;
        for (let i = 0; i < 10; i++) total += (await deliverDue(database.db, slowSend, { limit: 4 })).sent;
        return total;
      })(),
      (async () => {
        let total = 0;
        for (let i = 0; i < 10; i++) total += (await deliverDue(database.db, slowSend, { limit: 4 })).sent;
        return total;
      })(),
    ]);
    expect(a + b).toBe(30);
    expect(new Set(sent).size).toBe(30);
    expect(sent).toHaveLength(30);
  });

  it("holds a lease only on the one mail it is sending, so no batch can outlive its lease", async () => {
    for (let i = 0; i < 3; i++) await submitContact(database.db, { ...contact, email: `p${i}@clinic.example` });
    const held: number[] = [];
    const send = async () => {
      const leased = await database.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, "pending"), gt(outbox.leaseUntil, sql`now()`)));
      held.push(leased.length);
    };
    expect(await deliverDue(database.db, send, { limit: 20 })).toEqual({ sent: 6, retried: 0, failed: 0 });
    expect(held).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("marks a mail refused for good (550) failed at once, and keeps one refused for now (451) waiting", async () => {
    smtp.refuse.set("gone@clinic.example", 550);
    smtp.refuse.set("busy@clinic.example", 451);
    await submitContact(database.db, { ...contact, email: "gone@clinic.example" });
    await submitContact(database.db, { ...contact, email: "busy@clinic.example" });
    const send = smtpSender(smtp.url, "Site <no-reply@site.example>");
    const report = await deliverDue(database.db, send);
    send.close();
    expect(report).toEqual({ sent: 2, retried: 1, failed: 1 });

    const [gone] = await database.db.select().from(outbox).where(eq(outbox.to, "gone@clinic.example"));
    expect(gone).toMatchObject({ status: "failed", attempts: 1 });
    expect(gone!.lastError).toMatch(/550 Mailbox unavailable/);
    const [busy] = await database.db.select().from(outbox).where(eq(outbox.to, "busy@clinic.example"));
    expect(busy).toMatchObject({ status: "pending", attempts: 1 });
    expect(busy!.lastError).toMatch(/451/);
    expect(busy!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Both notifications to the company went out.
    expect(smtp.mails.map((m) => m.to[0])).toEqual(["info@cardinalbiologics.example", "info@cardinalbiologics.example"]);
  });

  it("keeps a password link only encrypted until its mail is sent, then drops it", async () => {
    const { user: nurse } = await upsertUser(database.db, { email: "nurse@clinic.example", role: "member" });
    const token = await sendPasswordLink(database.db, { userId: nurse.id, email: nurse.email, purpose: "invite" });
    const [queued] = await database.db.select().from(outbox);
    expect(JSON.stringify(queued)).not.toContain(token);
    expect(queued!.text).toContain(LINK_PLACEHOLDER);
    expect(queued!.secret).toMatch(/^v1\./);

    const send = smtpSender(smtp.url, "Site <no-reply@site.example>");
    expect(await deliverDue(database.db, send)).toEqual({ sent: 1, retried: 0, failed: 0 });
    send.close();
    const [mail] = smtp.mails;
    expect(mail!.to).toEqual(["nurse@clinic.example"]);
    expect(mail!.body).toContain(`/set-password?token=${token}`);
    expect(mail!.body).not.toContain(LINK_PLACEHOLDER);

    const [sent] = await database.db.select().from(outbox);
    expect(sent).toMatchObject({ status: "sent", secret: null });
    expect(JSON.stringify(sent)).not.toContain(token);
  });

  it("never sends a link mail whose link expired, and says why", async () => {
    await queueResetMail(database.db, { to: "late@clinic.example", link: "https://portal.example/set-password?token=expired-token", expiresInMs: -1000 });
    const send = smtpSender(smtp.url, "x@site.example");
    expect(await deliverDue(database.db, send)).toEqual({ sent: 0, retried: 0, failed: 1 });
    send.close();
    expect(smtp.mails).toEqual([]);
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ status: "failed", lastError: "link expired before it could be sent", secret: null });
  });

  it("drops links whose time has passed from mail that is still waiting or failed", async () => {
    const link = (to: string, hours: number) =>
      queueLinkMail(database.db, {
        purpose: "account.invite",
        to,
        subject: "Your invitation",
        text: `Choose your password: ${LINK_PLACEHOLDER}`,
        link: `https://portal.example/set-password?token=${to}`,
        linkExpiresAt: new Date(Date.now() + hours * 3_600_000),
      });
    await link("waiting@clinic.example", 1);
    await link("refused@clinic.example", 1);
    await link("later@clinic.example", 72);
    await database.db.update(outbox).set({ status: "failed", lastError: "550 Mailbox unavailable" }).where(eq(outbox.to, "refused@clinic.example"));

    // Two hours on: the two one-hour links have expired, the 72-hour one has not.
    const report = await purgeOutbox(database.db, { now: new Date(Date.now() + 2 * 3_600_000) });
    expect(report).toMatchObject({ linksExpired: 1, linksDropped: 1 });
    const rows = Object.fromEntries((await database.db.select().from(outbox)).map((r) => [r.to, r]));
    expect(rows["waiting@clinic.example"]).toMatchObject({ status: "failed", lastError: "link expired before it could be sent", secret: null });
    expect(rows["refused@clinic.example"]).toMatchObject({ status: "failed", lastError: "550 Mailbox unavailable", secret: null });
    expect(rows["later@clinic.example"]).toMatchObject({ status: "pending" });
    expect(rows["later@clinic.example"]!.secret).toMatch(/^v1\./);
  });

  it("removes the bodies of mail sent more than MAIL_RETENTION_DAYS (30) ago, keeping who, what kind and when", async () => {
    const old = await submitContact(database.db, contact);
    const recent = await submitContact(database.db, { ...contact, email: "recent@clinic.example" });
    expect(await deliverDue(database.db, sendNothing)).toMatchObject({ sent: 4 });
    const sentAt = (id: string, daysAgo: number) =>
      database.db
        .update(outbox)
        .set({ sentAt: new Date(Date.now() - daysAgo * DAY) })
        .where(eq(outbox.submissionId, id));
    await sentAt(old.id, 31);
    await sentAt(recent.id, 29);
    const before = await database.db.select().from(outbox);

    expect(await purgeOutbox(database.db)).toMatchObject({ bodiesRemoved: 2 });
    const after = await database.db.select().from(outbox);
    const row = (id: string, purpose: string) => after.find((m) => m.submissionId === id && m.purpose === purpose)!;
    const was = (id: string, purpose: string) => before.find((m) => m.submissionId === id && m.purpose === purpose)!;

    const notification = row(old.id, "contact.notification");
    expect(notification.text).toBe("(body removed after 30 days)");
    expect(notification.subject).toBe("(subject removed after 30 days)");
    expect(notification.replyTo).toBeNull();
    expect(JSON.stringify(notification)).not.toMatch(/Ada|Lee Podiatry|Please call|ada@clinic/);
    expect(notification).toMatchObject({
      to: "info@cardinalbiologics.example",
      status: "sent",
      createdAt: was(old.id, "contact.notification").createdAt,
      sentAt: was(old.id, "contact.notification").sentAt,
    });
    const confirmation = row(old.id, "contact.confirmation");
    expect(confirmation).toMatchObject({ to: "ada@clinic.example", subject: "We received your message", text: "(body removed after 30 days)" });

    // 29 days: nothing changes yet.
    for (const purpose of ["contact.notification", "contact.confirmation"]) expect(row(recent.id, purpose)).toEqual(was(recent.id, purpose));
    expect(row(recent.id, "contact.notification").text).toContain("Please call me");
    // A second pass finds nothing more to remove.
    expect(await purgeOutbox(database.db)).toMatchObject({ bodiesRemoved: 0 });
  });

  it("mails the sender a confirmation with nothing they typed but a first name that looks like one", async () => {
    const post = (firstName: string, email: string) =>
      formPost("/contact", { firstName, lastName: "Lee", email, company: "Evil Corp", message: "Wire the money to http://evil.example/pay" });
    const call = async (request: Promise<Request>) =>
      answerOf(await contactAction({ request: await request, context: contextFrom(), params: {} } as never));
    // A line break in a name is refused outright (400); a URL and a lure on one line are taken, and left out of the mail.
    expect((await call(post("http://evil.example\nClick here", "victim@clinic.example"))).status).toBe(400);
    expect((await call(post("http://evil.example Click here to claim your refund", "victim@clinic.example"))).status).toBe(200);
    expect((await call(post("Anne-Marie O'Neil", "anne@clinic.example"))).status).toBe(200);
    const send = smtpSender(smtp.url, "Site <no-reply@site.example>");
    expect(await deliverDue(database.db, send)).toMatchObject({ sent: 4 });
    send.close();

    const toVictim = smtp.mails.find((m) => m.to.includes("victim@clinic.example"))!;
    expect(toVictim.body).toMatch(/^Hello,\r?\n/);
    for (const typed of ["evil.example", "Click here", "Evil Corp", "Wire the money", "Lee"]) expect(toVictim.body).not.toContain(typed);
    const toAnne = smtp.mails.find((m) => m.to.includes("anne@clinic.example"))!;
    expect(toAnne.body).toMatch(/^Dear Anne-Marie O'Neil,\r?\n/);
    expect(toAnne.body).not.toContain("Evil Corp");
    // The company's own notification still carries the whole form: that is what it is for.
    const notifications = smtp.mails.filter((m) => m.to.includes("info@cardinalbiologics.example"));
    expect(notifications.map((m) => m.body).join("\n")).toContain("Wire the money");
  });

  it("wakes the running worker when mail is queued, without waiting for its next poll", async () => {
    const sent: string[] = [];
    const worker = startMailWorker({ db: database.db, send: async (mail) => void sent.push(mail.subject), intervalMs: 600_000, maxAttempts: 3 });
    // Its first pass, at start, finds nothing; the next poll is ten minutes away.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await submitContact(database.db, contact);
    mailQueued();
    await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(2);
    await worker.stop();
    // A stopped worker is no longer the one woken.
    await submitContact(database.db, contact);
    mailQueued();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent).toHaveLength(2);
  });
});
