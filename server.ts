/**
 * HTTP entry: compression, static assets, health check and the React Router
 * request handler. Built to build/server.js for production (scripts/build-server.mjs);
 * run through Vite's middleware in development.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";

const DEV = process.env.NODE_ENV !== "production";
const PORT = Number.parseInt(process.env.PORT ?? "3000", 10);
const root = path.dirname(fileURLToPath(import.meta.url));

export async function createApp() {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.type("text/plain").send("ok");
  });

  if (DEV) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    app.use(
      createRequestHandler({
        build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      }),
    );
  } else {
    // Fingerprinted assets never change under a name: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(root, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(path.join(root, "client"), { maxAge: "1h", index: false }));
    const build = (await import(path.join(root, "server/index.js"))) as ServerBuild;
    app.use(createRequestHandler({ build, mode: "production" }));
  }
  return app;
}

const app = await createApp();
const server = app.listen(PORT, () => {
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `listening on http://localhost:${PORT}` }));
});

function shutdown(signal: string) {
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `${signal}: closing` }));
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
