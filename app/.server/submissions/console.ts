import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { isUuid } from "~/lib/ids";
import { MAIL_STATES, OUTBOX_PAGE_SIZE, type MailState } from "~/lib/mail";
import {
  INBOX_PAGE_SIZE,
  INBOX_SORTS,
  isKind,
  MAX_SEARCH,
  STATUSES,
  type InboxSort,
  type Kind,
  type Status,
} from "~/lib/submissions";
import { positionOptions } from "~/lib/schemas/application";
import { optionLabel } from "~/lib/schemas/common";
import { roleOptions } from "~/lib/schemas/intake";
import { bestTimeOptions, experienceOptions } from "~/lib/schemas/partner-callback";
import type { Db } from "~/.server/db/client";
import {
  applicationCertifications,
  applicationExperience,
  applications,
  auditLog,
  callbacks,
  contactMessages,
  intakes,
  outbox,
  submissionFiles,
  submissionNotes,
  submissions,
} from "~/.server/db/schema";

/**
 * What the staff console reads and changes: the inbox (list, filters,
 * search, paging, counts), one submission with everything about it, its
 * files, the CSV export rows and the outbox.
 */

// ---------------------------------------------------------------------------
// Query strings. Hand-edited URLs never fail: an unknown value means "all".

const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);


export type InboxFilters = { q: string; kind: Kind | "all"; status: Status | "all"; page: number; sort?: InboxSort };

export function parseInboxFilters(params: URLSearchParams): InboxFilters {
  const q = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH);
  const kind = params.get("kind");
  const status = params.get("status");
  const sort = params.get("sort");
  const filters: InboxFilters = {
    q,
    kind: isKind(kind) ? kind : "all",
    status: (STATUSES as readonly string[]).includes(status ?? "") ? (status as Status) : "all",
    page: pageParam.parse(params.get("page") ?? undefined),
  };
  if (sort && sort !== "newest" && (INBOX_SORTS as readonly string[]).includes(sort)) filters.sort = sort as InboxSort;
  return filters;
}

export type OutboxFilters = { state: MailState | "all"; page: number };

export function parseOutboxFilters(params: URLSearchParams): OutboxFilters {
  const state = params.get("state");
  return {
    state: (MAIL_STATES as readonly string[]).includes(state ?? "") ? (state as MailState) : "all",
    page: pageParam.parse(params.get("page") ?? undefined),
  };
}

export type Page<T> = { rows: T[]; total: number; page: number; pageCount: number; pageSize: number };

function pageOf(total: number, requested: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}

// ---------------------------------------------------------------------------
// Inbox

/** LIKE pattern that matches `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Words of a search as a full-text query that also matches word beginnings
 * ("wou" finds "wound"): letters and digits only, so nothing the reader types
 * can break the query's syntax. Null when no word is left.
 */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words.slice(0, 8).map((w) => `${w}:*`).join(" & ");
}

/** The free text of each kind: the contact message, the consultation query, the callback's notes. */
const freeText = sql`coalesce(${contactMessages.message}, '') || ' ' || coalesce(${intakes.query}, '') || ' ' || coalesce(${callbacks.additionalInfo}, '')`;
const organization = sql<string | null>`coalesce(${contactMessages.company}, ${intakes.organization})`;
const phone = sql<string | null>`coalesce(${intakes.phone}, ${applications.phone}, ${callbacks.phone})`;

