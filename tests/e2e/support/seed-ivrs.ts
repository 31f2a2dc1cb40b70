// A practice with a member, a provider, a facility, two patients and two sent
// IVRs, written through the server's domains before the server starts: the
// console's browser tests work them.
import { upsertUser } from "~/.server/accounts/accounts";
import type { Db } from "~/.server/db/client";
import { submitIvr } from "~/.server/ivr";
import { addPatient, DuplicatePatientError } from "~/.server/patients";
import { addFacility, addProvider, findOrCreatePractice, setMemberPractice } from "~/.server/practices";
import { parseWith } from "~/lib/schemas/fields";
import { ivrSchema, readIvrForm } from "~/lib/schemas/ivr";
import { patientSchema } from "~/lib/schemas/patient";
import { facilitySchema, providerSchema } from "~/lib/schemas/practice";

export const seededPractice = {
  name: "Seeded Wound Care",
  member: { email: "nurse@seeded.example", password: "seeded password 1", role: "member" as const },
  /** Initials the queue shows, and the full names the IVR page shows. */
  patients: [
    { firstName: "Margaret", lastName: "Hale", initials: "M.H.", birthDate: "1948-03-02" },
    { firstName: "Walter", lastName: "Ames", initials: "W.A.", birthDate: "1951-07-19" },
  ],
};

function parsed<T>(result: { success: true; data: T } | { success: false; fieldErrors: Record<string, string> }): T {
  if (!result.success) throw new Error(`seed data refused: ${Object.keys(result.fieldErrors).join(", ")}`);
  return result.data;
}

export async function seedIvrs(db: Db) {
  const actor = { email: seededPractice.member.email, ip: null };
  const { practice } = await findOrCreatePractice(db, seededPractice.name);
  const { user } = await upsertUser(db, seededPractice.member);
  await setMemberPractice(db, user.id, practice.id);
  const scope = { practiceId: practice.id, actor };
  const provider = await addProvider(db, { ...scope, input: parsed(parseWith(providerSchema, { firstName: "Ana", lastName: "Ruiz", credentials: "DPM", npi: "1234567893" })) });
  const facility = await addFacility(db, {
    ...scope,
    input: parsed(parseWith(facilitySchema, { name: "Seeded clinic", addressLine1: "1 Main St", city: "Austin", state: "TX", zip: "78701", phone: "512 555 0100", placeOfService: "11" })),
  });
  for (const p of seededPractice.patients) {
    const input = parsed(
      parseWith(patientSchema, {
        firstName: p.firstName,
        lastName: p.lastName,
        birthDate: p.birthDate,
        sex: "female",
        addressLine1: "5 Elm Street",
        city: "Austin",
        state: "TX",
        zip: "78701",
        payerName: "Medicare Part B",
        payerType: "medicare",
        memberId: "1EG4-TE5-MK73",
      }),
    );
    const added = await addPatient(db, { ...scope, input }).catch((error: unknown) => (error instanceof DuplicatePatientError ? null : Promise.reject(error)));
    // Seeded already (the same data folder started again): leave it as it is.
    if (!added) return;
    const form = new FormData();
    const values: Record<string, string | string[]> = {
      requestType: "new-wound",
      patientId: added.id,
      providerId: provider.id,
      facilityId: facility.id,
      placeOfService: "11",
      dateOfService: "2099-01-10",
      woundType: "venous-leg-ulcer",
      woundLocation: "leg",
      laterality: "left",
      lengthCm: "5.3",
      widthCm: "10",
      durationWeeks: "6",
      standardOfCareStart: "2098-11-01",
      standardOfCare: ["compression"],
      icdPrimary: "I83.012",
      icdSecondary: ["L97.212"],
      productSlug: "membrane-wrap",
      plannedApplications: "4",
      attestationName: "Ana Ruiz",
      attest: "on",
    };
    for (const [k, v] of Object.entries(values)) for (const one of [v].flat()) form.append(k, one);
    await submitIvr(db, {
      practiceId: practice.id,
      userId: user.id,
      actor,
      input: parsed(parseWith(ivrSchema, readIvrForm(form))),
      files: [{ role: "wound-photo", name: "wound.png", mimeType: "image/png", bytes: Buffer.from("\x89PNG\r\n\x1a\nseeded wound photo") }],
    });
  }
}
