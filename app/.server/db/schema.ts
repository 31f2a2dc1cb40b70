import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ROLES } from "~/lib/accounts";
import { ELIGIBILITY_ATTENTION, ELIGIBILITY_CHECK_STATES, ELIGIBILITY_CHECK_WHY, NO_ATTENTION_RANK } from "~/lib/eligibility";
import { IVR_STATUSES, IVR_WAITING_ON_STAFF } from "~/lib/ivr";
import { JOB_STATES } from "~/lib/jobs";
import { MAIL_STATES } from "~/lib/mail";
import { UNIT_DISPOSITION_VALUES } from "~/lib/inventory/units";
import { ORDER_STATUSES, ORDER_WAITING_ON_STAFF } from "~/lib/orders";
import { ACCESS_REQUEST_STATES, PARTNER_PLANS } from "~/lib/partners";
import { PRACTICE_ROLES } from "~/lib/practice-roles";
import { KINDS, STATUSES } from "~/lib/submissions";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const submissionKind = pgEnum("submission_kind", KINDS);
export const submissionStatus = pgEnum("submission_status", STATUSES);

/**
 * One row per form submission, whatever its kind: the staff inbox lists,
 * pages, filters and searches this table alone. The fields of each kind
 * live in the table of that kind, keyed by the submission id.
 */
export const submissions = pgTable(
  "submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: submissionKind("kind").notNull(),
    status: submissionStatus("status").notNull().default("new"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    /** Idempotency key from the browser: a re-sent submission is stored once. */
    clientKey: text("client_key"),
    /** The sales partner whose referral link the visitor came by (a consultation request), if any. */
    partnerId: uuid("partner_id").references((): AnyPgColumn => partners.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("submissions_kind_created_idx").on(t.kind, t.createdAt, t.id),
    index("submissions_kind_status_idx").on(t.kind, t.status, t.createdAt, t.id),
    // The inbox newest (or oldest) first, in the order it pages: by time, then id.
    index("submissions_created_id_idx").on(t.createdAt, t.id),
    // The inbox filtered by status, newest first; and the count of new submissions by kind.
    index("submissions_status_created_idx").on(t.status, t.createdAt, t.id),
    index("submissions_email_idx").on(sql`lower(${t.email})`),
    uniqueIndex("submissions_client_key_idx").on(t.clientKey),
    // The inbox's search by any part of the name or email (trigrams serve "%text%"; inboxSearch in submissions/console.ts).
    index("submissions_person_trgm_idx").using("gin", sql`(${SUBMISSION_PERSON(t)}) gin_trgm_ops`),
  ],
);

/** A submission's name and email as one text, as the inbox searches it and its trigram index holds it. */
export const SUBMISSION_PERSON = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }) =>
  sql`${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}`;
/** A phone number's digits, however it was typed, as the inbox searches it and its trigram index holds it. */
export const PHONE_DIGITS = (column: AnyPgColumn) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;
/** Free text as full-text search reads it (English stems), as the inbox searches it and its index holds it. */
export const FREE_TEXT_VECTOR = (column: AnyPgColumn) => sql`to_tsvector('english', coalesce(${column}, ''))`;

const submissionRef = () =>
  uuid("submission_id")
    .primaryKey()
    .references(() => submissions.id, { onDelete: "cascade" });

export const contactMessages = pgTable(
  "contact_messages",
  {
    submissionId: submissionRef(),
    company: text("company"),
    message: text("message").notNull(),
  },
  (t) => [
    index("contact_messages_company_trgm_idx").using("gin", sql`${t.company} gin_trgm_ops`),
    index("contact_messages_text_idx").using("gin", FREE_TEXT_VECTOR(t.message)),
  ],
);

export const intakes = pgTable(
  "intakes",
  {
    submissionId: submissionRef(),
    phone: text("phone").notNull(),
    organization: text("organization").notNull(),
    role: text("role").notNull(),
    query: text("query").notNull(),
  },
  (t) => [
    index("intakes_organization_trgm_idx").using("gin", sql`${t.organization} gin_trgm_ops`),
    index("intakes_phone_trgm_idx").using("gin", sql`(${PHONE_DIGITS(t.phone)}) gin_trgm_ops`),
    index("intakes_text_idx").using("gin", FREE_TEXT_VECTOR(t.query)),
  ],
);

export const applications = pgTable(
  "applications",
  {
    submissionId: submissionRef(),
    phone: text("phone").notNull(),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    positionAppliedFor: text("position_applied_for"),
    expectedSalary: text("expected_salary"),
    availableStartDate: text("available_start_date"),
  },
  (t) => [index("applications_phone_trgm_idx").using("gin", sql`(${PHONE_DIGITS(t.phone)}) gin_trgm_ops`)],
);

export const applicationExperience = pgTable(
  "application_experience",
  {
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    company: text("company"),
    title: text("title"),
    startDate: text("start_date"),
    endDate: text("end_date"),
    currentRole: boolean("current_role").notNull().default(false),
    description: text("description"),
    location: text("location"),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.position] })],
);

export const applicationCertifications = pgTable(
  "application_certifications",
  {
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name"),
    issuingOrganization: text("issuing_organization"),
    issueDate: text("issue_date"),
    expirationDate: text("expiration_date"),
    credentialId: text("credential_id"),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.position] })],
);

export const fileRole = pgEnum("file_role", ["resume", "document"]);

/** Uploaded files live in the database so every process sees them and one backup holds everything. */
export const submissionFiles = pgTable(
  "submission_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    role: fileRole("role").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("submission_files_submission_idx").on(t.submissionId)],
);

export const callbacks = pgTable(
  "callbacks",
  {
    submissionId: submissionRef(),
    phone: text("phone").notNull(),
    currentRole: text("current_role"),
    experience: text("experience"),
    territory: text("territory"),
    bestTimeToCall: text("best_time_to_call"),
    additionalInfo: text("additional_info"),
  },
  (t) => [
    index("callbacks_phone_trgm_idx").using("gin", sql`(${PHONE_DIGITS(t.phone)}) gin_trgm_ops`),
    index("callbacks_text_idx").using("gin", FREE_TEXT_VECTOR(t.additionalInfo)),
  ],
);

export const submissionNotes = pgTable(
  "submission_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    authorEmail: text("author_email"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("submission_notes_submission_idx").on(t.submissionId, t.createdAt)],
);

