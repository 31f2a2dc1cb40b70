import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, setDatabase, type Database } from "~/.server/db/client";

/** Which databases the integration suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const drivers = ["pglite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])] as const;
export type Driver = (typeof drivers)[number];

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the
 * PostgreSQL server that is dropped again by `dispose`.
 */
export async function freshDatabase(driver: Driver): Promise<Database & { dispose(): Promise<void>; url?: string }> {
  if (driver === "pglite") {
    const database = await openDatabase({ dataDir: "memory" });
    setDatabase(database);
    return { ...database, dispose: () => database.close() };
  }
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `site_test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}`);
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
