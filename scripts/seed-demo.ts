/**
 * npm run seed:demo -- [--practices N] [--seed S] [--large-practice P] [--password PASSWORD]
 *
 * Fills an empty database (DATABASE_URL, or the embedded one in DATA_DIR) with
 * a year of synthetic demo data, made up to now: N practices (default 20) with
 * about 100 patients, 400 IVRs and 300 orders each, invoices, the use of
 * every delivered unit (applications), stock and reorders for about one
 * practice in three, form submissions, 6 to 15 live chats each weekday of
 * chat hours, and audit rows. The same --seed and size give the same data.
 * --large-practice P gives the first practice P patients (the search of a big
 * practice), taken from the same total; it is 10,000 by default from 500
 * practices on, and 0 (none) below. Every account shares one password, printed
 * once (--password sets it; otherwise it is made up).
 *
 * npm run seed:demo -- --demo-practice
 *
 * Adds the live demo's practice ("Demo Wound Care — sample data": synthetic
 * patients, IVRs and orders in every status, invoices, stock) to ANY
 * database, beside what it holds, or replaces it when it is there. Its
 * members cannot sign in; /demo opens the portal on it.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { passwordProblem } from "~/lib/accounts";
import { phiRing } from "~/.server/crypto";
import { openDatabase } from "~/.server/db/client";
import { env } from "~/.server/env";
import { accountsToShow, DatabaseNotEmpty, seedDemo } from "./seed";
import { seedDemoPractice } from "./seed/demo-practice";

function fail(message: string): never {
  console.error(`seed:demo: ${message}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    practices: { type: "string", default: "20" },
    seed: { type: "string", default: "1" },
    "large-practice": { type: "string" },
    password: { type: "string" },
    "demo-practice": { type: "boolean", default: false },
  },
  strict: true,
});

const wholeNumber = (name: string, value: string, min: number, max: number) => {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) fail(`--${name} is a whole number from ${min} to ${max}`);
  return Number(value);
};
const practices = wholeNumber("practices", values.practices, 1, 5_000);
const largePractice = values["large-practice"] === undefined ? (practices >= 500 ? 10_000 : 0) : wholeNumber("large-practice", values["large-practice"], 0, 1_000_000);
const password = values.password ?? `demo-${randomBytes(9).toString("base64url")}`;
const problem = passwordProblem(password);
if (problem) fail(`password: ${problem}`);

const e = env();
const where = e.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${path.resolve(e.DATA_DIR)}`;
try {
  // Before anything is written: with DATABASE_URL the patient-data key must come from PHI_KEY.
  phiRing();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const started = performance.now();
const progress = (line: string) => console.log(`  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${line}`);
const database = await openDatabase(e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: path.resolve(e.DATA_DIR) }).catch((error: Error) =>
  fail(error.message),
);
if (values["demo-practice"]) {
  try {
    const { replaced, counts } = await seedDemoPractice(database.db, { now: new Date() });
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`${replaced ? "Replaced" : "Added"} the demo practice in ${where}: ${total} rows of sample data. /demo opens the portal on it.`);
  } catch (error) {
    console.error(`seed:demo: nothing was written: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message.slice(0, 500)) : String(error)}`);
    process.exitCode = 2;
  } finally {
    await database.close();
  }
  process.exit();
}
try {
  console.log(`Seeding ${where}: ${practices} practices${largePractice ? `, the first with ${largePractice} patients` : ""}, seed ${values.seed}.`);
  progress("database open and migrated");
  const report = await seedDemo(database.db, {
    practices,
    seed: values.seed,
    largePractice,
    now: new Date(),
    password,
    onProgress: progress,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const total = Object.values(report.counts).reduce((a, b) => a + b, 0);
  console.log(`\nDone in ${seconds} s: ${total} rows.\n`);
  console.log(`Accounts (every one's password: ${password}; it is not shown again):`);
  for (const a of accountsToShow(report.year)) console.log(`  ${a.role.padEnd(7)} ${a.email.padEnd(28)} ${a.practice ?? ""}`);
  console.log(`  Members of practice n are pn.m1@demo.example, pn.m2@demo.example...; staff are staff1@demo.example to staff${report.year.staff.length}@demo.example.\n`);
  console.log("Rows:");
  for (const [table, n] of Object.entries(report.counts).sort((a, b) => b[1] - a[1])) console.log(`  ${table.padEnd(28)} ${n}`);
} catch (error) {
  // A failed query's message carries its values: print the cause only.
  const message =
    error instanceof DatabaseNotEmpty
      ? error.message
      : `nothing was written: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message.slice(0, 500)) : String(error)}`;
  console.error(`seed:demo: ${message}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