/** `dismissed`: a failed mail staff chose not to send; it is no longer counted as failed. */
export const outboxStatus = pgEnum("outbox_status", MAIL_STATES);

/**
 * Mail to send. Written in the same transaction as the submission it is
 * about, delivered by the worker; several workers never send one row twice
 * because they claim one row at a time with FOR UPDATE SKIP LOCKED and a lease.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id").references(() => submissions.id, { onDelete: "set null" }),
    purpose: text("purpose").notNull(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While set and in the future, one worker holds the row. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * A link mail's secret link, encrypted (`text` names it with a
     * placeholder). Set to null once the mail is sent, dismissed or the link expires.
     */
    secret: text("secret"),
    /** When a link mail's link stops working; null for every other mail. */
    secretExpiresAt: timestamp("secret_expires_at", { withTimezone: true }),
    /** When the retention purge replaced the body of this sent mail. */
    bodyRemovedAt: timestamp("body_removed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_submission_idx").on(t.submissionId),
    index("outbox_created_idx").on(t.createdAt, t.id),
    index("outbox_status_created_idx").on(t.status, t.createdAt, t.id),
  ],
);

/** Per-window hit counters shared by every process (read as a sliding window): rate limits survive restarts and scale-out. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// ---------------------------------------------------------------------------
// Accounts (Better Auth's user, session, account and verification tables, with
// our role and disabled flag on the user).

export const userRole = pgEnum("user_role", ROLES);

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: userRole("role").notNull().default("member"),
    /** A disabled account cannot sign in and has no sessions. */
    disabled: boolean("disabled").notNull().default(false),
    /** The zone a staff member reads times in (their profile); null: the default. Members read their practice's. */
    timeZone: text("time_zone"),
    /** A second factor (an authenticator app's codes) is asked for at every password sign-in. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // An account found by an email written in another case (the audit log's actors and targets).
  (t) => [index("user_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An account's authenticator app (Better Auth's two-factor plugin): the
 * secret and the ten backup codes, both encrypted with the signing secret;
 * `verified` once a code from the app was accepted. Failed codes lock the
 * second factor for a while after ten in a row.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [uniqueIndex("two_factor_user_idx").on(t.userId)],
);

/**
 * An account's passkeys (Better Auth's passkey plugin): the public key and
 * its use counter, the authenticator's kind, and the name its owner gave it.
 */
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }),
    aaguid: text("aaguid"),
  },
  (t) => [index("passkey_user_idx").on(t.userId), uniqueIndex("passkey_credential_idx").on(t.credentialID)],
);

/** One-use links that set a password: invitations (72 hours) and resets (1 hour). Only a hash of the token is kept. */
export const passwordTokens = pgTable(
  "password_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["invite", "reset"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_tokens_user_idx").on(t.userId)],
);

/**
 * What a form held when it was sent after its session had ended: kept for
 * the account that session belonged to until they sign in again and the page
 * takes it back (then removed), for an hour at most. Everything about it (the
 * page, the form, the values) is one sealed value; only the owner and the
 * times are plain.
 */
export const keptForms = pgTable(
  "kept_forms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    formSealed: text("form_sealed").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("kept_forms_user_idx").on(t.userId)],
);

/** Who did what, when and from where: sign-ins, role changes, disables, downloads, exports. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    target: text("target"),
    ip: text("ip"),
    detail: text("detail"),
    /**
     * The patient whose data the entry is about (a read of a patient, an IVR
     * or file of theirs, a member id revealed, a change), so one patient's
     * page can list who saw their data. Not a foreign key: the log outlives
     * what it names.
     */
    patientId: uuid("patient_id"),
  },
  // Ascending: read backwards they serve "newest first" (a DESC NULLS LAST index would not serve a plain ORDER BY at DESC).
  (t) => [
    index("audit_log_at_idx").on(t.at, t.id),
    index("audit_log_patient_idx").on(t.patientId, t.at, t.id),
    index("audit_log_action_idx").on(t.action, t.at, t.id),
    // A person's last sign-in (the users and practice pages).
    index("audit_log_actor_idx").on(sql`lower(${t.actorEmail})`, t.at),
  ],
);

// ---------------------------------------------------------------------------
// Clinical Portal: practices, their members, facilities and providers. Names
// and numbers here are the practice's business details, not patient data.

export const practices = pgTable(
  "practices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The name folded for uniqueness: "Sunrise  Wound Care" and "sunrise wound care" are one practice. */
    nameKey: text("name_key").notNull(),
    taxId: text("tax_id"),
    /** The zone the practice's members read times in; null: the default. */
    timeZone: text("time_zone"),
    /** Staff allow the practice to hold stock: orders not tied to one patient's IVR, par levels and reorders. */
    /** Every order waits for a practice admin's approval before the supplier sees it. */
    approveAll: boolean("approve_all").notNull().default(false),
    /** Orders reckoned above this many cents (at list price) wait for approval; null: no limit. */
    approveAboveCents: integer("approve_above_cents"),
    /** Stock orders (reorders below par) wait for approval. */
    approveStock: boolean("approve_stock").notNull().default(false),
    /** Every member of the practice signs in with a second factor (set by a practice admin). */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    holdsStock: boolean("holds_stock").notNull().default(false),
    /** Reorders below par are placed without a member's confirmation, within `reorder_monthly_cents`. */
    autoReorder: boolean("auto_reorder").notNull().default(false),
    /** What automatic reorders may spend in a calendar month; null: none is placed automatically. */
    reorderMonthlyCents: integer("reorder_monthly_cents"),
    /** The live demo's practice: synthetic data, no member accounts, never a connector or a mail. */
    demo: boolean("demo").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("practices_name_key_idx").on(t.nameKey)],
);

export const practiceRole = pgEnum("practice_role", PRACTICE_ROLES);

/** A member belongs to one practice, with one role in it (app/lib/practice-roles.ts). */
export const practiceMembers = pgTable(
  "practice_members",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    /** No default: whoever adds a member says what they may do. */
    role: practiceRole("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("practice_members_practice_idx").on(t.practiceId)],
);

export const facilities = pgTable(
  "facilities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    phone: text("phone").notNull(),
    groupNpi: text("group_npi"),
    ptan: text("ptan"),
    taxId: text("tax_id"),
    placeOfService: text("place_of_service").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("facilities_practice_idx").on(t.practiceId)],
);

