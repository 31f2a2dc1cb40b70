import { sql } from "drizzle-orm";
import pg from "pg";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DatabaseInUseError, openDatabase } from "~/.server/db/client";
import { submissions } from "~/.server/db/schema";
import { drivers, freshDatabase } from "./support/database";

describe.each(drivers)("database on %s", (driver) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(driver);
  });
  afterAll(() => database.dispose());

  it("runs the migrations and answers", async () => {
    await database.ping();
    const rows = await database.db.select().from(submissions);
    expect(rows).toEqual([]);
    const tables = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(["submissions", "contact_messages", "outbox", "submission_files", "rate_limits"]));
  });
});

describe("embedded database on disk", () => {
  it("keeps data across restarts and refuses a second open while in use", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-db-"));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.db.insert(submissions).values({ kind: "contact", firstName: "Ada", lastName: "Lee", email: "ada@example.com" });
      // The lock belongs to this same process, so simulate another owner.
      const { writeFileSync } = await import("node:fs");
      writeFileSync(path.join(dir, "db.lock"), String(process.ppid));
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DatabaseInUseError);
      writeFileSync(path.join(dir, "db.lock"), String(process.pid));
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      const rows = await again.db.select().from(submissions);
      expect(rows.map((r) => r.email)).toEqual(["ada@example.com"]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("embedded database in memory", () => {
  it("is asked for by name, not by a folder, and writes nothing to disk", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-db-"));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const database = await openDatabase({ memory: true, snapshot: new Blob([readFileSync(inject("pgliteSnapshot"))]) });
      await database.db.insert(submissions).values({ kind: "contact", firstName: "Ada", lastName: "Lee", email: "ada@example.com" });
      expect(await database.db.select().from(submissions)).toHaveLength(1);
      await database.close();
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL connections dropped by the server", () => {
  it("leave the pool whole: after more drops than the pool has connections, transactions still run", async () => {
    const database = await freshDatabase("postgres");
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = new URL(database.url!).pathname.slice(1);
    const transaction = () => database.db.transaction(async (tx) => tx.execute(sql`select 1`));
    try {
      // The pool has 5 connections. Each round drops them all on the server's side (as a
      // restart does) and at once starts a transaction, which may get a dropped connection
      // before the pool has noticed: its BEGIN fails. Such a connection must leave the pool.
      for (let round = 0; round < 12; round++) {
        await Promise.all(Array.from({ length: 5 }, transaction));
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
        await Promise.allSettled(Array.from({ length: 5 }, transaction));
      }
      await Promise.all(Array.from({ length: 5 }, transaction));
      await database.ping();
    } finally {
      await admin.end();
      await database.dispose();
    }
  }, 60_000);
});
