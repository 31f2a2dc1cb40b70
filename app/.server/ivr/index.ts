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
  BOARD_PAGE_SIZE,
  boardCounts,
  patientBoard,
  practiceBoardPage,
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
  type BoardFilter,
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
  ivrQueuePage,
  QUEUE_PAGE_SIZE,
  moveIvr,
  readIvrAsStaff,
  readIvrFileAsStaff,
  recordVerification,
  requestInformation,
  VerificationRefused,
  type Answered,
  type QueuePage,
  type QueueRow,
} from "./staff";
