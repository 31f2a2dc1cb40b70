import { describe, expect, it } from "vitest";
import {
  decryptBytes,
  decryptText,
  encryptBytes,
  encryptText,
  keyRing,
  lookupHash,
  newKey,
  normalizeName,
  parseKey,
  sealedKeyId,
} from "./fields";

describe("field encryption", () => {
  const ring = keyRing([newKey()]);

  it("seals text so the stored value holds nothing of it, and opens it again", () => {
    const stored = encryptText(ring, "Margaret Hale", "patients.last_name");
    expect(stored).not.toContain("Margaret");
    expect(stored.startsWith(`p1.${ring.currentId}.`)).toBe(true);
    expect(decryptText(ring, stored, "patients.last_name")).toBe("Margaret Hale");
  });

  it("gives a different value each time (fresh nonce)", () => {
    expect(encryptText(ring, "x", "c")).not.toBe(encryptText(ring, "x", "c"));
  });

  it("refuses a value moved to another column or tampered with", () => {
    const stored = encryptText(ring, "1950-02-03", "patients.birth_date");
    expect(() => decryptText(ring, stored, "patients.first_name")).toThrow();
    const parts = stored.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => decryptText(ring, parts.join("."), "patients.birth_date")).toThrow();
  });

  it("seals files", () => {
    const bytes = Buffer.from("%PDF-1.7 card");
    const stored = encryptBytes(ring, bytes, "ivr_files.content");
    expect(stored.includes(Buffer.from("PDF"))).toBe(false);
    expect(decryptBytes(ring, stored, "ivr_files.content").equals(bytes)).toBe(true);
    expect(sealedKeyId(stored)).toBe(ring.currentId);
  });

  it("opens values of an older key after rotation and seals with the new one", () => {
    const old = newKey();
    const before = encryptText(keyRing([old]), "secret", "c");
    const rotated = keyRing([newKey(), old]);
    expect(decryptText(rotated, before, "c")).toBe("secret");
    expect(sealedKeyId(encryptText(rotated, "secret", "c"))).toBe(rotated.currentId);
    expect(() => decryptText(keyRing([newKey()]), before, "c")).toThrow(/No PHI key/);
  });

  it("hashes lookups by key, the same for the same normalised input", () => {
    expect(lookupHash(ring, normalizeName("O'Brien-Smith"), "1950-02-03")).toBe(lookupHash(ring, normalizeName("obrien smith"), "1950-02-03"));
    expect(lookupHash(ring, "hale", "1950-02-03")).not.toBe(lookupHash(keyRing([newKey()]), "hale", "1950-02-03"));
  });

  it("reads keys written in hex or base64, and refuses other lengths", () => {
    const key = newKey();
    expect(parseKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => parseKey("short")).toThrow(/32 bytes/);
  });
});