function inboxWhere(filters: Pick<InboxFilters, "q" | "kind" | "status">): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.kind !== "all") conditions.push(eq(submissions.kind, filters.kind));
  if (filters.status !== "all") conditions.push(eq(submissions.status, filters.status));
  const q = filters.q.trim().replace(/\s+/g, " ");
  if (q) {
    const pattern = containsPattern(q);
    const matches: SQL[] = [
      ilike(submissions.firstName, pattern),
      ilike(submissions.lastName, pattern),
      ilike(submissions.email, pattern),
      ilike(sql`${submissions.firstName} || ' ' || ${submissions.lastName}`, pattern),
      ilike(organization, pattern),
    ];
    // Phone numbers match by their digits, however they were typed: "602 555" finds "(602) 555-0101".
    const digits = q.replace(/\D/g, "");
    if (digits.length >= 3) matches.push(sql`regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`);
    // Messages and queries by PostgreSQL full-text search (English stems: "wounds" finds "wound").
    const words = prefixQuery(q);
    if (words) matches.push(sql`to_tsvector('english', ${freeText}) @@ to_tsquery('english', ${words})`);
    conditions.push(or(...matches)!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export type InboxRow = {
  id: string;
  kind: Kind;
  status: Status;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: Date;
  /** The company or organization given, if any. */
  organization: string | null;
  /** The start of the message, query or notes, or the position applied for. */
  summary: string | null;
  files: number;
};

/** How long the inbox's line of a message is. */
export const SUMMARY_CHARS = 140;

/** One page of submissions, newest first unless sorted otherwise. A page past the end answers the last page. */
export async function listSubmissions(
  db: Db,
  filters: InboxFilters,
  pageSize: number = INBOX_PAGE_SIZE,
): Promise<Page<InboxRow>> {
  const where = inboxWhere(filters);
  const [totalRow] = await db
    .select({ n: count() })
    .from(submissions)
    .leftJoin(contactMessages, eq(contactMessages.submissionId, submissions.id))
    .leftJoin(intakes, eq(intakes.submissionId, submissions.id))
    .leftJoin(applications, eq(applications.submissionId, submissions.id))
    .leftJoin(callbacks, eq(callbacks.submissionId, submissions.id))
    .where(where);
  const total = totalRow?.n ?? 0;
  const { page, pageCount, offset } = pageOf(total, filters.page, pageSize);
  const order =
    filters.sort === "oldest"
      ? [asc(submissions.createdAt), asc(submissions.id)]
      : filters.sort === "status"
        ? [asc(submissions.status), desc(submissions.createdAt), desc(submissions.id)]
        : [desc(submissions.createdAt), desc(submissions.id)];
  const rows = await db
    .select({
      id: submissions.id,
      kind: submissions.kind,
      status: submissions.status,
      firstName: submissions.firstName,
      lastName: submissions.lastName,
      email: submissions.email,
      createdAt: submissions.createdAt,
      organization,
      summary: sql<string | null>`left(coalesce(${contactMessages.message}, ${intakes.query}, ${callbacks.additionalInfo}, ${applications.positionAppliedFor}), ${SUMMARY_CHARS + 1})`,
      files: sql<number>`(select count(*) from ${submissionFiles} where ${submissionFiles.submissionId} = ${submissions.id})`.mapWith(Number),
    })
    .from(submissions)
    .leftJoin(contactMessages, eq(contactMessages.submissionId, submissions.id))
    .leftJoin(intakes, eq(intakes.submissionId, submissions.id))
    .leftJoin(applications, eq(applications.submissionId, submissions.id))
    .leftJoin(callbacks, eq(callbacks.submissionId, submissions.id))
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset(offset);
  return {
    rows: rows.map((r) => ({
      ...r,
      summary: r.kind === "application" ? applicationSummary(r.summary) : oneLine(r.summary),
    })),
    total,
    page,
    pageCount,
    pageSize,
  };
}

function oneLine(text: string | null): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > SUMMARY_CHARS ? `${flat.slice(0, SUMMARY_CHARS - 1).trimEnd()}…` : flat;
}

function applicationSummary(position: string | null): string | null {
  return position ? `Applying for ${optionLabel(positionOptions, position) ?? position}` : null;
}

/**
 * Sets the status of several submissions at once, each with its audit row, in
 * one transaction: all change or none. Answers how many changed (those already
 * at that status are left as they are).
 */
export async function setStatuses(
  db: Db,
  { ids, status, actorEmail, ip }: { ids: readonly string[]; status: Status; actorEmail: string; ip: string | null },
): Promise<number> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return 0;
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: submissions.id, status: submissions.status })
      .from(submissions)
      .where(inArray(submissions.id, valid))
      .for("update");
    const changing = current.filter((row) => row.status !== status);
    if (changing.length === 0) return 0;
    await tx
      .update(submissions)
      .set({ status, updatedAt: new Date() })
      .where(inArray(submissions.id, changing.map((row) => row.id)));
    await tx.insert(auditLog).values(
      changing.map((row) => ({ actorEmail, action: "submission.status", target: row.id, ip, detail: `${row.status} -> ${status}` })),
    );
    return changing.length;
  });
}

