// Starting and stopping server processes and nginx in front of them, for
// `npm run start:cluster`, the benchmark and the resilience script.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureDebianPackage } from "./apt.mjs";
import { heapArgs } from "./heap.mjs";

const NGINX = "/usr/sbin/nginx";


// Whatever becomes of this script (a crash included), the processes it started end with it.
const children = new Set();
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
function track(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Polls `url` until it answers 200, or throws after `timeoutMs`. */
export async function waitForOk(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await r.arrayBuffer();
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * One production server process (build/server.js) on `port`. Its log goes to
 * `logFile`, or to this process's stdout when none is given.
 */
export async function startApp({ port, env = {}, logFile, name = `app:${port}`, onSpawn }) {
  const childEnv = { ...process.env, NODE_ENV: "production", ...env, PORT: String(port) };
  // The heap's bound on the server's own command line (lib/heap.mjs), not through start.mjs: the pid below is the server's, and so is the memory read from it.
  const child = track(spawn(process.execPath, [...heapArgs(childEnv), "build/server.js"], {
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  }));
  // For whoever watches the process from its first moment (the benchmark samples its memory while it starts).
  onSpawn?.(child.pid);
  const out = logFile ? createWriteStream(logFile, { flags: "a" }) : process.stdout;
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  // "close": the process has exited and its output has been read to the end.
  const exited = new Promise((resolve) => child.once("close", (code, signal) => resolve({ code, signal })));
  const failed = exited.then(({ code, signal }) => {
    throw new Error(`${name} exited (${signal ?? code}) before it was ready`);
  });
  await Promise.race([waitForOk(`http://127.0.0.1:${port}/readyz`), failed]);
  failed.catch(() => {});
  return {
    name,
    port,
    pid: child.pid,
    exited,
    /** SIGTERM, then waits for the drain to finish. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill("SIGTERM");
      return exited;
    },
    /** SIGKILL: the process ends at once, mid-request. */
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill("SIGKILL");
      return exited;
    },
  };
}

/**
 * The environment of processes behind a front on `port`: links are written for
 * the front (PUBLIC_URL, unless set) and the front's loopback names are hosts
 * they answer to, besides their own.
 */
export function frontedEnv(env, port) {
  const front = [`localhost:${port}`, `127.0.0.1:${port}`];
  const allowed = [env.ALLOWED_HOSTS, ...front].filter(Boolean).join(",");
  return { ...env, PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${port}`, ALLOWED_HOSTS: allowed };
}

/** The host names (no ports) nginx passes on: PUBLIC_URL's, ALLOWED_HOSTS and the loopback names. */
export function knownHostNames(env) {
  const names = new Set(["localhost", "127.0.0.1"]);
  if (env.PUBLIC_URL) names.add(new URL(env.PUBLIC_URL).hostname);
  for (const entry of (env.ALLOWED_HOSTS ?? "").split(",")) {
    const trimmed = entry.trim().toLowerCase();
    if (!trimmed) continue;
    try {
      names.add(new URL(`http://${trimmed}`).hostname);
    } catch {
      // not a host: the servers refuse it too
    }
  }
  return [...names];
}

/** Resident memory of a process in bytes, as ps reports it. */
export function residentBytes(pid) {
  const r = spawnSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" });
  return Number.parseInt(r.stdout.trim(), 10) * 1024;
}

/** CPU time a process has used so far (user and system), in milliseconds, from /proc. */
export function cpuMilliseconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  const perSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
  return (ticks * 1000) / perSecond;
}

/** A header value as an nginx string: in double quotes, with quotes, backslashes and dollars escaped. */
function nginxString(value) {
  return `"${String(value).replace(/[\\"$]/g, (c) => `\\${c}`)}"`;
}

/**
 * The nginx configuration that answers the public pages from the files the
 * servers wrote to `dir` (app/.server/http/page-cache.ts), with each page's
 * own headers, for GET and HEAD from visitors without a session or a flash
 * message; everything else goes to the servers. Answers "" when there are none.
 */
