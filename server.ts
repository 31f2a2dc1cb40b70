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
import { createRequestHandler as createRouterHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { CachedPage } from "./app/.server/http/page-cache";
import type * as AppEntry from "./app/entry.server";

const root = path.dirname(fileURLToPath(import.meta.url));

function logLine(level: number, msg: string, extra: Record<string, unknown> = {}) {
  console.log(JSON.stringify({ level, time: Date.now(), ...extra, msg }));
}

/**
 * Run from source (`npm run dev`, under tsx) the app comes from Vite; the
 * production bundle (scripts/lib/server-bundle.mjs) defines
 * import.meta.env.PROD.
 */
const DEV = !import.meta.env?.PROD;

// The app, and every module of it this file uses, comes from the server build (in development from Vite), never
// from source: the HTTP entry and the routes share one module graph, one parsed environment and one database
// handle. A malformed setting stops the start with a line that names it.
let vite: ViteDevServer | undefined;
let build: ServerBuild;
let entry: typeof AppEntry;
let config: ReturnType<typeof AppEntry.env>;
try {
  if (DEV) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true } });
    build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  } else {
    build = (await import(path.join(root, "server/index.js"))) as ServerBuild;
  }
  entry = build.entry.module as unknown as typeof AppEntry;
  config = entry.env();
} catch (error) {
  logLine(60, error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const {
  allowedHosts,
  controlCharacterParameter,
  createHttpServer,
  embedFrameOrigins,
  encodingFor,
  isAllowedHost,
  isDownloadDataPath,
  LARGEST_FORM_BODY_BYTES,
  newNonce,
  renderPages,
  securityHeaders,
  siteIsHttps,
  wantsOwnPage,
  writePageFiles,
} = entry;
const PORT = config.PORT;

const app = express();
app.disable("x-powered-by");
// True once SIGTERM or SIGINT arrived: the server is draining (see shutdown below).
let closing = false;

// Every request gets an id (the load balancer's, when it sent a sane one): it is
// answered in X-Request-Id and stamped on every log line written while it runs.
app.use((req, res, next) => {
  const incoming = req.headers["x-request-id"];
  const reqId = typeof incoming === "string" && /^[A-Za-z0-9-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  res.locals.reqId = reqId;
  res.set("X-Request-Id", reqId);
  // While draining, no connection is kept open for another request.
  if (closing) res.set("Connection", "close");
  const started = process.hrtime.bigint();
  // An action may answer before reading its body (a refused content type, a form
  // over its size, a 403). The rest of the body is then thrown away, or Node would
  // take it for the start of the next request on this kept-alive connection and
  // reset it, and a load balancer would answer that next request 502.
  res.on("finish", () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    req.resume();
  });
  res.on("finish", () => {
    if (req.path.startsWith("/assets/")) return;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    entry.runInRequest(reqId, () =>
      entry.log.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request"),
    );
  });
  entry.runInRequest(reqId, next);
});

// A request target must be a path (origin-form). An absolute-form target (`POST http://attacker.example/forgot-password`)
// is what a client sends to a proxy, and this server is none: 400, before the host check could read the wrong host.
app.use((req, res, next) => {
  if (req.url.startsWith("/")) return next();
  req.resume();
  res.status(400).type("text/plain").send("Bad Request: the request target must be a path");
});

// Only the hosts the site answers to (PUBLIC_URL's, ALLOWED_HOSTS, the loopback
// names on PORT): a forged Host gets 421 before any loader or action runs, so no
// page, mail or redirect can be made to name another host. The health checks
// answer any Host, since load balancers probe by address; they echo nothing.
const hosts = allowedHosts();
app.use((req, res, next) => {
  if (req.path === "/healthz" || req.path === "/readyz") return next();
  // Behind a proxy the request's URL is built from X-Forwarded-Host: it must name a known host too.
  const forwarded = req.headers["x-forwarded-host"];
  const forwardedOk = forwarded === undefined || (typeof forwarded === "string" && isAllowedHost(forwarded, hosts));
  if (isAllowedHost(req.headers.host, hosts) && forwardedOk) return next();
  req.resume();
  res.status(req.headers.host ? 421 : 400).type("text/plain").send(req.headers.host ? "Misdirected Request: unknown host" : "Bad Request: no Host");
});

// Public pages for visitors without a session or a flash message come from the page cache,
// rendered once before the server listens (see app/.server/http/page-cache.ts), precompressed,
// with their own headers: their CSP names their inline scripts' hashes.
let pageCache = new Map<string, CachedPage>();
app.use((req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const page = pageCache.get(req.originalUrl);
  if (!page || wantsOwnPage(req.headers.cookie)) return next();
  res.set(page.headers);
  if (req.headers["if-none-match"] === page.etag) {
    res.status(304).end();
    return;
  }
  const encoding = encodingFor(req.headers["accept-encoding"]);
  const body = encoding === "br" ? page.brotli : encoding === "gzip" ? page.gzip : page.body;
  if (encoding) res.set("Content-Encoding", encoding);
  res.set("Content-Length", String(body.length));
  res.status(200).end(req.method === "HEAD" ? undefined : body);
});

// Security headers on every other answer, with a fresh script nonce for each one. HSTS exactly when
// PUBLIC_URL is https, as the session cookie is Secure exactly then.
const frames = embedFrameOrigins();
const HSTS = siteIsHttps();
app.use((_req, res, next) => {
  const nonce = newNonce();
  res.locals.nonce = nonce;
  res.set(securityHeaders({ nonce, frames, hsts: HSTS }));
  // Vite's development client injects inline scripts of its own.
  if (DEV) res.removeHeader("Content-Security-Policy");
  next();
});
// A query parameter with a control character (?category=%00) is nothing a link of
// ours makes: 400 naming the parameter, before a loader could hand it on.
app.use((req, res, next) => {
  const parameter = controlCharacterParameter(req.originalUrl);
  if (parameter === null) return next();
  req.resume();
  res.status(400).type("text/plain").send(`Bad Request: the query parameter "${parameter}" contains a control character.`);
});
// Behind a local load balancer the client address comes from X-Forwarded-For.
app.set("trust proxy", "loopback");
// Answers to GET and HEAD only: an action answers a few bytes or a redirect, streamed without a length, so the
// compressor would set up a deflate stream (some 256 KB) for each to save nothing. And not the portal's live
// status stream: compressed, its events would wait in the compressor's buffer.
app.use(
  compression({
    filter: (req, res) =>
      (req.method === "GET" || req.method === "HEAD") && !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  }),
);

// Every state-changing request must come from the site's own pages: its Origin (or,
// failing that, its Referer) is the address it was sent to, or PUBLIC_URL's.
const SMS_WEBHOOK_PATH = "/sms/webhook";
const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
// Twilio's signed webhook is the one POST not sent from a page: its signature is checked by the route instead.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  if (req.method === "POST" && req.path === SMS_WEBHOOK_PATH) return next();
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

/** Largest body any form sends: an IVR with four 10 MB attachments and its text. */
const MAX_BODY_BYTES = LARGEST_FORM_BODY_BYTES;

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

if (vite) {
  app.use(vite.middlewares);
} else {
  // Fingerprinted assets never change under a name: cache them for a year.
  app.use("/assets", express.static(path.join(root, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(path.join(root, "client"), { maxAge: "1h", index: false }));
}
// In development each request loads the build again from Vite, so changed modules are picked up.
const loadBuild = async () => (vite ? ((await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild) : build);

try {
  await entry.startRuntime();
} catch (error) {
  logLine(60, error instanceof Error ? error.message : String(error));
  process.exit(1);
}

// The page cache: filled before the server listens, and again every hour (the year in the footer
// is all that changes on its own); with PAGE_FILES_DIR, written there too for a front server.
if (!DEV) {
  const renderPage = createRouterHandler(build, "production");
  const pageContext = () => {
    const context = new RouterContextProvider();
    context.set(entry.clientContext, { ip: "127.0.0.1", requestId: "page-cache", nonce: "" });
    return context;
  };
  const fillPageCache = async () => {
    pageCache = await renderPages((request) => renderPage(request, pageContext()), { origin: `http://localhost:${PORT}`, frames, hsts: HSTS });
    if (config.PAGE_FILES_DIR) writePageFiles(path.resolve(config.PAGE_FILES_DIR), [...pageCache.values()]);
  };
  try {
    await fillPageCache();
  } catch (error) {
    // Every page can still be rendered on request: a failed fill is logged, never fatal.
    entry.log.warn({ err: error }, "the public pages could not be cached: they are rendered on each request");
  }
  setInterval(() => {
    fillPageCache().catch((error: unknown) => entry.log.warn({ err: error }, "refreshing the cached public pages failed"));
  }, 3_600_000).unref();
}

app.get("/healthz", (_req, res) => {
  res.type("text/plain").send("ok");
});
app.get("/readyz", async (_req, res) => {
  if (closing) {
    res.status(503).type("text/plain").send("shutting down");
    return;
  }
  const ready = await entry.checkReady();
  res.status(ready ? 200 : 503).type("text/plain").send(ready ? "ready" : "database unavailable");
});

// Answers that may hold personal data are never stored by a browser or a proxy:
// every answer to a signed-in user (pages, their .data answers, file downloads,
// CSV exports) and every answer of the signed-in areas. Static files above are
// left alone: they are the same for everyone.
const PRIVATE_PATH = /^\/(?:admin|members|forms-library|education|set-password|sign-out|forgot-password)(?:[/.]|$)/;
app.use((req, res, next) => {
  const signedIn = req.headers.cookie?.includes("portal.session_token=") ?? false;
  if (!signedIn && !PRIVATE_PATH.test(req.path)) return next();
  // Signing out also empties what the browser kept of the signed-in pages.
  if (req.method === "POST" && /^\/sign-out(?:\.data)?$/.test(req.path)) res.setHeader("Clear-Site-Data", '"cache", "storage"');
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    this.setHeader("Cache-Control", "no-store");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
});

// Downloads (files, CSV exports, IVR attachments, order and invoice PDFs) and the event streams exist only at
// their plain address, whatever the case or escaping of the path asked for (see isDownloadDataPath).
app.use((req, res, next) => {
  if (!isDownloadDataPath(req.path)) return next();
  req.resume();
  res.status(404).type("text/plain").send("Not found");
});

app.use(
  createRequestHandler({
    // In production the build itself, not a function answering it: React Router then derives its route
    // table and request handler once, instead of on every request.
    build: DEV ? loadBuild : build,
    mode: DEV ? "development" : "production",
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      // IPv4 clients reach a dual-stack socket as ::ffff:a.b.c.d; keep the plain form.
      const ip = (req.ip ?? "unknown").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
      context.set(entry.clientContext, { ip, requestId: String(res.locals.reqId), nonce: String(res.locals.nonce ?? "") });
      return context;
    },
  }),
);

// Slow clients are cut off: 15 s for the headers, 120 s for the whole request (see http-limits.ts).
const server = createHttpServer(app).listen(PORT, () => {
  entry.log.info({ port: PORT }, `listening on http://localhost:${PORT}`);
  // Said once, at start: over plain http the session cookie cannot be Secure, so no HSTS either.
  if (!HSTS) {
    entry.log.warn(
      { publicUrl: config.PUBLIC_URL ?? null },
      "PUBLIC_URL is not https: session cookies are sent without Secure and no HSTS header is sent. Fit for a local trial only; set PUBLIC_URL to the site's https address to serve it.",
    );
  }
});

/**
 * On SIGTERM: /readyz answers 503 and every answer says Connection: close, so
 * a load balancer stops sending here and drops its kept-alive connections. New
 * connections are still taken during SHUTDOWN_GRACE_MS (or until none is
 * open), then the listener closes, open requests finish, and the mail worker
 * and database stop.
 */
const SHUTDOWN_GRACE_MS = config.SHUTDOWN_GRACE_MS;

function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  entry.log.info({ signal }, "finishing open requests");
  const graceEnds = Date.now() + SHUTDOWN_GRACE_MS;
  const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 30_000);
  force.unref();
  const closeWhenQuiet = () =>
    server.getConnections((_error, open) => {
      if (open > 0 && Date.now() < graceEnds) {
        setTimeout(closeWhenQuiet, 100);
        return;
      }
      server.close(async () => {
        await entry.stopRuntime().catch((error: unknown) => entry.log.warn({ err: error }, "stopping the runtime failed"));
        // The last lines reach the log before the process ends.
        entry.log.flush(() => process.exit(0));
      });
      server.closeIdleConnections();
    });
  closeWhenQuiet();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
