import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { patientNumberOf, patientReference } from "~/lib/patients";
import { decryptText, phiRing, searchTerm, type KeyRing } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { coverages, patients, patientSearchTerms } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { C } from "./sealed";

/**
 * Finding a practice's patients by part of a name, the date of birth, a member
 * id or their reference, although every one of those is sealed. Each patient
 * has keyed hashes of what can be searched (`patient_search_terms`): every
 * prefix of 2 to 10 letters of each word of the first and last names, the
 * date of birth and each current member id, each an HMAC of the practice,
 * the kind and the value (`searchTerm`). A search hashes what was typed the
 * same way and looks the hashes up in the index; the few patients found are
 * opened to check the match and sort by name. See
 * docs/decisions/008-patient-search.md for the choice and its measured cost.
 */

/** Prefixes shorter than this find too many patients to be worth a term. */
export const PREFIX_MIN = 2;
/** Letters beyond this are not indexed: a longer word typed is cut, and the opened names check the rest. */
export const PREFIX_MAX = 10;
/** Each patient's name terms are padded with random ones to this count, so the index does not tell the length of a name. */
export const NAME_TERMS = 24;
/** At most this many patients are opened for one search; a search matching more asks for more letters. */
export const SEARCH_LIMIT = 50;
/** The board's Find looks for IVRs of at most this many patients (found by their hashes, none opened). */
export const BOARD_PATIENT_LIMIT = 1000;

/** A name's words, folded (no case, no accents), and the whole name run together ("O'Brien" -> o, brien, obrien). */
export function nameWords(name: string): string[] {
  const parts = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set([...parts, parts.join("")])].filter((w) => w.length >= PREFIX_MIN);
}

/** A member id as typed on any card: letters and digits only, upper case. */
export function normalizeMemberId(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

export type SearchableValues = { firstName: string; lastName: string; birthDate: string; memberIds: readonly string[] };

/** The search terms of one patient, under the ring's current key: name prefixes (padded to NAME_TERMS), date of birth, member ids. */
export function patientTerms(ring: KeyRing, practiceId: string, values: SearchableValues): string[] {
  const names = new Set<string>();
  for (const word of [...nameWords(values.firstName), ...nameWords(values.lastName)])
    for (let n = PREFIX_MIN; n <= Math.min(word.length, PREFIX_MAX); n++) names.add(searchTerm(ring, practiceId, "n", word.slice(0, n)));
  // Random terms look like the others and match nothing.
  while (names.size < NAME_TERMS) names.add(randomBytes(12).toString("base64url"));
  const others = [searchTerm(ring, practiceId, "d", values.birthDate.trim()), ...values.memberIds.map((m) => searchTerm(ring, practiceId, "m", normalizeMemberId(m)))];
  return [...new Set([...names, ...others])];
}

type Searchable = { id: string; practiceId: string } & SearchableValues;

/** Replaces patients' search terms with these, and marks them as made under the ring's current key: three statements however many. */
export async function writeSearchTerms(db: Db, ring: KeyRing, list: Searchable | readonly Searchable[]) {
  const all = Array.isArray(list) ? (list as readonly Searchable[]) : [list as Searchable];
  if (all.length === 0) return;
  const ids = all.map((p) => p.id);
  await db.delete(patientSearchTerms).where(inArray(patientSearchTerms.patientId, ids));
  const rows = all.flatMap((p) => patientTerms(ring, p.practiceId, p).map((term) => ({ term, patientId: p.id })));
  // Two values a row: well under PostgreSQL's 65,535 parameters a statement.
  for (let i = 0; i < rows.length; i += 20_000) await db.insert(patientSearchTerms).values(rows.slice(i, i + 20_000));
  await db.update(patients).set({ searchKeyId: ring.currentId }).where(inArray(patients.id, ids));
}

/** The current member ids of patients, by patient. */
async function memberIdsOf(db: Db, ring: KeyRing, ids: readonly string[]): Promise<Map<string, string[]>> {
  const byPatient = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byPatient;
  const rows = await db
    .select({ patientId: coverages.patientId, member: coverages.memberIdSealed })
    .from(coverages)
    .where(and(inArray(coverages.patientId, [...ids]), isNull(coverages.replacedAt)));
  for (const r of rows) byPatient.get(r.patientId)?.push(decryptText(ring, r.member, C.member));
  return byPatient;
}

/**
 * Makes the search terms of every patient whose terms are missing or were made
 * under another key (patients from before the index, or a rotation stopped
 * half-way), `batch` patients a transaction. Answers how many it made.
 */
export async function reindexPatients(db: Db, ring: KeyRing = phiRing(), { batch = 500, all = false } = {}): Promise<number> {
  let done = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const stale = all ? sql`true` : or(isNull(patients.searchKeyId), ne(patients.searchKeyId, ring.currentId));
    const rows = await db
      .select({ id: patients.id, practiceId: patients.practiceId, first: patients.firstNameSealed, last: patients.lastNameSealed, birth: patients.birthDateSealed })
      .from(patients)
      .where(and(stale, sql`${patients.id} > ${after}`))
      .orderBy(asc(patients.id))
      .limit(batch);
    if (rows.length === 0) return done;
    after = rows.at(-1)!.id;
    await inTransaction(db, async (tx) => {
      const members = await memberIdsOf(tx, ring, rows.map((r) => r.id));
      await writeSearchTerms(
        tx,
        ring,
        rows.map((r) => ({
          id: r.id,
          practiceId: r.practiceId,
          firstName: decryptText(ring, r.first, C.first),
          lastName: decryptText(ring, r.last, C.last),
          birthDate: decryptText(ring, r.birth, C.birth),
          memberIds: members.get(r.id) ?? [],
        })),
      );
    });
    done += rows.length;
  }
}

