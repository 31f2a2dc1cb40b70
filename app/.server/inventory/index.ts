/**
 * The inventory domain: units shipped to the practices, from their shelves
 * to the patient, and the recalls that find and hold them. Routes and other
 * domains import recalls from here.
 */
export {
  findRecallUnits,
  getRecall,
  practiceRecallBanner,
  practiceRecalls,
  readRecallAsStaff,
  recallMailText,
  RecallRefused,
  recallReport,
  recallsList,
  startRecall,
  type PracticeRecall,
  type PracticeRecallBanner,
  type Recall,
  type RecallSummary,
  type RecallUnit,
  type StartedRecall,
} from "./recalls";
