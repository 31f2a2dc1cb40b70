// `npm run start:cluster`: two server processes (PORT+1, PORT+2) on the
// PostgreSQL server in DATABASE_URL, behind nginx on 127.0.0.1:PORT (3000).
// Installs Debian's nginx-light when it is missing. Ctrl-C stops all three.
import { existsSync } from "node:fs";
import { ensureBuild } from "./lib/build.mjs";
import { startCluster } from "./lib/cluster.mjs";

if (existsSync(".env")) process.loadEnvFile(".env");
if (!process.env.DATABASE_URL) {
  console.error("start:cluster needs DATABASE_URL: the processes share one PostgreSQL server (sessions, rate limits, files, outbox).");
  process.exit(1);
}
if (!process.env.PHI_KEY) {
  console.error("start:cluster needs PHI_KEY: the processes share one key for patient data (32 random bytes, e.g. `openssl rand -hex 32`).");
  process.exit(1);
}
ensureBuild();
const port = Number.parseInt(process.env.PORT ?? "3000", 10);
const processes = Number.parseInt(process.env.CLUSTER_PROCESSES ?? "2", 10);
const cluster = await startCluster({ port, processes, env: process.env });
console.log(`Site on ${cluster.url} (nginx), processes on ports ${cluster.apps.map((a) => a.port).join(", ")}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const app of cluster.apps) {
  app.exited.then(({ code, signal }) => {
    if (!stopping) console.error(`${app.name} exited (${signal ?? code}); nginx sends its requests to the others`);
  });
}
