import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, outbox } from "~/.server/db/schema";
import { suiteDatabase } from "../../../tests/integration/support/database";
import { auditFails, auditWorks } from "../../../tests/integration/support/failing-audit";
import { getMail, listOutbox } from "./console";
import { dismissMail, retryMail } from "./outbox";

describe("the console's outbox on pglite", () => {
  const database = suiteDatabase("pglite");
  const db = () => database.db;

  beforeEach(async () => {
    await auditWorks(db());
    await db().delete(outbox);
    await db().delete(auditLog);
  });

  describe("the outbox list", () => {
    it("lists mail newest first, filters by state and pages 50 at a time by Older and Newer", async () => {
      const now = Date.now();
      await db()
        .insert(outbox)
        .values(
          Array.from({ length: 55 }, (_, i) => ({
            purpose: "test",
            to: `to${i}@x.example`,
            subject: `Mail ${i}`,
            text: "body",
            status: i < 3 ? ("failed" as const) : i < 10 ? ("sent" as const) : ("pending" as const),
            createdAt: new Date(now - i * 1000),
          })),
        );
      const first = await listOutbox(db(), { state: "all", cursor: null });
      expect(first).toMatchObject({ total: 55, capped: false, pageSize: 50, previous: null });
      expect(first.rows).toHaveLength(50);
      expect(first.rows[0]?.subject).toBe("Mail 0");
      // "Older mails" leads to the rest, "Newer mails" back to exactly the first page.
      const second = await listOutbox(db(), { state: "all", cursor: { direction: "before", value: first.next! } });
      expect(second.rows.map((r) => r.subject)).toEqual(["Mail 50", "Mail 51", "Mail 52", "Mail 53", "Mail 54"]);
      expect(second.next).toBeNull();
      const back = await listOutbox(db(), { state: "all", cursor: { direction: "after", value: second.previous! } });
      expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
      expect(back.previous).toBeNull();
      // Walking a filtered list two at a time visits each of its mails once, in order.
      const subjects: string[] = [];
      let page = await listOutbox(db(), { state: "sent", cursor: null }, 2);
      subjects.push(...page.rows.map((r) => r.subject));
      while (page.next) {
        page = await listOutbox(db(), { state: "sent", cursor: { direction: "before", value: page.next } }, 2);
        subjects.push(...page.rows.map((r) => r.subject));
      }
      expect(subjects).toEqual(["Mail 3", "Mail 4", "Mail 5", "Mail 6", "Mail 7", "Mail 8", "Mail 9"]);
      // A broken cursor is the first page; a count past the cap says so.
      expect((await listOutbox(db(), { state: "all", cursor: { direction: "before", value: "bogus" } })).rows[0]?.subject).toBe("Mail 0");
      expect(await listOutbox(db(), { state: "all", cursor: null }, 50, 20)).toMatchObject({ total: 20, capped: true });
      const failed = await listOutbox(db(), { state: "failed", cursor: null });
      expect(failed.rows.map((r) => r.subject)).toEqual(["Mail 0", "Mail 1", "Mail 2"]);
      expect(failed).toMatchObject({ total: 3, capped: false, next: null });
      const mail = await getMail(db(), failed.rows[0]!.id);
      expect(mail).toMatchObject({ purpose: "test", status: "failed" });
    });
  });

  describe("staff retrying and dismissing a mail", () => {
    const actor = { email: "staff@example.com", ip: "192.0.2.7" };
    const stateOf = async (id: string) => (await db().select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)))[0]!.status;

    it("records each with its audit row in the same transaction, or does nothing", async () => {
      const [row] = await db()
        .insert(outbox)
        .values({ purpose: "contact.confirmation", to: "ada@x.example", subject: "We received your message", text: "body", status: "failed" })
        .returning({ id: outbox.id });
      const id = row!.id;

      await auditFails(db());
      await expect(dismissMail(db(), id, actor)).rejects.toThrow();
      await expect(retryMail(db(), id, actor)).rejects.toThrow();
      expect(await stateOf(id)).toBe("failed");

      await auditWorks(db());
      expect(await dismissMail(db(), id, actor)).toBe(true);
      expect(await stateOf(id)).toBe("dismissed");
      expect(await retryMail(db(), id, actor)).toBe("queued");
      expect(await stateOf(id)).toBe("pending");
      const audited = await db().select().from(auditLog);
      expect(audited.map((a) => [a.action, a.actorEmail, a.target, a.ip, a.detail]).sort()).toEqual([
        ["mail.dismiss", actor.email, id, actor.ip, "contact.confirmation (was failed)"],
        ["mail.retry", actor.email, id, actor.ip, "contact.confirmation (was dismissed)"],
      ]);
    });
  });
});