export const providers = pgTable(
  "providers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    credentials: text("credentials"),
    specialty: text("specialty"),
    npi: text("npi").notNull(),
    ptan: text("ptan"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("providers_practice_idx").on(t.practiceId)],
);

// ---------------------------------------------------------------------------
// Patients and insurance verification requests. Every value that names or
// describes a patient is sealed field by field (`*_sealed`: AES-256-GCM with
// the key id inside, see app/.server/crypto); lookups go through keyed hashes.

export const patients = pgTable(
  "patients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** PAT-000123: how the console and the audit log name a patient without their name */
    number: integer("number").generatedAlwaysAsIdentity().notNull().unique(),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    firstNameSealed: text("first_name_sealed").notNull(),
    lastNameSealed: text("last_name_sealed").notNull(),
    birthDateSealed: text("birth_date_sealed").notNull(),
    sex: text("sex").notNull(),
    /** street, city, state, zip as one sealed JSON value */
    addressSealed: text("address_sealed").notNull(),
    phoneSealed: text("phone_sealed"),
    /** keyed hash of normalised last name + date of birth: one patient per practice (the unique index decides) */
    lookupHash: text("lookup_hash").notNull(),
    /** made up by `npm run seed:demo`: never sent to a payer or clearinghouse */
    synthetic: boolean("synthetic").notNull().default(false),
    /** id of the data key the patient's search terms were made under; null or an older key: to be made again */
    searchKeyId: text("search_key_id"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("patients_practice_lookup_idx").on(t.practiceId, t.lookupHash)],
);

/**
 * Keyed hashes that find a practice's patients by part of a name, the date of
 * birth or a member id without storing any of them: an HMAC of the practice
 * and the normalised value (each name word's prefixes of 2 to 10 letters),
 * under a key derived from the data key, cut to 96 bits; each patient's name
 * terms padded with random ones to a fixed count (docs/decisions/008-patient-search.md).
 */
export const patientSearchTerms = pgTable(
  "patient_search_terms",
  {
    term: text("term").notNull(),
    patientId: uuid("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.term, t.patientId] }), index("patient_search_terms_patient_idx").on(t.patientId)],
);

export const coverages = pgTable(
  "coverages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientId: uuid("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    rank: text("rank", { enum: ["primary", "secondary"] }).notNull(),
    payerName: text("payer_name").notNull(),
    payerType: text("payer_type").notNull(),
    memberIdSealed: text("member_id_sealed").notNull(),
    groupNumberSealed: text("group_number_sealed"),
    /** the subscriber when not the patient: name, date of birth, relationship, sealed as one JSON value */
    subscriberSealed: text("subscriber_sealed"),
    payerPhone: text("payer_phone"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when another coverage took its place (or it ended): kept as the patient's coverage history. */
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    replacedBy: text("replaced_by"),
  },
  (t) => [
    uniqueIndex("coverages_patient_rank_idx").on(t.patientId, t.rank).where(sql`${t.replacedAt} is null`),
    // A patient's coverages with their history (the partial index above holds the current ones only).
    index("coverages_patient_idx").on(t.patientId),
  ],
);

export const ivrStatus = pgEnum("ivr_status", IVR_STATUSES);

/** IVR numbers, taken when an IVR leaves draft (a draft has none): unique and increasing. */
export const ivrNumberSeq = pgSequence("ivr_number_seq");

export const ivrs = pgTable(
  "ivrs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** IVR-000123; null while a draft */
    number: integer("number").unique(),
    /** the sending form's client key: one key, one IVR (a replay finds the IVR it made) */
    clientKey: text("client_key"),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    status: ivrStatus("status").notNull().default("draft"),
    requestType: text("request_type").notNull(),
    /** the IVR this one re-verifies */
    previousIvrId: uuid("previous_ivr_id"),
    patientId: uuid("patient_id").references(() => patients.id, { onDelete: "restrict" }),
    providerId: uuid("provider_id").references(() => providers.id, { onDelete: "restrict" }),
    facilityId: uuid("facility_id").references(() => facilities.id, { onDelete: "restrict" }),
    placeOfService: text("place_of_service"),
    dateOfService: date("date_of_service"),
    productSlug: text("product_slug"),
    plannedApplications: integer("planned_applications"),
    /** derived on the server: length × width, in hundredths of cm² */
    areaHundredths: integer("area_hundredths"),
    /** derived on the server: "15271 + 2 × 15272" */
    cptCodes: text("cpt_codes"),
    /** the clinical answers (wound, codes, care, settings), sealed as one JSON value */
    clinicalSealed: text("clinical_sealed"),
    /** what the member typed so far, while a draft (sealed JSON) */
    draftSealed: text("draft_sealed"),
    priorAuthPermission: boolean("prior_auth_permission").notNull().default(false),
    attestationSignerSealed: text("attestation_signer_sealed"),
    attestationVersion: text("attestation_version"),
    attestedAt: timestamp("attested_at", { withTimezone: true }),
    attestedIp: text("attested_ip"),
    /** staff's message when more information is needed (sealed) */
    requestMessageSealed: text("request_message_sealed"),
    /** the staff member who asked for that information: the member's answer comes back to them */
    informationRequestedBy: text("information_requested_by").references(() => user.id, { onDelete: "set null" }),
    validUntil: date("valid_until"),
    authorisedApplications: integer("authorised_applications"),
    /** the prior authorization's window, when one was approved: orders' dates of service fall inside it */
    priorAuthFrom: date("prior_auth_from"),
    priorAuthTo: date("prior_auth_to"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /**
     * What the last answered eligibility check asks of a person, as a rank (1 inactive, 2 rejected, 3 authorisation
     * required, 4 another payer found; NO_ATTENTION_RANK when nothing): copied from eligibility_checks.attention so the
     * queue's default view reads one index in order.
     */
    eligibilityAttention: smallint("eligibility_attention").notNull().default(NO_ATTENTION_RANK),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The board's counts by status, and its pages of one status (newest change first: the index read backwards).
    index("ivrs_practice_status_idx").on(t.practiceId, t.status, t.updatedAt, t.id),
    // The staff queue of a status (or of those waiting on staff), oldest sent first; the console menu's count.
    index("ivrs_status_submitted_idx").on(t.status, t.submittedAt, t.number),
    // The practice's board: its IVRs, newest change first.
    index("ivrs_practice_updated_idx").on(t.practiceId, t.updatedAt, t.id),
    // The staff queue of every status, oldest sent first, of every practice or of one.
    index("ivrs_submitted_idx").on(t.submittedAt, t.number),
    index("ivrs_practice_submitted_idx").on(t.practiceId, t.submittedAt, t.number),
    // What waits on staff, oldest sent first (the queue's age filter and its count): in one index's order, where an index
    // by status would give each status in order and PostgreSQL would sort them all (1.6 s on a year of 500 practices).
    index("ivrs_waiting_idx").on(t.submittedAt, t.number).where(sql.raw(`status in (${IVR_WAITING_ON_STAFF.map((s) => `'${s}'`).join(", ")})`)),
    // The queue's default view puts the few an eligibility answer marked for a person first, by rank then oldest (the
    // rest come from the index above): their own small index.
    index("ivrs_waiting_attention_idx")
      .on(t.eligibilityAttention, t.submittedAt, t.number)
      .where(sql.raw(`status in (${IVR_WAITING_ON_STAFF.map((s) => `'${s}'`).join(", ")}) and eligibility_attention < ${NO_ATTENTION_RANK}`)),
    // A patient's IVRs, newest change first (the board's search by patient, the patient's page; a patient's removal checks them).
    index("ivrs_patient_idx").on(t.patientId, t.updatedAt, t.id),
    // The answers to a staff member's questions, on top of their queue.
    index("ivrs_asked_idx").on(t.informationRequestedBy).where(sql`${t.status} = 'submitted'`),
    // The IVRs a practice can order from, soonest to expire first.
    index("ivrs_orderable_idx").on(t.practiceId, t.validUntil, t.number).where(sql`${t.status} in ('covered', 'prior_auth_approved')`),
    uniqueIndex("ivrs_client_key_idx").on(t.createdBy, t.clientKey),
    check("ivrs_numbered_when_sent", sql`${t.status} = 'draft' or ${t.number} is not null`),
  ],
);

/** Members who get a mail when the IVR changes (its author, and whoever follows it). */
export const ivrFollowers = pgTable(
  "ivr_followers",
  {
    ivrId: uuid("ivr_id")
      .notNull()
      .references(() => ivrs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.ivrId, t.userId] })],
);

