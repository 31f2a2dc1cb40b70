import { env } from "~/.server/env";
import {
  decryptBytes,
  decryptText,
  encryptBytes,
  encryptText,
  lookupHash,
  normalizeName,
  type KeyRing,
} from "./fields";
import { loadKeyRing } from "./keys";

export { MissingPhiKeyError } from "./keys";
export { decryptText, normalizeName, searchTerm, type KeyRing } from "./fields";
export { derivedKey, signingSecret } from "./signing-secret";

const KEY = Symbol.for("site.phi-ring");
type Holder = { [KEY]?: KeyRing };

/** The process's patient-data key ring, loaded once from PHI_KEY or DATA_DIR. Throws MissingPhiKeyError on a server database without PHI_KEY. */
export function phiRing(): KeyRing {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const e = env();
    holder[KEY] = loadKeyRing({ phiKey: e.PHI_KEY, previousKeys: e.PHI_PREVIOUS_KEYS, dataDir: e.DATA_DIR, usingServer: Boolean(e.DATABASE_URL) });
  }
  return holder[KEY];
}

/** For tests and for the rotation command: use this ring from now on. */
export function setPhiRing(ring: KeyRing | undefined) {
  (globalThis as Holder)[KEY] = ring;
}

/** Seals a value for a column ("table.column" is the context: a value moved elsewhere does not open). */
export function seal(value: string, context: string): string;
export function seal(value: string | null | undefined, context: string): string | null;
export function seal(value: string | null | undefined, context: string): string | null {
  return value === null || value === undefined ? null : encryptText(phiRing(), value, context);
}

export function open(stored: string, context: string): string;
export function open(stored: string | null | undefined, context: string): string | null;
export function open(stored: string | null | undefined, context: string): string | null {
  return stored === null || stored === undefined ? null : decryptText(phiRing(), stored, context);
}

export function sealJson(value: unknown, context: string): string {
  return encryptText(phiRing(), JSON.stringify(value), context);
}

export function openJson<T>(stored: string, context: string): T {
  return JSON.parse(decryptText(phiRing(), stored, context)) as T;
}

export function sealFile(bytes: Uint8Array, context: string): Buffer {
  return encryptBytes(phiRing(), bytes, context);
}

export function openFile(stored: Uint8Array, context: string): Buffer {
  return decryptBytes(phiRing(), stored, context);
}

/** The keyed hash that finds a patient again: normalised last name + date of birth. */
export function patientLookupHash(lastName: string, birthDate: string): string {
  return lookupHash(phiRing(), "patient", normalizeName(lastName), birthDate.trim());
}
