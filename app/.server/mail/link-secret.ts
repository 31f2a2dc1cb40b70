import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { derivedKey } from "~/.server/crypto";

/**
 * Secret links (password, invitation, sign-in) waiting in the outbox are kept
 * encrypted: a copy of the database, a backup or a console screen never holds
 * a working link. AES-256-GCM, with a key derived by HKDF from the session
 * signing secret, so there is no second secret to set up and share between
 * processes. The stored value starts with its scheme's version: "v1." is this
 * one; another key or cipher gets another prefix and old values still read.
 *
 * The outbox row's id is the associated data: a sealed link copied into
 * another row (another recipient) does not open.
 */
const VERSION = "v1";

function keyV1(): Buffer {
  return derivedKey("outbox", "outbox secret link v1");
}

export function sealLink(link: string, rowId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyV1(), iv);
  cipher.setAAD(Buffer.from(rowId, "utf8"));
  const sealed = Buffer.concat([cipher.update(link, "utf8"), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The link, or null when the value is not one we can open (another signing secret, another row, damaged). */
export function openLink(stored: string, rowId: string): string | null {
  const [version, iv, sealed, tag, ...rest] = stored.split(".");
  if (version !== VERSION || !iv || !sealed || !tag || rest.length) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyV1(), Buffer.from(iv, "base64url"), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(rowId, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
