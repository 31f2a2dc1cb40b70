// A practice with a member, a provider, a facility, two patients and two sent
// IVRs, written through the server's domains before the server starts: the
// console's browser tests work them.
import type { Db } from "~/.server/db/client";
import { submitIvr } from "~/.server/ivr";
import { DuplicatePatientError } from "~/.server/patients";
import { addFacility, addProvider, findOrCreatePractice } from "~/.server/practices";
import { facilityInput, ivrInput, makeMember, makePatient, providerInput } from "../../support/factories";

export const seededPractice = {
  name: "Seeded Wound Care",
  member: { email: "nurse@seeded.example", password: "seeded password 1", role: "member" as const },
  /** Initials the queue shows, and the full names the IVR page shows. */
  patients: [
    { firstName: "Margaret", lastName: "Hale", initials: "M.H.", birthDate: "1948-03-02" },
    { firstName: "Walter", lastName: "Ames", initials: "W.A.", birthDate: "1951-07-19" },
  ],
};

export async function seedIvrs(db: Db) {
  const actor = { email: seededPractice.member.email, ip: null };
  const { practice } = await findOrCreatePractice(db, seededPractice.name);
  const user = await makeMember(db, { ...seededPractice.member, practiceId: practice.id });
  const scope = { practiceId: practice.id, actor };
  const provider = await addProvider(db, { ...scope, input: providerInput({ credentials: "DPM" }) });
  const facility = await addFacility(db, { ...scope, input: facilityInput({ name: "Seeded clinic", phone: "512 555 0100" }) });
  for (const { initials, ...patient } of seededPractice.patients) {
    const patientId = await makePatient(db, { ...scope, fields: patient }).catch((error: unknown) => (error instanceof DuplicatePatientError ? null : Promise.reject(error)));
    // Seeded already (the same data folder started again): leave it as it is.
    if (!patientId) return;
    await submitIvr(db, {
      practiceId: practice.id,
      userId: user.id,
      actor,
      input: ivrInput({ patientId, providerId: provider.id, facilityId: facility.id }, { lengthCm: "5.3", widthCm: "10", icdSecondary: ["L97.212"] }),
      files: [{ role: "wound-photo", name: "wound.png", mimeType: "image/png", bytes: Buffer.from("\x89PNG\r\n\x1a\nseeded wound photo") }],
    });
  }
}
