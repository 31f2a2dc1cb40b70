// `npm run start:cluster`: two server processes (PORT+1, PORT+2) on the
// PostgreSQL server in DATABASE_URL, behind nginx on 127.0.0.1:PORT (3000).
// With CLUSTER_REPLICA=1 they also read from a streaming replica started on
// this machine (pg_basebackup -R, in a temporary folder): of DATABASE_URL's
// server, or, without DATABASE_URL, of a throw-away primary started here too
// (initdb in a temporary folder; its data goes when the cluster stops). The
// primary listens on CLUSTER_POSTGRES_PORT (PORT+50), the replica on the next. Installs Debian's nginx-light when it is missing.
// Ctrl-C stops them all.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { ensureBuild } from "./lib/build.mjs";
import { startCluster } from "./lib/cluster.mjs";
import { startPostgres, startReplica } from "./lib/postgres.mjs";

if (existsSync(".env")) process.loadEnvFile(".env");
const withReplica = ["1", "true", "yes"].includes((process.env.CLUSTER_REPLICA ?? "").trim().toLowerCase());
if (!process.env.DATABASE_URL && !withReplica) {
  console.error(
    "start:cluster needs DATABASE_URL: the processes share one PostgreSQL server (sessions, rate limits, files, outbox). " +
      "Or CLUSTER_REPLICA=1 alone, for a throw-away primary and replica started on this machine.",
  );
  process.exit(1);
}
if (!process.env.PHI_KEY && process.env.DATABASE_URL) {
  console.error("start:cluster needs PHI_KEY: the processes share one key for patient data (32 random bytes, e.g. `openssl rand -hex 32`).");
  process.exit(1);
}
ensureBuild();
const port = Number.parseInt(process.env.PORT ?? "3000", 10);
const processes = Number.parseInt(process.env.CLUSTER_PROCESSES ?? "2", 10);
const env = { ...process.env };
const postgresPort = Number.parseInt(process.env.CLUSTER_POSTGRES_PORT ?? String(port + 50), 10);

let primary;
let replica;
if (!env.DATABASE_URL) {
  primary = await startPostgres({ port: postgresPort });
  env.DATABASE_URL = primary.url;
  // The data lives as long as the cluster: so does its patient-data key.
  env.PHI_KEY ||= randomBytes(32).toString("hex");
  console.log(`Throw-away PostgreSQL primary on ${primary.url} (removed when the cluster stops)`);
}
if (withReplica) {
  replica = await startReplica({ primaryUrl: env.DATABASE_URL, port: postgresPort + 1 });
  env.DATABASE_REPLICA_URL = replica.url;
  console.log(`Streaming replica on ${replica.url}: pages that only read use it while it keeps up`);
}

const cluster = await startCluster({ port, processes, env });
console.log(`Site on ${cluster.url} (nginx), processes on ports ${cluster.apps.map((a) => a.port).join(", ")}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  replica?.destroy();
  primary?.destroy();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const app of cluster.apps) {
  app.exited.then(({ code, signal }) => {
    if (!stopping) console.error(`${app.name} exited (${signal ?? code}); nginx sends its requests to the others`);
  });
}
