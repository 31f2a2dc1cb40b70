/**
 * The sales-partner domain: staff make partners from their callbacks, assign
 * practices, set uplines and plans (manage.ts); a partner reads their
 * practices' pipelines without patient data (reads.ts) and their monthly
 * statements (statement.ts, reckoned by statement-lines.ts). Routes import it
 * from here.
 */
export { requirePartner, type SignedInPartner } from "./partner";
export {
  assignablePractices,
  assignPractice,
  listPartners,
  makePartner,
  newReferralCode,
  otherPartners,
  partnerForStaff,
  partnerOfSubmission,
  PartnerRefused,
  planSummary,
  setPlan,
  setUpline,
  unassignPractice,
  type PartnerDetail,
  type PartnerListRow,
} from "./manage";
export { auditPartnerRead, partnerTree, pipelineOf, PIPELINE_LIMIT, practiceOfPartner, practicesOfPartner, type Pipeline, type PartnerPracticeRow } from "./reads";
export {
  companyMonth,
  csvDownload,
  lineText,
  STATEMENT_COLUMNS,
  statementCsv,
  statementFileName,
  statementMonths,
  statementOf,
  statementPdf,
  statementView,
  type StatementViewData,
  type LineText,
  type PartnerStatement,
} from "./statement";
