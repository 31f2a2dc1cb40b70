import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as consoleLoader } from "~/routes/console/layout";
import { action as jobsAction, loader as jobsLoader } from "~/routes/console/jobs";
import { auditLog, jobs } from "~/.server/db/schema";
import { formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";
import { signedIn } from "../support/factories";

describe.each(drivers)("the console's jobs on %s", (driver) => {
  const database = suiteDatabase(driver, { emptied: [jobs, auditLog] });
  let staffCookie: string;
  let adminCookie: string;
  let memberCookie: string;

  const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
  const call = routeCaller("198.51.100.9");
  const post = (fields: Record<string, string>, cookie = staffCookie) => formPost("/admin/jobs?view=failed", fields, { cookie });
  const failedCount = async (cookie = staffCookie) => ((await call(consoleLoader, get("/admin", cookie))).body as { failedJobs: number }).failedJobs;

  async function job(status: "queued" | "running" | "done" | "failed" | "cancelled", key: string | null = null) {
    const [row] = await database.db
      .insert(jobs)
      .values({
        kind: "ivr.expire",
        payload: { period: "2026-11-27T10:00Z" },
        key,
        status,
        attempts: status === "queued" ? 0 : 3,
        lastError: status === "failed" ? "database did not answer" : null,
        runAt: new Date(Date.now() + 3_600_000),
        finishedAt: status === "failed" || status === "done" ? new Date() : null,
      })
      .returning({ id: jobs.id });
    return row!.id;
  }
  const statusOf = async (id: string) => (await database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status;

  beforeAll(async () => {
    staffCookie = (await signedIn(database.db, "staff@example.com", "staff")).cookie;
    adminCookie = (await signedIn(database.db, "admin@example.com", "admin")).cookie;
    memberCookie = (await signedIn(database.db, "member@example.com", "member")).cookie;
  });

  it("counts failed jobs on every console page until staff retry or cancel them, and audits both", async () => {
    expect(await failedCount()).toBe(0);
    const first = await job("failed");
    const second = await job("failed");
    const waiting = await job("queued");
    await job("done");
    expect(await failedCount()).toBe(2);
    expect(await failedCount(adminCookie)).toBe(2);

    // The list: failed first, then waiting, with the kind's words and its attempts out of its policy's.
    const open = (await call(jobsLoader, get("/admin/jobs", staffCookie))).body as {
      list: { total: number; rows: { id: string; status: string; label: string; attempts: number; maxAttempts: number; lastError: string | null }[] };
    };
    expect(open.list.total).toBe(3);
    expect(open.list.rows.map((r) => r.status)).toEqual(["failed", "failed", "queued"]);
    expect(open.list.rows[0]).toMatchObject({ label: "Expire IVRs past their valid-until date", attempts: 3, maxAttempts: 3, lastError: "database did not answer" });
    expect(open.list.rows[2]!.id).toBe(waiting);

    const retried = await call(jobsAction, post({ intent: "retry", jobId: first }));
    expect(retried.status).toBe(303);
    expect(retried.headers.get("Location")).toBe("/admin/jobs?view=failed");
    const [again] = await database.db.select().from(jobs).where(eq(jobs.id, first));
    expect(again).toMatchObject({ status: "queued", attempts: 0, finishedAt: null });
    expect(again!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await failedCount()).toBe(1);

    // An admin may act too.
    const cancelled = await call(jobsAction, post({ intent: "cancel", jobId: second }, adminCookie));
    expect(cancelled.status).toBe(303);
    expect(await statusOf(second)).toBe("cancelled");
    expect(await failedCount()).toBe(0);

    const audit = await database.db.select().from(auditLog);
    expect(audit.map((a) => [a.action, a.actorEmail, a.target, a.ip, a.detail]).sort()).toEqual([
      ["job.cancel", "admin@example.com", second, "198.51.100.9", "ivr.expire (was failed)"],
      ["job.retry", "staff@example.com", first, "198.51.100.9", "ivr.expire (was failed)"],
    ]);
  });

  it("runs a waiting job now, and cancels it", async () => {
    const waiting = await job("queued");
    expect((await call(jobsAction, post({ intent: "retry", jobId: waiting }))).status).toBe(303);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, waiting));
    expect(row!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await call(jobsAction, post({ intent: "cancel", jobId: waiting }))).status).toBe(303);
    expect(await statusOf(waiting)).toBe("cancelled");
  });

  it("refuses what a job's state does not allow, and writes nothing", async () => {
    const running = await job("running");
    const done = await job("done");
    expect(await call(jobsAction, post({ intent: "cancel", jobId: running }))).toMatchObject({
      status: 409,
      body: { ok: false, error: "Only a waiting or failed job can be cancelled." },
    });
    expect(await call(jobsAction, post({ intent: "retry", jobId: done }))).toMatchObject({
      status: 409,
      body: { ok: false, error: "That job is running or done: there is nothing to retry." },
    });
    // One job per key: a failed check cannot come back while another for the same coverage waits.
    const failed = await job("failed", "eligibility:coverage-a");
    await job("queued", "eligibility:coverage-a");
    expect(await call(jobsAction, post({ intent: "retry", jobId: failed }))).toMatchObject({
      status: 409,
      body: { ok: false, error: "Another job for the same record is already waiting or running: it does this work." },
    });
    expect(await statusOf(failed)).toBe("failed");
    expect(await call(jobsAction, post({ intent: "retry", jobId: "6f1c2b9e-8a4d-4c3e-9f7a-2b1d0e9c8a7f" }))).toMatchObject({ status: 404 });
    expect((await call(jobsAction, post({ intent: "restart", jobId: failed }))).status).toBe(400);
    expect(await statusOf(running)).toBe("running");
    expect(await statusOf(done)).toBe("done");
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });

  it("pages the open jobs and the finished ones by Next and Previous links, each job once, in order", async () => {
    const base = Date.parse("2026-11-27T10:00:00Z");
    const states = ["queued", "failed", "running"] as const;
    await database.db.insert(jobs).values(
      Array.from({ length: 57 }, (_, i) => ({
        kind: "ivr.expire",
        payload: { n: i },
        status: states[i % 3]!,
        // Pairs at the same moment: the id keeps them apart.
        runAt: new Date(base + Math.floor(i / 2) * 60_000),
      })),
    );
    await database.db.insert(jobs).values(
      Array.from({ length: 53 }, (_, i) => ({ kind: "ivr.expire", payload: { n: 100 + i }, status: "done" as const, finishedAt: new Date(base + i * 1000) })),
    );
    type JobsPage = { list: { total: number; capped: boolean; previous: string | null; next: string | null; rows: { id: string; status: string; runAt: Date; finishedAt: Date | null }[] } };
    const pageAt = async (query: string) => (await call(jobsLoader, get(`/admin/jobs${query}`, staffCookie))).body as JobsPage;

    for (const view of ["", "view=done&", "view=failed&"]) {
      const first = await pageAt(view ? `?${view.slice(0, -1)}` : "");
      expect(first.list).toMatchObject({ total: { "": 57, "view=done&": 53, "view=failed&": 19 }[view], capped: false, previous: null });
      const pages = [first.list.rows];
      let page = first;
      while (page.list.next) {
        page = await pageAt(`?${view}before=${page.list.next}`);
        pages.push(page.list.rows);
      }
      if (view === "view=failed&") {
        // One page: nothing before it, nothing after it.
        expect(pages.map((p) => p.length)).toEqual([19]);
        expect(pages[0]!.map((r) => new Date(r.runAt).getTime())).toEqual(pages[0]!.map((r) => new Date(r.runAt).getTime()).sort((a, b) => a - b));
        const later = await pageAt(`?view=failed&before=${first.list.next ?? ""}`);
        expect(later.list.rows.map((r) => r.id)).toEqual(first.list.rows.map((r) => r.id));
        continue;
      }
      expect(pages.map((p) => p.length)).toEqual(view ? [50, 3] : [50, 7]);
      const seen = pages.flat();
      expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
      if (view === "view=done&") {
        const times = seen.map((r) => new Date(r.finishedAt!).getTime());
        expect(times).toEqual([...times].sort((a, b) => b - a));
      } else {
        // Failed first, then running, then waiting, each soonest first.
        const rank = { failed: 0, running: 1, queued: 2 } as Record<string, number>;
        const keys = seen.map((r) => [rank[r.status]!, new Date(r.runAt).getTime()] as const);
        expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
      }
      // Previous from the last page is exactly the first page.
      const back = await pageAt(`?${view}after=${page.list.previous}`);
      expect(back.list.rows.map((r) => r.id)).toEqual(first.list.rows.map((r) => r.id));
      expect(back.list.previous).toBeNull();
    }
    // An old page number or a broken cursor is the first page.
    expect((await pageAt("?page=2")).list.rows.map((r) => r.id)).toEqual((await pageAt("")).list.rows.map((r) => r.id));
    expect((await pageAt("?before=eyJ4Ijox")).list.previous).toBeNull();
  });

  it("keeps the page, the count and both actions to staff", async () => {
    const failed = await job("failed");
    expect((await call(jobsLoader, get("/admin/jobs", memberCookie))).status).toBe(403);
    expect((await call(jobsAction, post({ intent: "cancel", jobId: failed }, memberCookie))).status).toBe(403);
    const anonymous = await call(jobsAction, post({ intent: "retry", jobId: failed }, ""));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/auth\?redirectTo=%2Fadmin%2Fjobs/);
    expect(await statusOf(failed)).toBe("failed");
  });
});
