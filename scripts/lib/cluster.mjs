// Starting and stopping server processes and nginx in front of them, for
// `npm run start:cluster`, the benchmark and the resilience script.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureDebianPackage } from "./apt.mjs";

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
export async function startApp({ port, env = {}, logFile, name = `app:${port}` }) {
  const child = track(spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, NODE_ENV: "production", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  }));
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

/**
 * nginx on 127.0.0.1:`port`, balancing over `upstreams` (ports), with
 * `staticRoot` served under /static/ when given (compressed when `gzip`, as the servers compress). Installs Debian's nginx-light when missing.
 */
export async function startNginx({ port, upstreams, staticRoot, gzip = false, hosts = ["localhost", "127.0.0.1"] }) {
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
${gzip ? "  gzip on;\n  gzip_types text/css application/javascript;\n" : ""}  client_body_temp_path ${dir}/body;
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
${staticRoot ? `    location /static/ { alias ${staticRoot}/; }\n` : ""}    location / {
      proxy_pass http://site;
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
  const appEnv = frontedEnv(env, port);
  for (let i = 1; i <= processes; i++) apps.push(await startApp({ port: port + i, env: appEnv, logFile }));
  const nginx = await startNginx({ port, upstreams: apps.map((a) => a.port), staticRoot, hosts: knownHostNames(appEnv) });
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
