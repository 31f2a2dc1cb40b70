/**
 * The submissions domain: the website's forms stored with their files and
 * mails, each kind declared once (./kinds), what the staff console reads of
 * them, and their lifecycle. Routes and scripts import it from here. Staff
 * reads of personal data are offered only as the audited functions
 * (viewSubmission, downloadFile, exportCsv). The lifecycle's writer
 * (`transition`) is not exported: a status changes through the functions
 * around it (setSubmissionStatus, setStatuses), which lock the rows and leave
 * a submission already at that status as it is.
 */
export {
  checkUploadedFiles,
  submit,
  submitApplication,
  submitCallback,
  submitContact,
  submitIntake,
  type FileRejection,
} from "./kinds";
export { contactAction } from "./contact-action";
export {
  addSubmissionNote,
  countNewByKind,
  downloadFile,
  listSubmissions,
  parseInboxFilters,
  viewSubmission,
  type FieldValue,
  type InboxFilters,
  type InboxRow,
  type ListEntry,
  type SubmissionDetail,
} from "./console";
export { setStatuses, setSubmissionStatus, TransitionRefused } from "./lifecycle";
export { attachmentDisposition, csvFileName, toCsv } from "./csv";
export { exportCsv, type ExportTable } from "./export";