export const ivrHistory = pgTable(
  "ivr_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ivrId: uuid("ivr_id")
      .notNull()
      .references(() => ivrs.id, { onDelete: "cascade" }),
    fromStatus: ivrStatus("from_status"),
    toStatus: ivrStatus("to_status").notNull(),
    actorEmail: text("actor_email"),
    /** a note with the change, sealed: it may speak of the patient */
    noteSealed: text("note_sealed"),
    at: createdAt(),
  },
  (t) => [index("ivr_history_ivr_idx").on(t.ivrId, t.at)],
);

/**
 * Real-time eligibility checks (X12 270/271) of an IVR's coverage: why and by
 * whom each was asked, its state, and the payer's answer kept whole (the raw
 * 271) beside its summary, both sealed. `failure_reason` and `attention` are
 * words and codes without patient data. At most one check of a coverage waits
 * at a time (the partial unique index).
 */
export const eligibilityChecks = pgTable(
  "eligibility_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ivrId: uuid("ivr_id")
      .notNull()
      .references(() => ivrs.id, { onDelete: "cascade" }),
    coverageId: uuid("coverage_id")
      .notNull()
      .references(() => coverages.id, { onDelete: "cascade" }),
    why: text("why", { enum: ELIGIBILITY_CHECK_WHY }).notNull(),
    state: text("state", { enum: ELIGIBILITY_CHECK_STATES }).notNull().default("waiting"),
    /** Tries made so far (each call to the connector). */
    attempts: integer("attempts").notNull().default(0),
    /** While waiting after a failed try: when the next one runs. */
    retryAt: timestamp("retry_at", { withTimezone: true }),
    /** The last failure in words (never patient data). */
    failureReason: text("failure_reason"),
    raw271Sealed: text("raw_271_sealed"),
    summarySealed: text("summary_sealed"),
    attention: text("attention", { enum: ELIGIBILITY_ATTENTION }),
    /** The staff member who asked again; null when the system asked (an IVR sent, an order placed). */
    requestedBy: text("requested_by"),
    createdAt: createdAt(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("eligibility_checks_in_flight_idx").on(t.coverageId).where(sql`${t.state} = 'waiting'`),
    // An IVR's checks, newest first (the index read backwards), and its latest answered one.
    index("eligibility_checks_ivr_idx").on(t.ivrId, t.createdAt),
  ],
);

/** What staff found when they verified the benefits (sealed JSON), and who did when. */
export const ivrVerifications = pgTable(
  "ivr_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ivrId: uuid("ivr_id")
      .notNull()
      .references(() => ivrs.id, { onDelete: "cascade" }),
    resultSealed: text("result_sealed").notNull(),
    verifiedBy: text("verified_by"),
    verifiedAt: createdAt(),
  },
  (t) => [index("ivr_verifications_ivr_idx").on(t.ivrId, t.verifiedAt)],
);

/**
 * A prior authorisation: the payer's approval of a number of applications of
 * the IVR's products within a window, a record of its own beside the IVR. The
 * payer's numbers are sealed (they name the patient's case); the window and the
 * count stay plain, beside the IVR only, so orders and reminders check them in
 * SQL. A correction writes a new row and dates the one it replaces
 * (`replaced_at`): one current authorisation per IVR, the rest its history.
 */
export const priorAuthorisations = pgTable(
  "prior_authorisations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ivrId: uuid("ivr_id")
      .notNull()
      .references(() => ivrs.id, { onDelete: "cascade" }),
    numberSealed: text("number_sealed").notNull(),
    /** the payer's tracking (case) number, when it gave one */
    trackingNumberSealed: text("tracking_number_sealed"),
    validFrom: date("valid_from").notNull(),
    validTo: date("valid_to").notNull(),
    /** applications the payer authorised; null when it gave no count (a verification that recorded none) */
    authorisedApplications: integer("authorised_applications"),
    /** the products it covers (catalogue slugs); empty: every product of the IVR */
    productSlugs: text("product_slugs").array().notNull().default(sql`'{}'::text[]`),
    recordedBy: text("recorded_by"),
    createdAt: createdAt(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (t) => [
    // One current authorisation per IVR; the replaced ones are its history.
    uniqueIndex("prior_authorisations_current_idx").on(t.ivrId).where(sql`${t.replacedAt} is null`),
    index("prior_authorisations_ivr_idx").on(t.ivrId, t.createdAt),
    // The daily reminders: current authorisations ending soon.
    index("prior_authorisations_ending_idx").on(t.validTo).where(sql`${t.replacedAt} is null`),
  ],
);

/**
 * The reminders sent before an authorisation or a verification ends: one row
 * per IVR, what ends (`authorisation` or `verification`), the day it ends and
 * the threshold (30 or 7 days), so each is mailed once whichever process runs
 * the job, and a corrected end date earns reminders of its own.
 */
export const authorisationReminders = pgTable(
  "authorisation_reminders",
  {
    ivrId: uuid("ivr_id")
      .notNull()
      .references(() => ivrs.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    endsOn: date("ends_on").notNull(),
    daysBefore: integer("days_before").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ivrId, t.subject, t.endsOn, t.daysBefore] })],
);

