import { sql } from "drizzle-orm";
import type { Db } from "~/.server/db/client";
import { inTransaction } from "~/.server/db/transaction";
import { reindexPatients } from "~/.server/patients";
import { decryptBytes, decryptText, encryptBytes, encryptText, lookupHash, normalizeName, sealedKeyId, type KeyRing } from "./fields";

/**
 * Every sealed column of the database, with the context it was sealed under
 * (its table and column). A new sealed column must be listed here, or a
 * rotation would leave it on the old key: the rotation test reads the schema
 * and fails on any `*_sealed` column missing from this list.
 */
export const SEALED_COLUMNS = [
  { table: "patients", column: "first_name_sealed", context: "patients.first_name", bytes: false },
  { table: "patients", column: "last_name_sealed", context: "patients.last_name", bytes: false },
  { table: "patients", column: "birth_date_sealed", context: "patients.birth_date", bytes: false },
  { table: "patients", column: "address_sealed", context: "patients.address", bytes: false },
  { table: "patients", column: "phone_sealed", context: "patients.phone", bytes: false },
  { table: "coverages", column: "member_id_sealed", context: "coverages.member_id", bytes: false },
  { table: "coverages", column: "group_number_sealed", context: "coverages.group_number", bytes: false },
  { table: "coverages", column: "subscriber_sealed", context: "coverages.subscriber", bytes: false },
  { table: "ivrs", column: "clinical_sealed", context: "ivrs.clinical", bytes: false },
  { table: "ivrs", column: "draft_sealed", context: "ivrs.draft", bytes: false },
  { table: "ivrs", column: "attestation_signer_sealed", context: "ivrs.attestation_signer", bytes: false },
  { table: "ivrs", column: "request_message_sealed", context: "ivrs.request_message", bytes: false },
  { table: "ivr_history", column: "note_sealed", context: "ivr_history.note", bytes: false },
  { table: "ivr_verifications", column: "result_sealed", context: "ivr_verifications.result", bytes: false },
  { table: "eligibility_checks", column: "raw_271_sealed", context: "eligibility_checks.raw_271", bytes: false },
  { table: "eligibility_checks", column: "summary_sealed", context: "eligibility_checks.summary", bytes: false },
  { table: "ivr_files", column: "name_sealed", context: "ivr_files.name", bytes: false },
  { table: "ivr_files", column: "content_sealed", context: "ivr_files.content", bytes: true },
  { table: "prior_authorisations", column: "number_sealed", context: "prior_authorisations.number", bytes: false },
  { table: "prior_authorisations", column: "tracking_number_sealed", context: "prior_authorisations.tracking_number", bytes: false },
  { table: "orders", column: "notes_sealed", context: "orders.notes", bytes: false },
  { table: "orders", column: "over_order_reason_sealed", context: "orders.over_order_reason", bytes: false },
  { table: "order_history", column: "note_sealed", context: "order_history.note", bytes: false },
  { table: "order_units", column: "disposition_note_sealed", context: "order_units.disposition_note", bytes: false },
  { table: "graft_applications", column: "wound_sealed", context: "graft_applications.wound", bytes: false },
  { table: "graft_applications", column: "discard_reason_sealed", context: "graft_applications.discard_reason", bytes: false },
  { table: "graft_applications", column: "claim_sealed", context: "graft_applications.claim", bytes: false },
  { table: "kept_forms", column: "form_sealed", context: "kept_forms.form", bytes: false },
  { table: "messages", column: "body_sealed", context: "messages.body", bytes: false },
  { table: "message_files", column: "name_sealed", context: "message_files.name", bytes: false },
  { table: "message_files", column: "content_sealed", context: "message_files.content", bytes: true },
  { table: "chat_messages", column: "body_sealed", context: "chat_messages.body", bytes: false },
] as const;

export type RotationReport = { values: number; patients: number; searchTerms: number };

/**
 * Re-seals every sealed value under the ring's current key, and recomputes
 * the keyed hashes made from patient data (their keys are derived from the
 * data key): the patients' lookup hashes and their search terms
 * (`patient_search_terms`), in one transaction: after it, no value or hash
 * needs an older key. Values already under the current key are left as they
 * are, so running it twice is harmless.
 */
export async function resealAll(db: Db, ring: KeyRing): Promise<RotationReport> {
  return inTransaction(db, async (tx) => {
    let values = 0;
    for (const { table, column, context, bytes } of SEALED_COLUMNS) {
      const result = await tx.execute(sql`select id, ${sql.identifier(column)} as v from ${sql.identifier(table)} where ${sql.identifier(column)} is not null`);
      for (const row of (result as unknown as { rows: { id: string; v: string | Uint8Array }[] }).rows) {
        if (sealedKeyId(row.v) === ring.currentId) continue;
        const next = bytes
          ? encryptBytes(ring, decryptBytes(ring, row.v as Uint8Array, context), context)
          : encryptText(ring, decryptText(ring, row.v as string, context), context);
        await tx.execute(sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${next} where id = ${row.id}`);
        values++;
      }
    }
    const people = await tx.execute(sql`select id, last_name_sealed as last, birth_date_sealed as birth from patients`);
    let patients = 0;
    for (const p of (people as unknown as { rows: { id: string; last: string; birth: string }[] }).rows) {
      const hash = lookupHash(ring, "patient", normalizeName(decryptText(ring, p.last, "patients.last_name")), decryptText(ring, p.birth, "patients.birth_date").trim());
      await tx.execute(sql`update patients set lookup_hash = ${hash} where id = ${p.id}`);
      patients++;
    }
    const searchTerms = await reindexPatients(tx, ring, { all: true });
    return { values, patients, searchTerms };
  });
}
