import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";
import { isUuid } from "~/lib/ids";
import { KINDS, listsOf, type Kind, type ListKey } from "~/lib/submission-kinds";
import { INBOX_PAGE_SIZE, INBOX_SORTS, isKind, isStatus, MAX_SEARCH, type InboxSort, type Status } from "~/lib/submissions";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { cappedCount, COUNT_CAP, cursorKey, keysetPage, parseCursor, type Cursor, type KeyPart, type Page } from "~/.server/db/paging";
import { inTransaction } from "~/.server/db/transaction";
import { FREE_TEXT_VECTOR, outbox, partners, PHONE_DIGITS, SUBMISSION_PERSON, submissionFiles, submissionNotes, submissions, submissionStatus } from "~/.server/db/schema";
import { mailColumns, type MailRow } from "~/.server/mail";
import { serverKind, type FieldValue, type LoadedEntry } from "./kinds";

/**
 * What the staff console reads of submissions: the inbox (list, filters,
 * search, paging, counts), one submission with everything about it, its
 * files and the CSV export. Every kind is handled through its record
 * (./kinds), so nothing here names one. Status changes are the lifecycle's
 * (./lifecycle.ts).
 */

// ---------------------------------------------------------------------------
// Query strings. Hand-edited URLs never fail: an unknown value means "all".

/** `cursor`: the page (`?before=` / `?after=`, see ~/.server/db/paging); none is the first page. */
export type InboxFilters = { q: string; kind: Kind | "all"; status: Status | "all"; cursor: Cursor | null; sort?: InboxSort };

export function parseInboxFilters(params: URLSearchParams): InboxFilters {
  const q = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH);
  const kind = params.get("kind");
  const status = params.get("status");
  const sort = params.get("sort");
  const filters: InboxFilters = {
    q,
    kind: isKind(kind) ? kind : "all",
    status: isStatus(status) ? status : "all",
    // An old `?page=N` link, or a cursor that does not fit, is the first page.
    cursor: parseCursor(params),
  };
  if (sort && sort !== "newest" && (INBOX_SORTS as readonly string[]).includes(sort)) filters.sort = sort as InboxSort;
  return filters;
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

const records = KINDS.map(serverKind);
const columnsOf = (pick: (inbox: (typeof records)[number]["inbox"]) => AnyPgColumn | AnyPgColumn[] | undefined) =>
  records.flatMap((r) => pick(r.inbox) ?? []);
/** The first of `columns` that is set: each submission has a row in its own kind's table only. */
const firstOf = <T>(columns: AnyPgColumn[]) => sql<T>`coalesce(${sql.join(columns, sql`, `)})`;

const organization = firstOf<string | null>(columnsOf((inbox) => inbox.organization));
const summary = firstOf<string | null>(columnsOf((inbox) => inbox.summary));

/** The inbox's query joined to every kind's own table (for the columns a row shows). */
function withKindTables<Q extends PgSelect>(query: Q): Q {
  // A dynamic query's join answers the same query; drizzle cannot say so of a generic one.
  for (const { table } of records) query = query.leftJoin(table, eq(table.submissionId, submissions.id)) as unknown as Q;
  return query;
}

/**
 * The submissions a search finds, as one condition on their id: any part of
 * the name or email, of the organization, the digits of a phone number
 * ("602 555" finds "(602) 555-0101"), or words of the message, query or
 * notes by full-text search (English stems: "wounds" finds "wound"). Each
 * table answers its own part from its own index (trigrams serve "%text%",
 * full-text indexes the words; app/.server/db/schema.ts writes the same
 * expressions), so a search reads the matches, not every submission.
 */
function inboxSearch(q: string): SQL {
  const pattern = containsPattern(q);
  const digits = q.replace(/\D/g, "");
  const words = prefixQuery(q);
  const parts: SQL[] = [sql`select ${submissions.id} from ${submissions} where ${SUBMISSION_PERSON(submissions)} ilike ${pattern}`];
  for (const { table, inbox } of records) {
    const matches: SQL[] = [];
    if (inbox.organization) matches.push(sql`${inbox.organization} ilike ${pattern}`);
    if (inbox.phone && digits.length >= 3) matches.push(sql`${PHONE_DIGITS(inbox.phone)} like ${`%${digits}%`}`);
    if (words) for (const column of [inbox.text ?? []].flat()) matches.push(sql`${FREE_TEXT_VECTOR(column)} @@ to_tsquery('english', ${words})`);
    if (matches.length > 0) parts.push(sql`select ${table.submissionId} from ${table} where ${sql.join(matches, sql` or `)}`);
  }
  return sql`${submissions.id} in (${sql.join(parts, sql` union all `)})`;
}

