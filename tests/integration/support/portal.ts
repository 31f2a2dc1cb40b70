import { parseWith } from "~/lib/schemas/fields";
import { patientSchema } from "~/lib/schemas/patient";
import type { Db } from "~/.server/db/client";
import { facilities, providers } from "~/.server/db/schema";
import { addPatient } from "~/.server/patients";
import { findOrCreatePractice } from "~/.server/practices";

/** A practice with what an IVR names: a provider, a facility and a patient (Margaret Hale, on Medicare). */
export async function practiceWithPatient(db: Db, name: string) {
  const practiceId = (await findOrCreatePractice(db, name)).practice.id;
  const providerId = (await db.insert(providers).values({ practiceId, firstName: "Ana", lastName: "Ruiz", npi: "1234567893" }).returning())[0]!.id;
  const facilityId = (
    await db
      .insert(facilities)
      .values({ practiceId, name: "Main", addressLine1: "1 Main St", city: "Austin", state: "TX", zip: "78701", phone: "5125550100", placeOfService: "11" })
      .returning()
  )[0]!.id;
  const patient = parseWith(patientSchema, {
    firstName: "Margaret",
    lastName: "Hale",
    birthDate: "1948-03-02",
    sex: "female",
    addressLine1: "5 Elm Street",
    city: "Austin",
    state: "TX",
    zip: "78701",
    payerName: "Medicare Part B",
    payerType: "medicare",
    memberId: "1EG4-TE5-MK73",
  });
  if (!patient.success) throw new Error(JSON.stringify(patient.fieldErrors));
  const patientId = (await addPatient(db, { practiceId, actor: { email: "seed", ip: null }, input: patient.data })).id;
  return { practiceId, providerId, facilityId, patientId };
}

/** The IVR form as a member sends it, every required field filled, for the practice's patient. */
export function ivrFormData(ids: { patientId: string; providerId: string; facilityId: string }, overrides: Record<string, string> = {}): FormData {
  const fd = new FormData();
  const values: Record<string, string> = {
    requestType: "new-wound",
    ...ids,
    placeOfService: "11",
    dateOfService: "2099-01-10",
    woundType: "venous-leg-ulcer",
    woundLocation: "leg",
    laterality: "left",
    lengthCm: "5",
    widthCm: "4",
    durationWeeks: "6",
    standardOfCareStart: "2098-11-01",
    standardOfCare: "compression",
    icdPrimary: "I83.012",
    productSlug: "membrane-wrap",
    plannedApplications: "4",
    attestationName: "Ana Ruiz",
    attest: "on",
    ...overrides,
  };
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return fd;
}
