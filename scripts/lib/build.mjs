// Builds the site when the build is missing or older than its sources.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "public", "server.ts", "package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

export function ensureBuild() {
  const built = existsSync("build/server.js") && existsSync("build/server/index.js") ? statSync("build/server.js").mtimeMs : 0;
  if (built >= Math.max(...SOURCES.map(newest))) return;
  console.log("Building the site (first start or sources changed)...");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
