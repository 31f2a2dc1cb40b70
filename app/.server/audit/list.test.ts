import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/client";
import { auditLog } from "~/.server/db/schema";
import { suiteDatabase } from "../../../tests/integration/support/database";
import { audit, auditActions, listAudit } from ".";

const database = suiteDatabase("pglite");
let db: Db;

beforeAll(async () => {
  db = database.db;
});
beforeEach(async () => {
  await db.delete(auditLog);
});

describe("audit log", () => {
  async function seed(n: number) {
    const base = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i < n; i++) {
      await audit(db, {
        actorEmail: i % 2 ? "ann@example.com" : "bob_smith@example.com",
        action: i % 3 ? "user.role" : "user.invite",
        target: `t${i}@example.com`,
      });
      // Spread the times so the order is known: entry i is i minutes after base.
    }
    const rows = await db.select().from(auditLog);
    for (const r of rows) {
      const i = Number(/t(\d+)@/.exec(r.target!)![1]);
      await db.update(auditLog).set({ at: new Date(base + i * 60_000) }).where(eq(auditLog.id, r.id));
    }
  }

  it("pages newest first, 50 a page", async () => {
    await seed(120);
    const first = await listAudit(db, {});
    expect(first).toMatchObject({ total: 120, page: 1, pageCount: 3, pageSize: 50 });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.target).toBe("t119@example.com");
    expect(first.rows[49]!.target).toBe("t70@example.com");
    const third = await listAudit(db, { page: 3 });
    expect(third.rows).toHaveLength(20);
    expect(third.rows.at(-1)!.target).toBe("t0@example.com");
    // Past the end: the last page.
    expect((await listAudit(db, { page: 99 })).page).toBe(3);
    expect((await listAudit(db, { page: 0 })).page).toBe(1);
  });

  it("filters by action and by actor text, literally", async () => {
    await seed(12);
    const invites = await listAudit(db, { action: "user.invite" });
    expect(invites.total).toBe(4);
    expect(invites.rows.every((r) => r.action === "user.invite")).toBe(true);

    expect((await listAudit(db, { actor: "ANN" })).total).toBe(6);
    expect((await listAudit(db, { actor: "b_s" })).total).toBe(6);
    // "_" and "%" are not wildcards.
    expect((await listAudit(db, { actor: "n_e" })).total).toBe(0);
    expect((await listAudit(db, { actor: "%" })).total).toBe(0);
    expect((await listAudit(db, { action: "user.invite", actor: "bob" })).total).toBe(2);
  });

  it("lists the distinct actions", async () => {
    await seed(4);
    expect(await auditActions(db)).toEqual(["user.invite", "user.role"]);
  });
});
