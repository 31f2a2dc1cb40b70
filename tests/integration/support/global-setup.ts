// Vitest's global setup: migrates one database per run (and per driver) that
// every test file copies, instead of each file creating and migrating its own.
// Creating an embedded database (initdb) and migrating it costs seconds; loading
// a copy of a migrated one costs a fraction of that.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, PGLITE_EXTENSIONS } from "~/.server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A `dumpDataDir()` tarball of an embedded database with every migration applied. */
    pgliteSnapshot: string;
    /** A migrated database on the TEST_DATABASE_URL server that test databases are created from. */
    postgresTemplate: string | null;
  }
}

function packageVersion(root: string, name: string): string {
  return (JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * The migrated embedded database, dumped to a file named after what it is made
 * of (the engine, the migrator and every migration), so it is made again only
 * when one of those changes.
 */
async function pgliteSnapshot(root: string): Promise<string> {
  const migrations = path.join(root, "drizzle");
  const hash = createHash("sha256");
  hash.update(`pglite ${packageVersion(root, "@electric-sql/pglite")} drizzle-orm ${packageVersion(root, "drizzle-orm")}\n`);
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const file of files(migrations)) hash.update(`${path.relative(migrations, file)}\n`).update(readFileSync(file));
  const cache = path.join(root, "node_modules", ".cache", "site-tests");
  const name = `pglite-${hash.digest("hex").slice(0, 16)}.tar`;
  const file = path.join(cache, name);
  if (existsSync(file)) return file;

  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle(client) as never, { migrationsFolder: migrations });
  const dump = await client.dumpDataDir("none");
  await client.close();
  mkdirSync(cache, { recursive: true });
  // Snapshots of other migrations, unused for a day, are dropped: a run of another checkout sharing
  // this node_modules (its own migrations) may be reading its snapshot right now.
  for (const old of readdirSync(cache)) {
    const stale = path.join(cache, old);
    const used = statSync(stale, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (old.startsWith("pglite-") && old !== name && Date.now() - used > 86_400_000) rmSync(stale, { force: true });
  }
  // Written aside and renamed, so a run started meanwhile never reads half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/** A migrated database on the server, dropped again when the run ends. */
async function postgresTemplate(serverUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `site_test_template_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  // A database is copied only while nobody is connected to it.
  await database.close();
  return { name, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export default async function setup(project: TestProject) {
  project.provide("pgliteSnapshot", await pgliteSnapshot(project.config.root));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? await postgresTemplate(serverUrl) : undefined;
  project.provide("postgresTemplate", template?.name ?? null);
  return async () => {
    await template?.drop();
  };
}
