// Aspen Role Clinic, for the practice roles' browser tests: one member of each
// role, a provider, a facility, a covered IVR to order from, and a sent IVR of
// its patient with an insurance card and a wound photo attached (billing opens
// the one, not the other).
import type { Db } from "~/.server/db/client";
import { moveIvr, recordVerification, submitIvr } from "~/.server/ivr";
import { addFacility, addProvider, findOrCreatePractice } from "~/.server/practices";
import { addDays } from "~/lib/calendar";
import type { PracticeRole } from "~/lib/practice-roles";
import { latestUsToday } from "~/lib/schemas/patient";
import { facilityInput, ivrInput, makeMember, makePatient, providerInput } from "../../support/factories";

/** A 1×1 PNG: a real image. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const member = (role: PracticeRole) => ({ email: `${role}@aspen.example`, password: `aspen ${role} password`, role: "member" as const, practiceRole: role });

export const rolePractice = {
  name: "Aspen Role Clinic",
  members: { admin: member("admin"), clinician: member("clinician"), office: member("office"), billing: member("billing") },
  patient: { firstName: "Iris", lastName: "Vale", birthDate: "1951-02-14" },
  /** The billing member the practice admin invites in the browser test. */
  invitee: "books@aspen.example",
};

export async function seedRoles(db: Db) {
  const { practice, created } = await findOrCreatePractice(db, rolePractice.name);
  if (!created) return;
  const users = {} as Record<PracticeRole, { id: string; email: string }>;
  for (const m of Object.values(rolePractice.members)) users[m.practiceRole] = await makeMember(db, { ...m, practiceId: practice.id });
  const actor = { email: rolePractice.members.clinician.email, ip: null };
  const scope = { practiceId: practice.id, actor };
  const provider = await addProvider(db, { ...scope, input: providerInput({ firstName: "Ada", lastName: "Pine", credentials: "DPM" }) });
  const facility = await addFacility(db, { ...scope, input: facilityInput({ name: "Aspen clinic", addressLine1: "9 Aspen Way", city: "Boise", state: "ID", zip: "83702" }) });
  const patientId = await makePatient(db, { ...scope, fields: { ...rolePractice.patient, addressLine1: "4 Fir Street", city: "Boise", state: "ID", zip: "83702" } });
  const today = latestUsToday();
  const clinical = {
    dateOfService: addDays(today, 7),
    woundType: "diabetic-foot-ulcer",
    woundLocation: "foot",
    lengthCm: "2",
    widthCm: "2",
    standardOfCareStart: addDays(today, -42),
    standardOfCare: ["offloading", "debridement"],
    icdPrimary: "E11.621",
    icdSecondary: ["L97.421"],
    attestationName: "Ada Pine",
  };
  // A covered IVR to order from (the approval test's order).
  const covered = await submitIvr(db, {
    practiceId: practice.id,
    userId: users.clinician.id,
    actor,
    input: ivrInput({ patientId, providerId: provider.id, facilityId: facility.id }, { ...clinical, productSlug: "membrane-wrap" }),
    files: [],
  });
  const staff = { email: "staff@site.example", ip: null };
  await moveIvr(db, { id: covered.id, to: "in_review", actor: staff });
  await recordVerification(db, { id: covered.id, actor: staff, input: { outcome: "covered", validUntil: addDays(today, 120), deductible: "240", coinsurancePercent: 20 } });
  await submitIvr(db, {
    practiceId: practice.id,
    userId: users.clinician.id,
    actor,
    input: ivrInput({ patientId, providerId: provider.id, facilityId: facility.id }, clinical),
    files: [
      { role: "card-front", name: "card-front.png", mimeType: "image/png", bytes: new Uint8Array(PNG) },
      { role: "wound-photo", name: "wound.png", mimeType: "image/png", bytes: new Uint8Array(PNG) },
    ],
  });
}