/** How many submissions of each kind are still new. */
export async function countNewByKind(db: Db): Promise<Record<Kind, number>> {
  const rows = await db
    .select({ kind: submissions.kind, n: count() })
    .from(submissions)
    .where(eq(submissions.status, "new"))
    .groupBy(submissions.kind);
  const counts: Record<Kind, number> = { contact: 0, intake: 0, application: 0, callback: 0 };
  for (const row of rows) counts[row.kind] = row.n;
  return counts;
}

// ---------------------------------------------------------------------------
// The fields of each kind, in the order the forms ask for them. Shared by the
// submission page and the CSV export so the two always agree.

export type FieldValue = { label: string; value: string | null };
type FieldDef<R> = { label: string; get: (row: R) => string | null | undefined };

type ContactRow = typeof contactMessages.$inferSelect;
type IntakeRow = typeof intakes.$inferSelect;
type ApplicationRow = typeof applications.$inferSelect;
type CallbackRow = typeof callbacks.$inferSelect;
export type ExperienceRow = typeof applicationExperience.$inferSelect;
export type CertificationRow = typeof applicationCertifications.$inferSelect;

const CONTACT_FIELDS: FieldDef<ContactRow>[] = [
  { label: "Company", get: (r) => r.company },
  { label: "Message", get: (r) => r.message },
];
const INTAKE_FIELDS: FieldDef<IntakeRow>[] = [
  { label: "Phone", get: (r) => r.phone },
  { label: "Organization", get: (r) => r.organization },
  { label: "Role", get: (r) => optionLabel(roleOptions, r.role) },
  { label: "Request", get: (r) => r.query },
];
const APPLICATION_FIELDS: FieldDef<ApplicationRow>[] = [
  { label: "Phone", get: (r) => r.phone },
  { label: "Address", get: (r) => r.address },
  { label: "City", get: (r) => r.city },
  { label: "State", get: (r) => r.state },
  { label: "ZIP code", get: (r) => r.zipCode },
  { label: "Position", get: (r) => optionLabel(positionOptions, r.positionAppliedFor ?? undefined) },
  { label: "Expected salary", get: (r) => r.expectedSalary },
  { label: "Available start date", get: (r) => r.availableStartDate },
];
const CALLBACK_FIELDS: FieldDef<CallbackRow>[] = [
  { label: "Phone", get: (r) => r.phone },
  { label: "Current role", get: (r) => r.currentRole },
  { label: "Experience", get: (r) => optionLabel(experienceOptions, r.experience ?? undefined) },
  { label: "Territory", get: (r) => r.territory },
  { label: "Best time to call", get: (r) => optionLabel(bestTimeOptions, r.bestTimeToCall ?? undefined) },
  { label: "Additional information", get: (r) => r.additionalInfo },
];

/** Labels of the kind's own fields (after name and email), in order. */
export const KIND_FIELD_LABELS: Record<Kind, string[]> = {
  contact: CONTACT_FIELDS.map((f) => f.label),
  intake: INTAKE_FIELDS.map((f) => f.label),
  application: APPLICATION_FIELDS.map((f) => f.label),
  callback: CALLBACK_FIELDS.map((f) => f.label),
};

function valuesOf<R>(defs: FieldDef<R>[], row: R | undefined): FieldValue[] {
  return defs.map((d) => {
    const v = row === undefined ? null : d.get(row);
    return { label: d.label, value: v === undefined || v === null || v === "" ? null : v };
  });
}