function inboxWhere(filters: Pick<InboxFilters, "q" | "kind" | "status">): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.kind !== "all") conditions.push(eq(submissions.kind, filters.kind));
  if (filters.status !== "all") conditions.push(eq(submissions.status, filters.status));
  const q = filters.q.trim().replace(/\s+/g, " ");
  if (q) conditions.push(inboxSearch(q));
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

/** What the inbox's row and a submission's page both read of it, whatever its kind. */
const COMMON_COLUMNS = {
  id: submissions.id,
  kind: submissions.kind,
  status: submissions.status,
  firstName: submissions.firstName,
  lastName: submissions.lastName,
  email: submissions.email,
  createdAt: submissions.createdAt,
};

/** Each order of the inbox, by the columns it sorts on: the id last, so no two rows tie and a page boundary is exact. */
const INBOX_KEYS: Record<InboxSort, KeyPart[]> = {
  newest: [
    { column: submissions.createdAt, order: "desc", type: "timestamp" },
    { column: submissions.id, order: "desc", type: "uuid" },
  ],
  oldest: [
    { column: submissions.createdAt, order: "asc", type: "timestamp" },
    { column: submissions.id, order: "asc", type: "uuid" },
  ],
  status: [
    { column: submissions.status, order: "asc", type: { pgEnum: submissionStatus.enumName, values: submissionStatus.enumValues } },
    { column: submissions.createdAt, order: "desc", type: "timestamp" },
    { column: submissions.id, order: "desc", type: "uuid" },
  ],
};

/**
 * One page of submissions, newest first unless sorted otherwise, by keyset
 * on the sort's columns: a page costs the same however deep it is, and a
 * search reads on in order only until a page of matches is found. The
 * count stops at `countCap` ("10,000+").
 */
export async function listSubmissions(
  db: Db,
  filters: InboxFilters,
  pageSize: number = INBOX_PAGE_SIZE,
  countCap: number = COUNT_CAP,
): Promise<Page<InboxRow>> {
  const where = inboxWhere(filters);
  const key = INBOX_KEYS[filters.sort ?? "newest"];
  // The search reads the kinds' own tables by itself: a count needs none of them.
  const counting = db.select({ one: sql`1` }).from(submissions).$dynamic();
  const [counted, page] = await Promise.all([
    cappedCount(db, counting.where(where), countCap),
    keysetPage({
      parts: key,
      cursor: filters.cursor,
      pageSize,
      fetch: (keyset, orderBy, limit) =>
        withKindTables(
          db
            .select({
              ...COMMON_COLUMNS,
              organization,
              summary: sql<string | null>`left(${summary}, ${SUMMARY_CHARS + 1})`,
              files: sql<number>`(select count(*) from ${submissionFiles} where ${submissionFiles.submissionId} = ${submissions.id})`.mapWith(Number),
              cursorKey: cursorKey(key),
            })
            .from(submissions)
            .$dynamic(),
        )
          .where(and(where, keyset))
          .orderBy(...orderBy)
          .limit(limit),
    }),
  ]);
  return {
    ...counted,
    ...page,
    rows: page.rows.map((r) => ({ ...r, summary: r.summary ? (serverKind(r.kind).inbox.summaryText ?? oneLine)(r.summary) : null })),
    pageSize,
  };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > SUMMARY_CHARS ? `${flat.slice(0, SUMMARY_CHARS - 1).trimEnd()}…` : flat;
}