function pageFilesConfig(dir) {
  const manifestFile = dir && path.join(dir, "manifest.json");
  if (!manifestFile || !existsSync(manifestFile)) return { http: "", server: "", route: "" };
  const { pages } = JSON.parse(readFileSync(manifestFile, "utf8"));
  // nginx sets Content-Type, ETag and Last-Modified for a file itself.
  const own = new Set(["content-type", "etag"]);
  const http = `  # The servers' cached public pages (${pages.length}), by the address a link asks for.
  map $request_uri $page_file {
    default "";
${pages.map((p) => `    ${nginxString(p.url)} ${nginxString(p.file)};`).join("\n")}
  }
  # A signed-in visitor or one with a one-time message gets a page rendered for them.
  map $http_cookie $own_page {
    default 0;
    "~(^|;\\s*)(__Secure-)?portal\\.session_token=" 1;
    "~(^|;\\s*)flash=" 1;
  }
`;
  const server = pages
    .map(
      (p) => `    location = /__page/${p.file} {
      internal;
      alias ${path.join(dir, p.file)};
      gzip_static on;
      charset utf-8;
${Object.entries(p.headers)
  .filter(([name]) => !own.has(name.toLowerCase()))
  .map(([name, value]) => `      add_header ${name} ${nginxString(value)} always;`)
  .join("\n")}
      add_header X-Request-Id $request_id always;
    }`,
    )
    .join("\n");
  const route = `      set $page $page_file;
      if ($own_page) { set $page ""; }
      if ($request_method !~ ^(GET|HEAD)$) { set $page ""; }
      if ($page != "") { rewrite ^ /__page/$page? last; }
`;
  return { http, server, route };
}

/**
 * nginx on 127.0.0.1:`port`, balancing over `upstreams` (ports), with
 * `staticRoot` served under /static/ when given (compressed when `gzip`, as the servers compress),
 * and the public pages the servers wrote to `pageFilesDir` answered from their files.
 * Installs Debian's nginx-light when missing.
 */
export async function startNginx({ port, upstreams, staticRoot, gzip = false, hosts = ["localhost", "127.0.0.1"], pageFilesDir }) {
  const pagesConf = pageFilesConfig(pageFilesDir);
  ensureDebianPackage(NGINX, "nginx-light");
  const dir = mkdtempSync(path.join(tmpdir(), "site-nginx-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, sub));
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
${gzip ? "  gzip on;\n  gzip_types text/css application/javascript;\n" : ""}${pagesConf.http}  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The largest form: an application with six 5 MB files.
  client_max_body_size 33m;
  # A client that stalls while sending headers or body is cut off; so is an upstream that stalls.
  client_header_timeout 10s;
  client_body_timeout 15s;
  send_timeout 30s;
  proxy_read_timeout 60s;
  upstream site {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join("\n")}
    keepalive 64;
    # Shorter than the servers' own 5 s, so nginx never reuses a connection a server is closing.
    keepalive_timeout 4s;
  }
  # A Host the site does not answer to never reaches it.
  server {
    listen 127.0.0.1:${port} default_server;
    return 421;
  }
  server {
    listen 127.0.0.1:${port};
    server_name ${hosts.join(" ")};
${staticRoot ? `    location /static/ { alias ${staticRoot}/; }\n` : ""}${pagesConf.server ? `${pagesConf.server}\n` : ""}    location / {
${pagesConf.route}      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The servers build URLs from X-Forwarded-Host: a client's own never passes.
      proxy_set_header X-Forwarded-Host "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      # A process that is gone: the request goes to the other one (POSTs only if nothing was sent yet).
      proxy_next_upstream error timeout;
    }
  }
}
`,
  );
  const child = track(spawn(NGINX, ["-p", dir, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] }));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await waitForOk(`http://127.0.0.1:${port}/healthz`);
  return {
    port,
    dir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
      await exited;
    },
  };
}

/**
 * `processes` server processes on ports port+1… and nginx on `port` in front
 * of them, all on the PostgreSQL server in env.DATABASE_URL. The first process
 * starts alone, so it writes the shared session secret before the others read it.
 */
export async function startCluster({ port, processes = 2, env, logFile, staticRoot }) {
  if (!env.DATABASE_URL) throw new Error("Several processes share one PostgreSQL server: set DATABASE_URL");
  if (!env.PHI_KEY) throw new Error("Several processes share one patient-data key: set PHI_KEY");
  const apps = [];
  // The servers write the public pages there as they start; nginx answers them from those files.
  const pageFilesDir = env.PAGE_FILES_DIR || mkdtempSync(path.join(tmpdir(), "site-pages-"));
  const appEnv = { ...frontedEnv(env, port), PAGE_FILES_DIR: pageFilesDir };
  for (let i = 1; i <= processes; i++) apps.push(await startApp({ port: port + i, env: appEnv, logFile }));
  const nginx = await startNginx({ port, upstreams: apps.map((a) => a.port), staticRoot, hosts: knownHostNames(appEnv), pageFilesDir });
  return {
    apps,
    nginx,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await nginx.stop();
      await Promise.all(apps.map((a) => a.stop()));
    },
  };
}
