/**
 * Patients of a practice: sealed field by field, one per last name and date
 * of birth in a practice, found by keyed hashes (search.ts), their coverages
 * kept with their history. Routes and other domains import it from here.
 */
export {
  addPatient,
  countPatients,
  DuplicatePatientError,
  endSecondaryCoverage,
  getPatient,
  initialsByPatient,
  initialsOf,
  patientForStaff,
  listPatientChoices,
  namesByPatient,
  patientInPractice,
  primaryPayerType,
  recentPatients,
  replaceCoverage,
  revealMemberId,
  updatePatient,
  viewPatient,
  type Address,
  type Coverage,
  type Patient,
  type PatientChoice,
  type PatientForStaff,
} from "./patients";
export {
  findPatientIds,
  NAME_TERMS,
  nameWords,
  parsePatientQuery,
  patientTerms,
  reindexPatients,
  searchPatients,
  SEARCH_LIMIT,
  writeSearchTerms,
  type PatientQuery,
  type PatientSearch,
  type PatientSummary,
} from "./search";
