import { and, asc, count, desc, eq, inArray, isNull, ne, notInArray } from "drizzle-orm";
import { ivrReference, type IvrStatus } from "~/lib/ivr";
import { ORDER_HIDDEN_FROM_STAFF, orderReference, type OrderStatus } from "~/lib/orders";
import { patientReference, type CoverageRank } from "~/lib/patients";
import type { CoverageInput, PatientDetailsInput, PatientInput } from "~/lib/schemas/patient";
import { audit, auditRead, type Actor } from "~/.server/audit";
import { open, openJson, patientLookupHash, phiRing, seal, sealJson } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { coverages, ivrs, orders, patients, practices } from "~/.server/db/schema";
import { inTransaction, isUniqueViolation } from "~/.server/db/transaction";
import { Refused } from "~/.server/refused";
import { C } from "./sealed";
import { patientSummaries, writeSearchTerms, type PatientSummary } from "./search";

/**
 * Patients of a practice. Every personal value is sealed before it reaches
 * the database and opened only for the practice's own members or for staff
 * (whose reads the caller audits). Queries always carry the practice. One
 * patient per practice, last name and date of birth: the unique lookup hash
 * decides, so of two entries at once one is kept and the other refused.
 */

export type Address = { line1: string; city: string; state: string; zip: string };
export type Coverage = {
  id: string;
  rank: CoverageRank;
  payerName: string;
  payerType: string;
  memberId: string;
  groupNumber: string | null;
  payerPhone: string | null;
  subscriber: { name: string; birthDate: string | null; relationship: string | null } | null;
  since: Date;
  /** When another coverage took its place (history only). */
  replacedAt: Date | null;
  replacedBy: string | null;
};
export type Patient = {
  id: string;
  /** PAT-000123 */
  reference: string;
  practiceId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  sex: string;
  address: Address;
  phone: string | null;
  /** The current coverages, primary first. */
  coverages: Coverage[];
  /** Coverages replaced or ended, newest first. */
  coverageHistory: Coverage[];
  createdAt: Date;
};
export type PatientChoice = { id: string; name: string; birthDate: string };

/** A patient already entered (same last name and date of birth): 409, said beside the last name. */
export class DuplicatePatientError extends Refused {
  constructor(
    readonly existingId: string,
    readonly existingReference: string,
  ) {
    super("A patient with this last name and date of birth is already in your practice: choose them from the list.", "lastName", 409);
    this.name = "DuplicatePatientError";
  }
}

/** "M.H." */
export function initialsOf(firstName: string, lastName: string): string {
  const first = (s: string) => (s.trim()[0] ?? "").toUpperCase();
  return `${first(firstName)}.${first(lastName)}.`;
}

function detailsValues(input: PatientDetailsInput) {
  return {
    firstNameSealed: seal(input.firstName, C.first),
    lastNameSealed: seal(input.lastName, C.last),
    birthDateSealed: seal(input.birthDate, C.birth),
    sex: input.sex,
    addressSealed: sealJson({ line1: input.addressLine1, city: input.city, state: input.state, zip: input.zip } satisfies Address, C.address),
    phoneSealed: seal(input.phone ?? null, C.phone),
    lookupHash: patientLookupHash(input.lastName, input.birthDate),
  };
}

function coverageValues(patientId: string, rank: CoverageRank, input: Omit<CoverageInput, "rank">): typeof coverages.$inferInsert {
  const subscriber = input.subscriberName
    ? sealJson({ name: input.subscriberName, birthDate: input.subscriberBirthDate ?? null, relationship: input.subscriberRelationship ?? null }, C.subscriber)
    : null;
  return {
    patientId,
    rank,
    payerName: input.payerName,
    payerType: input.payerType,
    memberIdSealed: seal(input.memberId, C.member),
    groupNumberSealed: seal(input.groupNumber ?? null, C.group),
    subscriberSealed: subscriber,
    payerPhone: input.payerPhone ?? null,
  };
}

/** The practice's patient already entered with this lookup hash (another than `except`), as the refusal names it. */
async function duplicateOf(db: Db, practiceId: string, lookupHash: string, except?: string): Promise<DuplicatePatientError | null> {
  const [row] = await db
    .select({ id: patients.id, number: patients.number })
    .from(patients)
    .where(and(eq(patients.practiceId, practiceId), eq(patients.lookupHash, lookupHash), except ? ne(patients.id, except) : undefined));
  return row ? new DuplicatePatientError(row.id, patientReference(row.number)) : null;
}

