/**
 * The insurance verification request (IVR) domain's vocabulary, browser-safe:
 * statuses, their labels, and exactly which status changes are allowed to
 * whom (a member, staff, the system). The database enum, the board, the
 * badges, the pages and the one lifecycle module (`app/.server/ivr/lifecycle.ts`)
 * read this table; nothing else decides whether a change is allowed.
 */

export const IVR_STATUSES = [
  "draft",
  "submitted",
  "in_review",
  "needs_information",
  "covered",
  "prior_auth_required",
  "prior_auth_submitted",
  "prior_auth_approved",
  "prior_auth_denied",
  "not_covered",
  "expired",
  "cancelled",
] as const;

/** What waits on staff: the console queue's default filter and its menu count. */
export const IVR_WAITING_ON_STAFF = ["submitted", "in_review", "prior_auth_required", "prior_auth_submitted"] as const satisfies readonly IvrStatus[];
export type IvrStatus = (typeof IVR_STATUSES)[number];

export const IVR_STATUS_LABELS: Record<IvrStatus, string> = {
  draft: "Draft",
  submitted: "Submitted",
  in_review: "In review",
  needs_information: "Needs information",
  covered: "Covered",
  prior_auth_required: "Prior auth required",
  prior_auth_submitted: "Prior auth submitted",
  prior_auth_approved: "Prior auth approved",
  prior_auth_denied: "Prior auth denied",
  not_covered: "Not covered",
  expired: "Expired",
  cancelled: "Cancelled",
};

/**
 * Statuses still waiting for an outcome: any of them may be cancelled. A
 * decided IVR (covered, approved, denied, not covered) is not cancelled but
 * expires or is superseded by a re-verification.
 */
export const IVR_OPEN_STATUSES = [
  "draft",
  "submitted",
  "in_review",
  "needs_information",
  "prior_auth_required",
  "prior_auth_submitted",
] as const satisfies readonly IvrStatus[];

/**
 * Who moves an IVR: a member of its practice, the company's staff, or the
 * system (the housekeeping that expires a verification past its date).
 */
export const IVR_ACTOR_KINDS = ["member", "staff", "system"] as const;
export type IvrActorKind = (typeof IVR_ACTOR_KINDS)[number];

/** A table of moves from every status. */
const fromEach = (to: (from: IvrStatus) => readonly IvrStatus[]): Record<IvrStatus, readonly IvrStatus[]> =>
  Object.fromEntries(IVR_STATUSES.map((from) => [from, to(from)] as const)) as Record<IvrStatus, readonly IvrStatus[]>;

/** A row of the table: the moves listed, none from any other status. */
const moves = (listed: Partial<Record<IvrStatus, readonly IvrStatus[]>>) => fromEach((from) => listed[from] ?? []);

/**
 * Every allowed change, by who may make it, and nothing else. A member sends
 * their draft, sends it again with what staff asked for, and may cancel it
 * while it waits for an outcome; staff review it, ask for information, record
 * the payer's answer and the prior authorization's, and may cancel a sent IVR
 * while it waits; the system expires a verification past its valid-until date.
 */
export const IVR_TRANSITIONS_BY: Record<IvrActorKind, Record<IvrStatus, readonly IvrStatus[]>> = {
  member: moves({
    draft: ["submitted", "cancelled"],
    submitted: ["cancelled"],
    in_review: ["cancelled"],
    needs_information: ["submitted", "cancelled"],
    prior_auth_required: ["cancelled"],
    prior_auth_submitted: ["cancelled"],
  }),
  staff: moves({
    submitted: ["in_review", "cancelled"],
    in_review: ["covered", "prior_auth_required", "not_covered", "needs_information", "cancelled"],
    needs_information: ["cancelled"],
    prior_auth_required: ["prior_auth_submitted", "cancelled"],
    prior_auth_submitted: ["prior_auth_approved", "prior_auth_denied", "cancelled"],
  }),
  system: moves({
    covered: ["expired"],
    prior_auth_approved: ["expired"],
  }),
};

