import { upsertUser } from "~/.server/accounts/accounts";
import { getAuth } from "~/.server/accounts/auth";
import type { Db } from "~/.server/db/client";
import { facilities, providers } from "~/.server/db/schema";
import { addPatient } from "~/.server/patients";
import { findOrCreatePractice, setMemberPractice } from "~/.server/practices";
import { parseWith } from "~/lib/schemas/fields";
import { patientSchema } from "~/lib/schemas/patient";

/** The password of the accounts these helpers make. */
export const PASSWORD = "a long test password";

/** An account (in the practice, when given), signed in: its id and the session cookie a browser would send. */
export async function signedIn(db: Db, email: string, role: "member" | "staff" | "admin", practiceId?: string) {
  const { user } = await upsertUser(db, { email, role, password: PASSWORD });
  if (practiceId) await setMemberPractice(db, user.id, practiceId);
  const response = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, id: user.id };
}

export type PortalPractice = { practiceId: string; providerId: string; facilityId: string; patientId: string };

/** A practice with what an IVR needs: a provider, a facility and a patient (Margaret Hale, on Medicare). */
export async function practiceReadyForIvrs(db: Db, name: string): Promise<PortalPractice> {
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

/** The IVR form of that practice's patient, every required field filled, as the browser posts it. */
export function ivrFormData({ patientId, providerId, facilityId }: Pick<PortalPractice, "patientId" | "providerId" | "facilityId">, overrides: Record<string, string> = {}): FormData {
  const fd = new FormData();
  const values: Record<string, string> = {
    requestType: "new-wound",
    patientId,
    providerId,
    facilityId,
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
