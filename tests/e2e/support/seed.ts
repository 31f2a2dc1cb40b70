// Accounts for the browser tests, created in DATA_DIR before the server starts.
import path from "node:path";
import { upsertUser } from "~/.server/accounts/accounts";
import { openDatabase } from "~/.server/db/client";
import { facilities, providers } from "~/.server/db/schema";
import { addPatient } from "~/.server/patients";
import { findOrCreatePractice, setMemberPractice } from "~/.server/practices";
import { parseWith } from "~/lib/schemas/fields";
import { patientSchema } from "~/lib/schemas/patient";
import { portalAccounts, portalPractices, testAccounts } from "./accounts";
import { seedOldDraft } from "./seed-drafts";
import { seedIvrs } from "./seed-ivrs";
import { seedJobs } from "./seed-jobs";
import { seedOrders } from "./seed-orders";

const database = await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR!) });
const db = database.db;
for (const account of Object.values(testAccounts)) await upsertUser(db, account);

// Practices of the Clinical Portal's tests, each with a provider, a facility and a patient.
const practiceIds: Record<string, string> = {};
for (const [key, p] of Object.entries(portalPractices)) {
  const { practice, created } = await findOrCreatePractice(db, p.name);
  practiceIds[key] = practice.id;
  if (!created) continue;
  await db.insert(providers).values({ practiceId: practice.id, firstName: "Ana", lastName: "Ruiz", credentials: "DPM", npi: "1234567893" });
  await db
    .insert(facilities)
    .values({ practiceId: practice.id, name: `${p.name} clinic`, addressLine1: "1 Main St", city: "Austin", state: "TX", zip: "78701", phone: "5125550100", placeOfService: "11" });
  const patient = parseWith(patientSchema, {
    ...p.patient,
    sex: "female",
    addressLine1: "5 Elm Street",
    city: "Austin",
    state: "TX",
    zip: "78701",
    phone: "512 555 0199",
    payerName: "Medicare Part B",
    payerType: "medicare",
    memberId: "1EG4-TE5-MK73",
  });
  if (!patient.success) throw new Error("the seeded patient does not pass the patient form's checks");
  await addPatient(db, { practiceId: practice.id, actor: { email: "seed", ip: null }, input: patient.data });
}
for (const { practice, ...account } of Object.values(portalAccounts)) {
  const { user } = await upsertUser(db, account);
  await setMemberPractice(db, user.id, practiceIds[practice]!);
}
await seedIvrs(db);
await seedOldDraft(db);
await seedOrders(db);
await seedJobs(db);
await database.close();
