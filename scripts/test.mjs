// `npm test`: unit and integration tests (Vitest), then the production build,
// then browser tests (Playwright on Debian's Chromium, installed when missing).
// Ends with one summary line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureDebianPackage } from "./lib/apt.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const out = mkdtempSync(path.join(tmpdir(), "site-tests-"));

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;

// 1. Vitest
const vitestJson = path.join(out, "vitest.json");
const unitStatus = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]);
const unit = readJson(vitestJson);
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
} else if (unitStatus !== 0) failed += 1;

// 2. Production build
const buildStatus = run("npm", ["run", "build"]);
if (buildStatus !== 0) {
  console.error("Build failed; browser tests not run.");
  console.log(`\n${passed} passed, ${failed + 1} failed`);
  process.exit(1);
}

// 3. Browser tests
ensureDebianPackage(chromium, "chromium");
const e2eJson = path.join(out, "playwright.json");
const e2eStatus = run("npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson, CHROMIUM_PATH: chromium });
const e2e = readJson(e2eJson);
if (e2e?.stats) {
  passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
} else if (e2eStatus !== 0) failed += 1;

const ok = unitStatus === 0 && e2eStatus === 0 && failed === 0;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
