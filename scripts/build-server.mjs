// Bundles server.ts to build/server.js (see lib/server-bundle.mjs).
import { build } from "esbuild";
import { SERVER_BUNDLE } from "./lib/server-bundle.mjs";

await build(SERVER_BUNDLE);
