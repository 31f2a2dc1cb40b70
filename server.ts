/**
 * HTTP entry: compression, static assets, health checks, the React Router
 * request handler, and the runtime (database, mail worker) with a graceful
 * shutdown. Built to build/server.js for production (scripts/build-server.mjs);
 * run through Vite's middleware in development.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { frameOrigins, newNonce, securityHeaders } from "./app/server/security-headers";

type AppEntry = {
  startRuntime(): Promise<void>;
  stopRuntime(): Promise<void>;
  checkReady(): Promise<boolean>;
  clientContext: Parameters<RouterContextProvider["set"]>[0];
};

const DEV = process.env.NODE_ENV !== "production";
const PORT = Number.parseInt(process.env.PORT ?? "3000", 10);
const root = path.dirname(fileURLToPath(import.meta.url));

function logLine(level: number, msg: string, extra: Record<string, unknown> = {}) {
  console.log(JSON.stringify({ level, time: Date.now(), ...extra, msg }));
}

const app = express();
app.disable("x-powered-by");

// Security headers on every answer, with a fresh script nonce for each one.
const embedFrameOrigins = frameOrigins(process.env);
app.use((_req, res, next) => {
  const nonce = newNonce();
  res.locals.nonce = nonce;
  res.set(securityHeaders({ nonce, frames: embedFrameOrigins, production: !DEV }));
  // Vite's development client injects inline scripts of its own.
  if (DEV) res.removeHeader("Content-Security-Policy");
  next();
});
// Behind a local load balancer the client address comes from X-Forwarded-For.
app.set("trust proxy", "loopback");
app.use(compression());

// Every state-changing request must come from the site's own pages: its Origin (or,
// failing that, its Referer) is the address it was sent to, or PUBLIC_URL's.
const publicOrigin = process.env.PUBLIC_URL ? new URL(process.env.PUBLIC_URL).origin : null;
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  let origin = req.headers.origin;
  if (!origin && req.headers.referer) {
    try {
      origin = new URL(req.headers.referer).origin;
    } catch {
      origin = undefined;
    }
  }
  const own = `${req.protocol}://${req.get("host")}`;
  if (origin && (origin === own || origin === publicOrigin)) return next();
  req.resume();
  res.status(403).type("text/plain").send("Cross-origin request refused");
});

/** Largest body any form sends: an application with six 5 MB files and its text. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

// Bodies are read by the route actions; refuse the impossible ones before any byte is read.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const length = req.headers["content-length"];
  if (length === undefined) {
    if (req.headers["transfer-encoding"]) {
      req.resume();
      res.status(411).type("text/plain").send("Length Required");
      return;
    }
    return next();
  }
  if (!/^\d+$/.test(length) || Number(length) > MAX_BODY_BYTES) {
    // Read and drop the body so the client gets the answer instead of a reset connection.
    req.resume();
    res.status(413).type("text/plain").send("Payload Too Large");
    return;
  }
  next();
});

let loadBuild: () => Promise<ServerBuild>;
if (DEV) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  loadBuild = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
} else {
  // Fingerprinted assets never change under a name: cache them for a year.
  app.use("/assets", express.static(path.join(root, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(path.join(root, "client"), { maxAge: "1h", index: false }));
  const build = (await import(path.join(root, "server/index.js"))) as ServerBuild;
  loadBuild = async () => build;
}

const entry = (await loadBuild()).entry.module as unknown as AppEntry;
try {
  await entry.startRuntime();
} catch (error) {
  logLine(60, error instanceof Error ? error.message : String(error));
  process.exit(1);
}

app.get("/healthz", (_req, res) => {
  res.type("text/plain").send("ok");
});
app.get("/readyz", async (_req, res) => {
  const ready = await entry.checkReady();
  res.status(ready ? 200 : 503).type("text/plain").send(ready ? "ready" : "database unavailable");
});

app.use(
  createRequestHandler({
    build: loadBuild,
    mode: DEV ? "development" : "production",
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      // IPv4 clients reach a dual-stack socket as ::ffff:a.b.c.d; keep the plain form.
      const ip = (req.ip ?? "unknown").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
      context.set(entry.clientContext, { ip, requestId: randomUUID(), nonce: String(res.locals.nonce ?? "") });
      return context;
    },
  }),
);

const server = app.listen(PORT, () => logLine(30, `listening on http://localhost:${PORT}`));

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logLine(30, `${signal}: finishing open requests`);
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  server.close(async () => {
    await entry.stopRuntime().catch(() => {});
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
