import { and, eq, ilike, sql, type SQL } from "drizzle-orm";
import { recallReference } from "~/lib/inventory/units";
import { ivrReference } from "~/lib/ivr";
import { mailPurposeLabel } from "~/lib/mail";
import { orderReference } from "~/lib/orders";
import { patientReference } from "~/lib/patients";
import { KIND_LABELS, type Kind } from "~/lib/submissions";
import type { Db } from "~/.server/db/client";
import { cappedCount, COUNT_CAP, cursorKey, keysetPage, type Cursor, type KeyPart, type Page } from "~/.server/db/paging";
import { auditLog, facilities, ivrs, orders, outbox, patients, practices, providers, recalls, submissions, user } from "~/.server/db/schema";

/**
 * The audit log as the console shows it: newest first, filtered by action or
 * actor, each target named by its reference (IVR-000123, ORD-000045,
 * PAT-000123, an account's email, a practice's name) and linked to what it
 * names, never by a patient's name.
 */

export const AUDIT_PAGE_SIZE = 50;

/**
 * `cursor` is the page (`?before=` / `?after=`, see ~/.server/db/paging); none
 * is the newest page. Old `?page=N` links are read as the newest page: an
 * offset would read every skipped row, and nothing links to them any more.
 * `countCap` is where the count stops ("10,000+").
 */
export type AuditFilter = { action?: string; actor?: string; cursor?: Cursor | null; pageSize?: number; countCap?: number };

export type AuditRow = {
  id: string;
  at: string;
  actorEmail: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  detail: string | null;
  /** Where the target can be looked at, when it names a record that still exists. */
  link: AuditLink | null;
  /** The patient the entry is about (when the target is another record of theirs, an IVR say): their reference and page. */
  patient: { reference: string; href: string } | null;
};

/**
 * `label` says what the target is: a reference (IVR-000123), an email, a name,
 * or in words ("Contact submission", "Mail: Password reset") for ids nobody
 * can read; `showId` keeps the raw id below those.
 */
export type AuditLink = {
  kind: "submission" | "user" | "mail" | "ivr" | "order" | "patient" | "practice" | "facility" | "provider" | "recall";
  href: string;
  label: string;
  showId?: boolean;
};

export type AuditPage = Page<AuditRow>;

/** The log's order, newest first: `at`, then `id` for entries of the same microsecond. */
const AUDIT_KEY: KeyPart[] = [
  { column: auditLog.at, order: "desc", type: "timestamp" },
  { column: auditLog.id, order: "desc", type: "uuid" },
];

/** LIKE pattern that matches `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/** A column of what a uuid target names in `table`; the uuid test comes first (CASE keeps the order), so no other target is ever cast. */
function byTarget<T>(table: SQL, column: SQL) {
  return sql<T | null>`case when "audit_log"."target" ~* ${UUID_PATTERN}
    then (select ${column} from ${table} x where x.id = "audit_log"."target"::uuid) end`;
}

/** What each row's target and patient name, looked up here rather than guessed from its shape in the browser. */
const NAMED = {
  id: auditLog.id,
  at: auditLog.at,
  actorEmail: auditLog.actorEmail,
  action: auditLog.action,
  target: auditLog.target,
  ip: auditLog.ip,
  detail: auditLog.detail,
  patientId: auditLog.patientId,
  // Written out in full: drizzle leaves the table name off columns of a one-table select.
  userId: sql<string | null>`(select u.id from ${user} u where lower(u.email) = lower("audit_log"."target") limit 1)`,
  submissionKind: byTarget<Kind>(sql`${submissions}`, sql`x.kind`),
  mailPurpose: byTarget<string>(sql`${outbox}`, sql`x.purpose`),
  ivrNumber: byTarget<number>(sql`${ivrs}`, sql`x.number`),
  orderNumber: byTarget<number>(sql`${orders}`, sql`x.number`),
  patientNumber: byTarget<number>(sql`${patients}`, sql`x.number`),
  practiceName: byTarget<string>(sql`${practices}`, sql`x.name`),
  facilityName: byTarget<string>(sql`${facilities}`, sql`x.name`),
  providerName: byTarget<string>(sql`${providers}`, sql`x.first_name || ' ' || x.last_name`),
  recallNumber: byTarget<number>(sql`${recalls}`, sql`x.number`),
  subjectNumber: sql<number | null>`(select p.number from ${patients} p where p.id = "audit_log"."patient_id")`,
};

type Named = {
  id: string;
  at: Date;
  actorEmail: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  detail: string | null;
  patientId: string | null;
  userId: string | null;
  submissionKind: Kind | null;
  mailPurpose: string | null;
  ivrNumber: number | null;
  orderNumber: number | null;
  patientNumber: number | null;
  practiceName: string | null;
  facilityName: string | null;
  providerName: string | null;
  recallNumber: number | null;
  subjectNumber: number | null;
};

function toRow(r: Named): AuditRow {
  const patient =
    r.patientId && r.subjectNumber !== null && r.patientNumber === null
      ? { reference: patientReference(Number(r.subjectNumber)), href: `/admin/patients/${r.patientId}` }
      : null;
  return {
    id: r.id,
    at: r.at.toISOString(),
    actorEmail: r.actorEmail,
    action: r.action,
    target: r.target,
    ip: r.ip,
    detail: r.detail,
    link: auditLink(r),
    patient,
  };
}