export const ivrFileRole = pgEnum("ivr_file_role", ["card-front", "card-back", "clinical-notes", "wound-photo"]);

export const ivrFiles = pgTable(
  "ivr_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ivrId: uuid("ivr_id")
      .notNull()
      .references(() => ivrs.id, { onDelete: "cascade" }),
    role: ivrFileRole("role").notNull(),
    nameSealed: text("name_sealed").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    contentSealed: bytea("content_sealed").notNull(),
    uploadedBy: text("uploaded_by"),
    createdAt: createdAt(),
  },
  (t) => [index("ivr_files_ivr_idx").on(t.ivrId)],
);

// ---------------------------------------------------------------------------
// Orders of grafts, made from a verified IVR, their shipment with each unit's
// tissue identifier (traceable from donor to patient, 21 CFR 1271.290), and
// their invoices. Sizes are kept in millimetres so a 1.5 cm side stays exact.

export const orderStatus = pgEnum("order_status", ORDER_STATUSES);

/** The facility's address as the order was placed (the practice's business address, not patient data). */
/** Identifiers of units the receipt did not find, and of scanned ones the order does not hold. */
export type ReceiptProblems = { missing: string[]; unexpected: string[] };
export type ShipToSnapshot = { addressLine1: string; addressLine2: string | null; city: string; state: string; zip: string; phone: string };

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** ORD-000123 */
    number: integer("number").generatedAlwaysAsIdentity().notNull().unique(),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    /** The patient's IVR it was ordered under; null for a stock order (a reorder of the practice's shelf). */
    ivrId: uuid("ivr_id").references(() => ivrs.id, { onDelete: "restrict" }),
    patientId: uuid("patient_id").references(() => patients.id, { onDelete: "restrict" }),
    /** A stock order's origin: drafted by the portal for a member to place ("suggested"), or placed by it ("automatic"). */
    reorder: text("reorder", { enum: ["suggested", "automatic"] }),
    productSlug: text("product_slug").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    status: orderStatus("status").notNull().default("submitted"),
    dateOfService: date("date_of_service").notNull(),
    /** ship to */
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => facilities.id, { onDelete: "restrict" }),
    shippingSpeed: text("shipping_speed").notNull(),
    poNumber: text("po_number"),
    /** the member's notes, sealed: they may speak of the patient */
    notesSealed: text("notes_sealed"),
    /** the wound's area the order was made for, in hundredths of cm² */
    woundAreaHundredths: integer("wound_area_hundredths"),
    /** why the order exceeds the wound by more than its smallest size, sealed: it may speak of the patient */
    overOrderReasonSealed: text("over_order_reason_sealed"),
    /** What the order was placed with, kept as it was then: pages and documents read these, never today's practice, facility or catalogue. */
    practiceName: text("practice_name").notNull(),
    facilityName: text("facility_name").notNull(),
    shipTo: jsonb("ship_to").$type<ShipToSnapshot>().notNull(),
    productName: text("product_name").notNull(),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** the day the carrier delivered it, as staff recorded it */
    deliveredOn: date("delivered_on"),
    /** What the practice's receipt found wrong, for staff: identifiers of units not received, and scanned ones not in the order */
    receiptProblems: jsonb("receipt_problems").$type<ReceiptProblems>(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_practice_status_idx").on(t.practiceId, t.status, t.updatedAt, t.number),
    index("orders_ivr_idx").on(t.ivrId),
    // The practice's orders, newest change first.
    index("orders_practice_updated_idx").on(t.practiceId, t.updatedAt, t.id),
    // The staff queue: by status (or of every status), longest unchanged first.
    index("orders_status_updated_idx").on(t.status, t.updatedAt, t.number),
    index("orders_updated_idx").on(t.updatedAt, t.number),
    // The queue's default (what waits on staff), in one index's order.
    index("orders_waiting_idx").on(t.updatedAt, t.number).where(sql.raw(`status in (${ORDER_WAITING_ON_STAFF.map((s) => `'${s}'`).join(", ")})`)),
    // A patient's orders (the console's patient page; a patient's removal checks them).
    index("orders_patient_idx").on(t.patientId),
    // An order is for a patient's IVR, or a reorder of the practice's stock.
    check("orders_patient_or_stock", sql`${t.reorder} is not null or (${t.ivrId} is not null and ${t.patientId} is not null)`),
  ],
);

/** A practice's par level: the usable units it wants on the shelf of one facility, of one product and size. */
export const parLevels = pgTable(
  "par_levels",
  {
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => facilities.id, { onDelete: "cascade" }),
    productSlug: text("product_slug").notNull(),
    lengthMm: integer("length_mm").notNull(),
    widthMm: integer("width_mm").notNull(),
    par: integer("par").notNull(),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.facilityId, t.productSlug, t.lengthMm, t.widthMm] })],
);

/** One size of the order: how many grafts of it. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    hcpcs: text("hcpcs").notNull(),
    lengthMm: integer("length_mm").notNull(),
    widthMm: integer("width_mm").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [uniqueIndex("order_lines_order_position_idx").on(t.orderId, t.position)],
);

/** Each unit shipped and its tissue (donor lot) identifier. */
export const unitDisposition = pgEnum("unit_disposition", UNIT_DISPOSITION_VALUES);

/**
 * One graft of a shipped order, traced from the supplier's shelf to the
 * patient (21 CFR 1271.290). Staff record its tissue identifier, lot and
 * expiry when shipping; it is the practice's stock from the day the order is
 * delivered or its receipt is confirmed (`stocked_at`), until it ends with one
 * disposition: applied to a patient (its application row), returned, damaged
 * or expired. A recall holds it (`recall_id`) while it has none.
 *
 * The practice, facility, product and size are copied from the order when it
 * ships, so stock, recall and scan reads need no join to answer.
 */
