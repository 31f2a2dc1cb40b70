/**
 * The audit domain: who did what, to which record, when and from where.
 * Changes are audited inside the transaction that makes them (`audit(tx, ...)`),
 * so a change is never kept without its row, nor a row without its change.
 * Reads of personal data (a submission opened, a file downloaded, an export,
 * a mail body read) are audited once the read succeeded.
 */
export { audit, auditRead, READ_WINDOW_MINUTES, type Actor, type AuditEntry } from "./write";
export {
  AUDIT_PAGE_SIZE,
  auditActions,
  listAudit,
  listPatientAccess,
  PATIENT_READ_ACTIONS,
  type AuditFilter,
  type AuditLink,
  type AuditPage,
  type AuditRow,
  type PatientAccessRow,
} from "./list";
