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
    it("lists mail newest first, filters by state and pages 50 at a time", async () => {
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
      const first = await listOutbox(db(), { state: "all", page: 1 });
      expect(first).toMatchObject({ total: 55, page: 1, pageCount: 2, pageSize: 50 });
      expect(first.rows).toHaveLength(50);
      expect(first.rows[0]?.subject).toBe("Mail 0");
      expect((await listOutbox(db(), { state: "all", page: 2 })).rows.map((r) => r.subject)).toEqual([
        "Mail 50",
        "Mail 51",
        "Mail 52",
        "Mail 53",
        "Mail 54",
      ]);
      const failed = await listOutbox(db(), { state: "failed", page: 1 });
      expect(failed.rows.map((r) => r.subject)).toEqual(["Mail 0", "Mail 1", "Mail 2"]);
      expect((await listOutbox(db(), { state: "sent", page: 5 })).rows).toHaveLength(7);
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