export const orderUnits = pgTable(
  "order_units",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lineId: uuid("line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    /** 1..quantity within its line */
    position: integer("position").notNull(),
    tissueId: text("tissue_id").notNull(),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => facilities.id, { onDelete: "restrict" }),
    productSlug: text("product_slug").notNull(),
    lengthMm: integer("length_mm").notNull(),
    widthMm: integer("width_mm").notNull(),
    /** From the label's GS1 barcode when staff scanned it. */
    gtin: text("gtin"),
    /** Null only for units shipped before lots were recorded. */
    lot: text("lot"),
    expiresOn: date("expires_on"),
    /** The practice's shelf from here: the order delivered, or its receipt confirmed. */
    stockedAt: timestamp("stocked_at", { withTimezone: true }),
    /** When a member scanned or typed it on the order's page. */
    receivedAt: timestamp("received_at", { withTimezone: true }),
    receivedBy: text("received_by"),
    disposition: unitDisposition("disposition"),
    disposedOn: date("disposed_on"),
    disposedBy: text("disposed_by"),
    /** Why it was returned, damaged or expired, sealed: it may speak of the patient */
    dispositionNoteSealed: text("disposition_note_sealed"),
    /** The recall holding it: it cannot be applied. */
    recallId: uuid("recall_id").references((): AnyPgColumn => recalls.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("order_units_line_position_idx").on(t.lineId, t.position),
    index("order_units_tissue_idx").on(t.tissueId),
    // An order's units (its page, its packing list).
    index("order_units_order_idx").on(t.orderId, t.position),
    // A practice's shelf: the units it holds, soonest to expire first.
    index("order_units_stock_idx").on(t.practiceId, t.expiresOn).where(sql`stocked_at is not null and disposition is null`),
    index("order_units_lot_idx").on(t.lot),
    index("order_units_gtin_idx").on(t.gtin),
    index("order_units_recall_idx").on(t.recallId),
  ],
);

/**
 * A graft applied to a patient at a visit: the unit (which it uses up), the
 * covered IVR it was applied under, the wound measured that day and what was
 * applied and discarded, with the claim-ready line worked out when recorded.
 */
export const graftApplications = pgTable(
  "graft_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** APP-000123 */
    number: integer("number").generatedAlwaysAsIdentity().notNull().unique(),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    unitId: uuid("unit_id")
      .notNull()
      .unique()
      .references(() => orderUnits.id, { onDelete: "restrict" }),
    ivrId: uuid("ivr_id")
      .notNull()
      .references(() => ivrs.id, { onDelete: "restrict" }),
    patientId: uuid("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "restrict" }),
    appliedOn: date("applied_on").notNull(),
    /** The wound measured that day, { lengthCm, widthCm }, sealed: it describes the patient */
    woundSealed: text("wound_sealed").notNull(),
    appliedHundredths: integer("applied_hundredths").notNull(),
    discardedHundredths: integer("discarded_hundredths").notNull(),
    /** Why product was discarded, sealed: it may speak of the patient */
    discardReasonSealed: text("discard_reason_sealed"),
    /** The claim-ready line (codes, modifiers, units, notes) as worked out when recorded, sealed with the wound it was read from */
    claimSealed: text("claim_sealed").notNull(),
    /** The clinician who signed the record, by name as shown on it */
    signerName: text("signer_name").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("graft_applications_ivr_idx").on(t.ivrId, t.appliedOn), index("graft_applications_practice_idx").on(t.practiceId, t.appliedOn)],
);

/**
 * A recall of grafts, by lot, tissue identifier or GTIN: the units it found
 * and held are those whose `recall_id` is this row's.
 */
export const recalls = pgTable("recalls", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** RCL-000123 */
  number: integer("number").generatedAlwaysAsIdentity().notNull().unique(),
  by: text("by").notNull(),
  value: text("value").notNull(),
  reason: text("reason").notNull(),
  createdBy: text("created_by"),
  createdAt: createdAt(),
});

export const orderHistory = pgTable(
  "order_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatus("from_status"),
    toStatus: orderStatus("to_status").notNull(),
    actorEmail: text("actor_email"),
    /** a note with the change, sealed: it may speak of the patient */
    noteSealed: text("note_sealed"),
    at: createdAt(),
  },
  (t) => [index("order_history_order_idx").on(t.orderId, t.at)],
);

/** Members who get a mail when the order changes (who ordered, and whoever follows it). */
export const orderFollowers = pgTable(
  "order_followers",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.userId] })],
);

/** One invoice per delivered order. Amounts in cents. */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** INV-000123 */
    number: integer("number").generatedAlwaysAsIdentity().notNull().unique(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "restrict" }),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    issuedOn: date("issued_on").notNull(),
    dueOn: date("due_on").notNull(),
    totalCents: integer("total_cents").notNull(),
    issuedBy: text("issued_by"),
    /** what the payments so far add up to; the invoice is paid when they cover its total */
    paidCents: integer("paid_cents").notNull().default(0),
    /** the day the last payment made it paid, and that payment's reference */
    paidOn: date("paid_on"),
    paymentReference: text("payment_reference"),
    paymentRecordedBy: text("payment_recorded_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoices_practice_idx").on(t.practiceId, t.dueOn),
    // The practice's invoices, latest first.
    index("invoices_practice_number_idx").on(t.practiceId, t.number),
  ],
);

/** Each payment of an invoice: a part or the rest. Amounts in cents. */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    paidOn: date("paid_on").notNull(),
    reference: text("reference").notNull(),
    recordedBy: text("recorded_by"),
    createdAt: createdAt(),
  },
  (t) => [index("invoice_payments_invoice_idx").on(t.invoiceId, t.createdAt)],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    hcpcs: text("hcpcs").notNull(),
    product: text("product").notNull(),
    lengthMm: integer("length_mm").notNull(),
    widthMm: integer("width_mm").notNull(),
    units: integer("units").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
  },
  (t) => [uniqueIndex("invoice_lines_invoice_position_idx").on(t.invoiceId, t.position)],
);

