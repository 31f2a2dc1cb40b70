// The bench's large databases: `npm run seed:demo -- --practices N --seed S`
// written once into a PostgreSQL server whose data stays in BENCH_CACHE
// (/var/tmp/site-bench by default) and reused by the next run while the seed,
// the size and the seed's code are the same. A 500-practice year takes about
// 12 minutes to make; reusing it takes seconds.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startPostgres } from "./postgres.mjs";

const CACHE = process.env.BENCH_CACHE ?? "/var/tmp/site-bench";

/** What the seed's output depends on besides its options: its own code. */
function seedCodeHash() {
  const hash = createHash("sha256");
  const files = ["scripts/seed-demo.ts", ...readdirSync("scripts/seed").filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts")).map((f) => `scripts/seed/${f}`)];
  for (const file of files.sort()) hash.update(file).update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

async function run(command, args, env) {
  await new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(" ")} exited ${code}: ${out.slice(-2000)}`))));
  });
}

/**
 * Starts (or reuses) the bench's PostgreSQL server on `port` and answers it
 * with `database(practices, seed)`, which gives the URL of a database holding
 * that demo year (made now when missing or stale), its patient-data key and
 * its accounts' password.
 */
export async function scaleServer({ port, settings }) {
  mkdirSync(CACHE, { recursive: true });
  const server = await startPostgres({ port, dir: path.join(CACHE, "postgres"), settings });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  const code = seedCodeHash();
  return {
    server,
    async database(practices, seed = "1", log = console.log) {
      const name = `demo_${practices}_s${seed}`;
      const markerFile = path.join(CACHE, `${name}.json`);
      const marker = existsSync(markerFile) ? JSON.parse(readFileSync(markerFile, "utf8")) : null;
      const url = server.url.replace(/\/postgres$/, `/${name}`);
      const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount > 0;
      if (exists && marker?.code === code && marker.practices === practices && marker.seed === seed && marker.done) {
        // Migrations added since it was made (indexes over millions of rows take a while) run before any server starts.
        await run("npx", ["tsx", "scripts/migrate.ts"], { DATABASE_URL: url, PHI_KEY: marker.phiKey, LOG_LEVEL: "warn" });
        return { url, ...marker, reused: true };
      }
      if (exists) await admin.query(`drop database ${pg.escapeIdentifier(name)} with (force)`);
      await admin.query(`create database ${pg.escapeIdentifier(name)}`);
      const made = { practices, seed, code, phiKey: randomBytes(32).toString("hex"), password: `Bench-${randomBytes(6).toString("hex")}-2026`, done: false };
      writeFileSync(markerFile, JSON.stringify(made), { mode: 0o600 });
      const started = performance.now();
      log(`  seeding ${name} (${practices} practices, seed ${seed}): made once, reused by later runs`);
      await run("npx", ["tsx", "scripts/seed-demo.ts", "--practices", String(practices), "--seed", seed, "--password", made.password], {
        DATABASE_URL: url,
        PHI_KEY: made.phiKey,
        LOG_LEVEL: "warn",
      });
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query("vacuum analyze");
      await c.end();
      made.done = true;
      made.seconds = Math.round((performance.now() - started) / 1000);
      writeFileSync(markerFile, JSON.stringify(made), { mode: 0o600 });
      return { url, ...made, reused: false };
    },
    async stop() {
      await admin.end();
      server.destroy();
    },
  };
}
