/**
 * Test data for the portal's tests and the browser tests' seed: a practice,
 * its members, a provider, a facility, a patient with coverage, an IVR and
 * their forms, each made the way the app makes it (the practices', accounts'
 * and patients' own functions, each form's own schema) and handed back by id.
 * The defaults are one practice's everyday records (Ana Ruiz, the Main clinic
 * in Austin, Margaret Hale on Medicare); each function takes overrides for
 * what a test needs otherwise.
 */
import { upsertUser } from "~/.server/accounts/accounts";
import type { Db } from "~/.server/db/client";
import { facilities, ivrs, orders, providers } from "~/.server/db/schema";
import { addPatient } from "~/.server/patients";
import { findOrCreatePractice, setMemberPractice } from "~/.server/practices";
import type { Role } from "~/lib/accounts";
import type { PracticeRole } from "~/lib/practice-roles";
import type { z } from "zod";
import { parseWith } from "~/lib/schemas/fields";
import { ivrSchema, readIvrForm } from "~/lib/schemas/ivr";
import { patientSchema } from "~/lib/schemas/patient";
import { facilitySchema, providerSchema } from "~/lib/schemas/practice";
import { signInCookie } from "../integration/support/actions";
import { enrolTestApp } from "./second-factor";

/** The password of the accounts these helpers make. */
export const PASSWORD = "a long test password";

/** Values read with a form's own schema, as its action reads them; throws with the field messages when the form would refuse them. */
export function valid<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const parsed = parseWith(schema, values);
  if (!parsed.success) throw new Error(`test data refused: ${JSON.stringify(parsed.fieldErrors)}`);
  return parsed.data;
}

type Actor = { email: string; ip: string | null };

/** A practice of this name (the one there is, if any): its id. */
export async function makePractice(db: Db, name: string): Promise<string> {
  return (await findOrCreatePractice(db, name)).practice.id;
}

/** An account (a member unless `role` says otherwise), in the practice when one is given: its id and email. */
export async function makeMember(
  db: Db,
  {
    email,
    practiceId = null,
    role = "member",
    practiceRole = "admin",
    password = PASSWORD,
  }: { email: string; practiceId?: string | null; role?: Role; practiceRole?: PracticeRole; password?: string },
): Promise<{ id: string; email: string }> {
  const { user } = await upsertUser(db, { email, role, password });
  if (practiceId) await setMemberPractice(db, user.id, practiceId, practiceRole);
  // Staff and admins cannot skip a second factor: theirs is the test app (its codes are computed by the tests).
  if (role !== "member") await enrolTestApp(db, user.id);
  return { id: user.id, email: user.email };
}

/** The session cookie a browser would send once the account signed in with its password. */
export function cookieOf(email: string, password = PASSWORD): Promise<string> {
  return signInCookie(email, password);
}

/** An account (in the practice, when given), signed in: its id and the session cookie a browser would send. */
export async function signedIn(db: Db, email: string, role: "member" | "staff" | "admin", practiceId?: string): Promise<{ cookie: string; id: string }> {
  const { id } = await makeMember(db, { email, role, practiceId });
  return { cookie: await cookieOf(email), id };
}

/** The provider the factories make unless told otherwise, as the provider form posts it: Ana Ruiz. */
export const ANA_RUIZ = { firstName: "Ana", lastName: "Ruiz", npi: "1234567893" };

/** The facility the factories make unless told otherwise, as the facility form posts it: "Main" at 1 Main St, Austin. */
export const MAIN_CLINIC = { name: "Main", addressLine1: "1 Main St", city: "Austin", state: "TX", zip: "78701", phone: "5125550100", placeOfService: "11" };

/** The provider form (Ana Ruiz unless `fields` say otherwise) read as its action reads it: what `addProvider` takes. */
export function providerInput(fields: Record<string, string> = {}) {
  return valid(providerSchema, { ...ANA_RUIZ, ...fields });
}

/** The facility form ("Main" unless `fields` say otherwise) read as its action reads it: what `addFacility` takes. */
export function facilityInput(fields: Record<string, string> = {}) {
  return valid(facilitySchema, { ...MAIN_CLINIC, ...fields });
}