/** The kind's own fields of each submission, by submission id (one submission, or all of the kind). */
async function kindFields(db: Db, kind: Kind, submissionId?: string): Promise<Map<string, FieldValue[]>> {
  switch (kind) {
    case "contact": {
      const rows = await db
        .select()
        .from(contactMessages)
        .where(submissionId ? eq(contactMessages.submissionId, submissionId) : undefined);
      return new Map(rows.map((r) => [r.submissionId, valuesOf(CONTACT_FIELDS, r)]));
    }
    case "intake": {
      const rows = await db.select().from(intakes).where(submissionId ? eq(intakes.submissionId, submissionId) : undefined);
      return new Map(rows.map((r) => [r.submissionId, valuesOf(INTAKE_FIELDS, r)]));
    }
    case "application": {
      const rows = await db
        .select()
        .from(applications)
        .where(submissionId ? eq(applications.submissionId, submissionId) : undefined);
      return new Map(rows.map((r) => [r.submissionId, valuesOf(APPLICATION_FIELDS, r)]));
    }
    case "callback": {
      const rows = await db.select().from(callbacks).where(submissionId ? eq(callbacks.submissionId, submissionId) : undefined);
      return new Map(rows.map((r) => [r.submissionId, valuesOf(CALLBACK_FIELDS, r)]));
    }
  }
}

const emptyFields = (kind: Kind): FieldValue[] => KIND_FIELD_LABELS[kind].map((label) => ({ label, value: null }));

/** One work experience entry as one line of text. */
export function experienceText(e: ExperienceRow): string {
  const role = [e.title, e.company].filter(Boolean).join(" at ") || "Experience";
  const where = e.location ? `, ${e.location}` : "";
  const from = e.startDate ?? "?";
  const to = e.currentRole ? "current" : (e.endDate ?? "?");
  const dates = e.startDate || e.endDate || e.currentRole ? ` (${from} to ${to})` : "";
  const description = e.description ? `: ${e.description}` : "";
  return `${role}${where}${dates}${description}`;
}

/** One certification as one line of text. */
export function certificationText(c: CertificationRow): string {
  const parts = [c.name ?? "Certification"];
  if (c.issuingOrganization) parts.push(`issued by ${c.issuingOrganization}`);
  if (c.issueDate) parts.push(`on ${c.issueDate}`);
  if (c.expirationDate) parts.push(`expires ${c.expirationDate}`);
  if (c.credentialId) parts.push(`credential ${c.credentialId}`);
  return parts.join(", ");
}

// ---------------------------------------------------------------------------
// One submission

export type SubmissionFileInfo = {
  id: string;
  role: "resume" | "document";
  fileName: string;
  contentType: string;
  size: number;
  createdAt: Date;
};
export type NoteRow = { id: string; authorEmail: string | null; body: string; createdAt: Date };
export type MailRow = {
  id: string;
  purpose: string;
  to: string;
  subject: string;
  status: MailState;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
};

export type SubmissionDetail = {
  submission: Omit<typeof submissions.$inferSelect, "clientKey">;
  /** Name and email, then the kind's own fields. */
  fields: FieldValue[];
  experience: ExperienceRow[];
  certifications: CertificationRow[];
  files: SubmissionFileInfo[];
  notes: NoteRow[];
  mails: MailRow[];
};

const mailColumns = {
  id: outbox.id,
  purpose: outbox.purpose,
  to: outbox.to,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  sentAt: outbox.sentAt,
  createdAt: outbox.createdAt,
};

