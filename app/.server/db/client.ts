import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { env } from "~/.server/env";
import { listenOnServer } from "~/.server/events/pg-listen";
import { log } from "~/.server/log";
import { secureDataDir } from "./data-dir";
import { Replica, RoutedReadPool } from "./replica";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  /**
   * The same database, on connections that commit without waiting for the disk
   * (synchronous_commit off; only a crash of the database server itself, within
   * a fraction of a second, can lose such a commit). For bookkeeping whose loss
   * costs nothing lasting: a form's rate-limit count, a mail's lease and its
   * sent mark (the mail would go again with the same Message-ID, as it does when
   * a process dies mid-send). Never for what a person was told is saved. On the
   * embedded database it is `db` (the embedded engine does not wait for the disk).
   */
  relaxed: Db;
  /**
   * For pages that only read and may be a moment behind (queues, boards,
   * lists, the audit log, exports): the streaming replica when one is
   * configured (DATABASE_REPLICA_URL) and fit to answer, else the primary
   * (see replica.ts). Never for a write. On the embedded database, and without
   * a replica, it is `db`.
   */
  read: Db;
  /** The replica behind `read`, when there is one. */
  replica?: Replica;
  driver: "pglite" | "postgres";
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** Calls `onPayload` for each NOTIFY on `channel` (after its transaction commits); answers the way to stop. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export class DatabaseInUseError extends Error {}

/** Finds the committed migrations folder from wherever this code was bundled to. */
function migrationsFolder(configured: string | undefined): string {
  if (configured) return configured;
  const candidates = [path.resolve("drizzle")];
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(path.join(dir, "drizzle"));
    dir = path.dirname(dir);
  }
  const found = candidates.find((c) => existsSync(path.join(c, "meta", "_journal.json")));
  if (!found) throw new Error("Database migrations (drizzle/) not found; set MIGRATIONS_DIR");
  return found;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The embedded database may be opened by one process at a time: a second
 * one would corrupt it. A lock file with the owner's pid guards it.
 */
function takeLock(dir: string): () => void {
  const lock = path.join(dir, "db.lock");
  if (existsSync(lock)) {
    const pid = Number.parseInt(readFileSync(lock, "utf8"), 10);
    if (pid && pid !== process.pid && processAlive(pid)) {
      throw new DatabaseInUseError(
        `The embedded database in ${dir} is in use by process ${pid}. Stop that process first, or set DATABASE_URL to share a PostgreSQL server.`,
      );
    }
  }
  writeFileSync(lock, String(process.pid));
  return () => {
    try {
      if (readFileSync(lock, "utf8") === String(process.pid)) rmSync(lock);
    } catch {
      // already gone
    }
  };
}

type PooledClient = Pick<pg.PoolClient, "query" | "release">;

/**
 * Drizzle's transaction (0.45) sends BEGIN before its try/finally, so when
 * BEGIN fails (the server went away between checkout and BEGIN) the client is
 * never released and the pool loses it for good: after a few database
 * restarts no connection would be left. A failed BEGIN releases the client
 * here, with its error, so the pool drops it and opens a new one.
 */
export function releaseOnFailedBegin(client: PooledClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const isBegin = (statement: unknown) =>
    /^\s*begin\b/i.test(typeof statement === "string" ? statement : ((statement as { text?: string } | null)?.text ?? ""));
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (!isBegin(args[0]) || !(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
  }) as PooledClient["query"];
}

/**
 * Which database to open. The embedded one lives in a folder (DATA_DIR) or,
 * for tests, in memory: that is asked for by `memory: true`, never by a
 * folder's name, so no path can turn into a throw-away database (or the other
 * way round). `migrationsDir` names the migrations to apply; when absent,
 * MIGRATIONS_DIR or the committed drizzle/ found beside the code.
 */
export type OpenOptions = (
  /** A PostgreSQL server (DATABASE_URL), and its streaming replica for reads (DATABASE_REPLICA_URL). */
  | { url: string; poolSize?: number; replica?: { url: string; maxLagMs: number; probeMs?: number } }
  /** The embedded database stored in this folder (DATA_DIR). */
  | { dataDir: string }
  /**
   * A throw-away embedded database in memory. `snapshot` is a `dumpDataDir()`
   * tarball of a database to start from instead of an empty one (tests start
   * from one migrated database rather than creating and migrating their own).
   */
  | { memory: true; snapshot?: Blob }
) & { migrationsDir?: string };

/**
 * The embedded engine's settings: its defaults, with a small buffer pool. The
 * engine's memory never shrinks, so the pool (PostgreSQL's default is 128 MB)
 * would fill as the data is read and hold the process's memory there for good;
 * a practice's working set fits in 16 MB, and the operating system caches the
 * files below it.
 */
/** The extensions the migrations create (pg_trgm: the inbox's search), loaded into every embedded database. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "maintenance_work_mem=16MB", "-c", "temp_buffers=4MB"];
}

/** What the migrations are: a change in any of them is a change of this. */
function migrationsStamp(folder: string): string {
  return createHash("sha256").update(readFileSync(path.join(folder, "meta", "_journal.json"))).digest("hex");
}

/**
 * Creates and migrates the embedded database in a short-lived child process
 * when it is new or its migrations changed. Creating a database (initdb) and
 * migrating it take several hundred megabytes the engine never gives back; in
 * a child they are given back when it ends, and the server opens a database
 * that is ready. `DATA_DIR/pglite.migrated` names the migrations it is ready for.
 */
