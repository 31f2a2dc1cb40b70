// `npm test`: unit and integration tests (Vitest) while the production build
// runs, then browser tests (Playwright on Debian's Chromium, installed when
// missing if run as root; otherwise it says how and stops). Ends with one
// summary line: "N passed, N failed".
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureDebianPackage } from "./lib/apt.mjs";

// Chromium first: without it (and without root to install it) the run stops now, saying what to install,
// rather than after the unit tests and the build.
const chromium = ensureDebianPackage(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", "chromium");
const out = mkdtempSync(path.join(tmpdir(), "site-tests-"));

/** Runs a command to its end; its output goes to the terminal, or is kept and returned with `quiet`. */
function run(cmd, args, { env = {}, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...env } });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code) => resolve({ status: code ?? 1, output }));
  });
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

// 1. The production build starts first and runs beside Vitest: on two cores the tests keep
// one busy and the build the other. Its output is shown once the tests have finished.
const building = run("npm", ["run", "build"], { quiet: true });

// 2. Vitest
const vitestJson = path.join(out, "vitest.json");
const { status: unitStatus } = await run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]);
const unit = readJson(vitestJson);
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
} else if (unitStatus !== 0) failed += 1;

const { status: buildStatus, output: buildOutput } = await building;
process.stdout.write(buildOutput);
if (buildStatus !== 0) {
  console.error("Build failed; browser tests not run.");
  console.log(`\n${passed} passed, ${failed + 1} failed`);
  process.exit(1);
}

// 3. Browser tests
const e2eJson = path.join(out, "playwright.json");
const { status: e2eStatus } = await run("npx", ["playwright", "test"], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson, CHROMIUM_PATH: chromium } });
const e2e = readJson(e2eJson);
if (e2e?.stats) {
  passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
} else if (e2eStatus !== 0) failed += 1;

const ok = unitStatus === 0 && e2eStatus === 0 && failed === 0;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
