// How server.ts is bundled to build/server.js (scripts/build-server.mjs): packages stay external (node_modules),
// and the app is not in it at all: server.ts reaches the app through the server build (build/server/index.js).
export const SERVER_BUNDLE = {
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // The bundle is the production server; run from source (tsx server.ts) the app comes from Vite.
  define: { "import.meta.env.PROD": "true" },
  logLevel: "warning",
};
