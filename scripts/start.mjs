// `npm start`: builds when the build is missing or older than the sources,
// then serves the production build on PORT (default 3000), its heap bounded
// by NODE_HEAP_MB (see lib/heap.mjs: this script starts itself again with
// the bound and passes SIGTERM and SIGINT on, so the server still drains).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { ensureBuild } from "./lib/build.mjs";
import { relaunchWithBoundedHeap } from "./lib/heap.mjs";

let serve;
try {
  // NODE_HEAP_MB may be in .env; the environment wins over the file, as loadEnvFile has it.
  const file = existsSync(".env") ? parseEnv(readFileSync(".env", "utf8")) : {};
  serve = relaunchWithBoundedHeap({ ...file, ...process.env });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
if (serve) {
  ensureBuild();
  if (existsSync(".env")) process.loadEnvFile(".env");
  process.env.NODE_ENV = "production";
  await import(path.resolve("build/server.js"));
}