export type PatientQuery =
  | { kind: "name"; words: string[] }
  | { kind: "birth"; date: string }
  | { kind: "member"; memberId: string }
  | { kind: "reference"; number: number };

function isoDate(year: string, month: string, day: string): string | null {
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * What a search box's text asks for: a patient reference (PAT-000123), a date
 * of birth (1948-03-14 or 3/14/1948), a member id (anything else with a
 * digit), or words of a name (each at least two letters). Null: nothing to
 * search for.
 */
export function parsePatientQuery(text: string): PatientQuery | null {
  const t = text.trim();
  if (!t) return null;
  const number = patientNumberOf(t);
  if (number !== null) return { kind: "reference", number };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const us = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const date = iso ? isoDate(iso[1]!, iso[2]!, iso[3]!) : us ? isoDate(us[3]!, us[1]!, us[2]!) : null;
  if (date) return { kind: "birth", date };
  if (/\d/.test(t)) {
    const memberId = normalizeMemberId(t);
    return memberId.length >= 4 ? { kind: "member", memberId } : null;
  }
  const words = [
    ...new Set(
      t
        .normalize("NFKD")
        .replace(/\p{M}/gu, "")
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= PREFIX_MIN),
    ),
  ];
  return words.length ? { kind: "name", words } : null;
}

export type PatientSummary = { id: string; reference: string; name: string; firstName: string; lastName: string; birthDate: string };

export type PatientSearch = {
  query: PatientQuery | null;
  rows: PatientSummary[];
  /** More than SEARCH_LIMIT patients matched: the rows are a part of them, and more letters would narrow it. */
  more: boolean;
};

/** The terms a query looks up: one a word of a name (cut to PREFIX_MAX), or the date of birth, or the member id. */
function queryTerms(ring: KeyRing, practiceId: string, query: Exclude<PatientQuery, { kind: "reference" }>): string[] {
  if (query.kind === "name") return query.words.map((w) => searchTerm(ring, practiceId, "n", w.slice(0, PREFIX_MAX)));
  return [query.kind === "birth" ? searchTerm(ring, practiceId, "d", query.date) : searchTerm(ring, practiceId, "m", query.memberId)];
}

