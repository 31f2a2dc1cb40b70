// The reference for the site's JavaScript: a bare React Router 7 app
// (scripts/bench/bare-app: a root and one page, with the framework, React and
// an icon) built with the site's own packages, served as files.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

const APP = path.resolve("scripts/bench/bare-app");
// Inside the project, so the build (which imports itself to write index.html) finds the packages.
const OUT = path.resolve("node_modules/.cache/bench-bare-app");

/** Builds the bare app (once per run); answers the folder its files are in. */
export function buildBareApp() {
  const r = spawnSync("npx", ["react-router", "build"], { cwd: APP, env: { ...process.env, BARE_APP_BUILD: OUT }, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`the bare React Router app did not build:\n${r.stderr || r.stdout}`);
  return path.join(OUT, "client");
}

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css" };

/** Serves `root` on `port` (index.html for any page address). */
export async function serveFiles(root, port) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(root, "index.html");
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}
