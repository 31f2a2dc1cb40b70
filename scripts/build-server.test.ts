import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { SERVER_BUNDLE } from "./lib/server-bundle.mjs";

describe("build/server.js", () => {
  it("bundles server.ts alone: it reaches the app only through the server build, so no app module is bundled twice", async () => {
    const result = await build({ ...SERVER_BUNDLE, write: false, metafile: true, logLevel: "silent" });
    expect(Object.keys(result.metafile!.inputs)).toEqual(["server.ts"]);
    // The bundle is the production server: it never starts Vite.
    expect(result.outputFiles![0]!.text).toMatch(/\bvar DEV = false;/);
  });
});
