// A private PostgreSQL server in a temporary folder, on its own port, that a
// script may stop and start at will (the machine's own server is left alone),
// and a streaming replica of a server (pg_basebackup -R) beside it.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/** The folder of PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup); throws when they are not installed. */
export function binDir() {
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    if (existsSync(path.join(dir, "initdb"))) return dir;
  } catch {
    // no pg_config: look where Debian puts the server
  }
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(path.join(root, v, "bin", "initdb"))) return path.join(root, v, "bin");
  throw new Error("PostgreSQL server programs (initdb, pg_ctl) not found: apt-get install postgresql");
}

const asRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL program as the postgres user when we are root (the server refuses to run as root). */
function pgRun(bin, program, args) {
  const cmd = path.join(bin, program);
  const r = asRoot()
    ? spawnSync("runuser", ["-u", "postgres", "--", cmd, ...args], { encoding: "utf8" })
    : spawnSync(cmd, args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${program} ${args.join(" ")} failed: ${r.stderr || r.stdout || r.error?.message}`);
  return r.stdout;
}

/** Runs `fill` in a new temporary folder the server's user owns; the folder goes if it fails. */
function serverFolder(fill, parent = tmpdir()) {
  const dir = mkdtempSync(path.join(parent, "site-postgres-"));
  try {
    if (asRoot()) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      chownSync(dir, uid, gid);
    }
    fill(dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/**
 * Control of a server whose data folder is `dir`/data, listening on 127.0.0.1:`port`
 * with `settings` (name → value); started at once. A crashed script leaves no server behind.
 */
function serve(bin, dir, port, settings, { keep = false } = {}) {
  const data = path.join(dir, "data");
  const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses=127.0.0.1", ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(" ");
  const start = () => pgRun(bin, "pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const stop = (mode = "fast") => pgRun(bin, "pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
  const onExit = () => {
    try {
      stop(keep ? "fast" : "immediate");
    } catch {
      // already stopped
    }
    if (!keep) rmSync(dir, { recursive: true, force: true });
  };
  try {
    start();
  } catch (error) {
    onExit();
    throw error;
  }
  process.on("exit", onExit);
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    log: path.join(dir, "server.log"),
    start,
    stop,
    /** Stops the server, waits `gapMs`, starts it again. */
    async restart(gapMs) {
      stop("fast");
      await new Promise((resolve) => setTimeout(resolve, gapMs));
      start();
    },
    destroy() {
      process.off("exit", onExit);
      onExit();
    },
  };
}

const initdb = (bin, dir) => pgRun(bin, "initdb", ["-D", path.join(dir, "data"), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);

/**
 * A server in a new temporary folder, removed when it stops. With `dir`, the
 * server keeps its data there instead (created on first use, reused after,
 * stopped but never removed): a large database made once for several runs.
 */
export async function startPostgres({ port, dir, settings = {} }) {
  const bin = binDir();
  // initdb's defaults already stream WAL to a replica (wal_level replica, 10 senders, trusted local replication).
  const all = { max_connections: 200, ...settings };
  if (!dir) return serve(bin, serverFolder((d) => initdb(bin, d)), port, all);
  if (!existsSync(path.join(dir, "data", "PG_VERSION"))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.dirname(dir), { recursive: true });
    const made = serverFolder((d) => initdb(bin, d), path.dirname(dir));
    renameSync(made, dir);
  }
  return serve(bin, dir, port, all, { keep: true });
}

/** Runs one statement on the server at `url` and answers its rows. */
async function once(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A hot-standby replica of the server at `primaryUrl` on 127.0.0.1:`port`: a
 * base backup (pg_basebackup -R, so it follows the primary by streaming
 * replication) in a temporary folder. It keeps the primary's connection limit
 * (a standby may not allow fewer) and tells the primary which rows its reads
 * still need (hot_standby_feedback), so a long read such as an export is not
 * cancelled by the primary's cleanup. `pauseReplay`/`resumeReplay` hold and
 * release what it has received, to make it lag on purpose.
 */
export async function startReplica({ primaryUrl, port }) {
  const bin = binDir();
  const [{ max_connections: maxConnections }] = await once(primaryUrl, "show max_connections");
  const dir = serverFolder((d) => pgRun(bin, "pg_basebackup", ["-d", primaryUrl, "-D", path.join(d, "data"), "-R", "-X", "stream", "-c", "fast", "--no-sync"]));
  const server = serve(bin, dir, port, { max_connections: maxConnections, hot_standby: "on", hot_standby_feedback: "on" });
  return {
    ...server,
    /** Stops applying the WAL it receives: its reads stay where they are, further and further behind. */
    pauseReplay: () => once(server.url, "select pg_wal_replay_pause()"),
    resumeReplay: () => once(server.url, "select pg_wal_replay_resume()"),
    /** Waits until it has replayed everything the primary had written when called (or throws after `timeoutMs`). */
    async caughtUp(timeoutMs = 30_000) {
      const [{ lsn }] = await once(primaryUrl, "select pg_current_wal_lsn()::text as lsn");
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [{ done }] = await once(server.url, `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`).catch(() => [{ done: false }]);
        if (done) return;
        if (Date.now() > until) throw new Error(`the replica did not replay up to ${lsn} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
