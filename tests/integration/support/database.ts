import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { setPhiRing } from "~/.server/crypto";
import { keyRing, newKey } from "~/.server/crypto/fields";
import { openDatabase, setDatabase, type Database, type Db } from "~/.server/db/client";

/** Which databases the integration suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const drivers = ["pglite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])] as const;
export type Driver = (typeof drivers)[number];

let snapshot: Blob | undefined;

/**
 * A fresh, migrated database: in-memory PGlite loaded from the run's migrated
 * snapshot, or a new database on the PostgreSQL server copied from the run's
 * migrated template and dropped again by `dispose` (see global-setup.ts).
 */
export async function freshDatabase(driver: Driver): Promise<Database & { dispose(): Promise<void>; url?: string }> {
  if (driver === "pglite") {
    snapshot ??= new Blob([readFileSync(inject("pgliteSnapshot"))]);
    const database = await openDatabase({ memory: true, snapshot });
    setDatabase(database);
    return { ...database, dispose: () => database.close() };
  }
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const template = inject("postgresTemplate");
  const name = `site_test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  setDatabase(database);
  return {
    ...database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The database of the tests in one `describe`: a fresh one made before they
 * run and closed after, with the `emptied` tables emptied before each test
 * (in that order). With `patientKey`, the suite seals patient data with a key
 * of its own, made before the database and dropped after it. Its `db` is
 * there once the tests run.
 */
export function suiteDatabase(
  driver: Driver,
  { emptied = [], patientKey = false }: { emptied?: readonly PgTable[]; patientKey?: boolean } = {},
): { readonly db: Db } {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    if (patientKey) setPhiRing(keyRing([newKey()]));
    database = await freshDatabase(driver);
  });
  afterAll(async () => {
    await database?.dispose();
    if (patientKey) setPhiRing(undefined);
  });
  if (emptied.length > 0)
    beforeEach(async () => {
      for (const table of emptied) await database!.db.delete(table);
    });
  return {
    get db() {
      if (!database) throw new Error("the suite's database is made before its tests run: read db inside a hook or a test");
      return database.db;
    },
  };
}
