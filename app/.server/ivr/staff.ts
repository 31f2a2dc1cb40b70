import { and, asc, count, desc, eq, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import { outsideDemo } from "~/.server/demo/scope";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { attentionOfRank, ELIGIBILITY_ATTENTION_LABELS, NO_ATTENTION_RANK } from "~/lib/eligibility";
import { IVR_WAITING_ON_STAFF, type IvrStatus } from "~/lib/ivr";
import { queueAgeDays, type QueueFilters } from "~/lib/queue-filters";
import { latestUsToday } from "~/lib/schemas/patient";
import type { VerificationInput } from "~/lib/schemas/verification";
import { verificationDateIssues } from "~/lib/schemas/verification-fields";
import { audit, type Actor } from "~/.server/audit";
import { seal, sealJson } from "~/.server/crypto";
import { recordMessage } from "~/.server/conversations";
import type { Db } from "~/.server/db/client";
import { COUNT_CAP, encodeCursor, exactTime, keysetPage, type Cursor, type Direction, type KeysetPage } from "~/.server/db/keyset";
import { ivrs, ivrVerifications, practices, user } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { transitionIvr } from "./lifecycle";
import { boardColumns, getIvrDetail, getIvrFile, SEALED, toBoardRows, type BoardRow, type IvrDetail } from "./requests";
import { Refused } from "~/.server/refused";
import { authoriseFromVerification } from "~/.server/authorisations";

/** The console's side of IVRs: the queue, reading (audited), verifying, asking for information. */

const WAITING_ON_STAFF = [...IVR_WAITING_ON_STAFF];

/** An IVR the practice answered (sent again after staff asked for information), and who asked. */
export type Answered = { toViewer: boolean; askedBy: string | null };

export type QueueRow = BoardRow & { practice: string; practiceId: string; answered: Answered | null; /** what the eligibility answer asks of a person, in words */ attention: string | null };

const asker = alias(user, "asker");

/** The queue's rows per page. */
export const QUEUE_PAGE_SIZE = 50;
/** The most IVRs answered to the viewer shown above the queue. */
const ANSWERED_MAX = 100;

/** A page of the queue, and how many IVRs match its filters in all (`COUNT_CAP` + 1 past the cap: "10,000+"). */
export type QueuePage = KeysetPage<QueueRow> & { total: number; answeredToViewer: number };

/**
 * One page of the queue, oldest first (then by number): by default what waits
 * on staff (drafts never show). IVRs the practice answered for the viewer (they
 * asked for the information) come first, on the first page: the answer goes
 * back to whoever asked. `at` is the cursor of the page's URL, null for the
 * first page.
 */
export async function ivrQueuePage(
  db: Db,
  filters: QueueFilters<IvrStatus>,
  {
    viewerId = null,
    now = new Date(),
    at = null,
    size = QUEUE_PAGE_SIZE,
  }: { viewerId?: string | null; now?: Date; at?: { direction: Direction; cursor: Cursor } | null; size?: number } = {},
): Promise<QueuePage> {
  const where: SQL[] = [ne(ivrs.status, "draft")];
  if (filters.status === "open") where.push(inArray(ivrs.status, WAITING_ON_STAFF));
  else if (filters.status !== "all") where.push(eq(ivrs.status, filters.status));
  // The live demo's practice is nobody's work: its sample IVRs show only when it is chosen.
  where.push(filters.practiceId !== "all" ? eq(ivrs.practiceId, filters.practiceId) : outsideDemo(ivrs.practiceId));
  const days = queueAgeDays(filters.age);
  if (days) where.push(lte(ivrs.submittedAt, new Date(now.getTime() - days * 86_400_000)));
  const answeredToViewer = viewerId ? and(eq(ivrs.status, "submitted"), eq(ivrs.informationRequestedBy, viewerId))! : null;
  // What waits on staff puts what an eligibility answer asks of a person first (inactive, rejected, authorisation,
  // another payer), then the oldest sent: the attention rank leads the sort key, the cursor and ivrs_waiting_idx
  // (ivrs_waiting_age_idx serves the age filter).
  // Filtered by age, the queue is the oldest first: the question is how long they waited.
  const byAttention = filters.status === "open" && !days;
  const columns = {
    ...boardColumns,
    informationRequestedBy: ivrs.informationRequestedBy,
    practiceId: ivrs.practiceId,
    practice: practices.name,
    askedBy: asker.email,
    attention: ivrs.eligibilityAttention,
    key: exactTime(ivrs.submittedAt),
  };
  const read = (conditions: SQL[], order: SQL[], limit: number) =>
    db
      .select(columns)
      .from(ivrs)
      .innerJoin(practices, eq(practices.id, ivrs.practiceId))
      .leftJoin(asker, eq(asker.id, ivrs.informationRequestedBy))
      .where(and(...conditions))
      .orderBy(...order)
      .limit(limit);
  const [answered, page, [counted]] = await Promise.all([
    answeredToViewer && !at ? read([...where, answeredToViewer], [asc(ivrs.submittedAt), asc(ivrs.number)], ANSWERED_MAX) : Promise.resolve([]),
    keysetPage(
      at,
      size,
      async (direction, cursor, limit) => {
        const rest = [...where];
        if (viewerId) rest.push(sql`(${ivrs.status} <> 'submitted' or ${ivrs.informationRequestedBy} is distinct from ${viewerId})`);
        const ascending = [asc(ivrs.submittedAt), asc(ivrs.number)];
        const descending = [desc(ivrs.submittedAt), desc(ivrs.number)];
        const order = direction === "after" ? ascending : descending;
        const from = cursor ? splitQueueKey(cursor.key) : null;
        const beyond = (time: string) =>
          direction === "after"
            ? sql`(${ivrs.submittedAt}, ${ivrs.number}) > (${time}::timestamptz, ${Number(cursor!.id)})`
            : sql`(${ivrs.submittedAt}, ${ivrs.number}) < (${time}::timestamptz, ${Number(cursor!.id)})`;
        if (!byAttention) return read(from ? [...rest, beyond(from.time)] : rest, order, limit);
        // By attention: the few IVRs an answer marked (their own small index, by rank) come before the many it did not
        // (ivrs_waiting_idx, by time). Each part is read in its index's order and the two joined here.
        const marked = sql`${ivrs.eligibilityAttention} < ${sql.raw(String(NO_ATTENTION_RANK))}`;
        const unmarked = eq(ivrs.eligibilityAttention, NO_ATTENTION_RANK);
        const rank = direction === "after" ? asc(ivrs.eligibilityAttention) : desc(ivrs.eligibilityAttention);
        const markedBeyond = from
          ? direction === "after"
            ? sql`(${ivrs.eligibilityAttention}, ${ivrs.submittedAt}, ${ivrs.number}) > (${from.rank}::smallint, ${from.time}::timestamptz, ${Number(cursor!.id)})`
            : sql`(${ivrs.eligibilityAttention}, ${ivrs.submittedAt}, ${ivrs.number}) < (${from.rank}::smallint, ${from.time}::timestamptz, ${Number(cursor!.id)})`
          : undefined;
        const cursorUnmarked = from?.rank === NO_ATTENTION_RANK;
        // Going on (after): past a marked cursor, every marked one after it, then the unmarked from the start; past an
        // unmarked one, only unmarked. Going back (before): the reverse.
        const readMarked = direction === "after" ? !cursorUnmarked : true;
        const readUnmarked = direction === "after" ? true : cursorUnmarked;
        const [first, second] = await Promise.all([
          readMarked ? read([...rest, marked, ...(markedBeyond && !(direction === "before" && cursorUnmarked) ? [markedBeyond] : [])], [rank, ...order], limit) : [],
          readUnmarked ? read([...rest, unmarked, ...(cursorUnmarked ? [beyond(from!.time)] : [])], order, limit) : [],
        ]);
        return (direction === "after" ? [...first, ...second] : [...second, ...first]).slice(0, limit);
      },
      (row) => encodeCursor(byAttention ? `${row.attention}~${row.key}` : row.key, row.number ?? 0),
    ),
    db.select({ n: count() }).from(db.select({ one: sql`1` }).from(ivrs).where(and(...where)).limit(COUNT_CAP + 1).as("counted")),
  ]);
  const all = [...answered, ...page.rows];
  const board = await toBoardRows(db, all);
  const rows = board.map((b, i) => {
    const { informationRequestedBy, practiceId, practice, askedBy, attention } = all[i]!;
    // Sent again while someone had asked: the practice's answer (asking always comes after the first sending).
    const answer = b.status === "submitted" && informationRequestedBy ? { toViewer: informationRequestedBy === viewerId, askedBy } : null;
    const needs = attentionOfRank(attention);
    return { ...b, practice, practiceId, answered: answer, attention: needs ? ELIGIBILITY_ATTENTION_LABELS[needs] : null };
  });
  return { ...page, rows, total: Number(counted?.n ?? 0), answeredToViewer: answered.length };
}

/**
 * The queue's cursor key: the time sent, led by the attention rank in the
 * default view ("9~2026-01-02T03:04:05.123456Z"). A key without a rank (a
 * link from before the ranks) reads as NO_ATTENTION_RANK, the rank every IVR
 * had then.
 */
export const queueCursorKey = z.string().regex(/^(\d{1,2}~)?\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/);

function splitQueueKey(key: string): { rank: number; time: string } {
  const at = key.indexOf("~");
  return at < 0 ? { rank: NO_ATTENTION_RANK, time: key } : { rank: Number(key.slice(0, at)), time: key.slice(at + 1) };
}

/** How many IVRs wait on staff (the console's menu shows it). */
export async function countWaitingIvrs(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ivrs).where(and(inArray(ivrs.status, WAITING_ON_STAFF), outsideDemo(ivrs.practiceId)));
  return row?.n ?? 0;
}

