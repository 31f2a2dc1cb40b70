import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_HEAP_MB, heapArgs, heapLimitMb } from "./heap.mjs";

describe("the heap's bound", () => {
  it("is NODE_HEAP_MB, 256 MB by default, and refuses a malformed value", () => {
    expect(DEFAULT_HEAP_MB).toBe(256);
    expect(heapArgs({})).toEqual(["--max-old-space-size=256"]);
    expect(heapArgs({ NODE_HEAP_MB: " 512 " })).toEqual(["--max-old-space-size=512"]);
    for (const bad of ["12", "256MB", "-1", "1e3", "lots"]) expect(() => heapLimitMb({ NODE_HEAP_MB: bad })).toThrow(/NODE_HEAP_MB/);
  });

  it("keeps a bound given on the command line or in NODE_OPTIONS", () => {
    expect(heapArgs({ NODE_HEAP_MB: "512" }, ["--max-old-space-size=1024"])).toEqual([]);
    expect(heapArgs({}, ["--max_old_space_size=1024"])).toEqual([]);
    expect(heapArgs({ NODE_OPTIONS: "--enable-source-maps --max-old-space-size=1024" })).toEqual([]);
    expect(heapArgs({ NODE_OPTIONS: "--enable-source-maps" })).toEqual(["--max-old-space-size=256"]);
  });
});

/**
 * A script that starts as start.mjs does: relaunched with the bound, its
 * serving process says its pid and heap limit, and on SIGTERM "drains" and
 * ends with code 3.
 */
describe("relaunching with a bounded heap", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "heap-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const script = path.join(dir, "serve.mjs");
  writeFileSync(
    script,
    `import { getHeapStatistics } from "node:v8";
import { relaunchWithBoundedHeap } from ${JSON.stringify(path.resolve("scripts/lib/heap.mjs"))};
if (relaunchWithBoundedHeap()) {
  process.on("SIGTERM", () => setTimeout(() => process.exit(3), 50));
  setInterval(() => {}, 1000);
  console.log(JSON.stringify({ pid: process.pid, limitMb: getHeapStatistics().heap_size_limit / 2 ** 20 }));
}
`,
  );

  it("serves in a child with the bound, passes SIGTERM on and ends with its exit code", async () => {
    const parent = spawn(process.execPath, [script], { env: { ...process.env, NODE_HEAP_MB: "96", NODE_OPTIONS: "" }, stdio: ["ignore", "pipe", "inherit"] });
    const ended = new Promise<number | null>((resolve) => parent.once("exit", (code) => resolve(code)));
    const line = await new Promise<string>((resolve) => parent.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString())));
    const served = JSON.parse(line) as { pid: number; limitMb: number };
    expect(served.pid).not.toBe(parent.pid);
    // The old generation's 96 MB and the young generation's spaces.
    expect(served.limitMb).toBeGreaterThanOrEqual(96);
    expect(served.limitMb).toBeLessThan(200);
    parent.kill("SIGTERM");
    expect(await ended).toBe(3);
  });

  it("ends by the signal that ended the server", async () => {
    const parent = spawn(process.execPath, [script], { env: { ...process.env, NODE_OPTIONS: "" }, stdio: ["ignore", "pipe", "inherit"] });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => parent.once("exit", (_code, signal) => resolve(signal)));
    const served = JSON.parse(await new Promise<string>((resolve) => parent.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString())))) as { pid: number };
    process.kill(served.pid, "SIGKILL");
    expect(await ended).toBe("SIGKILL");
  });
});
