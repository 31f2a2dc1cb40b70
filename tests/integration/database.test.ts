import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseInUseError, openDatabase } from "~/server/db/client";
import { submissions } from "~/server/db/schema";
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