/** Adds a patient with their coverages and search terms; refuses one already entered (same last name and date of birth). */
export async function addPatient(
  db: Db,
  { practiceId, actor, input }: { practiceId: string; actor: Actor; input: PatientInput },
): Promise<{ id: string; reference: string }> {
  const values = detailsValues(input);
  return inTransaction(db, async (tx) => {
    // The unique index decides: of two entries at once, the second waits for the first and inserts nothing.
    const [row] = await tx
      .insert(patients)
      .values({ practiceId, ...values })
      .onConflictDoNothing({ target: [patients.practiceId, patients.lookupHash] })
      .returning({ id: patients.id, number: patients.number });
    if (!row) throw (await duplicateOf(tx, practiceId, values.lookupHash))!;
    const rows = [coverageValues(row.id, "primary", input)];
    if (input.secondaryPayerName && input.secondaryPayerType && input.secondaryMemberId)
      rows.push(
        coverageValues(row.id, "secondary", {
          payerName: input.secondaryPayerName,
          payerType: input.secondaryPayerType,
          memberId: input.secondaryMemberId,
          groupNumber: input.secondaryGroupNumber,
          payerPhone: input.secondaryPayerPhone,
        }),
      );
    await tx.insert(coverages).values(rows);
    const memberIds = [input.memberId, ...(rows.length > 1 ? [input.secondaryMemberId!] : [])];
    await writeSearchTerms(tx, phiRing(), { id: row.id, practiceId, firstName: input.firstName, lastName: input.lastName, birthDate: input.birthDate, memberIds });
    await audit(tx, { actorEmail: actor.email, action: "patient.create", target: row.id, ip: actor.ip, patientId: row.id });
    return { id: row.id, reference: patientReference(row.number) };
  });
}

/**
 * Changes who the patient is and where they live. Refused (DuplicatePatientError)
 * when the new last name and date of birth are another patient's of the
 * practice; null when the patient is not the practice's.
 */
export async function updatePatient(
  db: Db,
  { practiceId, id, actor, input }: { practiceId: string; id: string; actor: Actor; input: PatientDetailsInput },
): Promise<{ id: string } | null> {
  const values = detailsValues(input);
  const duplicate = await duplicateOf(db, practiceId, values.lookupHash, id);
  if (duplicate) throw duplicate;
  try {
    return await inTransaction(db, async (tx) => {
      const [row] = await tx
        .update(patients)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(patients.id, id), eq(patients.practiceId, practiceId)))
        .returning({ id: patients.id });
      if (!row) return null;
      const memberIds = await currentMemberIds(tx, id);
      await writeSearchTerms(tx, phiRing(), { id, practiceId, firstName: input.firstName, lastName: input.lastName, birthDate: input.birthDate, memberIds });
      await audit(tx, { actorEmail: actor.email, action: "patient.update", target: id, ip: actor.ip, patientId: id });
      return row;
    });
  } catch (error) {
    // Another change took that name and date of birth meanwhile.
    if (isUniqueViolation(error)) throw (await duplicateOf(db, practiceId, values.lookupHash, id)) ?? error;
    throw error;
  }
}

async function currentMemberIds(db: Db, patientId: string): Promise<string[]> {
  const rows = await db
    .select({ member: coverages.memberIdSealed })
    .from(coverages)
    .where(and(eq(coverages.patientId, patientId), isNull(coverages.replacedAt)));
  return rows.map((r) => open(r.member, C.member));
}

/** The patient row of the practice, locked until the transaction ends (two changes of one patient's coverages wait for each other). */
async function lockPatient(tx: Db, practiceId: string, id: string) {
  const [row] = await tx
    .select()
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.practiceId, practiceId)))
    .for("update");
  return row ?? null;
}

async function rewriteTermsOf(tx: Db, row: typeof patients.$inferSelect) {
  await writeSearchTerms(tx, phiRing(), {
    id: row.id,
    practiceId: row.practiceId,
    firstName: open(row.firstNameSealed, C.first),
    lastName: open(row.lastNameSealed, C.last),
    birthDate: open(row.birthDateSealed, C.birth),
    memberIds: await currentMemberIds(tx, row.id),
  });
}

/**
 * Puts a coverage in place: the current one of its rank (if any) is kept in
 * the patient's history, marked replaced by whom and when. Null when the
 * patient is not the practice's.
 */
export async function replaceCoverage(
  db: Db,
  { practiceId, patientId, actor, input }: { practiceId: string; patientId: string; actor: Actor; input: CoverageInput },
): Promise<{ replaced: boolean } | null> {
  return inTransaction(db, async (tx) => {
    const patient = await lockPatient(tx, practiceId, patientId);
    if (!patient) return null;
    const old = await tx
      .update(coverages)
      .set({ replacedAt: new Date(), replacedBy: actor.email })
      .where(and(eq(coverages.patientId, patientId), eq(coverages.rank, input.rank), isNull(coverages.replacedAt)))
      .returning({ id: coverages.id });
    await tx.insert(coverages).values(coverageValues(patientId, input.rank, input));
    await rewriteTermsOf(tx, patient);
    const replaced = old.length > 0;
    await audit(tx, {
      actorEmail: actor.email,
      action: replaced ? "coverage.replace" : "coverage.add",
      target: patientId,
      ip: actor.ip,
      patientId,
      detail: `${input.rank}: ${input.payerName}`,
    });
    return { replaced };
  });
}

