import { and, count, eq, sql } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { isMailState, OUTBOX_PAGE_SIZE, type MailState } from "~/lib/mail";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { cappedCount, COUNT_CAP, cursorKey, keysetPage, parseCursor, type Cursor, type KeyPart, type Page } from "~/.server/db/paging";
import { outbox } from "~/.server/db/schema";
import { shownText } from "./outbox";

/**
 * What the staff console reads of the outbox: the list, the failed count
 * every console page shows, and one mail's body. The encrypted link
 * (`secret`) is never selected here.
 */

/** `cursor`: the page (`?before=` / `?after=`); none is the newest mails. */
export type OutboxFilters = { state: MailState | "all"; cursor: Cursor | null };

/** Query strings: an unknown state means "all"; an old `?page=N` or a broken cursor is the newest page. */
export function parseOutboxFilters(params: URLSearchParams): OutboxFilters {
  const state = params.get("state");
  return { state: isMailState(state) ? state : "all", cursor: parseCursor(params) };
}

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

/** The columns of a MailRow: what a list of mails shows (a submission's page lists its mails with these too). */
export const mailColumns = {
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

/** The outbox's order, newest first. */
const OUTBOX_KEY: KeyPart[] = [
  { column: outbox.createdAt, order: "desc", type: "timestamp" },
  { column: outbox.id, order: "desc", type: "uuid" },
];

/** One page of mail, newest first, by keyset on (created_at, id); the count stops at `countCap` ("10,000+"). */
export async function listOutbox(
  db: Db,
  filters: OutboxFilters,
  pageSize: number = OUTBOX_PAGE_SIZE,
  countCap: number = COUNT_CAP,
): Promise<Page<MailRow & { submissionId: string | null }>> {
  const where = filters.state === "all" ? undefined : eq(outbox.status, filters.state);
  const [counted, page] = await Promise.all([
    cappedCount(db, db.select({ one: sql`1` }).from(outbox).where(where).$dynamic(), countCap),
    keysetPage({
      parts: OUTBOX_KEY,
      cursor: filters.cursor,
      pageSize,
      fetch: (keyset, orderBy, limit) =>
        db
          .select({ ...mailColumns, submissionId: outbox.submissionId, cursorKey: cursorKey(OUTBOX_KEY) })
          .from(outbox)
          .where(and(where, keyset))
          .orderBy(...orderBy)
          .limit(limit),
    }),
  ]);
  return { ...counted, ...page, pageSize };
}

/**
 * Failed mail nobody has retried or dismissed yet: every console page shows
 * this count until it is zero.
 */
export async function countFailedMail(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "failed"));
  return row?.n ?? 0;
}

/** One mail's purpose and state, or null. */
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

/** One mail as staff may read it, unaudited: `viewMail` is the console's read. */
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

/**
 * A staff member reads one mail: its body with a link mail's placeholder
 * shown as "[link removed]". A body can hold a whole form, so the read is
 * audited (`mail.view`) like any other read of personal data.
 */
export async function viewMail(db: Db, id: string, reader: Actor): Promise<MailBody | null> {
  const mail = await getMailBody(db, id);
  if (!mail) return null;
  await audit(db, { actorEmail: reader.email, action: "mail.view", target: mail.id, ip: reader.ip, detail: mail.purpose });
  return { ...mail, text: mail.text === null ? null : shownText(mail.text) };
}
