import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * Field encryption of personal and health data: AES-256-GCM with a fresh
 * 12-byte nonce per value, the key's id stored with each value so keys can
 * rotate, and a context (table and column) as associated data so a value
 * copied into another column does not open.
 *
 * Text is stored as `p1.<key id>.<nonce>.<ciphertext>.<tag>` (base64url);
 * bytes (files) as `PHI1` + key id (8 bytes) + nonce + ciphertext + tag.
 *
 * Lookups never use plaintext: `lookupHash` is an HMAC-SHA256 under a key
 * derived from the current data key, so finding "same last name and date of
 * birth" works without storing either in the clear.
 */

export type KeyRing = {
  /** id of the key new values are sealed with */
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
};

const TEXT_PREFIX = "p1";
const BYTES_MAGIC = Buffer.from("PHI1", "ascii");
const ID_BYTES = 8;

/** A key's id: the first 8 bytes of its sha256, in hex. Derived, so nothing else needs configuring. */
export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update(key).digest().subarray(0, ID_BYTES).toString("hex");
}

/** Reads a key written as 64 hex characters or 32 bytes of base64 / base64url. */
export function parseKey(text: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== 32) throw new Error("A PHI key must be 32 bytes, written as 64 hex characters or base64.");
  return key;
}

export function newKey(): Buffer {
  return randomBytes(32);
}

/** A ring whose first key seals and whose every key opens. */
export function keyRing(keys: readonly Buffer[]): KeyRing {
  if (keys.length === 0) throw new Error("A key ring needs at least one key.");
  const map = new Map(keys.map((k) => [keyIdOf(k), k] as const));
  return { currentId: keyIdOf(keys[0]!), keys: map };
}

function keyOf(ring: KeyRing, id: string): Buffer {
  const key = ring.keys.get(id);
  if (!key) throw new Error(`No PHI key with id ${id} is configured: was a key rotated out too early?`);
  return key;
}

export function encryptText(ring: KeyRing, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(ring, ring.currentId), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [TEXT_PREFIX, ring.currentId, iv.toString("base64url"), sealed.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

export function decryptText(ring: KeyRing, stored: string, context: string): string {
  const [prefix, id, iv, sealed, tag, ...rest] = stored.split(".");
  if (prefix !== TEXT_PREFIX || !id || !iv || sealed === undefined || !tag || rest.length) throw new Error("Not an encrypted value.");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(ring, id), Buffer.from(iv, "base64url"), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}

export function encryptBytes(ring: KeyRing, plaintext: Uint8Array, context: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(ring, ring.currentId), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([BYTES_MAGIC, Buffer.from(ring.currentId, "hex"), iv, sealed, cipher.getAuthTag()]);
}

export function decryptBytes(ring: KeyRing, stored: Uint8Array, context: string): Buffer {
  const buf = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (buf.length < 4 + ID_BYTES + 12 + 16 || !buf.subarray(0, 4).equals(BYTES_MAGIC)) throw new Error("Not an encrypted file.");
  const id = buf.subarray(4, 4 + ID_BYTES).toString("hex");
  const iv = buf.subarray(4 + ID_BYTES, 16 + ID_BYTES);
  const tag = buf.subarray(buf.length - 16);
  const decipher = createDecipheriv("aes-256-gcm", keyOf(ring, id), iv, { authTagLength: 16 });
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(buf.subarray(16 + ID_BYTES, buf.length - 16)), decipher.final()]);
}

/** The key id a stored value was sealed with (text or bytes), or null when it is not one of ours. */
export function sealedKeyId(stored: string | Uint8Array): string | null {
  if (typeof stored === "string") {
    const [prefix, id] = stored.split(".");
    return prefix === TEXT_PREFIX && id ? id : null;
  }
  const buf = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  return buf.length > 4 + ID_BYTES && buf.subarray(0, 4).equals(BYTES_MAGIC) ? buf.subarray(4, 4 + ID_BYTES).toString("hex") : null;
}

/** A keyed hash for finding records by normalised values (last name + date of birth), never reversible without the key. */
export function lookupHash(ring: KeyRing, ...parts: string[]): string {
  const key = Buffer.from(hkdfSync("sha256", keyOf(ring, ring.currentId), "lookup", "phi lookup hash v1", 32));
  return createHmac("sha256", key).update(parts.join("\u0000"), "utf8").digest("base64url");
}

const searchKeys = new WeakMap<KeyRing, Buffer>();

/**
 * A search term: an HMAC-SHA256 of the practice, the kind of value and the
 * normalised value, under its own key derived from the current data key, cut
 * to 96 bits (16 characters). The practice is in the hash, so the same name in
 * two practices gives two unrelated terms.
 */
export function searchTerm(ring: KeyRing, practiceId: string, kind: string, value: string): string {
  let key = searchKeys.get(ring);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", keyOf(ring, ring.currentId), "search", "phi search term v1", 32));
    searchKeys.set(ring, key);
  }
  return createHmac("sha256", key).update(`${practiceId}\u0000${kind}\u0000${value}`, "utf8").digest().subarray(0, 12).toString("base64url");
}

/** Last names compared without case, accents, spaces or punctuation: "O'Brien-Smith" and "obrien smith" match. */
export function normalizeName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}