/** The patient ids of the practice whose terms hold every one of `terms`, at most `limit`. */
async function idsWithTerms(db: Db, practiceId: string, terms: readonly string[], limit: number): Promise<string[]> {
  const unique = [...new Set(terms)];
  const join = and(eq(patients.id, patientSearchTerms.patientId), eq(patients.practiceId, practiceId));
  // One term: the index alone answers, in its order, stopping at the limit.
  if (unique.length === 1) {
    const rows = await db
      .select({ id: patientSearchTerms.patientId })
      .from(patientSearchTerms)
      .innerJoin(patients, join)
      .where(eq(patientSearchTerms.term, unique[0]!))
      .limit(limit);
    return rows.map((r) => r.id);
  }
  const rows = await db
    .select({ id: patientSearchTerms.patientId })
    .from(patientSearchTerms)
    .innerJoin(patients, join)
    .where(inArray(patientSearchTerms.term, unique))
    .groupBy(patientSearchTerms.patientId)
    .having(sql`count(*) = ${unique.length}`)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Opens these patients of the practice: their reference, name and date of birth. */
export async function patientSummaries(db: Db, practiceId: string, where: ReturnType<typeof eq>, ring: KeyRing = phiRing()): Promise<PatientSummary[]> {
  const rows = await db
    .select({ id: patients.id, number: patients.number, first: patients.firstNameSealed, last: patients.lastNameSealed, birth: patients.birthDateSealed })
    .from(patients)
    .where(and(eq(patients.practiceId, practiceId), where));
  return rows.map((r) => {
    const firstName = decryptText(ring, r.first, C.first);
    const lastName = decryptText(ring, r.last, C.last);
    return { id: r.id, reference: patientReference(r.number), name: `${lastName}, ${firstName}`, firstName, lastName, birthDate: decryptText(ring, r.birth, C.birth) };
  });
}

const byName = (a: PatientSummary, b: PatientSummary) =>
  a.lastName.localeCompare(b.lastName, "en", { sensitivity: "base" }) ||
  a.firstName.localeCompare(b.firstName, "en", { sensitivity: "base" }) ||
  a.birthDate.localeCompare(b.birthDate);

/** The practice's patients matching what was typed, by name (at most SEARCH_LIMIT). */
export async function searchPatients(db: Db, practiceId: string, text: string): Promise<PatientSearch> {
  const query = parsePatientQuery(text);
  if (!query) return { query, rows: [], more: false };
  const ring = phiRing();
  if (query.kind === "reference") return { query, rows: await patientSummaries(db, practiceId, eq(patients.number, query.number), ring), more: false };
  const ids = await idsWithTerms(db, practiceId, queryTerms(ring, practiceId, query), SEARCH_LIMIT + 1);
  const more = ids.length > SEARCH_LIMIT;
  if (ids.length === 0) return { query, rows: [], more };
  let rows = await patientSummaries(db, practiceId, inArray(patients.id, ids.slice(0, SEARCH_LIMIT)), ring);
  // The index found them; the names themselves confirm it (a word longer than PREFIX_MAX, a hash that met another).
  if (query.kind === "name") {
    rows = rows.filter((r) => {
      const words = [...nameWords(r.firstName), ...nameWords(r.lastName)];
      return query.words.every((q) => words.some((w) => w.startsWith(q)));
    });
  }
  if (query.kind === "birth") rows = rows.filter((r) => r.birthDate === query.date);
  return { query, rows: rows.sort(byName), more };
}

/**
 * The ids of the practice's patients matching what was typed (the board's
 * Find), at most BOARD_PATIENT_LIMIT, from their hashes alone: no patient is
 * opened (a word longer than PREFIX_MAX matches on its first letters).
 */
export async function findPatientIds(db: Db, practiceId: string, text: string): Promise<Set<string>> {
  const query = parsePatientQuery(text);
  if (!query) return new Set();
  if (query.kind === "reference") {
    const rows = await db.select({ id: patients.id }).from(patients).where(and(eq(patients.practiceId, practiceId), eq(patients.number, query.number)));
    return new Set(rows.map((r) => r.id));
  }
  return new Set(await idsWithTerms(db, practiceId, queryTerms(phiRing(), practiceId, query), BOARD_PATIENT_LIMIT));
}
