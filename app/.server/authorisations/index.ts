/**
 * Prior authorisations: records of their own beside the IVR (recorded from a
 * verification or by staff, corrected with their history kept), the
 * applications used against them, the rule every order meets, and the daily
 * reminders before an authorisation or a verification ends. Routes and other
 * domains import it from here.
 */
export {
  applicationsUsed,
  AuthorisationRecordRefused,
  AuthorisationRefused,
  authorisationRefusal,
  authorisationsOfIvr,
  authorisationViews,
  authorisationUsage,
  authoriseFromVerification,
  boardAuthorisation,
  boardAuthorisations,
  currentTerms,
  recordAuthorisation,
  usageByIvr,
  type Authorisation,
  type AuthorisationTerms,
  type AuthorisationValues,
  type AuthorisationView,
  type BoardAuthorisation,
} from "./records";
export { reminderMail, sendAuthorisationReminders, type ReminderSubject } from "./reminders";