/** How many submissions of each kind are still new, each counted up to `cap` ("10,000+" past it). */
export async function countNewByKind(db: Db, cap: number = COUNT_CAP): Promise<Record<Kind, { total: number; capped: boolean }>> {
  const counted = await Promise.all(
    KINDS.map(async (kind) => {
      const query = db.select({ one: sql`1` }).from(submissions).where(and(eq(submissions.status, "new"), eq(submissions.kind, kind))).$dynamic();
      return [kind, await cappedCount(db, query, cap)] as const;
    }),
  );
  return Object.fromEntries(counted) as Record<Kind, { total: number; capped: boolean }>;
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
export type { FieldValue, MailRow };

/** A stored entry of a list (an application's work experience): its row, with its fields in words. */
export type ListEntry = LoadedEntry["row"] & { fields: FieldValue[] };

export type SubmissionDetail = {
  submission: Omit<typeof submissions.$inferSelect, "clientKey" | "partnerId">;
  /** Name and email, then the kind's own fields. */
  fields: FieldValue[];
  files: SubmissionFileInfo[];
  notes: NoteRow[];
  mails: MailRow[];
  /** The sales partner whose referral link the sender followed (a consultation request), when any. */
  referredBy: { name: string; code: string } | null;
} & Record<ListKey, ListEntry[]>; // the entries of each list of the kind's record, by its key; none for another kind's lists

/** Every list key of every kind, each with no entries. */
const noEntries = () =>
  Object.fromEntries(KINDS.flatMap((kind) => listsOf(kind).map(([key]) => [key, [] as ListEntry[]]))) as Record<ListKey, ListEntry[]>;

/** Everything about one submission, or null when the id names none (unaudited: `viewSubmission` is the console's read). */
export async function getSubmissionDetail(db: Db, id: string): Promise<SubmissionDetail | null> {
  if (!isUuid(id)) return null;
  const [found] = await db
    .select({ ...COMMON_COLUMNS, updatedAt: submissions.updatedAt, partnerName: partners.name, partnerCode: partners.code })
    .from(submissions)
    .leftJoin(partners, eq(partners.id, submissions.partnerId))
    .where(eq(submissions.id, id));
  if (!found) return null;
  const { partnerName, partnerCode, ...submission } = found;
  const referredBy = partnerName && partnerCode ? { name: partnerName, code: partnerCode } : null;
  const record = serverKind(submission.kind);
  const [own, lists, files, notes, mails] = await Promise.all([
    record.loadFields(db, id),
    Promise.all(record.lists.map(async (list) => [list, (await list.load(db, id)).get(id) ?? []] as const)),
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
    ...(own.get(id) ?? record.emptyFields()),
  ];
  const entries = noEntries();
  for (const [list, loaded] of lists) entries[list.key] = loaded.map(({ row, fields }) => ({ ...row, fields }));
  // Resume first, then the other documents.
  files.sort((a, b) => (a.role === b.role ? 0 : a.role === "resume" ? -1 : 1));
  return { submission, fields, files, notes, mails, referredBy, ...entries };
}

/**
 * A staff member opens one submission. Reads of personal data are audited,
 * not only downloads and exports: who opened which submission, when, from where.
 */
export async function viewSubmission(db: Db, id: string, reader: Actor): Promise<SubmissionDetail | null> {
  const detail = await getSubmissionDetail(db, id);
  if (!detail) return null;
  await audit(db, { actorEmail: reader.email, action: "submission.view", target: detail.submission.id, ip: reader.ip });
  return detail;
}

/** Adds a staff note, audited in the same transaction (its length, never its text); false when the submission does not exist. */
export async function addSubmissionNote(db: Db, id: string, author: Actor, body: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return inTransaction(db, async (tx) => {
    const updated = await tx
      .update(submissions)
      .set({ updatedAt: new Date() })
      .where(eq(submissions.id, id))
      .returning({ id: submissions.id });
    if (updated.length === 0) return false;
    await tx.insert(submissionNotes).values({ submissionId: id, authorEmail: author.email, body });
    // The note's text stays out of the audit log; its length says enough.
    await audit(tx, { actorEmail: author.email, action: "submission.note", target: id, ip: author.ip, detail: `${body.length} characters` });
    return true;
  });
}

/** A stored file with its bytes, or null (unaudited: `downloadFile` is the console's read). */
export async function getSubmissionFile(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(submissionFiles).where(eq(submissionFiles.id, id));
  return row ?? null;
}

/** A staff member downloads a stored file: audited as `file.download` against its submission. */
export async function downloadFile(db: Db, id: string, reader: Actor) {
  const file = await getSubmissionFile(db, id);
  if (!file) return null;
  await audit(db, {
    actorEmail: reader.email,
    action: "file.download",
    target: file.submissionId,
    ip: reader.ip,
    detail: `${file.fileName} (file ${file.id})`,
  });
  return file;
}
