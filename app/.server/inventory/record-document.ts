import { timeZoneOf } from "~/content/time-zones";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { pdfCompany, type Document } from "~/.server/orders/documents";
import { getPatient } from "~/.server/patients";
import { getApplication } from "./applications";
import { applicationRecordPdf } from "./record-pdf";

/**
 * A member downloads the record of one of their practice's applications, for
 * the patient's chart: made from the stored rows each time, and audited
 * (`application.record-pdf`, on the patient's access list) like any download
 * of a patient's data. Null when the application is not the practice's (the
 * route answers 404).
 */
export async function applicationRecordDocument(
  db: Db,
  { id, practice, actor }: { id: string; practice: { id: string; name: string; timeZone: string | null }; actor: Actor },
): Promise<Document | null> {
  const record = await getApplication(db, { id, practiceId: practice.id });
  if (!record) return null;
  const patient = await getPatient(db, practice.id, record.patientId);
  if (!patient) return null;
  const bytes = await applicationRecordPdf({
    company: pdfCompany(),
    practice: practice.name,
    facility: record.facility,
    reference: record.reference,
    ivrReference: record.ivr.reference,
    patient: { name: `${patient.firstName} ${patient.lastName}`, birthDate: patient.birthDate },
    appliedOn: record.appliedOn,
    unit: record.unit,
    wound: record.wound,
    appliedCm2: record.appliedCm2,
    discardedCm2: record.discardedCm2,
    discardReason: record.discardReason,
    claim: { lines: record.claim.lines, notes: record.claim.notes },
    signerName: record.signerName,
    recordedBy: record.recordedBy,
    recordedAt: record.recordedAt.toISOString(),
    timeZone: timeZoneOf(practice.timeZone),
  });
  await audit(db, { actorEmail: actor.email, action: "application.record-pdf", target: record.id, ip: actor.ip, patientId: record.patientId });
  // The reference only: a file name travels (downloads folders, mail) where the patient's name must not.
  return { fileName: `${record.reference}-record.pdf`, bytes };
}