/** Everything about one submission, or null when the id names none. */
export async function getSubmissionDetail(db: Db, id: string): Promise<SubmissionDetail | null> {
  if (!isUuid(id)) return null;
  const [submission] = await db
    .select({
      id: submissions.id,
      kind: submissions.kind,
      status: submissions.status,
      firstName: submissions.firstName,
      lastName: submissions.lastName,
      email: submissions.email,
      createdAt: submissions.createdAt,
      updatedAt: submissions.updatedAt,
    })
    .from(submissions)
    .where(eq(submissions.id, id));
  if (!submission) return null;
  const kind = submission.kind;
  const [own, experience, certifications, files, notes, mails] = await Promise.all([
    kindFields(db, kind, id),
    kind === "application"
      ? db.select().from(applicationExperience).where(eq(applicationExperience.submissionId, id)).orderBy(asc(applicationExperience.position))
      : Promise.resolve([] as ExperienceRow[]),
    kind === "application"
      ? db
          .select()
          .from(applicationCertifications)
          .where(eq(applicationCertifications.submissionId, id))
          .orderBy(asc(applicationCertifications.position))
      : Promise.resolve([] as CertificationRow[]),
    db
      .select({
        id: submissionFiles.id,
        role: submissionFiles.role,
        fileName: submissionFiles.fileName,
        contentType: submissionFiles.contentType,
        size: submissionFiles.size,
        createdAt: submissionFiles.createdAt,
      })
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, id))
      .orderBy(asc(submissionFiles.createdAt), asc(submissionFiles.role), asc(submissionFiles.fileName)),
    db
      .select({ id: submissionNotes.id, authorEmail: submissionNotes.authorEmail, body: submissionNotes.body, createdAt: submissionNotes.createdAt })
      .from(submissionNotes)
      .where(eq(submissionNotes.submissionId, id))
      .orderBy(asc(submissionNotes.createdAt), asc(submissionNotes.id)),
    db.select(mailColumns).from(outbox).where(eq(outbox.submissionId, id)).orderBy(desc(outbox.createdAt), asc(outbox.purpose)),
  ]);
  const fields: FieldValue[] = [
    { label: "First name", value: submission.firstName },
    { label: "Last name", value: submission.lastName },
    { label: "Email", value: submission.email },
    ...(own.get(id) ?? emptyFields(kind)),
  ];
  // Resume first, then the other documents.
  files.sort((a, b) => (a.role === b.role ? 0 : a.role === "resume" ? -1 : 1));
  return { submission, fields, experience, certifications, files, notes, mails };
}

/** Sets the status; answers the previous one, or null when the submission does not exist. */
export async function setSubmissionStatus(db: Db, id: string, status: Status): Promise<{ from: Status } | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ status: submissions.status }).from(submissions).where(eq(submissions.id, id)).for("update");
    if (!current) return null;
    await tx.update(submissions).set({ status, updatedAt: new Date() }).where(eq(submissions.id, id));
    return { from: current.status };
  });
}

/** Adds a staff note; false when the submission does not exist. */
export async function addSubmissionNote(db: Db, id: string, authorEmail: string, body: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(submissions)
      .set({ updatedAt: new Date() })
      .where(eq(submissions.id, id))
      .returning({ id: submissions.id });
    if (updated.length === 0) return false;
    await tx.insert(submissionNotes).values({ submissionId: id, authorEmail, body });
    return true;
  });
}