/** Every allowed change, whoever makes it (the union of IVR_TRANSITIONS_BY). */
export const IVR_TRANSITIONS: Record<IvrStatus, readonly IvrStatus[]> = fromEach((from) =>
  IVR_STATUSES.filter((to) => IVR_ACTOR_KINDS.some((by) => IVR_TRANSITIONS_BY[by][from].includes(to))),
);

/** True when the table allows the change to `by`; without `by`, to anyone. */
export function canTransitionIvr(from: IvrStatus, to: IvrStatus, by?: IvrActorKind): boolean {
  return (by ? IVR_TRANSITIONS_BY[by] : IVR_TRANSITIONS)[from].includes(to);
}

export function isIvrStatus(value: unknown): value is IvrStatus {
  return typeof value === "string" && (IVR_STATUSES as readonly string[]).includes(value);
}

/** The refusal a person reads when a change is not allowed. */
export function ivrTransitionRefusal(from: IvrStatus, to: IvrStatus, by?: IvrActorKind): string {
  if (by === "member" && canTransitionIvr(from, to, "staff")) return `An IVR that is ${IVR_STATUS_LABELS[from]} becomes ${IVR_STATUS_LABELS[to]} by our verification team only.`;
  return `An IVR that is ${IVR_STATUS_LABELS[from]} cannot become ${IVR_STATUS_LABELS[to]}.`;
}

/** Statuses an IVR can be ordered from (part 2), while its valid-until date covers the date of service. */
export const IVR_ORDERABLE_STATUSES = ["covered", "prior_auth_approved"] as const satisfies readonly IvrStatus[];

/** "IVR-000123"; a draft has no number until it is sent (the database holds every other IVR to one). */
export function ivrReference(number: number | null): string {
  return number === null ? "IVR draft" : `IVR-${String(number).padStart(6, "0")}`;
}

export const IVR_REQUEST_TYPES = [
  { value: "new-wound", label: "New wound" },
  { value: "additional-applications", label: "Additional applications" },
  { value: "re-verification", label: "Re-verification" },
  { value: "new-insurance", label: "New insurance" },
] as const;

export const WOUND_TYPES = [
  { value: "diabetic-foot-ulcer", label: "Diabetic foot ulcer" },
  { value: "venous-leg-ulcer", label: "Venous leg ulcer" },
  { value: "pressure-ulcer", label: "Pressure ulcer" },
  { value: "traumatic", label: "Traumatic" },
  { value: "surgical", label: "Surgical" },
  { value: "arterial", label: "Arterial" },
  { value: "other", label: "Other" },
] as const;

export const PLACES_OF_SERVICE = [
  { value: "11", label: "11 Office" },
  { value: "12", label: "12 Home" },
  { value: "13", label: "13 Assisted living" },
  { value: "22", label: "22 Hospital outpatient" },
  { value: "24", label: "24 Ambulatory surgery centre" },
  { value: "31", label: "31 Skilled nursing facility" },
  { value: "32", label: "32 Nursing facility" },
] as const;

export const PAYER_TYPES = [
  { value: "medicare", label: "Medicare" },
  { value: "medicare-advantage", label: "Medicare Advantage" },
  { value: "medicaid", label: "Medicaid" },
  { value: "commercial", label: "Commercial" },
] as const;
export type PayerType = (typeof PAYER_TYPES)[number]["value"];

/** Days before valid-until when the board says "reverify soon". */
export const REVERIFY_SOON_DAYS = 30;
/** Valid-until of a verification, counted from the day it was verified, unless staff set another. */
export const DEFAULT_VALID_DAYS = 90;

/** What a member may keep as drafts: their size, how many, and how long one is kept untouched. */
export const IVR_DRAFT_LIMITS = {
  /** Bytes of typed fields in one draft. */
  maxBytes: 256 * 1024,
  /** Drafts per member. */
  perMember: 50,
  /** Days a draft is kept after it was last saved; the board warns `warnDays` before. */
  keptDays: 30,
  warnDays: 7,
} as const;
