import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/client";
import { parseCursor } from "~/.server/db/paging";
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

  /** Every page from the newest by "Older entries", then back by "Newer entries". */
  async function walk(filter: Parameters<typeof listAudit>[1] = {}) {
    const pages: string[][] = [];
    let page = await listAudit(db, filter);
    pages.push(page.rows.map((r) => r.target!));
    while (page.next) {
      page = await listAudit(db, { ...filter, cursor: { direction: "before", value: page.next } });
      pages.push(page.rows.map((r) => r.target!));
    }
    const back: string[][] = [];
    while (page.previous) {
      page = await listAudit(db, { ...filter, cursor: { direction: "after", value: page.previous } });
      back.push(page.rows.map((r) => r.target!));
    }
    return { pages, back, end: page };
  }

  it("pages newest first, 50 a page: Older visits every entry once, in order, and Newer walks back to the newest page", async () => {
    await seed(120);
    const first = await listAudit(db, {});
    expect(first).toMatchObject({ total: 120, capped: false, pageSize: 50, previous: null });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.target).toBe("t119@example.com");
    expect(first.rows[49]!.target).toBe("t70@example.com");

    const { pages, back, end } = await walk();
    expect(pages.map((p) => p.length)).toEqual([50, 50, 20]);
    expect(pages.flat()).toEqual(Array.from({ length: 120 }, (_, i) => `t${119 - i}@example.com`));
    // Back from the last page: the middle one, then exactly the newest page.
    expect(back).toEqual([pages[1], pages[0]]);
    expect(end.previous).toBeNull();
  });

  it("keeps entries of the same instant apart by id, and filters while paging", async () => {
    await seed(12);
    const invites = await walk({ action: "user.invite", pageSize: 3 });
    expect(invites.pages).toEqual([["t9@example.com", "t6@example.com", "t3@example.com"], ["t0@example.com"]]);
    expect(invites.back).toEqual([invites.pages[0]]);
    const bob = await walk({ action: "user.invite", actor: "bob", pageSize: 1 });
    expect(bob.pages).toEqual([["t6@example.com"], ["t0@example.com"]]);

    // Every entry at one time: the id keeps the order total.
    await db.update(auditLog).set({ at: new Date("2026-02-01T00:00:00.123456Z") });
    const all = await walk({ pageSize: 5 });
    expect(all.pages.map((p) => p.length)).toEqual([5, 5, 2]);
    expect(new Set(all.pages.flat()).size).toBe(12);
    expect(all.back).toEqual([all.pages[1], all.pages[0]]);
  });

  it("answers the newest page for a malformed or foreign cursor and for an old page number", async () => {
    await seed(60);
    const newest = (await listAudit(db, {})).rows.map((r) => r.id);
    // An old `?page=N` link names no cursor: the newest page.
    expect(parseCursor(new URLSearchParams("page=3"))).toBeNull();
    expect(parseCursor(new URLSearchParams("before=a%2Bb"))).toBeNull();
    expect(parseCursor(new URLSearchParams("after=abc"))).toEqual({ direction: "after", value: "abc" });
    for (const value of ["x", "bm90IGpzb24", Buffer.from('["2026-13-45T00:00:00Z","nope"]').toString("base64url"), Buffer.from("[1,2,3]").toString("base64url")]) {
      for (const direction of ["before", "after"] as const) {
        const page = await listAudit(db, { cursor: { direction, value } });
        expect(page.rows.map((r) => r.id)).toEqual(newest);
        expect(page.previous).toBeNull();
      }
    }
  });

  it("counts up to the cap and says so beyond it", async () => {
    await seed(12);
    expect(await listAudit(db, { countCap: 12 })).toMatchObject({ total: 12, capped: false });
    expect(await listAudit(db, { countCap: 10 })).toMatchObject({ total: 10, capped: true });
    expect(await listAudit(db, { actor: "ann", countCap: 5 })).toMatchObject({ total: 5, capped: true });
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
