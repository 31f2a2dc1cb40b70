/**
 * Practices and their members, facilities and providers. A member belongs to
 * exactly one practice; every portal query is scoped by it (`practiceOfUser`),
 * so another practice's records are simply not found.
 */
export {
  activeMemberEmails,
  cleanPracticeName,
  createPractice,
  DemoPracticeClosed,
  isDemoPractice,
  findOrCreatePractice,
  getPractice,
  getPracticeOverview,
  listMembersWithoutPractice,
  listPracticeNames,
  listPracticeMembers,
  listPractices,
  practiceNameKey,
  membershipOfUser,
  practiceOfUser,
  setMemberPractice,
  setPracticeTimeZone,
  PracticeNameTaken,
  type Practice,
  type PracticeListRow,
  type PracticeMemberRow,
  type PracticeOverview,
} from "./practices";
export {
  addFacility,
  addProvider,
  getFacility,
  getProvider,
  listFacilities,
  listProviders,
  updateFacility,
  updateProvider,
  type Facility,
  type Provider,
} from "./people";
export { changeMemberRole, LAST_ADMIN, MemberRefused, removeMember } from "./members";