// ---------------------------------------------------------------------------
// Sales partners: their account, the practices that came through them, how
// they are paid; portal access requests; practices' and partners' branding.
// Nothing here is patient data, and a partner's pages read nothing that is.

export const partnerPlan = pgEnum("partner_plan", PARTNER_PLANS);

export const partners = pgTable(
  "partners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The partner's account (role partner). */
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The name their statements and pages show (a person or their business). */
    name: text("name").notNull(),
    /** The referral code of their link, /r/CODE. */
    code: text("code").notNull().unique(),
    /** A sub-partner's upline: the partner who recruited them, who shares in what they earn. */
    parentId: uuid("parent_id").references((): AnyPgColumn => partners.id, { onDelete: "set null" }),
    /** A sub-partner's share of what their practices earn, in basis points (7000 = 70%); the upline gets the rest. */
    splitBps: integer("split_bps"),
    plan: partnerPlan("plan").notNull().default("none"),
    /** A fixed plan's fee each month, in cents. */
    monthlyFeeCents: integer("monthly_fee_cents"),
    /** A percentage plan's share of paid invoices, in basis points (500 = 5%). */
    percentBps: integer("percent_bps"),
    /** Who set the plan, and when. */
    planSetBy: text("plan_set_by"),
    planSetAt: timestamp("plan_set_at", { withTimezone: true }),
    /** A volume-based plan: the staff member who accepted the Anti-Kickback warning, and when. */
    planRiskAcceptedBy: text("plan_risk_accepted_by"),
    planRiskAcceptedAt: timestamp("plan_risk_accepted_at", { withTimezone: true }),
    /** The partner callback they came from. */
    submissionId: uuid("submission_id").references(() => submissions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("partners_parent_idx").on(t.parentId),
    check("partners_split_range", sql`${t.splitBps} is null or ${t.splitBps} between 0 and 10000`),
    check("partners_percent_range", sql`${t.percentBps} is null or ${t.percentBps} between 0 and 10000`),
  ],
);

/** A practice came through one partner (staff assign it, or an approved access request carried their code). */
export const partnerPractices = pgTable(
  "partner_practices",
  {
    practiceId: uuid("practice_id")
      .primaryKey()
      .references(() => practices.id, { onDelete: "cascade" }),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    assignedBy: text("assigned_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("partner_practices_partner_idx").on(t.partnerId)],
);

export const accessRequestStatus = pgEnum("access_request_status", ACCESS_REQUEST_STATES);

/** A practice asks for the portal (/ordering's "Request Portal Access"); staff approve or decline it. */
export const accessRequests = pgTable(
  "access_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** PAR-000123 */
    number: integer("number").generatedAlwaysAsIdentity().notNull().unique(),
    status: accessRequestStatus("status").notNull().default("pending"),
    practiceName: text("practice_name").notNull(),
    groupNpi: text("group_npi").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    /** The practice's phone, for its first facility. */
    phone: text("phone").notNull(),
    contactFirstName: text("contact_first_name").notNull(),
    contactLastName: text("contact_last_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone"),
    providerCount: integer("provider_count").notNull(),
    specialties: text("specialties").notNull(),
    /** The referral code as sent (from the link's cookie or typed), and the partner it named. */
    referralCode: text("referral_code"),
    partnerId: uuid("partner_id").references(() => partners.id, { onDelete: "set null" }),
    /** Idempotency key from the browser: a re-sent request is stored once. */
    clientKey: text("client_key").unique(),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    /** The practice an approval made. */
    practiceId: uuid("practice_id").references(() => practices.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("access_requests_status_idx").on(t.status, t.createdAt, t.id)],
);

/** A practice's or a partner's logo and accent colour: the portal's header, their mails, the referral page. */
export const brandings = pgTable(
  "brandings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    practiceId: uuid("practice_id")
      .unique()
      .references(() => practices.id, { onDelete: "cascade" }),
    partnerId: uuid("partner_id")
      .unique()
      .references(() => partners.id, { onDelete: "cascade" }),
    /** #rrggbb, checked for contrast when set. */
    accentColor: text("accent_color"),
    /** The logo as re-encoded (PNG or JPEG), its type and size in pixels. */
    logo: bytea("logo"),
    logoType: text("logo_type"),
    logoWidth: integer("logo_width"),
    logoHeight: integer("logo_height"),
    logoSha256: text("logo_sha256"),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("brandings_one_owner", sql`(${t.practiceId} is null) <> (${t.partnerId} is null)`)],
);

// ---------------------------------------------------------------------------
// Text messages: a member's mobile number, their choice of events by
// text and by mail, the SMS outbox (like the mail's) and the numbers that
// replied STOP. A text carries a reference and a status, never patient data.

/** A member's mobile number (E.164), confirmed by a code texted to it; and a pending confirmation. */
export const smsNumbers = pgTable("sms_numbers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** The confirmed number; null until one is confirmed. */
  phone: text("phone"),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** A number waiting for its code: only a keyed hash of the code is kept. */
  pendingPhone: text("pending_phone"),
  pendingCodeHash: text("pending_code_hash"),
  pendingExpiresAt: timestamp("pending_expires_at", { withTimezone: true }),
  pendingAttempts: integer("pending_attempts").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A member's choice for one event (app/lib/notifications.ts); no row: by mail, not by text. */
export const notificationChoices = pgTable(
  "notification_choices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    byMail: boolean("by_mail").notNull().default(true),
    byText: boolean("by_text").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event] })],
);

/**
 * Texts to send: written in the transaction of the change they are about,
 * sent by the SMS worker (one row claimed at a time, FOR UPDATE SKIP LOCKED
 * and a lease). `status`: pending, sent, failed, dismissed, or skipped (the
 * number replied STOP before it went).
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    body: text("body").notNull(),
    event: text("event").notNull(),
    reference: text("reference").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    providerSid: text("provider_sid"),
    /** The provider's last word on delivery (queued, sent, delivered, undelivered, failed). */
    deliveryStatus: text("delivery_status"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("sms_outbox_due_idx").on(t.status, t.nextAttemptAt), index("sms_outbox_created_idx").on(t.createdAt, t.id)],
);