/** Ends the patient's secondary coverage (kept in the history). Null when there is none, or the patient is not the practice's. */
export async function endSecondaryCoverage(db: Db, { practiceId, patientId, actor }: { practiceId: string; patientId: string; actor: Actor }) {
  return inTransaction(db, async (tx) => {
    const patient = await lockPatient(tx, practiceId, patientId);
    if (!patient) return null;
    const [ended] = await tx
      .update(coverages)
      .set({ replacedAt: new Date(), replacedBy: actor.email })
      .where(and(eq(coverages.patientId, patientId), eq(coverages.rank, "secondary"), isNull(coverages.replacedAt)))
      .returning({ payerName: coverages.payerName });
    if (!ended) return null;
    await rewriteTermsOf(tx, patient);
    await audit(tx, { actorEmail: actor.email, action: "coverage.end", target: patientId, ip: actor.ip, patientId, detail: `secondary: ${ended.payerName}` });
    return ended;
  });
}

/** The practice's patients for a picker, "Hale, Margaret", by last name. */
export async function listPatientChoices(db: Db, practiceId: string): Promise<PatientChoice[]> {
  const rows = await db
    .select({ id: patients.id, first: patients.firstNameSealed, last: patients.lastNameSealed, birth: patients.birthDateSealed })
    .from(patients)
    .where(eq(patients.practiceId, practiceId))
    .orderBy(asc(patients.createdAt));
  return rows
    .map((r) => ({ id: r.id, name: `${open(r.last, C.last)}, ${open(r.first, C.first)}`, birthDate: open(r.birth, C.birth) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The practice's patients added last, newest first (the patients page before a search). */
export async function recentPatients(db: Db, practiceId: string, limit = 20): Promise<PatientSummary[]> {
  const ids = await db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.practiceId, practiceId))
    .orderBy(desc(patients.createdAt), desc(patients.number))
    .limit(limit);
  if (ids.length === 0) return [];
  const order = new Map(ids.map((r, i) => [r.id, i]));
  const rows = await patientSummaries(db, practiceId, inArray(patients.id, ids.map((r) => r.id)));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** How many patients the practice has. */
export async function countPatients(db: Db, practiceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(patients).where(eq(patients.practiceId, practiceId));
  return Number(row?.n ?? 0);
}

/** True when the patient belongs to the practice. */
export async function patientInPractice(db: Db, practiceId: string, patientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.practiceId, practiceId)));
  return Boolean(row);
}

function openCoverage(c: typeof coverages.$inferSelect): Coverage {
  return {
    id: c.id,
    rank: c.rank,
    payerName: c.payerName,
    payerType: c.payerType,
    memberId: open(c.memberIdSealed, C.member),
    groupNumber: open(c.groupNumberSealed, C.group),
    payerPhone: c.payerPhone,
    subscriber: c.subscriberSealed ? openJson<Coverage["subscriber"]>(c.subscriberSealed, C.subscriber) : null,
    since: c.createdAt,
    replacedAt: c.replacedAt,
    replacedBy: c.replacedBy,
  };
}

/** One patient, opened, or null when the id is not one of the practice's (null practice: staff, any practice). */
export async function getPatient(db: Db, practiceId: string | null, id: string): Promise<Patient | null> {
  const where = practiceId ? and(eq(patients.id, id), eq(patients.practiceId, practiceId)) : eq(patients.id, id);
  const [row] = await db.select().from(patients).where(where);
  if (!row) return null;
  const covers = await db.select().from(coverages).where(eq(coverages.patientId, id)).orderBy(asc(coverages.rank), desc(coverages.createdAt));
  return {
    id: row.id,
    reference: patientReference(row.number),
    practiceId: row.practiceId,
    firstName: open(row.firstNameSealed, C.first),
    lastName: open(row.lastNameSealed, C.last),
    birthDate: open(row.birthDateSealed, C.birth),
    sex: row.sex,
    address: openJson<Address>(row.addressSealed, C.address),
    phone: open(row.phoneSealed, C.phone),
    coverages: covers.filter((c) => !c.replacedAt).map(openCoverage),
    coverageHistory: covers
      .filter((c) => c.replacedAt)
      .sort((a, b) => b.replacedAt!.getTime() - a.replacedAt!.getTime())
      .map(openCoverage),
    createdAt: row.createdAt,
  };
}

