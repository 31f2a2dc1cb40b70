import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { keyRing, newKey, parseKey, type KeyRing } from "./fields";

/**
 * Where the PHI keys come from:
 * - `PHI_KEY` (64 hex characters or base64 of 32 bytes), with older keys still
 *   able to open values in `PHI_PREVIOUS_KEYS` (comma-separated) during a
 *   rotation. Required when the database is a server (`DATABASE_URL`): several
 *   hosts must share one key, and a key next to the data is no protection of
 *   a database that lives elsewhere.
 * - on the embedded default, a key file in `DATA_DIR` (mode 0600), generated
 *   at first start: one key per line, the current one first.
 */
export const KEY_FILE = "phi-keys";

export class MissingPhiKeyError extends Error {
  constructor() {
    super(
      "PHI_KEY is not set. With DATABASE_URL the patient-data key must come from the environment: set PHI_KEY to 32 random bytes (for example `openssl rand -hex 32`), the same on every host.",
    );
    this.name = "MissingPhiKeyError";
  }
}

export type KeySource = { phiKey?: string; previousKeys?: string; dataDir: string; usingServer: boolean };

export function loadKeyRing(source: KeySource): KeyRing {
  if (source.phiKey) {
    const previous = (source.previousKeys ?? "").split(",").map((k) => k.trim()).filter(Boolean);
    return keyRing([parseKey(source.phiKey), ...previous.map(parseKey)]);
  }
  if (source.usingServer) throw new MissingPhiKeyError();
  return keyRing(readOrCreateKeyFile(source.dataDir));
}

function keyFilePath(dataDir: string): string {
  return path.join(path.resolve(dataDir), KEY_FILE);
}

export function readOrCreateKeyFile(dataDir: string): Buffer[] {
  const file = keyFilePath(dataDir);
  if (existsSync(file)) {
    const keys = readFileSync(file, "utf8").split("\n").map((l) => l.trim()).filter(Boolean).map(parseKey);
    if (keys.length > 0) return keys;
  }
  const keys = [newKey()];
  writeKeyFile(dataDir, keys);
  return keys;
}

/** Writes the key file atomically, readable by the service's user only. */
export function writeKeyFile(dataDir: string, keys: readonly Buffer[]) {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = keyFilePath(dataDir);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, keys.map((k) => k.toString("hex")).join("\n") + "\n", { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}
