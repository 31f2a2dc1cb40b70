/**
 * The accounts domain: sign-in and its limits, the guards every protected
 * loader and action calls first, and what an admin does to accounts. Routes
 * and scripts import it from here.
 */
export type { AccountRow } from "./accounts";
export {
  getAuth,
  getUser,
  isStaff,
  keptFormForPage,
  requireRole,
  requireUser,
  sessionMiddleware,
  sessionStatus,
  signInPathFor,
  type Role,
  type SessionStatus,
  type SessionUser,
  type SignedInUser,
} from "./auth";
export { pruneKeptForms, type KeepSentForm, type KeptFormForPage, type KeptFormOwner } from "./kept-forms";
export { getProfile, timeZoneOfUser, updateProfile, type Profile } from "./profile";
export {
  homeOf,
  landingOf,
  passkeySignInStart,
  pendingSignIn,
  requestSignInLink,
  signIn,
  signInMessages,
  signInSecondStep,
  signInWithLink,
  signInWithPasskey,
  signOut,
} from "./sign-in";
export {
  confirmApp,
  endOwnOtherSessions,
  endOwnSession,
  hasSecondFactor,
  newBackupCodes,
  openSessions,
  passkeyRegistrationOptions,
  passkeysOf,
  pendingApp,
  registerPasskey,
  removeOwnPasskey,
  resetSecondFactor,
  secondFactorRequired,
  setPracticeTwoFactor,
  startAppWithPassword,
  turnOffSecondFactor,
  type OpenSession,
  type OwnPasskey,
} from "./two-factor";
export {
  addAccountToPractice,
  addUser,
  changeUserDisabled,
  changeUserRole,
  completePasswordLink,
  inviteUser,
  listUsers,
  readPasswordLink,
  requestPasswordReset,
  RESET_REQUESTED_TEXT,
  RESETS_PER_HOUR,
  sendUserReset,
  type ConsoleContext,
  type ConsoleResult,
  type ExistingAccount,
  existingAccountMessage,
  type PasswordLink,
  type UserListRow,
} from "./users";
