/**
 * npm run user:add -- --email EMAIL --password PASSWORD --role member|staff|admin
 * npm run user:add -- --email EMAIL --role admin --password-stdin < password.txt
 * npm run user:add -- --email EMAIL --password PASSWORD --role member --practice "Practice name" [--practice-role clinician]
 *
 * Creates the account, or updates its role and password. `--practice` puts a
 * member in that practice, creating the practice when new, as its practice
 * admin unless `--practice-role` says otherwise. Uses the same
 * DATABASE_URL or DATA_DIR as the server.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { addUser, type Role } from "~/.server/accounts";
import { ROLES, passwordProblem } from "~/lib/accounts";
import { audit } from "~/.server/audit";
import { openDatabase } from "~/.server/db/client";
import { inTransaction } from "~/.server/db/transaction";
import { env } from "~/.server/env";
import { DemoPracticeClosed, findOrCreatePractice, setMemberPractice } from "~/.server/practices";
import { isPracticeRole, PRACTICE_ROLE_LABEL, PRACTICE_ROLES } from "~/lib/practice-roles";

function fail(message: string): never {
  console.error(`user:add: ${message}`);
  process.exit(2);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
}

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    "password-stdin": { type: "boolean", default: false },
    role: { type: "string", default: "member" },
    name: { type: "string" },
    practice: { type: "string" },
    "practice-role": { type: "string", default: "admin" },
  },
  strict: true,
});

const email = values.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail("give a valid --email");
const role = values.role as Role;
if (!(ROLES as readonly string[]).includes(role)) fail(`--role must be one of ${ROLES.join(", ")}`);
if (values.password !== undefined && values["password-stdin"]) fail("give --password or --password-stdin, not both");
const password = values["password-stdin"] ? await readStdin() : values.password;
if (password === undefined) fail("give --password PASSWORD or --password-stdin");
const problem = passwordProblem(password);
if (problem) fail(`password: ${problem}`);
const practiceName = values.practice?.trim();
if (values.practice !== undefined && !practiceName) fail("give the practice a name: --practice \"Practice name\"");
const practiceRole = values["practice-role"];
if (!isPracticeRole(practiceRole)) fail(`--practice-role must be one of ${PRACTICE_ROLES.join(", ")}`);
if (values["practice-role"] !== "admin" && !practiceName) fail("--practice-role is the role in a practice: give --practice too");
if (practiceName && role !== "member") fail("--practice is for members: staff and admins work for the company, not a practice");

const e = env();
const database = await openDatabase(e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: path.resolve(e.DATA_DIR) }).catch(
  (error: Error) => fail(error.message),
);
try {
  const actor = { email: "command line", ip: null };
  // The account, its practice and their audit rows: all kept or none.
  const { user, created, where } = await inTransaction(database.db, async (tx) => {
    const saved = await addUser(tx, actor, { email, role, password, name: values.name });
    if (!practiceName) return { ...saved, where: "" };
    const { practice, created: newPractice } = await findOrCreatePractice(tx, practiceName);
    await setMemberPractice(tx, saved.user.id, practice.id, practiceRole);
    await audit(tx, { actorEmail: actor.email, action: "practice.member", target: saved.user.email, ip: null, detail: `${practice.name}, ${PRACTICE_ROLE_LABEL[practiceRole]}` });
    // As before roles came: a practice admin is the account the command always made.
    const roleText = practiceRole === "admin" ? "" : `, ${PRACTICE_ROLE_LABEL[practiceRole].toLowerCase()}`;
    return { ...saved, where: `, practice ${practice.name}${newPractice ? " (new)" : ""}${roleText}` };
  });
  console.log(`${created ? "Created" : "Updated"} ${user.email} (${role}${where}).`);
} catch (error) {
  // Nothing was written (one transaction): the demo practice takes no account.
  if (!(error instanceof DemoPracticeClosed)) throw error;
  console.error(`user:add: ${error.message}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
