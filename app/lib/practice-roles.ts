/**
 * A member's role inside their practice, and what each role may do there.
 * The server checks every portal loader, action, download and event stream
 * against this table (app/routes/portal/member.server.ts); the portal's menus
 * read it to show only what a member can open.
 */

export const PRACTICE_ROLES = ["admin", "clinician", "office", "billing"] as const;
export type PracticeRole = (typeof PRACTICE_ROLES)[number];

export const PRACTICE_ROLE_LABEL: Record<PracticeRole, string> = {
  admin: "Practice admin",
  clinician: "Clinician",
  office: "Office",
  billing: "Billing",
};

/** What each role is for, in the words the member list and the refusal page use. */
export const PRACTICE_ROLE_SUMMARY: Record<PracticeRole, string> = {
  admin: "people, facilities, providers, practice settings and approvals, and everything the other roles do",
  clinician: "patients, IVRs, orders, applications and stock",
  office: "patients, IVRs, orders and stock; no invoices or payments",
  billing: "invoices, payments, IVR outcomes and claim lines; no clinical attachments or wound photos",
};

/**
 * One thing a page or an action needs. Reading the board, an IVR's outcome
 * and an order's progress is every member's; the rest belongs to some roles.
 */
export type PracticePermission =
  /** The STATUS board, an IVR's page (its outcome and coverage), the live status stream. */
  | "ivr.read"
  /** Writing, sending, answering and cancelling IVRs. */
  | "ivr.write"
  /** Clinical notes and wound photos attached to an IVR. */
  | "ivr.clinical-files"
  /** Insurance cards attached to an IVR. */
  | "ivr.card-files"
  /** The patient list and records, coverage included. */
  | "patients"
  /** Order list, an order's page and its packing list. */
  | "orders.read"
  /** Placing, cancelling and receiving orders, and deciding suggested reorders. */
  | "orders.write"
  /** Approving or declining an order the practice's approval rule holds. */
  | "orders.approve"
  /** Invoices, their PDFs and payments. */
  | "invoices"
  /** The shelf: units on hand, dispositions, recalls that hold them. */
  | "stock"
  /** Recording an application at a visit, and its chart record. */
  | "applications.write"
  /** An application's page: its claim lines. */
  | "applications.read"
  /** People, facilities, providers, the practice's settings, par levels and approvals. */
  | "practice.manage";

const EVERY_MEMBER: readonly PracticePermission[] = ["ivr.read", "orders.read"];
// Each role is the one below it and more: office, then clinician (applications), then practice admin.
const OFFICE: readonly PracticePermission[] = [...EVERY_MEMBER, "ivr.write", "ivr.clinical-files", "ivr.card-files", "patients", "orders.write", "stock"];
const CLINICIAN: readonly PracticePermission[] = [...OFFICE, "applications.write", "applications.read"];
const ADMIN: readonly PracticePermission[] = [...CLINICIAN, "orders.approve", "invoices", "practice.manage"];

export const ROLE_PERMISSIONS: Record<PracticeRole, ReadonlySet<PracticePermission>> = {
  admin: new Set(ADMIN),
  clinician: new Set(CLINICIAN),
  office: new Set(OFFICE),
  billing: new Set<PracticePermission>([...EVERY_MEMBER, "ivr.card-files", "invoices", "applications.read"]),
};

export function roleMay(role: PracticeRole, permission: PracticePermission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** What a refused member reads: the thing they asked for, in a few words. */
export const PERMISSION_NAME: Record<PracticePermission, string> = {
  "ivr.read": "the STATUS board and IVR pages",
  "ivr.write": "writing and sending IVRs",
  "ivr.clinical-files": "clinical notes and wound photos",
  "ivr.card-files": "insurance cards",
  patients: "patient records",
  "orders.read": "orders",
  "orders.write": "placing, cancelling and receiving orders",
  "orders.approve": "approving orders",
  invoices: "invoices and payments",
  stock: "stock",
  "applications.write": "recording applications",
  "applications.read": "applications and their claim lines",
  "practice.manage": "managing the practice's people, facilities, providers and settings",
};

export function isPracticeRole(value: unknown): value is PracticeRole {
  return typeof value === "string" && (PRACTICE_ROLES as readonly string[]).includes(value);
}

/** The refusal a 403 carries, for the page that explains it. */
export type RoleRefusal = { refusedFor: "practice-role"; role: PracticeRole; needs: PracticePermission };

export function isRoleRefusal(value: unknown): value is RoleRefusal {
  return typeof value === "object" && value !== null && (value as { refusedFor?: unknown }).refusedFor === "practice-role";
}

/** An IVR attachment's kind: insurance cards are billing's work, clinical notes and wound photos are not. */
export function permissionForIvrFile(fileRole: string): PracticePermission {
  return fileRole === "card-front" || fileRole === "card-back" ? "ivr.card-files" : "ivr.clinical-files";
}

/** The role's permissions as a list, for a page's loader to hand its buttons. */
export function permissionsOf(role: PracticeRole | null): PracticePermission[] {
  return role ? [...ROLE_PERMISSIONS[role]] : [];
}