/** The practice's provider, Ana Ruiz unless told otherwise: its id. */
export async function makeProvider(db: Db, practiceId: string, values: Partial<typeof providers.$inferInsert> = {}): Promise<string> {
  return (await db.insert(providers).values({ practiceId, ...ANA_RUIZ, ...values }).returning())[0]!.id;
}

/** The practice's facility, "Main" at 1 Main St, Austin, unless told otherwise: its id. */
export async function makeFacility(db: Db, practiceId: string, values: Partial<typeof facilities.$inferInsert> = {}): Promise<string> {
  return (await db.insert(facilities).values({ practiceId, ...MAIN_CLINIC, ...values }).returning())[0]!.id;
}

/** The patient the factories make unless told otherwise, as the patient form posts it: Margaret Hale, on Medicare. */
export const MARGARET_HALE = {
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
};

/** The patient form (Margaret Hale unless `fields` say otherwise) read as its action reads it: what `addPatient` takes. */
export function patientInput(fields: Record<string, string> = {}) {
  return valid(patientSchema, { ...MARGARET_HALE, ...fields });
}

/** A patient of the practice with coverage (Margaret Hale unless `fields` say otherwise), added as a member adds one: its id. */
export async function makePatient(
  db: Db,
  { practiceId, actor = { email: "seed", ip: null }, fields = {} }: { practiceId: string; actor?: Actor; fields?: Record<string, string> },
): Promise<string> {
  return (await addPatient(db, { practiceId, actor, input: patientInput(fields) })).id;
}

export type IvrParties = { patientId: string; providerId: string; facilityId: string };

/** The IVR form for the patient, provider and facility, every required field filled, as the browser posts it. */
export function ivrFormData({ patientId, providerId, facilityId }: IvrParties, overrides: Record<string, string | string[]> = {}): FormData {
  const form = new FormData();
  const values: Record<string, string | string[]> = {
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
  for (const [k, v] of Object.entries(values)) for (const one of [v].flat()) form.append(k, one);
  return form;
}

/** That form read and checked as the portal's action does: what `submitIvr` takes. */
export function ivrInput(parties: IvrParties, overrides: Record<string, string | string[]> = {}) {
  return valid(ivrSchema, readIvrForm(ivrFormData(parties, overrides)));
}

export type PortalPractice = IvrParties & { practiceId: string };

type IvrValues = typeof ivrs.$inferInsert;

/**
 * An IVR of the practice put straight into `status` (a new-wound request unless
 * told otherwise), as the lifecycle would have left it, for a test of what
 * follows: its row. A member sends one through the form and `submitIvr`.
 */
export async function makeIvr(db: Db, values: Pick<IvrValues, "practiceId" | "status"> & Partial<IvrValues>): Promise<typeof ivrs.$inferSelect> {
  return (await db.insert(ivrs).values({ requestType: "new-wound", ...values }).returning())[0]!;
}

type OrderValues = typeof orders.$inferInsert;

/**
 * An order of the practice put straight into `status` (Membrane Wrap, by
 * standard shipping, to the Main clinic as the factories make it, unless told
 * otherwise), as the lifecycle would have left it, for a test of what follows:
 * its row. A member places one through the form and `placeOrder`.
 */
export async function makeOrder(
  db: Db,
  values: Pick<OrderValues, "practiceId" | "practiceName" | "ivrId" | "patientId" | "facilityId" | "status" | "dateOfService"> & Partial<OrderValues>,
): Promise<typeof orders.$inferSelect> {
  const { name, placeOfService, ...address } = MAIN_CLINIC;
  const snapshot = { facilityName: name, shipTo: { ...address, addressLine2: null }, productName: "Membrane Wrap" };
  return (await db.insert(orders).values({ productSlug: "membrane-wrap", shippingSpeed: "standard", ...snapshot, ...values }).returning())[0]!;
}

/** A practice with what an IVR needs: a provider, a facility and a patient (Margaret Hale, on Medicare). */
export async function practiceReadyForIvrs(db: Db, name: string): Promise<PortalPractice> {
  const practiceId = await makePractice(db, name);
  return {
    practiceId,
    providerId: await makeProvider(db, practiceId),
    facilityId: await makeFacility(db, practiceId),
    patientId: await makePatient(db, { practiceId }),
  };
}
