import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, outbox, submissions } from "~/server/db/schema";
import { deliverDue } from "~/server/mail/outbox";
import { smtpSender } from "~/server/mail/transport";
import { submitContact } from "~/server/submissions/kinds";
import { drivers, freshDatabase } from "./support/database";
import { startSmtpServer } from "../support/smtp";

const contact = { firstName: "Ada", lastName: "Lee", email: "ada@clinic.example", company: "Lee Podiatry", message: "Please call me\nabout grafts." };

describe.each(drivers)("outbox on %s", (driver) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    database = await freshDatabase(driver);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.stop();
    await database.dispose();
  });
  beforeEach(async () => {
    await database.db.delete(submissions);
    await database.db.delete(outbox);
    smtp.mails.length = 0;
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

  it("never sends a mail twice when two workers run at once", async () => {
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
});
