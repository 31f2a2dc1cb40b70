import { inDemoRequest } from "~/.server/accounts/session-cookies";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { documentRequestLabel, type DocumentRequestKind } from "~/content/document-requests";
import { ivrReference } from "~/lib/ivr";
export { threadOfPath } from "~/lib/conversations";
import { orderReference } from "~/lib/orders";
import { audit, type Actor } from "~/.server/audit";
import { open, openFile, seal, sealFile } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { ivrs, messageFiles, messageReads, messages, orders, outbox, practices, user } from "~/.server/db/schema";
import { afterCommit, inTransaction } from "~/.server/db/transaction";
import { siteConfig, siteOrigin } from "~/.server/env";
import { publishStatus } from "~/.server/events";
import { mailFollowers, mailQueued } from "~/.server/mail";
import { queueFollowerTexts } from "~/.server/notifications/outbox";

/**
 * A conversation on every IVR and order: messages between the practice and
 * staff, oldest first. A message's body is sealed (it may speak of the
 * patient); a message may ask for a document (content/document-requests.ts),
 * answered by one upload kept sealed in message_files. Each message, and each
 * answering upload, is one transaction: the row, a live event for the pages
 * that show the thread (ids only), and a mail to the other side's followers
 * saying only "IVR-000123: new message" and where to look (and, to followers
 * who chose "New message" by text, a text with the reference only). A demo
 * practice is never mailed nor texted. Read marks (per user and thread) make the menus' unread counts.
 */

export type ThreadKind = "ivr" | "order";
export type Side = "member" | "staff";
export type ThreadRef = { kind: ThreadKind; id: string };

const SEALED = { body: "messages.body", fileName: "message_files.name", fileContent: "message_files.content" } as const;

/** The thread's record: its practice and reference, only within `practiceId` when given (a member's). */
export async function threadRecord(db: Db, ref: ThreadRef, practiceId: string | null) {
  if (ref.kind === "ivr") {
    const where = practiceId ? and(eq(ivrs.id, ref.id), eq(ivrs.practiceId, practiceId)) : eq(ivrs.id, ref.id);
    const [row] = await db
      .select({ practiceId: ivrs.practiceId, number: ivrs.number, askedBy: ivrs.informationRequestedBy, patientId: ivrs.patientId, demo: practices.demo })
      .from(ivrs)
      .innerJoin(practices, eq(practices.id, ivrs.practiceId))
      .where(where);
    return row ? { ...row, reference: ivrReference(row.number) } : null;
  }
  const where = practiceId ? and(eq(orders.id, ref.id), eq(orders.practiceId, practiceId)) : eq(orders.id, ref.id);
  const [row] = await db
    .select({ practiceId: orders.practiceId, number: orders.number, patientId: orders.patientId, demo: practices.demo })
    .from(orders)
    .innerJoin(practices, eq(practices.id, orders.practiceId))
    .where(where);
  return row ? { ...row, askedBy: null as string | null, reference: orderReference(row.number) } : null;
}

const threadColumn = (kind: ThreadKind) => (kind === "ivr" ? messages.ivrId : messages.orderId);

export type ThreadMessage = {
  id: string;
  side: Side;
  author: string;
  body: string;
  createdAt: Date;
  request: { kind: string; label: string; answeredAt: Date | null; file: { id: string; name: string; mimeType: string; size: number } | null } | null;
};