/** A member opens one of their practice's patients: opened, and the read audited (`patient.view`, once per reader and ten minutes). */
export async function viewPatient(db: Db, { practiceId, id, actor }: { practiceId: string; id: string; actor: Actor }): Promise<Patient | null> {
  const patient = await getPatient(db, practiceId, id);
  if (patient) await auditRead(db, { actorEmail: actor.email, action: "patient.view", target: id, ip: actor.ip, patientId: id });
  return patient;
}

/**
 * A member id shown in full, on purpose: answered only for a coverage
 * (current or past) of the practice's patient, and audited
 * (`patient.member-id`). Null otherwise.
 */
export async function revealMemberId(
  db: Db,
  { practiceId, patientId, coverageId, actor }: { practiceId: string; patientId: string; coverageId: string; actor: Actor },
): Promise<{ coverageId: string; memberId: string } | null> {
  const [row] = await db
    .select({ member: coverages.memberIdSealed, rank: coverages.rank, payerName: coverages.payerName })
    .from(coverages)
    .innerJoin(patients, eq(patients.id, coverages.patientId))
    .where(and(eq(coverages.id, coverageId), eq(coverages.patientId, patientId), eq(patients.practiceId, practiceId)));
  if (!row) return null;
  await audit(db, {
    actorEmail: actor.email,
    action: "patient.member-id",
    target: patientId,
    ip: actor.ip,
    patientId,
    detail: `${row.rank}: ${row.payerName}`,
  });
  return { coverageId, memberId: open(row.member, C.member) };
}

/** Initials of several patients at once (the board and the queue show no more than that). */
export async function initialsByPatient(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: patients.id, first: patients.firstNameSealed, last: patients.lastNameSealed })
    .from(patients)
    .where(inArray(patients.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, initialsOf(open(r.first, C.first), open(r.last, C.last))]));
}

/**
 * Names of several patients at once, "Hale, Margaret", for a list that must
 * say whose graft it was (a recall's applied units). With a practice, only
 * its own patients are opened; without one (staff), the caller audits the read.
 */
export async function namesByPatient(db: Db, ids: readonly string[], practiceId: string | null): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: patients.id, first: patients.firstNameSealed, last: patients.lastNameSealed })
    .from(patients)
    .where(and(inArray(patients.id, [...new Set(ids)]), practiceId ? eq(patients.practiceId, practiceId) : undefined));
  return new Map(rows.map((r) => [r.id, `${open(r.last, C.last)}, ${open(r.first, C.first)}`]));
}

/** The current primary coverage's payer type of a patient (for payer rules), or null. */
export async function primaryPayerType(db: Db, patientId: string): Promise<string | null> {
  const [row] = await db
    .select({ payerType: coverages.payerType })
    .from(coverages)
    .where(and(eq(coverages.patientId, patientId), eq(coverages.rank, "primary"), isNull(coverages.replacedAt)));
  return row?.payerType ?? null;
}

export type PatientForStaff = {
  id: string;
  reference: string;
  initials: string;
  practice: { id: string; name: string };
  createdAt: Date;
  ivrs: { id: string; reference: string; status: IvrStatus }[];
  orders: { id: string; reference: string; status: OrderStatus }[];
};

/**
 * A patient as the console names them without their name: reference,
 * initials, practice, and the references of their IVRs and orders (the admin's
 * page of who saw the patient's data). Null when there is none with this id.
 */
export async function patientForStaff(db: Db, id: string): Promise<PatientForStaff | null> {
  const [row] = await db
    .select({ patient: patients, practiceName: practices.name })
    .from(patients)
    .innerJoin(practices, eq(practices.id, patients.practiceId))
    .where(eq(patients.id, id));
  if (!row) return null;
  const [ivrRows, orderRows] = await Promise.all([
    db.select({ id: ivrs.id, number: ivrs.number, status: ivrs.status }).from(ivrs).where(and(eq(ivrs.patientId, id), ne(ivrs.status, "draft"))).orderBy(desc(ivrs.number)),
    // An order awaiting its practice's approval is not the supplier's yet.
    db
      .select({ id: orders.id, number: orders.number, status: orders.status })
      .from(orders)
      .where(and(eq(orders.patientId, id), notInArray(orders.status, [...ORDER_HIDDEN_FROM_STAFF])))
      .orderBy(desc(orders.number)),
  ]);
  const p = row.patient;
  return {
    id: p.id,
    reference: patientReference(p.number),
    initials: initialsOf(open(p.firstNameSealed, C.first), open(p.lastNameSealed, C.last)),
    practice: { id: p.practiceId, name: row.practiceName },
    createdAt: p.createdAt,
    ivrs: ivrRows.map((r) => ({ id: r.id, reference: ivrReference(r.number), status: r.status })),
    orders: orderRows.map((r) => ({ id: r.id, reference: orderReference(r.number), status: r.status })),
  };
}
