// Accounts for the browser tests, created in DATA_DIR before the server starts.
import path from "node:path";
import { upsertUser } from "~/.server/accounts/accounts";
import { openDatabase } from "~/.server/db/client";
import { findOrCreatePractice } from "~/.server/practices";
import { makeFacility, makeMember, makePatient, makeProvider } from "../../support/factories";
import { enrolTestApp } from "../../support/second-factor";
import { portalAccounts, portalPractices, testAccounts } from "./accounts";
import { seedOldDraft } from "./seed-drafts";
import { seedIvrs } from "./seed-ivrs";
import { seedBranding } from "./seed-branding";
import { seedJobs } from "./seed-jobs";
import { seedOrders } from "./seed-orders";
import { seedPartners } from "./seed-partners";
import { seedRoles } from "./seed-roles";
import { seedStock } from "./seed-stock";
import { seedLiveDemo } from "./seed-demo-practice";
import { seedTalk } from "./seed-talk";

const database = await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR!) });
const db = database.db;
for (const account of Object.values(testAccounts)) await upsertUser(db, account);
// Staff and admins sign in with a second factor: the test app, whose codes the tests compute (support/second-factor.ts).
for (const account of [testAccounts.staff, testAccounts.admin]) {
  const { user } = await upsertUser(db, account);
  await enrolTestApp(db, user.id);
}

// Practices of the Clinical Portal's tests, each with a provider, a facility and a patient.
const practiceIds: Record<string, string> = {};
for (const [key, p] of Object.entries(portalPractices)) {
  const { practice, created } = await findOrCreatePractice(db, p.name);
  practiceIds[key] = practice.id;
  if (!created) continue;
  await makeProvider(db, practice.id, { credentials: "DPM" });
  await makeFacility(db, practice.id, { name: `${p.name} clinic` });
  await makePatient(db, { practiceId: practice.id, fields: { ...p.patient, phone: "512 555 0199" } });
}
for (const { practice, ...account } of Object.values(portalAccounts)) await makeMember(db, { ...account, practiceId: practiceIds[practice]! });
await seedIvrs(db);
await seedOldDraft(db);
await seedOrders(db);
await seedStock(db);
await seedRoles(db);
await seedJobs(db);
await seedBranding(db);
await seedPartners(db);
await seedTalk(db);
// Last: the demo practice's records are numbered after every other one.
await seedLiveDemo(db);
await database.close();
