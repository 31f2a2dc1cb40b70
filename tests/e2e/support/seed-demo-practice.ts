// The live demo's practice, for the live demo's browser test: the demo year's
// one practice ("Demo Wound Care — sample data"), made up to now, after every
// other seeded record (its numbers come after theirs, so no other test's
// ORD-, IVR- or INV- number moves).
import type { Db } from "~/.server/db/client";
import { seedDemoPractice } from "../../../scripts/seed/demo-practice";

export async function seedLiveDemo(db: Db) {
  await seedDemoPractice(db, { now: new Date(), patients: 30 });
}
