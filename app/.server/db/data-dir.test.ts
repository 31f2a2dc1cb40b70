import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { secureDataDir } from "./data-dir";

const made: string[] = [];
const originalUmask = process.umask();
afterEach(() => {
  process.umask(originalUmask);
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (p: string) => statSync(p).mode & 0o777;

describe("DATA_DIR", () => {
  it("is tightened to the service's user when a start finds it readable by others, and says how much it changed", () => {
    const root = mkdtempSync(path.join(tmpdir(), "data-dir-"));
    made.push(root);
    const dir = path.join(root, "data");
    mkdirSync(path.join(dir, "pglite", "base"), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(dir, "auth-secret"), "secret", { mode: 0o644 });
    writeFileSync(path.join(dir, "pglite", "base", "1"), "rows", { mode: 0o666 });
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, "pglite"), 0o775);

    expect(secureDataDir(dir)).toBe(5);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, "pglite"))).toBe(0o700);
    expect(modeOf(path.join(dir, "pglite", "base"))).toBe(0o700);
    expect(modeOf(path.join(dir, "auth-secret"))).toBe(0o600);
    expect(modeOf(path.join(dir, "pglite", "base", "1"))).toBe(0o600);
    // A second start finds nothing to change.
    expect(secureDataDir(dir)).toBe(0);
  });

  it("is created 0700, and the embedded database writes only files its user can read", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "data-dir-"));
    made.push(root);
    const dir = path.join(root, "fresh");
    const database = await openDatabase({ dataDir: dir });
    await database.close();
    expect(modeOf(dir)).toBe(0o700);
    const pgdata = path.join(dir, "pglite");
    expect(modeOf(pgdata) & 0o077).toBe(0);
    expect(modeOf(path.join(pgdata, "PG_VERSION")) & 0o077).toBe(0);
    expect(secureDataDir(dir)).toBe(0);
  });
});