/** The thread's messages, oldest first, opened; the author by name (staff as "<name>, staff"). */
export async function readThread(db: Db, ref: ThreadRef): Promise<ThreadMessage[]> {
  const rows = await db
    .select({
      id: messages.id,
      side: messages.authorSide,
      name: user.name,
      bodySealed: messages.bodySealed,
      requestKind: messages.requestKind,
      answeredAt: messages.answeredAt,
      createdAt: messages.createdAt,
      fileId: messageFiles.id,
      fileName: messageFiles.nameSealed,
      mimeType: messageFiles.mimeType,
      size: messageFiles.size,
    })
    .from(messages)
    .leftJoin(user, eq(user.id, messages.authorId))
    .leftJoin(messageFiles, eq(messageFiles.messageId, messages.id))
    .where(eq(threadColumn(ref.kind), ref.id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((r) => ({
    id: r.id,
    side: r.side,
    author: r.name ?? (r.side === "staff" ? "Verification team" : "The practice"),
    body: open(r.bodySealed, SEALED.body),
    createdAt: r.createdAt,
    request: r.requestKind
      ? {
          kind: r.requestKind,
          label: documentRequestLabel(r.requestKind) ?? r.requestKind,
          answeredAt: r.answeredAt,
          file: r.fileId ? { id: r.fileId, name: open(r.fileName!, SEALED.fileName), mimeType: r.mimeType!, size: r.size! } : null,
        }
      : null,
  }));
}

type Author = { id: string; email: string };

/**
 * Writes a message in the caller's transaction (or its own): the row, the live
 * event, the other side's mail. Answers null when the thread is not found
 * (or not the member's practice's).
 */
export async function postMessage(
  db: Db,
  {
    ref,
    practiceId,
    side,
    author,
    body,
    requestKind = null,
  }: { ref: ThreadRef; practiceId: string | null; side: Side; author: Author; body: string; requestKind?: DocumentRequestKind | null },
) {
  return inTransaction(db, async (tx) => {
    const record = await threadRecord(tx, ref, practiceId);
    if (!record) return null;
    const id = await recordMessage(tx, { ref, practiceId: record.practiceId, side, authorId: author.id, body, requestKind });
    await tell(tx, { ref, record, side, except: author.email });
    return { id, reference: record.reference };
  });
}

/**
 * Writes the message's row only, in the caller's transaction: for a change that
 * already tells of itself (the IVR's move to "needs information" and back
 * mails its followers and publishes its event). The author has read the thread
 * up to it.
 */
export async function recordMessage(
  tx: Db,
  {
    ref,
    practiceId,
    side,
    authorId,
    body,
    requestKind = null,
  }: { ref: ThreadRef; practiceId: string; side: Side; authorId: string | null; body: string; requestKind?: DocumentRequestKind | null },
): Promise<string> {
  const [row] = await tx
    .insert(messages)
    .values({
      practiceId,
      ivrId: ref.kind === "ivr" ? ref.id : null,
      orderId: ref.kind === "order" ? ref.id : null,
      authorId,
      authorSide: side,
      bodySealed: seal(body, SEALED.body),
      requestKind,
    })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  if (authorId) await markRead(tx, authorId, ref.id, row!.createdAt);
  return row!.id;
}

/** The live event and the mail to the other side, in the caller's transaction. */
async function tell(
  tx: Db,
  { ref, record, side, except }: { ref: ThreadRef; record: NonNullable<Awaited<ReturnType<typeof threadRecord>>>; side: Side; except: string },
) {
  await publishStatus(tx, { practiceId: record.practiceId, kind: ref.kind, id: ref.id, status: "message" });
  if (record.demo) return;
  const mail = newMessageMail(record.reference, ref, side === "staff" ? "member" : "staff");
  if (side === "staff") {
    await mailFollowers(tx, { kind: ref.kind, id: ref.id, except, mail, purpose: `${ref.kind}.message`, event: "newMessage" });
    await queueFollowerTexts(tx, { kind: ref.kind, id: ref.id, practiceId: record.practiceId, except, text: { event: "newMessage", reference: record.reference } });
  } else {
    // A member's message goes to the staff member who asked, else to the company's inbox.
    const [asker] = record.askedBy ? await tx.select({ email: user.email }).from(user).where(and(eq(user.id, record.askedBy), eq(user.disabled, false))) : [];
    await tx.insert(outbox).values({ purpose: `${ref.kind}.message`, to: asker?.email ?? siteConfig().email, subject: mail.subject, text: mail.text });
  }
  afterCommit(tx, mailQueued);
}

/** "IVR-000123: new message" and the page's address: never the message's text. */
export function newMessageMail(reference: string, ref: ThreadRef, to: Side) {
  const path = `${to === "member" ? "/members" : "/admin"}/${ref.kind === "ivr" ? "ivrs" : "orders"}/${ref.id}`;
  return { subject: `${reference}: new message`, text: `There is a new message on ${reference}: sign in to read it.\n\n${siteOrigin()}${path}\n` };
}

export type MessageUpload = { name: string; mimeType: string; bytes: Uint8Array };

/**
 * The practice answers a document request with a checked upload: the file
 * (sealed), the request marked answered, the event and staff's mail. Answers
 * null when no open request of this thread (and practice) has this id.
 */
export async function answerRequest(
  db: Db,
  { ref, practiceId, messageId, author, file }: { ref: ThreadRef; practiceId: string; messageId: string; author: Author; file: MessageUpload },
) {
  return inTransaction(db, async (tx) => {
    const record = await threadRecord(tx, ref, practiceId);
    if (!record) return null;
    const [request] = await tx
      .update(messages)
      .set({ answeredAt: new Date() })
      .where(and(eq(messages.id, messageId), eq(threadColumn(ref.kind), ref.id), sql`${messages.requestKind} is not null`, isNull(messages.answeredAt)))
      .returning({ id: messages.id, kind: messages.requestKind });
    if (!request) return null;
    await tx.insert(messageFiles).values({
      messageId,
      nameSealed: seal(file.name, SEALED.fileName),
      mimeType: file.mimeType,
      size: file.bytes.byteLength,
      contentSealed: sealFile(file.bytes, SEALED.fileContent),
      uploadedBy: author.id,
    });
    await markRead(tx, author.id, ref.id);
    await tell(tx, { ref, record, side: "member", except: author.email });
    return { reference: record.reference, label: documentRequestLabel(request.kind) ?? "" };
  });
}

/**
 * A file answering a request, of this thread (and of the member's practice, when given): opened. A staff read is
 * audited as the IVR's attachments are; a member's is the practice's own upload.
 */
export async function readMessageFile(db: Db, { ref, fileId, practiceId, actor }: { ref: ThreadRef; fileId: string; practiceId: string | null; actor: Actor | null }) {
  const where = [eq(messageFiles.id, fileId), eq(threadColumn(ref.kind), ref.id)];
  if (practiceId) where.push(eq(messages.practiceId, practiceId));
  const [row] = await db
    .select({ nameSealed: messageFiles.nameSealed, mimeType: messageFiles.mimeType, contentSealed: messageFiles.contentSealed, requestKind: messages.requestKind })
    .from(messageFiles)
    .innerJoin(messages, eq(messages.id, messageFiles.messageId))
    .where(and(...where));
  if (!row) return null;
  if (actor) {
    const record = await threadRecord(db, ref, null);
    await audit(db, { actorEmail: actor.email, action: `${ref.kind}.file`, target: ref.id, ip: actor.ip, detail: `message file ${fileId}`, patientId: record?.patientId ?? null });
  }
  return { name: open(row.nameSealed, SEALED.fileName), mimeType: row.mimeType, bytes: openFile(row.contentSealed, SEALED.fileContent), requestKind: row.requestKind };
}

/** The user has read the thread up to `at` (now by default); a mark never moves back. The live demo marks nothing. */
export async function markRead(db: Db, userId: string, threadId: string, at: Date = new Date()) {
  if (inDemoRequest()) return;
  await db
    .insert(messageReads)
    .values({ userId, threadId, readAt: at })
    .onConflictDoUpdate({ target: [messageReads.userId, messageReads.threadId], set: { readAt: sql`greatest(${messageReads.readAt}, excluded.read_at)` } });
}

/**
 * What the user has not read: messages from the other side newer than their read mark, and for staff also their
 * side's requests the practice answered with a file since. Of the practice (a member's) or every practice (staff's).
 */
function unreadWhere(userId: string, side: Side, practiceId: string | null) {
  const news =
    side === "member"
      ? sql`${messages.authorSide} = 'staff' and ${messages.createdAt} > coalesce(${messageReads.readAt}, '-infinity'::timestamptz)`
      : sql`(${messages.authorSide} = 'member' and ${messages.createdAt} > coalesce(${messageReads.readAt}, '-infinity'::timestamptz))
          or (${messages.answeredAt} is not null and ${messages.answeredAt} > coalesce(${messageReads.readAt}, '-infinity'::timestamptz))`;
  const where = practiceId ? and(eq(messages.practiceId, practiceId), sql`(${news})`)! : sql`(${news})`;
  return { where, join: and(eq(messageReads.userId, userId), sql`${messageReads.threadId} = coalesce(${messages.ivrId}, ${messages.orderId})`)! };
}

/** How many IVRs' and orders' threads hold a message from the other side the user has not read: the menus' counts. */
export async function unreadThreadCounts(
  db: Db,
  {
    userId,
    side,
    practiceId,
    opening = null,
  }: { userId: string; side: Side; practiceId: string | null; /** the thread whose page is being opened (and marked read by it, in parallel): not counted */ opening?: string | null },
): Promise<{ ivr: number; order: number }> {
  const unread = unreadWhere(userId, side, practiceId);
  const join = unread.join;
  const where = opening ? and(unread.where, sql`coalesce(${messages.ivrId}, ${messages.orderId}) <> ${opening}`)! : unread.where;
  const [row] = await db
    .select({
      ivr: sql<number>`count(distinct ${messages.ivrId})::int`,
      order: sql<number>`count(distinct ${messages.orderId})::int`,
    })
    .from(messages)
    .leftJoin(messageReads, join)
    .where(where);
  return { ivr: row?.ivr ?? 0, order: row?.order ?? 0 };
}


/** Of these threads (IVRs' or orders' ids), those with a message the user has not read: the queues' markers. */
export async function unreadThreads(db: Db, { userId, side, practiceId, ids }: { userId: string; side: Side; practiceId: string | null; ids: readonly string[] }): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { where, join } = unreadWhere(userId, side, practiceId);
  const rows = await db
    .selectDistinct({ id: sql<string>`coalesce(${messages.ivrId}, ${messages.orderId})` })
    .from(messages)
    .leftJoin(messageReads, join)
    .where(and(where, or(inArray(messages.ivrId, [...ids]), inArray(messages.orderId, [...ids]))));
  return new Set(rows.map((r) => r.id));
}