/** Staff open an IVR: everything about it, and an audit row saying who read it. */
export async function readIvrAsStaff(db: Db, { id, actor }: { id: string; actor: Actor }): Promise<IvrDetail | null> {
  const detail = await getIvrDetail(db, { id, practiceId: null });
  if (detail) await audit(db, { actorEmail: actor.email, action: "ivr.view", target: id, ip: actor.ip, patientId: detail.row.patientId });
  return detail;
}

/** Staff download an attachment: audited too. */
export async function readIvrFileAsStaff(db: Db, { id, actor }: { id: string; actor: Actor }) {
  const file = await getIvrFile(db, { id, practiceId: null });
  if (file) await audit(db, { actorEmail: actor.email, action: "ivr.file", target: file.ivrId, ip: actor.ip, detail: `file ${id}`, patientId: file.patientId });
  return file;
}

/** A plain move by staff (start review, prior auth sent to the payer, cancel). */
export function moveIvr(db: Db, { id, to, actor, note }: { id: string; to: IvrStatus; actor: Actor; note?: string }) {
  return transitionIvr(db, { id, to, actor, by: "staff", practiceId: null, note });
}

/**
 * Staff ask the practice for more: the message is shown to the member (sealed:
 * it may speak of the patient), and who asked (`askedBy`, their account id) is
 * kept, so the practice's answer comes back to the top of their queue.
 */
