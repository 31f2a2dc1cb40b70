/**
 * The submissions domain: the website's forms stored with their files and
 * mails, each kind declared once (./kinds), what the staff console reads of
 * them, and their lifecycle. Routes and scripts import it from here. Staff
 * reads of personal data are offered only as the audited functions
 * (viewSubmission, downloadFile, exportKind).
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
  exportKind,
  listSubmissions,
  parseInboxFilters,
  viewSubmission,
  type ExportTable,
  type FieldValue,
  type InboxFilters,
  type InboxRow,
  type ListEntry,
  type SubmissionDetail,
} from "./console";
export { setStatuses, setSubmissionStatus, transition, TransitionRefused, type TransitionInput } from "./lifecycle";
export { attachmentDisposition, csvFileName, toCsv } from "./csv";
