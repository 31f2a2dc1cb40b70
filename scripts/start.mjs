// `npm start`: builds when the build is missing or older than the sources,
// then serves the production build on PORT (default 3000).
import { existsSync } from "node:fs";
import path from "node:path";
import { ensureBuild } from "./lib/build.mjs";

ensureBuild();
if (existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV = "production";
await import(path.resolve("build/server.js"));
