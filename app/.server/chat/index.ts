import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { CHAT_ANSWER_TARGET_MINUTES, chatSchedule } from "~/content/chat";
import { chatAvailability, chatReference, parseChatHours, type ChatAvailability, type ChatHours, type ChatSide, type ChatState } from "~/lib/chat";
import { audit, type Actor } from "~/.server/audit";
import { open, seal } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { chatMessages, chats, practices, user } from "~/.server/db/schema";
import { afterCommit, inTransaction } from "~/.server/db/transaction";
import { chatSettings, siteConfig, siteOrigin } from "~/.server/env";
import { publishStatus } from "~/.server/events";
import { mailQueued, queueLinkMail } from "~/.server/mail";
import { Refused } from "~/.server/refused";
import { submitContact } from "~/.server/submissions";

/**
 * Live chat. A visitor (from /support/chat) or a signed-in member (the
 * portal's chat panel) writes; during business hours the chat waits in the
 * console's queue until a staff member takes it or answers it, and is closed
 * by either side. Outside the hours nothing waits: the caller turns the message
 * into an inbox submission. Every message is one transaction: the row (its
 * body sealed: a visitor may write of a patient) and a live event on the
 * status channel (kind "chat", ids only), which every process LISTENs to, so
 * the other side's page reloads within a second whichever process serves it.
 * A visitor reaches their chat only with the token in their cookie (its hash
 * is stored).
 */

const SEALED_BODY = "chat_messages.body";
/** The event's scope: the chat's own stream (the visitor's or member's page); the console hears every chat event. */
export const chatScope = (chatId: string) => `chat:${chatId}`;

/** Business hours as configured: CHAT_HOURS, CHAT_TIME_ZONE and CHAT_HOLIDAYS over content/chat.ts. */
export function chatHoursConfig(): { hours: ChatHours; timeZone: string; holidays: readonly string[] } {
  const set = chatSettings();
  return {
    hours: parseChatHours(set.hours ?? chatSchedule.hours) ?? "none",
    timeZone: set.timeZone ?? chatSchedule.timeZone,
    holidays: [...chatSchedule.holidays, ...set.holidays],
  };
}

export function chatOpenNow(now: Date = new Date()): ChatAvailability {
  return chatAvailability(now, chatHoursConfig());
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

async function tell(tx: Db, chatId: string, status: string) {
  await publishStatus(tx, { practiceId: chatScope(chatId), kind: "chat", id: chatId, status });
}

async function insertMessage(tx: Db, chatId: string, side: ChatSide, authorId: string | null, body: string) {
  await tx.insert(chatMessages).values({ chatId, side, authorId, bodySealed: seal(body, SEALED_BODY) });
}

/** A visitor's new chat: answers its id, reference and the token for their cookie. */
export async function startVisitorChat(db: Db, input: { firstName: string; lastName: string; email: string; message: string }) {
  const token = randomBytes(32).toString("base64url");
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(chats)
      .values({ visitorName: `${input.firstName} ${input.lastName}`, visitorEmail: input.email, tokenHash: hashToken(token) })
      .returning({ id: chats.id, number: chats.number });
    await insertMessage(tx, row!.id, "visitor", null, input.message);
    await tell(tx, row!.id, "waiting");
    return { id: row!.id, reference: chatReference(row!.number), token };
  });
}

/** The visitor's chat, when the token is the one it was started with; else null. */
export async function visitorChatId(db: Db, chatId: string, token: string): Promise<string | null> {
  const [row] = await db.select({ tokenHash: chats.tokenHash }).from(chats).where(eq(chats.id, chatId));
  if (!row?.tokenHash) return null;
  const a = Buffer.from(row.tokenHash, "hex");
  const b = Buffer.from(hashToken(token), "hex");
  return a.length === b.length && timingSafeEqual(a, b) ? chatId : null;
}

/** A member's first message: a new chat, or one more message in the chat they already have open. */
export async function startMemberChat(db: Db, { userId, practiceId, message }: { userId: string; practiceId: string | null; message: string }) {
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.userId, userId), ne(chats.status, "closed")))
      .orderBy(desc(chats.createdAt))
      .limit(1)
      .for("update");
    if (current) {
      await insertMessage(tx, current.id, "member", userId, message);
      await tx.update(chats).set({ lastMessageAt: sql`now()` }).where(eq(chats.id, current.id));
      await tell(tx, current.id, "message");
      return { id: current.id };
    }
    const [row] = await tx.insert(chats).values({ userId, practiceId }).returning({ id: chats.id });
    await insertMessage(tx, row!.id, "member", userId, message);
    await tell(tx, row!.id, "waiting");
    return { id: row!.id };
  });
}

