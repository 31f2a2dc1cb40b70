import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

/**
 * ensureDebianPackage in a child process whose PATH holds stand-ins for sudo
 * and apt-get that only write down how they were called.
 */
describe("installing a missing Debian package", () => {
  let bin: string;
  const calls = () => (existsSync(path.join(bin, "calls")) ? readFileSync(path.join(bin, "calls"), "utf8").trim().split("\n") : []);

  beforeEach(() => {
    bin = mkdtempSync(path.join(tmpdir(), "apt-test-"));
    for (const name of ["sudo", "apt-get"]) {
      writeFileSync(path.join(bin, name), `#!/bin/sh\necho "${name} $*" >> "${bin}/calls"\nexit 0\n`);
      chmodSync(path.join(bin, name), 0o755);
    }
  });
  afterEach(() => rmSync(bin, { recursive: true, force: true }));

  function ensure(program: string, root: boolean) {
    const script = `import { ensureDebianPackage } from ${JSON.stringify(path.resolve("scripts/lib/apt.mjs"))};
      console.log("found " + ensureDebianPackage(${JSON.stringify(program)}, "chromium", { root: ${root} }));`;
    return spawnSync(process.execPath, ["--input-type=module", "-e", script], { env: { PATH: `${bin}:/usr/bin:/bin` }, encoding: "utf8" });
  }

  it("without root, says what to install and how, and stops, running neither sudo nor apt-get", () => {
    const run = ensure("/nonexistent/chromium", false);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("/nonexistent/chromium not found: it comes with Debian's chromium package. Install it as root");
    expect(run.stderr).toContain("apt-get install -y chromium");
    expect(run.stdout).toBe("");
    expect(calls()).toEqual([]);
  });

  it("as root, runs apt-get itself (never sudo), and stops when the program is still missing", () => {
    const run = ensure("/nonexistent/chromium", true);
    expect(calls()).toEqual(["apt-get update -qq", "apt-get install -y -qq chromium"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Could not install chromium");
  });

  it("does nothing when the program is there", () => {
    const run = ensure(process.execPath, false);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(`found ${process.execPath}`);
    expect(calls()).toEqual([]);
  });
});