/** Numbers that replied STOP: nothing is sent to them until they reply START. */
export const smsOptOuts = pgTable("sms_opt_outs", {
  phone: text("phone").primaryKey(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------
// The Forms Library and Education: documents staff upload (and those the portal
// makes itself), each with its versions; training resources by category.

/**
 * A document of the Forms Library. `builtIn` names one the portal makes
 * itself (app/content/library.ts), ensured on first use; staff may upload a
 * new version of it like of any other. `public` ones (the support page's
 * guides) download without signing in; the rest are for signed-in members.
 */
export const libraryDocuments = pgTable(
  "library_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    builtIn: text("built_in").unique(),
    title: text("title").notNull(),
    category: text("category").notNull(),
    description: text("description"),
    public: boolean("public").notNull().default(false),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    retiredBy: text("retired_by"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("library_documents_title_idx").on(t.title)],
);

/**
 * One file of a library document. The current version is the one not
 * superseded (at most one per document); older ones are kept and staff
 * download them.
 */
export const libraryVersions = pgTable(
  "library_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => libraryDocuments.id, { onDelete: "cascade" }),
    /** As staff typed it: "2026-11", "v3". */
    label: text("label").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    bytes: bytea("bytes").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("library_versions_current_idx").on(t.documentId).where(sql`superseded_at is null`),
    index("library_versions_document_idx").on(t.documentId, t.uploadedAt),
  ],
);

/** A training resource of the Education page: a link or a file, in a category, in order. */
export const educationResources = pgTable(
  "education_resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    category: text("category").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    url: text("url"),
    fileName: text("file_name"),
    contentType: text("content_type"),
    size: integer("size"),
    sha256: text("sha256"),
    bytes: bytea("bytes"),
    position: integer("position").notNull().default(0),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    retiredBy: text("retired_by"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("education_resources_link_or_file", sql`(${t.url} is null) <> (${t.bytes} is null)`),
    index("education_resources_category_idx").on(t.category, t.position),
  ],
);

// ---------------------------------------------------------------------------
// Conversations: messages on an IVR or an order between the practice and staff.
// A message's body is sealed (it may speak of the patient); a message may ask
// for a document, answered by one upload (message_files). Read marks say, per
// user and thread, up to when they read it: the menus' unread counts.

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    ivrId: uuid("ivr_id").references(() => ivrs.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    authorSide: text("author_side", { enum: ["member", "staff"] }).notNull(),
    bodySealed: text("body_sealed").notNull(),
    /** a document asked for (content/document-requests.ts), answered by one upload */
    requestKind: text("request_kind"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("messages_one_thread", sql`(${t.ivrId} is null) <> (${t.orderId} is null)`),
    index("messages_ivr_idx").on(t.ivrId, t.createdAt),
    index("messages_order_idx").on(t.orderId, t.createdAt),
    // The menus' unread counts: a practice's messages from staff, and every practice's from members.
    index("messages_side_idx").on(t.authorSide, t.practiceId, t.createdAt),
  ],
);

/** The file that answers a message's document request (checked as the IVR's attachments; name and content sealed). */
export const messageFiles = pgTable(
  "message_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .unique()
      .references(() => messages.id, { onDelete: "cascade" }),
    nameSealed: text("name_sealed").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    contentSealed: bytea("content_sealed").notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
);

/** Up to when a user read a thread (an IVR's or an order's). */
export const messageReads = pgTable(
  "message_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** the IVR's or the order's id */
    threadId: uuid("thread_id").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] })],
);

// ---------------------------------------------------------------------------
// Background work: one table of jobs that every domain adds kinds to
// (app/.server/jobs), and the periods the schedule has enqueued.

export const jobStatus = pgEnum("job_status", JOB_STATES);

/**
 * Work to do after an answer: written in the transaction of the change that
 * asks for it, claimed by any process's worker one row at a time (FOR UPDATE
 * SKIP LOCKED and a lease). `payload` holds ids (or sealed values), never
 * patient data in clear; `last_error` is a reason in words, never patient data.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    /** At most one job per key waits or runs at a time ("one check of one coverage in flight"). */
    key: text("key"),
    status: jobStatus("status").notNull().default("queued"),
    /** Runs started, this one included: each claim adds one, and a claim's number fences its writes. */
    attempts: integer("attempts").notNull().default(0),
    /** When it may run next (its first run, or the next attempt). */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** While running: until when the worker holds it; a process that dies lets it lapse and another takes the job. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_key_in_flight_idx").on(t.key).where(sql`status in ('queued', 'running')`),
    index("jobs_due_idx").on(t.status, t.runAt, t.id),
    index("jobs_finished_idx").on(t.finishedAt),
    index("jobs_status_finished_idx").on(t.status, t.finishedAt, t.id),
  ],
);

/** The latest period each recurring kind was enqueued for: a period is enqueued once, whichever process gets there first. */
export const jobSchedules = pgTable("job_schedules", {
  kind: text("kind").primaryKey(),
  periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
  periodKey: text("period_key").notNull(),
  enqueuedAt: timestamp("enqueued_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------
// Live chat: a conversation between a visitor (or a signed-in member) and
// staff during business hours, worked from the console's chat queue.

export const chatStatus = pgEnum("chat_status", ["waiting", "open", "closed"]);

/**
 * One chat: waiting for staff, open (a staff member took it), closed. A
 * member's chat names the member and their practice; a visitor's keeps the
 * name and email they gave and the hash of the token in their browser's
 * cookie (the only way back to it). `first_answered_at` is when staff first
 * wrote: the wait the console's figures are made of.
 */
export const chats = pgTable(
  "chats",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** CHT-000123 */
    number: integer("number").generatedAlwaysAsIdentity().notNull().unique(),
    status: chatStatus("status").notNull().default("waiting"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    practiceId: uuid("practice_id").references(() => practices.id, { onDelete: "set null" }),
    visitorName: text("visitor_name"),
    visitorEmail: text("visitor_email"),
    tokenHash: text("token_hash"),
    takenBy: text("taken_by").references(() => user.id, { onDelete: "set null" }),
    takenAt: timestamp("taken_at", { withTimezone: true }),
    firstAnsweredAt: timestamp("first_answered_at", { withTimezone: true }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    transcriptMailedAt: timestamp("transcript_mailed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("chats_status_idx").on(t.status, t.createdAt, t.id),
    index("chats_created_idx").on(t.createdAt),
    index("chats_user_idx").on(t.userId, t.status),
  ],
);

/** A chat's messages, oldest first; the body sealed (a visitor may write of a patient). */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    side: text("side", { enum: ["visitor", "member", "staff"] }).notNull(),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    bodySealed: text("body_sealed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_chat_idx").on(t.chatId, t.createdAt)],
);
