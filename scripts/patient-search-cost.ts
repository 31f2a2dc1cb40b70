/**
 * tsx scripts/patient-search-cost.ts [--patients 10000] [--url postgres://...]
 *
 * What finding a patient costs in a practice of many (docs/decisions/008-patient-search.md):
 * makes a practice of N patients (sealed, with their search terms) in a fresh
 * embedded database, or in a new database on the PostgreSQL server given by
 * --url (dropped at the end), then prints, for typical searches, the median and
 * 95th percentile of `searchPatients` (hashing, index look-up, opening the
 * matches), the size of the index, the time to make it again for every patient
 * (what phi:rotate adds), and the cost of the design not taken: opening every
 * patient's name and date of birth to match in memory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { sql } from "drizzle-orm";
import { phiRing, seal, sealJson, setPhiRing, patientLookupHash, decryptText } from "~/.server/crypto";
import { keyRing, newKey } from "~/.server/crypto/fields";
import { openDatabase } from "~/.server/db/client";
import { coverages, patients, patientSearchTerms } from "~/.server/db/schema";
import { patientTerms, reindexPatients, searchPatients } from "~/.server/patients";
import { findOrCreatePractice } from "~/.server/practices";

const { values } = parseArgs({ options: { patients: { type: "string", default: "10000" }, url: { type: "string" }, runs: { type: "string", default: "40" }, explain: { type: "boolean", default: false } } });
const N = Number(values.patients);
const RUNS = Number(values.runs);

// Common US first and last names, so prefixes are shared as in a real practice.
const FIRST = "James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah".split(" ");
const LAST = "Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Hayes Haynes Hale Halvorsen Okafor Delgado".split(" ");

let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

async function serverDatabase(url: string) {
  const name = `patient_search_cost_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const at = new URL(url);
  at.pathname = `/${name}`;
  const database = await openDatabase({ url: at.toString(), poolSize: 4 });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function main() {
  setPhiRing(keyRing([newKey()]));
  const dir = values.url ? null : mkdtempSync(path.join(tmpdir(), "patient-search-"));
  const opened = values.url ? await serverDatabase(values.url) : { database: await openDatabase({ dataDir: dir! }), drop: async () => undefined };
  const { database } = opened;
  const db = database.db;
  try {
    const practiceId = (await findOrCreatePractice(db, "Ten Thousand Clinic")).practice.id;
    const ring = phiRing();
    const started = performance.now();
    let made = 0;
    const used = new Set<string>();
    while (made < N) {
      const batch: { patient: typeof patients.$inferInsert; first: string; last: string; birth: string; member: string }[] = [];
      while (batch.length < 250 && made + batch.length < N) {
        const first = pick(FIRST);
        const last = pick(LAST);
        const birth = `19${30 + Math.floor(random() * 60)}-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(random() * 28)).padStart(2, "0")}`;
        const lookupHash = patientLookupHash(last, birth);
        if (used.has(lookupHash)) continue;
        used.add(lookupHash);
        const member = `1EG4TE5M${String(made + batch.length).padStart(5, "0")}`;
        batch.push({
          first,
          last,
          birth,
          member,
          patient: {
            practiceId,
            firstNameSealed: seal(first, "patients.first_name"),
            lastNameSealed: seal(last, "patients.last_name"),
            birthDateSealed: seal(birth, "patients.birth_date"),
            sex: "female",
            addressSealed: sealJson({ line1: "1 Main St", city: "Austin", state: "TX", zip: "78701" }, "patients.address"),
            lookupHash,
            searchKeyId: ring.currentId,
          },
        });
      }
      const rows = await db.insert(patients).values(batch.map((b) => b.patient)).returning({ id: patients.id });
      await db.insert(coverages).values(
        rows.map((r, i) => ({ patientId: r.id, rank: "primary" as const, payerName: "Medicare Part B", payerType: "medicare", memberIdSealed: seal(batch[i]!.member, "coverages.member_id") })),
      );
      await db.insert(patientSearchTerms).values(
        rows.flatMap((r, i) => patientTerms(ring, practiceId, { firstName: batch[i]!.first, lastName: batch[i]!.last, birthDate: batch[i]!.birth, memberIds: [batch[i]!.member] }).map((term) => ({ term, patientId: r.id }))),
      );
      made += batch.length;
    }
    console.log(`${N} patients made in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.driver})`);
    // As autovacuum would after a bulk load (PGlite runs none).
    await db.execute(sql`analyze`);
    if (values.explain) {
      const term = patientTerms(ring, practiceId, { firstName: "x", lastName: "x", birthDate: "1948-03-14", memberIds: [] }).at(-1)!;
      const plan = await db.execute(sql`explain analyze select t.patient_id from patient_search_terms t join patients p on p.id = t.patient_id and p.practice_id = ${practiceId} where t.term in (${term}) group by t.patient_id having count(*) = 1 limit 101`);
      console.log((plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join("\n"));
    }

    const size = await db.execute(sql`select count(*)::int as n, pg_total_relation_size('patient_search_terms')::bigint as bytes from patient_search_terms`);
    const { n, bytes } = (size as unknown as { rows: { n: number; bytes: string }[] }).rows[0]!;
    console.log(`search index: ${n} terms (${(n / N).toFixed(1)} a patient), ${(Number(bytes) / 1024 / 1024).toFixed(1)} MB with its indexes`);

    const queries = ["ma", "mar", "hayes", "margaret hayes", "1948-03-14", "3/14/1950", "1EG4-TE5-M00042", "PAT-000123"];
    console.log("query".padEnd(18), "matches", "median ms", "p95 ms");
    for (const q of queries) {
      for (let i = 0; i < 3; i++) await searchPatients(db, practiceId, q);
      const times: number[] = [];
      let matches = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const result = await searchPatients(db, practiceId, q);
        times.push(performance.now() - t);
        matches = result.rows.length + (result.more ? 0.5 : 0);
      }
      times.sort((a, b) => a - b);
      console.log(q.padEnd(18), String(matches === Math.floor(matches) ? matches : `${Math.floor(matches)}+`).padStart(7), times[Math.floor(RUNS / 2)]!.toFixed(1).padStart(9), times[Math.floor(RUNS * 0.95)]!.toFixed(1).padStart(6));
    }

    // The design not taken: open every patient's name and date of birth and match in memory.
    const scan: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const rows = await db.select({ first: patients.firstNameSealed, last: patients.lastNameSealed, birth: patients.birthDateSealed }).from(patients).where(sql`${patients.practiceId} = ${practiceId}`);
      let hits = 0;
      for (const r of rows) {
        const last = decryptText(ring, r.last, "patients.last_name").toLowerCase();
        decryptText(ring, r.first, "patients.first_name");
        decryptText(ring, r.birth, "patients.birth_date");
        if (last.startsWith("hay")) hits++;
      }
      scan.push(performance.now() - t);
      void hits;
    }
    scan.sort((a, b) => a - b);
    console.log(`opening all ${N} to match in memory: median ${scan[2]!.toFixed(0)} ms a search (no cache)`);

    const t = performance.now();
    const indexed = await reindexPatients(db, ring, { all: true, batch: 200 });
    console.log(`making every patient's terms again (a rotation's share): ${indexed} patients in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  } finally {
    await opened.drop();
    if (!values.url) await database.close().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
