// A private PostgreSQL server in a temporary folder, on its own port, that a
// script may stop and start at will (the machine's own server is left alone).
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

function binDir() {
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    if (existsSync(path.join(dir, "initdb"))) return dir;
  } catch {
    // no pg_config: look where Debian puts the server
  }
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(path.join(root, v, "bin", "initdb"))) return path.join(root, v, "bin");
  throw new Error("PostgreSQL server programs (initdb, pg_ctl) not found: apt-get install postgresql");
}

/** Runs a PostgreSQL program as the postgres user when we are root (the server refuses to run as root). */
function pgRun(bin, program, args) {
  const cmd = path.join(bin, program);
  const asRoot = process.getuid?.() === 0;
  const r = asRoot
    ? spawnSync("runuser", ["-u", "postgres", "--", cmd, ...args], { encoding: "utf8" })
    : spawnSync(cmd, args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${program} ${args.join(" ")} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

export async function startPostgres({ port }) {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), "site-postgres-"));
  const data = path.join(dir, "data");
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  pgRun(bin, "initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () => pgRun(bin, "pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const stop = (mode = "fast") => pgRun(bin, "pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
  start();
  // A crashed script leaves no server behind.
  const onExit = () => {
    try {
      stop("immediate");
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", onExit);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
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
