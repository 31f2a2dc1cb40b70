/**
 * npm run phi:rotate
 *
 * Re-seals all patient data under a new key.
 * - Embedded database (no PHI_KEY): a new key is generated into DATA_DIR's key
 *   file, every value is re-sealed under it, and the old keys are dropped.
 *   Stop the server first: the embedded database is opened by one process.
 * - With PHI_KEY: set PHI_KEY to the new key and PHI_PREVIOUS_KEYS to the old
 *   one(s), run this, then remove PHI_PREVIOUS_KEYS everywhere.
 */
import path from "node:path";
import { resealAll } from "~/.server/crypto/rotate";
import { keyRing, newKey } from "~/.server/crypto/fields";
import { loadKeyRing, readOrCreateKeyFile, writeKeyFile } from "~/.server/crypto/keys";
import { openDatabase } from "~/.server/db/client";
import { env } from "~/.server/env";

function fail(message: string): never {
  console.error(`phi:rotate: ${message}`);
  process.exit(2);
}

const e = env();
const dataDir = path.resolve(e.DATA_DIR);
const embedded = !e.PHI_KEY;
if (embedded && e.DATABASE_URL) fail("PHI_KEY is not set. With DATABASE_URL, set PHI_KEY to the new key and PHI_PREVIOUS_KEYS to the old one, then run this again.");

const database = await openDatabase(e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir }).catch((error: Error) => fail(error.message));
try {
  let ring;
  if (embedded) {
    const old = readOrCreateKeyFile(dataDir);
    // The new key first, the old ones kept until every value is re-sealed: a stop half-way loses nothing.
    const keys = [newKey(), ...old];
    writeKeyFile(dataDir, keys);
    ring = keyRing(keys);
  } else {
    ring = loadKeyRing({ phiKey: e.PHI_KEY, previousKeys: e.PHI_PREVIOUS_KEYS, dataDir, usingServer: Boolean(e.DATABASE_URL) });
  }
  const report = await resealAll(database.db, ring);
  if (embedded) writeKeyFile(dataDir, [ring.keys.get(ring.currentId)!]);
  console.log(
    `Re-sealed ${report.values} values, ${report.patients} patient lookups and ${report.searchTerms} patients' search terms under key ${ring.currentId}.` +
      (embedded ? " The old key is gone from DATA_DIR." : " Remove PHI_PREVIOUS_KEYS from every host now."),
  );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await database.close();
}
