/**
 * Insurance verification requests: the member's side, the console's side, and
 * what the lifecycle lets others call. Its writers (`openIvr`, `transitionIvr`)
 * are not exported: a route moves an IVR through the functions that check who
 * acts and what else must hold (submitIvr, cancelIvr, moveIvr, recordVerification...).
 */
export { expireDue, isFollowing, IvrTransitionRefused, setFollowing, statusMail, type IvrRow } from "./lifecycle";
export {
  cancelIvr,
  derive,
  discardDraft,
  DraftAlreadySent,
  DraftRefused,
  ForeignReferenceError,
  getIvrDetail,
  getIvrFile,
  keepDraftFiles,
  listDrafts,
  practiceBoard,
  readDraft,
  removeStaleDrafts,
  readIvrAsMember,
  readIvrFileAsMember,
  resubmitIvr,
  reverifySoon,
  saveDraft,
  startReverification,
  submitIvr,
  todayUtc,
  type BoardRow,
  type CheckedUpload,
  type Clinical,
  type DraftRow,
  type IvrDetail,
  type SentIvr,
  type Verification,
} from "./requests";
export {
  countWaitingIvrs,
  ivrQueue,
  moveIvr,
  readIvrAsStaff,
  readIvrFileAsStaff,
  recordVerification,
  requestInformation,
  VerificationRefused,
  type Answered,
  type QueueRow,
} from "./staff";
