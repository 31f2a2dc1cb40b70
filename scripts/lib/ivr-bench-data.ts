/**
 * The practice `npm run bench`'s IVR part (scripts/lib/ivr-bench.mjs) sends
 * IVRs for, made before the server starts, on the same DATABASE_URL or
 * DATA_DIR: one practice with a member, a provider, a facility and
 * `--patients` patients, each with their own commercial coverage (a check of a
 * coverage waits one at a time, so each IVR of the run asks about its own
 * patient). Made with the test factories, as the portal's tests make theirs.
 * Prints the ids as one line of JSON, last.
 *
 *   tsx scripts/lib/ivr-bench-data.ts --email EMAIL --password PASSWORD --patients 6000
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { phiRing } from "~/.server/crypto";
import { openDatabase } from "~/.server/db/client";
import { env } from "~/.server/env";
import { makeFacility, makeMember, makePatient, makePractice, makeProvider } from "../../tests/support/factories";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, patients: { type: "string", default: "6000" } },
  strict: true,
});
const patients = Number.parseInt(values.patients!, 10);
if (!values.email || !values.password || !(patients > 0)) {
  console.error("ivr-bench-data: give --email, --password and --patients N");
  process.exit(2);
}

/** Patient `i`'s last name in letters only (names refuse digits): Benchaa, Benchab... */
function lettersOf(i: number): string {
  let s = "";
  let n = i;
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return s.padStart(3, "a");
}

const e = env();
phiRing();
const database = await openDatabase(e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: path.resolve(e.DATA_DIR) });
try {
  const db = database.db;
  const practiceId = await makePractice(db, "Bench Wound Clinic");
  await makeMember(db, { email: values.email, password: values.password, practiceId });
  const providerId = await makeProvider(db, practiceId);
  const facilityId = await makeFacility(db, practiceId);
  const ids: string[] = new Array(patients);
  let next = 0;
  // A few at a time: the patients' own transactions, as members add them.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < patients) {
        const i = next++;
        ids[i] = await makePatient(db, {
          practiceId,
          fields: { lastName: `Bench${lettersOf(i)}`, payerName: "Aetna", payerType: "commercial", memberId: `BENCH${String(i).padStart(6, "0")}` },
        });
      }
    }),
  );
  console.log(JSON.stringify({ practiceId, providerId, facilityId, patientIds: ids }));
} finally {
  await database.close();
}
