import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keyIdOf, newKey } from "./fields";
import { KEY_FILE, loadKeyRing, MissingPhiKeyError } from "./keys";

describe("PHI keys", () => {
  it("generates a key into the data folder at first start, 0600, and reads the same one after", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "phi-"));
    const first = loadKeyRing({ dataDir, usingServer: false });
    expect(statSync(path.join(dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadKeyRing({ dataDir, usingServer: false }).currentId).toBe(first.currentId);
  });

  it("refuses to start on a database server without PHI_KEY, with a clear message", () => {
    expect(() => loadKeyRing({ dataDir: "/nonexistent", usingServer: true })).toThrow(MissingPhiKeyError);
    expect(() => loadKeyRing({ dataDir: "/nonexistent", usingServer: true })).toThrow(/PHI_KEY is not set/);
  });

  it("takes PHI_KEY first and keeps previous keys for reading", () => {
    const current = newKey();
    const old = newKey();
    const ring = loadKeyRing({ phiKey: current.toString("hex"), previousKeys: old.toString("base64"), dataDir: "/x", usingServer: true });
    expect(ring.currentId).toBe(keyIdOf(current));
    expect(ring.keys.has(keyIdOf(old))).toBe(true);
  });
});