/** The member's chat the panel shows: an open one, or the last one if it ended within the hour. */
export async function memberChatId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.userId, userId), or(ne(chats.status, "closed"), gte(chats.closedAt, sql`now() - interval '1 hour'`))))
    .orderBy(desc(chats.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * One more message from the visitor or the member (their chat, not closed),
 * or from staff: staff's first answer records the wait and, if nobody had
 * taken the chat, takes it for them.
 */
export async function postChatMessage(db: Db, { chatId, side, authorId, message }: { chatId: string; side: ChatSide; authorId: string | null; message: string }) {
  return inTransaction(db, async (tx) => {
    const [chat] = await tx.select({ status: chats.status, firstAnsweredAt: chats.firstAnsweredAt, takenBy: chats.takenBy }).from(chats).where(eq(chats.id, chatId)).for("update");
    if (!chat) throw new Refused("This chat does not exist.", null, 404);
    if (chat.status === "closed") throw new Refused("This chat has ended: start a new one to write again.", null, 409);
    await insertMessage(tx, chatId, side, authorId, message);
    const staffFirst = side === "staff" && !chat.firstAnsweredAt;
    await tx
      .update(chats)
      .set({
        lastMessageAt: sql`now()`,
        ...(staffFirst ? { firstAnsweredAt: sql`now()` } : {}),
        ...(side === "staff" && chat.status === "waiting" ? { status: "open" as const, takenBy: chat.takenBy ?? authorId, takenAt: sql`now()` } : {}),
      })
      .where(eq(chats.id, chatId));
    await tell(tx, chatId, "message");
  });
}

/** A staff member takes a waiting chat (or takes over an open one). */
export async function takeChat(db: Db, chatId: string, staff: { id: string } & Actor) {
  return inTransaction(db, async (tx) => {
    const [chat] = await tx.update(chats).set({ status: "open", takenBy: staff.id, takenAt: sql`now()` }).where(and(eq(chats.id, chatId), ne(chats.status, "closed"))).returning({ id: chats.id });
    if (!chat) throw new Refused("This chat has ended.", null, 409);
    await audit(tx, { actorEmail: staff.email, action: "chat.take", target: chatId, ip: staff.ip });
    await tell(tx, chatId, "open");
  });
}

/** Ends the chat (either side); ending it twice is not an error. */
export async function closeChat(db: Db, chatId: string, by: { side: ChatSide; actor?: Actor }) {
  return inTransaction(db, async (tx) => {
    const [chat] = await tx.update(chats).set({ status: "closed", closedAt: sql`now()` }).where(and(eq(chats.id, chatId), ne(chats.status, "closed"))).returning({ id: chats.id });
    if (!chat) return;
    if (by.actor) await audit(tx, { actorEmail: by.actor.email, action: "chat.close", target: chatId, ip: by.actor.ip });
    await tell(tx, chatId, "closed");
  });
}

export type ChatMessageView = { id: string; side: ChatSide; author: string; body: string; createdAt: Date };

export type ChatView = {
  id: string;
  reference: string;
  status: ChatState;
  who: { kind: "visitor"; name: string; email: string } | { kind: "member"; name: string; email: string; practice: string | null };
  takenBy: string | null;
  takenById: string | null;
  createdAt: Date;
  firstAnsweredAt: Date | null;
  closedAt: Date | null;
  transcriptMailedAt: Date | null;
  messages: ChatMessageView[];
};

const member = alias(user, "chat_member");
const staffer = alias(user, "chat_staff");
const author = alias(user, "chat_author");

/** The chat and its messages, oldest first, opened; staff named "<name>, support" to the visitor. */
export async function readChat(db: Db, chatId: string): Promise<ChatView | null> {
  const [chat] = await db
    .select({
      id: chats.id,
      number: chats.number,
      status: chats.status,
      visitorName: chats.visitorName,
      visitorEmail: chats.visitorEmail,
      memberName: member.name,
      memberEmail: member.email,
      practice: practices.name,
      takenBy: staffer.name,
      takenById: chats.takenBy,
      createdAt: chats.createdAt,
      firstAnsweredAt: chats.firstAnsweredAt,
      closedAt: chats.closedAt,
      transcriptMailedAt: chats.transcriptMailedAt,
    })
    .from(chats)
    .leftJoin(member, eq(member.id, chats.userId))
    .leftJoin(practices, eq(practices.id, chats.practiceId))
    .leftJoin(staffer, eq(staffer.id, chats.takenBy))
    .where(eq(chats.id, chatId));
  if (!chat) return null;
  const rows = await db
    .select({ id: chatMessages.id, side: chatMessages.side, name: author.name, bodySealed: chatMessages.bodySealed, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .leftJoin(author, eq(author.id, chatMessages.authorId))
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  const who: ChatView["who"] =
    chat.visitorEmail !== null
      ? { kind: "visitor", name: chat.visitorName ?? "", email: chat.visitorEmail }
      : { kind: "member", name: chat.memberName ?? "A former member", email: chat.memberEmail ?? "", practice: chat.practice };
  return {
    id: chat.id,
    reference: chatReference(chat.number),
    status: chat.status,
    who,
    takenBy: chat.takenBy,
    takenById: chat.takenById,
    createdAt: chat.createdAt,
    firstAnsweredAt: chat.firstAnsweredAt,
    closedAt: chat.closedAt,
    transcriptMailedAt: chat.transcriptMailedAt,
    messages: rows.map((m) => ({
      id: m.id,
      side: m.side,
      author: m.side === "staff" ? `${m.name ?? "Support"}, support` : m.side === "visitor" ? who.name : (m.name ?? who.name),
      body: open(m.bodySealed, SEALED_BODY),
      createdAt: m.createdAt,
    })),
  };
}

/** Staff's read of a chat (it may speak of a patient): audited, as every staff read is. */
export async function readChatAsStaff(db: Db, chatId: string, actor: Actor) {
  const chat = await readChat(db, chatId);
  if (chat) await audit(db, { actorEmail: actor.email, action: "chat.read", target: chatId, ip: actor.ip });
  return chat;
}

/**
 * Mails the visitor their chat: the transcript travels as the mail's sealed
 * part (kept encrypted in the outbox, gone once sent), as a link mail's link
 * does. Not more than once a minute.
 */
export async function mailTranscript(db: Db, chatId: string) {
  const chat = await readChat(db, chatId);
  if (!chat || chat.who.kind !== "visitor") throw new Refused("This chat does not exist.", null, 404);
  return inTransaction(db, async (tx) => {
    const [marked] = await tx
      .update(chats)
      .set({ transcriptMailedAt: sql`now()` })
      .where(and(eq(chats.id, chatId), or(isNull(chats.transcriptMailedAt), sql`${chats.transcriptMailedAt} < now() - interval '1 minute'`)))
      .returning({ id: chats.id });
    if (!marked) throw new Refused("The transcript was just mailed: it should arrive in a moment.", null, 409);
    const lines = chat.messages.map((m) => `[${m.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC] ${m.author}:\n${m.body}`).join("\n\n");
    const site = siteConfig();
    await queueLinkMail(tx, {
      purpose: "chat.transcript",
      to: chat.who.email,
      subject: `Your chat with ${site.companyName} (${chat.reference})`,
      text: `Here is the transcript of your chat ${chat.reference}, as you asked.\n\n{link}\n\nTo write to us again: ${siteOrigin()}/support/chat\n`,
      link: lines,
      linkExpiresAt: new Date(Date.now() + 24 * 3600_000),
    });
    afterCommit(tx, mailQueued);
  });
}

/** The side of the chat's latest message: a chat whose latest word is not staff's waits for an answer. */
const lastSide = sql<ChatSide | null>`(select ${chatMessages.side} from ${chatMessages} where ${chatMessages.chatId} = ${chats.id} order by ${chatMessages.createdAt} desc, ${chatMessages.id} desc limit 1)`;

export type QueueRow = {
  id: string;
  /** the chat waits for staff's word: new, or its latest message is the other side's */
  awaitingReply: boolean;
  reference: string;
  status: ChatState;
  who: string;
  detail: string;
  takenBy: string | null;
  createdAt: Date;
  firstAnsweredAt: Date | null;
  closedAt: Date | null;
  lastMessageAt: Date;
};

/** The console's queue: waiting chats oldest first, then open ones, then those closed in the past week (newest first, at most 50). */
export async function chatQueue(db: Db): Promise<{ waiting: QueueRow[]; open: QueueRow[]; closed: QueueRow[] }> {
  const select = {
    id: chats.id,
    number: chats.number,
    status: chats.status,
    visitorName: chats.visitorName,
    visitorEmail: chats.visitorEmail,
    memberName: member.name,
    memberEmail: member.email,
    practice: practices.name,
    takenBy: staffer.name,
    createdAt: chats.createdAt,
    firstAnsweredAt: chats.firstAnsweredAt,
    closedAt: chats.closedAt,
    lastMessageAt: chats.lastMessageAt,
    lastSide,
  };
  const base = () =>
    db
      .select(select)
      .from(chats)
      .leftJoin(member, eq(member.id, chats.userId))
      .leftJoin(practices, eq(practices.id, chats.practiceId))
      .leftJoin(staffer, eq(staffer.id, chats.takenBy));
  const [live, closed] = await Promise.all([
    base().where(inArray(chats.status, ["waiting", "open"])).orderBy(asc(chats.createdAt)),
    base()
      .where(and(eq(chats.status, "closed"), gte(chats.createdAt, sql`now() - interval '7 days'`)))
      .orderBy(desc(chats.createdAt))
      .limit(50),
  ]);
  const row = (r: (typeof live)[number]): QueueRow => ({
    id: r.id,
    awaitingReply: r.status !== "closed" && r.lastSide !== "staff",
    reference: chatReference(r.number),
    status: r.status,
    who: r.visitorEmail !== null ? (r.visitorName ?? "") : (r.memberName ?? "A former member"),
    detail: r.visitorEmail !== null ? `Visitor · ${r.visitorEmail}` : `${r.practice ?? "No practice"} · ${r.memberEmail ?? ""}`,
    takenBy: r.takenBy,
    createdAt: r.createdAt,
    firstAnsweredAt: r.firstAnsweredAt,
    closedAt: r.closedAt,
    lastMessageAt: r.lastMessageAt,
  });
  return { waiting: live.filter((r) => r.status === "waiting").map(row), open: live.filter((r) => r.status === "open").map(row), closed: closed.map(row) };
}

/** Chats waiting for staff's word: new ones, and open ones whose latest message is the other side's (the console menu's count). */
export async function countWaitingChats(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chats)
    .where(or(eq(chats.status, "waiting"), and(eq(chats.status, "open"), sql`${lastSide} is distinct from 'staff'`)));
  return row?.n ?? 0;
}

export type WaitFigures = {
  /** chats started in the past 7 days */
  chats: number;
  answered: number;
  /** seconds to the first answer */
  median: number | null;
  longest: number | null;
  /** the share answered within the target, of those answered (0..1) */
  withinTarget: number | null;
  targetMinutes: number;
};

/** How long chats of the past week waited for staff's first answer: the support page's "under 5 minutes", measured. */
export async function waitFigures(db: Db): Promise<WaitFigures> {
  const wait = sql`extract(epoch from (${chats.firstAnsweredAt} - ${chats.createdAt}))`;
  const [row] = await db
    .select({
      chats: sql<number>`count(*)::int`,
      answered: sql<number>`count(${chats.firstAnsweredAt})::int`,
      median: sql<number | null>`(percentile_cont(0.5) within group (order by ${wait}))::float8`,
      longest: sql<number | null>`max(${wait})::float8`,
      within: sql<number>`count(*) filter (where ${wait} <= ${CHAT_ANSWER_TARGET_MINUTES * 60})::int`,
    })
    .from(chats)
    .where(gte(chats.createdAt, sql`now() - interval '7 days'`));
  const answered = row?.answered ?? 0;
  return {
    chats: row?.chats ?? 0,
    answered,
    median: answered ? Number(row!.median) : null,
    longest: answered ? Number(row!.longest) : null,
    withinTarget: answered ? (row!.within ?? 0) / answered : null,
    targetMinutes: CHAT_ANSWER_TARGET_MINUTES,
  };
}

/** Whether the chat is the member's own. */
export async function isMembersChat(db: Db, chatId: string, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: chats.id }).from(chats).where(and(eq(chats.id, chatId), eq(chats.userId, userId), isNotNull(chats.userId)));
  return Boolean(row);
}

/**
 * Outside the hours nothing waits in the queue: a member's message becomes a
 * contact message in the company inbox, with its usual mails, like a
 * visitor's (the practice as the company).
 */
export async function memberMessageToInbox(db: Db, { name, email, practice, message }: { name: string; email: string; practice: string | null; message: string }) {
  const [firstName = name, ...rest] = name.trim().split(/\s+/);
  return submitContact(db, { firstName, lastName: rest.join(" "), email, company: practice ?? undefined, message });
}

export { forgetVisitorChat, rememberVisitorChat, visitorChatOf } from "./cookie";
