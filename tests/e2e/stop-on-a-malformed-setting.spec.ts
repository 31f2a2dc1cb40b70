import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The production server (build/server.js) checks every setting before it
 * opens anything: a malformed address stops the start with one line naming
 * each bad variable, and nothing is written to DATA_DIR.
 */
test("a malformed setting stops the start with a line that names it", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-bad-setting-"));
  try {
    const run = spawnSync(process.execPath, ["build/server.js"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        // Never reached; were it, any free port.
        PORT: "0",
        DATA_DIR: dataDir,
        PORTAL_IVR_URL: "frames.example.com/ivr",
        PRODUCT_URL_AMNIOAMP_MP: "javascript:alert(1)",
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split("\n").map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 60,
        msg: "Invalid environment: PORTAL_IVR_URL: must be an http or https address; PRODUCT_URL_AMNIOAMP_MP: must be an http or https address",
      }),
    ]);
    expect(readdirSync(dataDir)).toEqual([]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