/** A stored file with its bytes, or null. */
export async function getSubmissionFile(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(submissionFiles).where(eq(submissionFiles.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------------------
// Export: one row per submission of a kind, newest first, every field as text.

export type ExportTable = { header: string[]; rows: string[][] };

export async function exportSubmissions(db: Db, kind: Kind): Promise<ExportTable> {
  const base = await db
    .select()
    .from(submissions)
    .where(eq(submissions.kind, kind))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
  const own = await kindFields(db, kind);
  const header = ["id", "received", "status", "first name", "last name", "email", ...KIND_FIELD_LABELS[kind].map((l) => l.toLowerCase())];

  const experience = new Map<string, string[]>();
  const certifications = new Map<string, string[]>();
  const files = new Map<string, string[]>();
  if (kind === "application") {
    header.push("experience", "certifications", "files");
    const push = (map: Map<string, string[]>, key: string, value: string) => {
      const list = map.get(key);
      if (list) list.push(value);
      else map.set(key, [value]);
    };
    const ids = db.select({ id: submissions.id }).from(submissions).where(eq(submissions.kind, "application"));
    const [exp, certs, fileRows] = await Promise.all([
      db.select().from(applicationExperience).orderBy(asc(applicationExperience.submissionId), asc(applicationExperience.position)),
      db
        .select()
        .from(applicationCertifications)
        .orderBy(asc(applicationCertifications.submissionId), asc(applicationCertifications.position)),
      db
        .select({ submissionId: submissionFiles.submissionId, role: submissionFiles.role, fileName: submissionFiles.fileName })
        .from(submissionFiles)
        .where(inArray(submissionFiles.submissionId, ids))
        .orderBy(asc(submissionFiles.submissionId), asc(submissionFiles.createdAt), asc(submissionFiles.fileName)),
    ]);
    for (const e of exp) push(experience, e.submissionId, experienceText(e));
    for (const c of certs) push(certifications, c.submissionId, certificationText(c));
    fileRows.sort((a, b) => (a.role === b.role ? 0 : a.role === "resume" ? -1 : 1));
    for (const f of fileRows) push(files, f.submissionId, f.fileName);
  }

  const rows = base.map((s) => {
    const values = (own.get(s.id) ?? emptyFields(kind)).map((f) => f.value ?? "");
    const row = [s.id, s.createdAt.toISOString(), s.status, s.firstName, s.lastName, s.email, ...values];
    if (kind === "application") {
      row.push(
        (experience.get(s.id) ?? []).map((t, i) => `${i + 1}. ${t}`).join("\n"),
        (certifications.get(s.id) ?? []).map((t, i) => `${i + 1}. ${t}`).join("\n"),
        (files.get(s.id) ?? []).join("; "),
      );
    }
    return row;
  });
  return { header, rows };
}

// ---------------------------------------------------------------------------
// Outbox

export async function listOutbox(db: Db, filters: OutboxFilters, pageSize: number = OUTBOX_PAGE_SIZE) {
  const where = filters.state === "all" ? undefined : eq(outbox.status, filters.state);
  const [totalRow] = await db.select({ n: count() }).from(outbox).where(where);
  const total = totalRow?.n ?? 0;
  const { page, pageCount, offset } = pageOf(total, filters.page, pageSize);
  const rows = await db
    .select({ ...mailColumns, submissionId: outbox.submissionId })
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(pageSize)
    .offset(offset);
  return { rows, total, page, pageCount, pageSize } satisfies Page<MailRow & { submissionId: string | null }>;
}

/**
 * Failed mail nobody has retried or dismissed yet: every console page shows
 * this count until it is zero.
 */
export async function countFailedMail(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "failed"));
  return row?.n ?? 0;
}

/** One mail's purpose and state, for the audit line of a retry or a dismissal. */
export async function getMail(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ id: outbox.id, purpose: outbox.purpose, status: outbox.status }).from(outbox).where(eq(outbox.id, id));
  return row ?? null;
}

export type MailBody = {
  id: string;
  purpose: string;
  to: string;
  replyTo: string | null;
  subject: string;
  /**
   * The stored text (a link mail's holds only the link's placeholder: show it
   * through `shownText`); null once the retention purge removed it.
   */
  text: string | null;
  status: MailState;
  createdAt: Date;
  sentAt: Date | null;
  bodyRemovedAt: Date | null;
};

/**
 * One mail as staff may read it. The encrypted link (`secret`) is never
 * selected; the stored text names it only by its placeholder, shown as
 * "[link removed]" by the caller (this module is also read by the browser
 * bundle, so it stays clear of the mail code). The caller audits the read: a
 * body can hold a whole form.
 */
export async function getMailBody(db: Db, id: string): Promise<MailBody | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: outbox.id,
      purpose: outbox.purpose,
      to: outbox.to,
      replyTo: outbox.replyTo,
      subject: outbox.subject,
      text: outbox.text,
      status: outbox.status,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      bodyRemovedAt: outbox.bodyRemovedAt,
    })
    .from(outbox)
    .where(eq(outbox.id, id));
  if (!row) return null;
  return { ...row, text: row.bodyRemovedAt ? null : row.text };
}