/**
 * One page of the log, newest first, by keyset on (at, id): a page costs the
 * same however deep it is. The actor filter is a substring match (the
 * console's "Actor email contains"); it reads the log newest first until a
 * page of matches is found, and its count stops at the cap.
 */
export async function listAudit(db: Db, filter: AuditFilter = {}): Promise<AuditPage> {
  const pageSize = filter.pageSize ?? AUDIT_PAGE_SIZE;
  const where: SQL[] = [];
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  const actor = filter.actor?.trim();
  if (actor) where.push(ilike(auditLog.actorEmail, containsPattern(actor)));
  return auditPage(db, where, filter, pageSize, NAMED, toRow);
}

async function auditPage<S extends typeof NAMED, R>(
  db: Db,
  where: SQL[],
  options: { cursor?: Cursor | null; countCap?: number },
  pageSize: number,
  columns: S,
  shape: (row: Named & Record<string, unknown>) => R,
): Promise<Page<R>> {
  const condition = where.length ? and(...where) : undefined;
  const [counted, page] = await Promise.all([
    cappedCount(db, db.select({ one: sql`1` }).from(auditLog).where(condition).$dynamic(), options.countCap ?? COUNT_CAP),
    keysetPage({
      parts: AUDIT_KEY,
      cursor: options.cursor ?? null,
      pageSize,
      fetch: (keyset, orderBy, limit) =>
        db
          .select({ ...columns, cursorKey: cursorKey(AUDIT_KEY) })
          .from(auditLog)
          .where(and(condition, keyset))
          .orderBy(...orderBy)
          .limit(limit) as Promise<(Named & Record<string, unknown> & { cursorKey: string })[]>,
    }),
  ]);
  return { ...counted, pageSize, previous: page.previous, next: page.next, rows: page.rows.map((r) => shape(r as Named & Record<string, unknown>)) };
}

function auditLink(found: Named): AuditLink | null {
  if (!found.target) return null;
  const id = found.target.toLowerCase();
  if (found.submissionKind) return { kind: "submission", href: `/admin/submissions/${id}`, label: `${KIND_LABELS[found.submissionKind]} submission`, showId: true };
  if (found.mailPurpose) return { kind: "mail", href: `/admin/outbox?view=${id}`, label: `Mail: ${mailPurposeLabel(found.mailPurpose)}`, showId: true };
  if (found.ivrNumber !== null) return { kind: "ivr", href: `/admin/ivrs/${id}`, label: ivrReference(Number(found.ivrNumber)) };
  if (found.orderNumber !== null) return { kind: "order", href: `/admin/orders/${id}`, label: orderReference(Number(found.orderNumber)) };
  if (found.patientNumber !== null) return { kind: "patient", href: `/admin/patients/${id}`, label: patientReference(Number(found.patientNumber)) };
  if (found.practiceName) return { kind: "practice", href: `/admin/practices/${id}`, label: `Practice: ${found.practiceName}` };
  if (found.facilityName) return { kind: "facility", href: "", label: `Facility: ${found.facilityName}` };
  if (found.providerName) return { kind: "provider", href: "", label: `Provider: ${found.providerName}` };
  if (found.recallNumber !== null) return { kind: "recall", href: `/admin/recalls/${id}`, label: recallReference(Number(found.recallNumber)) };
  if (found.userId) return { kind: "user", href: `/admin/users#user-${found.userId}`, label: found.target };
  return null;
}

export type PatientAccessRow = AuditRow & {
  /** The reader's role now ("member", "staff", "admin"), or null when the account is gone or it was no account. */
  actorRole: string | null;
  /** True for a read of the patient's data (opening them, an IVR, an order, a file, a member id revealed). */
  read: boolean;
};

/** Actions that read a patient's data rather than change it. */
export const PATIENT_READ_ACTIONS = ["patient.view", "patient.member-id", "ivr.view", "ivr.eligibility", "ivr.file", "order.view", "application.record-pdf", "recall.view"] as const;

/** Everything the log holds about one patient, newest first: who read or changed their data, and when. */
export async function listPatientAccess(
  db: Db,
  patientId: string,
  { cursor = null, pageSize = AUDIT_PAGE_SIZE, countCap = COUNT_CAP }: { cursor?: Cursor | null; pageSize?: number; countCap?: number } = {},
): Promise<Page<PatientAccessRow>> {
  const columns = {
    ...NAMED,
    actorRole: sql<string | null>`(select u.role::text from ${user} u where lower(u.email) = lower("audit_log"."actor_email") limit 1)`,
  };
  return auditPage(db, [eq(auditLog.patientId, patientId)], { cursor, countCap }, pageSize, columns, (r) => ({
    ...toRow(r),
    actorRole: (r.actorRole as string | null) ?? null,
    read: (PATIENT_READ_ACTIONS as readonly string[]).includes(r.action),
  }));
}

/**
 * The actions the log holds, for the filter: a loose index scan that jumps
 * from one action to the next through the index on `action`, so it reads
 * one index entry per action rather than the whole log.
 */
export async function auditActions(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive actions(action) as (
      (select ${auditLog.action} from ${auditLog} order by ${auditLog.action} limit 1)
      union all
      select (select a.action from ${auditLog} a where a.action > actions.action order by a.action limit 1)
      from actions where actions.action is not null
    )
    select action from actions where action is not null`);
  return (result as unknown as { rows: { action: string }[] }).rows.map((r) => r.action);
}