async function prepareInChild(dir: string, folder: string): Promise<void> {
  const marker = path.join(dir, "pglite.migrated");
  const stamp = migrationsStamp(folder);
  if (existsSync(path.join(dir, "pglite", "PG_VERSION")) && existsSync(marker) && readFileSync(marker, "utf8") === stamp) return;
  const modules = ["@electric-sql/pglite", "@electric-sql/pglite/contrib/pg_trgm", "drizzle-orm/pglite", "drizzle-orm/pglite/migrator"].map((m) =>
    import.meta.resolve(m),
  );
  const code = `
    const [pglite, trgm, drizzle, migrator, dataDir, folder, params] = process.argv.slice(1);
    const { PGlite } = await import(pglite);
    const { pg_trgm } = await import(trgm);
    const { drizzle: open } = await import(drizzle);
    const { migrate } = await import(migrator);
    const client = new PGlite(dataDir, { startParams: JSON.parse(params), extensions: { pg_trgm } });
    await migrate(open(client), { migrationsFolder: folder });
    await client.close();`;
  const args = ["--input-type=module", "-e", code, ...modules, path.join(dir, "pglite"), folder, JSON.stringify(pgliteStartParams())];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString("utf8")).slice(-4000)));
  const exitCode = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (exitCode !== 0) throw new Error(`The embedded database in ${dir} could not be created or migrated: ${errors.trim() || `exit ${exitCode}`}`);
  writeFileSync(marker, stamp);
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ("url" in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // A dropped connection (a server restart, say) must not crash the process: the
    // request using it fails, and the pool opens new connections. Idle clients
    // report to the pool; a client checked out (a transaction) reports to itself.
    pool.on("error", () => {});
    pool.on("connect", (client) => {
      client.on("error", () => {});
      releaseOnFailedBegin(client);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: migrationsFolder(options.migrationsDir ?? env().MIGRATIONS_DIR) });
    // A few connections whose commits do not wait for the disk: one round trip per bookkeeping write.
    const relaxedPool = new pg.Pool({
      connectionString: options.url,
      max: 3,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      options: "-c synchronous_commit=off",
    });
    relaxedPool.on("error", () => {});
    relaxedPool.on("connect", (client) => {
      client.on("error", () => {});
      releaseOnFailedBegin(client);
    });
    const relaxed = drizzlePg(relaxedPool, { schema }) as unknown as Db;
    // After the migrations, so the replica is trusted only once it has replayed them.
    let replica: Replica | undefined;
    if (options.replica) {
      replica = new Replica(pool, {
        url: options.replica.url,
        primaryUrl: options.url,
        poolSize: options.poolSize ?? 10,
        maxLagMs: options.replica.maxLagMs,
        probeMs: options.replica.probeMs,
        onConnect: releaseOnFailedBegin,
      });
      await replica.start();
    }
    const read = replica ? (drizzlePg(new RoutedReadPool(pool, replica) as unknown as pg.Pool, { schema }) as unknown as Db) : db;
    return {
      db,
      relaxed,
      read,
      replica,
      driver: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      listen: async (channel, onPayload) => listenOnServer(options.url!, channel, replica ? replica.fenced(onPayload) : onPayload, (error) =>
          log.warn({ err: error, channel }, "database listener lost its connection: reconnecting"),
        ),
      close: async () => {
        await Promise.all([pool.end(), relaxedPool.end(), replica?.stop()]);
      },
    };
  }

  // A folder only when one is named: the in-memory database never touches the disk.
  let dataDir: string | undefined;
  let release = () => {};
  let client: PGlite;
  if ("memory" in options) {
    client = new PGlite({ ...(options.snapshot ? { loadDataDir: options.snapshot } : {}), startParams: pgliteStartParams(), extensions: PGLITE_EXTENSIONS });
  } else {
    const dir = path.resolve(options.dataDir);
    dataDir = dir;
    // Readable by the service's user only (the caller may already have done it, and logged it).
    secureDataDir(dir);
    release = takeLock(dir);
    try {
      await prepareInChild(dir, migrationsFolder(options.migrationsDir ?? env().MIGRATIONS_DIR));
      client = new PGlite(path.join(dir, "pglite"), { startParams: pgliteStartParams(), extensions: PGLITE_EXTENSIONS });
    } catch (error) {
      release();
      throw error;
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    // On a snapshot that is already up to date this only reads the migrations table.
    await migratePglite(db as never, { migrationsFolder: migrationsFolder(options.migrationsDir ?? env().MIGRATIONS_DIR) });
  } catch (error) {
    await client.close().catch(() => {});
    release();
    throw error;
  }
  if (dataDir !== undefined) secureDataDir(dataDir);
  return {
    db,
    relaxed: db,
    read: db,
    driver: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: async () => {
      await client.close();
      // The embedded engine sets its own modes on some files it writes (so after
      // migrating too); the folder (0700) already keeps others out.
      if (dataDir !== undefined) secureDataDir(dataDir);
      release();
    },
  };
}

// One database per process, shared by the HTTP entry and the app bundle.
const KEY = Symbol.for("site.database");
type Holder = { [KEY]?: Database };

export function setDatabase(database: Database | undefined) {
  (globalThis as Holder)[KEY] = database;
}

export function getDatabase(): Database {
  const database = (globalThis as Holder)[KEY];
  if (!database) throw new Error("Database not opened: call openDatabase() at start");
  return database;
}

export function getDb(): Db {
  return getDatabase().db;
}

/** The database's relaxed handle: see `Database.relaxed`. */
export function getRelaxedDb(): Db {
  return getDatabase().relaxed;
}

/**
 * The read handle (see `Database.read`): for a loader that only reads and may
 * be a moment behind. The person who just wrote, and a request that writes,
 * still read the primary through it (read-your-writes.ts decides per request).
 */
export function getReadDb(): Db {
  return getDatabase().read;
}

/** The process's database, or undefined before it is opened (or after it is closed). */
export function openedDatabase(): Database | undefined {
  return (globalThis as Holder)[KEY];
}
