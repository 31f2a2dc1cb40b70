import { and, asc, eq, inArray } from "drizzle-orm";
import type { PatientInput } from "~/lib/schemas/patient";
import { audit, type Actor } from "~/.server/audit";
import { open, openJson, patientLookupHash, seal, sealJson } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { coverages, patients } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";

/**
 * Patients of a practice. Every personal value is sealed before it reaches
 * the database and opened only for the practice's own members or for staff
 * (whose reads the caller audits). Queries always carry the practice.
 */

const C = {
  first: "patients.first_name",
  last: "patients.last_name",
  birth: "patients.birth_date",
  address: "patients.address",
  phone: "patients.phone",
  member: "coverages.member_id",
  group: "coverages.group_number",
  subscriber: "coverages.subscriber",
} as const;

export type Address = { line1: string; city: string; state: string; zip: string };
export type Coverage = {
  rank: "primary" | "secondary";
  payerName: string;
  payerType: string;
  memberId: string;
  groupNumber: string | null;
  payerPhone: string | null;
  subscriber: { name: string; birthDate: string | null; relationship: string | null } | null;
};
export type Patient = {
  id: string;
  practiceId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  sex: string;
  address: Address;
  phone: string | null;
  coverages: Coverage[];
};
export type PatientChoice = { id: string; name: string; birthDate: string };

export class DuplicatePatientError extends Error {
  constructor(readonly existingId: string) {
    super("A patient with this last name and date of birth is already in your practice: choose them from the list.");
    this.name = "DuplicatePatientError";
  }
}

/** "M.H." */
export function initialsOf(firstName: string, lastName: string): string {
  const first = (s: string) => (s.trim()[0] ?? "").toUpperCase();
  return `${first(firstName)}.${first(lastName)}.`;
}

/** Adds a patient with their coverages; refuses one already entered (same last name and date of birth). */
export async function addPatient(
  db: Db,
  { practiceId, actor, input }: { practiceId: string; actor: Actor; input: PatientInput },
): Promise<{ id: string }> {
  const lookupHash = patientLookupHash(input.lastName, input.birthDate);
  return inTransaction(db, async (tx) => {
    const [existing] = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.practiceId, practiceId), eq(patients.lookupHash, lookupHash)));
    if (existing) throw new DuplicatePatientError(existing.id);
    const [row] = await tx
      .insert(patients)
      .values({
        practiceId,
        firstNameSealed: seal(input.firstName, C.first),
        lastNameSealed: seal(input.lastName, C.last),
        birthDateSealed: seal(input.birthDate, C.birth),
        sex: input.sex,
        addressSealed: sealJson({ line1: input.addressLine1, city: input.city, state: input.state, zip: input.zip } satisfies Address, C.address),
        phoneSealed: seal(input.phone ?? null, C.phone),
        lookupHash,
      })
      .returning({ id: patients.id });
    const subscriber = input.subscriberName
      ? sealJson({ name: input.subscriberName, birthDate: input.subscriberBirthDate ?? null, relationship: input.subscriberRelationship ?? null }, C.subscriber)
      : null;
    const rows: (typeof coverages.$inferInsert)[] = [
      {
        patientId: row!.id,
        rank: "primary",
        payerName: input.payerName,
        payerType: input.payerType,
        memberIdSealed: seal(input.memberId, C.member),
        groupNumberSealed: seal(input.groupNumber ?? null, C.group),
        subscriberSealed: subscriber,
        payerPhone: input.payerPhone ?? null,
      },
    ];
    if (input.secondaryPayerName && input.secondaryPayerType && input.secondaryMemberId)
      rows.push({
        patientId: row!.id,
        rank: "secondary",
        payerName: input.secondaryPayerName,
        payerType: input.secondaryPayerType,
        memberIdSealed: seal(input.secondaryMemberId, C.member),
        groupNumberSealed: seal(input.secondaryGroupNumber ?? null, C.group),
        payerPhone: input.secondaryPayerPhone ?? null,
      });
    await tx.insert(coverages).values(rows);
    await audit(tx, { actorEmail: actor.email, action: "patient.create", target: row!.id, ip: actor.ip });
    return { id: row!.id };
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

/** True when the patient belongs to the practice. */
export async function patientInPractice(db: Db, practiceId: string, patientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.practiceId, practiceId)));
  return Boolean(row);
}

/** One patient, opened, or null when the id is not one of the practice's (null practice: staff, any practice). */
export async function getPatient(db: Db, practiceId: string | null, id: string): Promise<Patient | null> {
  const where = practiceId ? and(eq(patients.id, id), eq(patients.practiceId, practiceId)) : eq(patients.id, id);
  const [row] = await db.select().from(patients).where(where);
  if (!row) return null;
  const covers = await db.select().from(coverages).where(eq(coverages.patientId, id)).orderBy(asc(coverages.rank));
  return {
    id: row.id,
    practiceId: row.practiceId,
    firstName: open(row.firstNameSealed, C.first),
    lastName: open(row.lastNameSealed, C.last),
    birthDate: open(row.birthDateSealed, C.birth),
    sex: row.sex,
    address: openJson<Address>(row.addressSealed, C.address),
    phone: open(row.phoneSealed, C.phone),
    coverages: covers.map((c) => ({
      rank: c.rank,
      payerName: c.payerName,
      payerType: c.payerType,
      memberId: open(c.memberIdSealed, C.member),
      groupNumber: open(c.groupNumberSealed, C.group),
      payerPhone: c.payerPhone,
      subscriber: c.subscriberSealed ? openJson<Coverage["subscriber"]>(c.subscriberSealed, C.subscriber) : null,
    })),
  };
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

/** The primary coverage's payer type of a patient (for payer rules), or null. */
export async function primaryPayerType(db: Db, patientId: string): Promise<string | null> {
  const [row] = await db
    .select({ payerType: coverages.payerType })
    .from(coverages)
    .where(and(eq(coverages.patientId, patientId), eq(coverages.rank, "primary")));
  return row?.payerType ?? null;
}
