import { hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "~/.server/env";

/**
 * The signing secret: AUTH_SECRET when set (several hosts must share one),
 * otherwise generated once into DATA_DIR so a first start needs no setup.
 * It signs the session and the site's own cookies, and every other key that
 * belongs to no patient (sealed mail links, text confirmation codes) is
 * derived from it.
 */
export function signingSecret(): string {
  const e = env();
  if (e.AUTH_SECRET) return e.AUTH_SECRET;
  const dir = path.resolve(e.DATA_DIR);
  const file = path.join(dir, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return readFileSync(file, "utf8").trim();
}

/** A 32-byte key for one purpose, derived from the signing secret by HKDF: no second secret to set up and share between processes. */
export function derivedKey(salt: string, info: string): Buffer {
  return Buffer.from(hkdfSync("sha256", signingSecret(), salt, info, 32));
}