export function requestInformation(db: Db, { id, actor, message, askedBy = null }: { id: string; actor: Actor; message: string; askedBy?: string | null }) {
  return inTransaction(db, async (tx) => {
    const moved = await transitionIvr(tx, {
      id,
      to: "needs_information",
      actor,
      by: "staff",
      practiceId: null,
      note: message,
      set: { requestMessageSealed: seal(message, SEALED.message), informationRequestedBy: askedBy },
    });
    // The question is a message in the IVR's conversation too (the move already mails and tells of itself).
    if (moved) await recordMessage(tx, { ref: { kind: "ivr", id }, practiceId: moved.row.practiceId, side: "staff", authorId: askedBy, body: message });
    return moved;
  });
}

/** A verification whose dates break a rule: the message, and the control it belongs beside. */
export class VerificationRefused extends Refused {
  constructor(
    message: string,
    override readonly field: string,
  ) {
    super(message, field, 400);
    this.name = "VerificationRefused";
  }
}

/**
 * Staff record what the payer said and move the IVR to the outcome, in one
 * transaction: the verification row (sealed), the validity and authorised
 * applications and the prior authorization's window on the IVR, the
 * transition with its mail and event, and for an approval the IVR's
 * authorisation record (`authoriseFromVerification`). Dates that break the rules
 * (`verificationDateIssues`, counted from `today`, the day of the
 * verification) throw VerificationRefused before anything is written.
 */
export async function recordVerification(
  db: Db,
  {
    id,
    actor,
    input,
    today = latestUsToday(),
    fromPayer = [],
  }: { id: string; actor: Actor; input: VerificationInput; today?: string; /** fields whose value is the payer's eligibility answer's */ fromPayer?: string[] },
) {
  const [issue] = verificationDateIssues(input, today);
  if (issue) throw new VerificationRefused(issue.message, issue.path);
  return inTransaction(db, async (tx) => {
    const { outcome, ...result } = input;
    const moved = await transitionIvr(tx, {
      id,
      to: outcome,
      actor,
      by: "staff",
      practiceId: null,
      note: input.noteToPractice ?? null,
      set: {
        validUntil: input.validUntil,
        authorisedApplications: input.authorisedApplications ?? null,
        priorAuthFrom: input.priorAuthFrom ?? null,
        priorAuthTo: input.priorAuthTo ?? null,
      },
    });
    if (!moved) return null;
    await tx.insert(ivrVerifications).values({ ivrId: id, resultSealed: sealJson({ outcome, ...result, ...(fromPayer.length > 0 ? { fromPayer } : {}) }, SEALED.result), verifiedBy: actor.email });
    // An approval is also the IVR's authorisation, a record of its own that orders are counted against.
    if (outcome === "prior_auth_approved" && input.priorAuthNumber && input.priorAuthFrom && input.priorAuthTo)
      await authoriseFromVerification(tx, {
        ivrId: id,
        actor,
        number: input.priorAuthNumber,
        validFrom: input.priorAuthFrom,
        validTo: input.priorAuthTo,
        authorisedApplications: input.authorisedApplications ?? null,
      });
    return moved;
  });
}
