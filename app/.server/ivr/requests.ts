import { and, asc, count, desc, eq, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { outsideDemo } from "~/.server/demo/scope";
import { IVR_ATTESTATION } from "~/content/ivr-attestation";
import { products } from "~/content/products";
import { addDays } from "~/lib/calendar";
import type { VerificationResult } from "~/lib/verification-words";
import { applicationCodes, codesText, woundArea, type WoundLocation } from "~/lib/clinical/wound";
import { ivrWarnings } from "~/lib/clinical/ivr-warnings";
import { IVR_DRAFT_LIMITS, IVR_STATUS_LABELS, ivrReference, REVERIFY_SOON_DAYS, type IvrStatus, type PayerType } from "~/lib/ivr";
import { isUuid } from "~/lib/ids";
import type { IvrFileRole, IvrInput } from "~/lib/schemas/ivr";
import type { PatientInput } from "~/lib/schemas/patient";
import { audit, auditRead, type Actor } from "~/.server/audit";
import { open, openFile, openJson, seal, sealFile, sealJson } from "~/.server/crypto";
import { recordMessage } from "~/.server/conversations";
import type { Db } from "~/.server/db/client";
import { encodeCursor, exactTime, keysetPage, type Cursor, type Direction, type KeysetPage } from "~/.server/db/keyset";
import { facilities, ivrFiles, ivrHistory, ivrs, ivrVerifications, outbox, providers, user } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { siteConfig, siteOrigin } from "~/.server/env";
import { addPatient, initialsByPatient, initialsOf, getPatient, patientInPractice, primaryPayerType, type Patient } from "~/.server/patients";
import { openIvr, transitionIvr, type IvrRow } from "./lifecycle";
import { requestEligibilityCheck } from "./eligibility";
import { SEALED } from "./sealed";
import { Refused } from "~/.server/refused";
import { boardAuthorisations, type BoardAuthorisation } from "~/.server/authorisations";

/** What the member answered about the wound and the care, sealed as one value. */
const CLINICAL_KEYS = [
  "woundType",
  "woundLocation",
  "laterality",
  "lengthCm",
  "widthCm",
  "depthCm",
  "durationWeeks",
  "standardOfCareStart",
  "standardOfCare",
  "standardOfCareNotes",
  "standardOfCareException",
  "icdPrimary",
  "icdSecondary",
  "hospice",
  "partAStay",
  "snfOver100Days",
  "postOpGlobal",
  "surgeryCode",
  "surgeryDate",
] as const satisfies readonly (keyof IvrInput)[];
export type Clinical = Pick<IvrInput, (typeof CLINICAL_KEYS)[number]>;

export type CheckedUpload = { role: IvrFileRole; name: string; mimeType: string; bytes: Uint8Array };

export { SEALED };
const { clinical: CLINICAL, draft: DRAFT, signer: SIGNER, message: MESSAGE, fileName: FILE_NAME, fileContent: FILE_CONTENT, result: RESULT, note: NOTE } = SEALED;

/** A field a member picked that is not theirs (another practice's patient, provider or facility). */
export class ForeignReferenceError extends Refused {
  constructor(override readonly field: "patientId" | "providerId" | "facilityId") {
    super(
      {
        patientId: "Choose a patient of your practice",
        providerId: "Choose a provider of your practice",
        facilityId: "Choose a facility of your practice",
      }[field],
      field,
    );
    this.name = "ForeignReferenceError";
  }
}

// ---------------------------------------------------------------------------
// Drafts: what the member typed so far, kept on the server as they type.

/** A draft the member cannot save: too large (413), or one too many (409). */
export class DraftRefused extends Refused {
  constructor(
    override readonly status: 409 | 413,
    message: string,
  ) {
    super(message, null, status);
    this.name = "DraftRefused";
  }
}

const { maxBytes: DRAFT_MAX_BYTES, perMember: DRAFTS_PER_MEMBER, keptDays: DRAFT_KEPT_DAYS, warnDays: DRAFT_WARN_DAYS } = IVR_DRAFT_LIMITS;

/**
 * Saves the typed values as a draft (a new one, or the member's own draft `id`).
 * Answers its id, or null when `id` is not the member's draft. A draft holds at
 * most 256 KB of fields, and a member at most 50 drafts (DraftRefused); a draft
 * takes no IVR number until it is sent.
 */
export async function saveDraft(
  db: Db,
  { practiceId, userId, id, values }: { practiceId: string; userId: string; id?: string | null; values: Record<string, unknown> },
): Promise<string | null> {
  if (Buffer.byteLength(JSON.stringify(values)) > DRAFT_MAX_BYTES) {
    throw new DraftRefused(413, `This draft holds more than ${DRAFT_MAX_BYTES / 1024} KB of text, the most a draft keeps: shorten the notes to save it.`);
  }
  const sealed = sealJson(values, DRAFT);
  const requestType = typeof values.requestType === "string" && values.requestType ? values.requestType : "new-wound";
  if (id) {
    const [row] = await db
      .update(ivrs)
      .set({ draftSealed: sealed, requestType, updatedAt: new Date() })
      .where(and(eq(ivrs.id, id), eq(ivrs.practiceId, practiceId), eq(ivrs.createdBy, userId), eq(ivrs.status, "draft")))
      .returning({ id: ivrs.id });
    return row?.id ?? null;
  }
  return inTransaction(db, async (tx) => {
    // One member's new drafts are counted one at a time, so two at once cannot both be the 50th.
    const [member] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId)).for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(ivrs)
      .where(and(eq(ivrs.createdBy, userId), eq(ivrs.status, "draft")));
    if ((held?.n ?? 0) >= DRAFTS_PER_MEMBER) {
      throw new DraftRefused(409, `You have ${DRAFTS_PER_MEMBER} drafts, the most we keep: send or discard one on the STATUS board, then save this one.`);
    }
    const row = await openIvr(tx, {
      values: { practiceId, createdBy: userId, requestType, draftSealed: sealed },
      actor: { email: member!.email, ip: null },
      followers: [userId],
    });
    return row!.id;
  });
}

/** The member's own draft's typed values and the attachments kept with it, or null. */
export async function readDraft(db: Db, { practiceId, userId, id }: { practiceId: string; userId: string; id: string }) {
  const [row] = await db
    .select({ id: ivrs.id, draft: ivrs.draftSealed, updatedAt: ivrs.updatedAt })
    .from(ivrs)
    .where(and(eq(ivrs.id, id), eq(ivrs.practiceId, practiceId), eq(ivrs.createdBy, userId), eq(ivrs.status, "draft")));
  if (!row) return null;
  const files = await db
    .select({ id: ivrFiles.id, role: ivrFiles.role, name: ivrFiles.nameSealed, size: ivrFiles.size })
    .from(ivrFiles)
    .where(eq(ivrFiles.ivrId, row.id))
    .orderBy(asc(ivrFiles.createdAt));
  return {
    id: row.id,
    updatedAt: row.updatedAt,
    values: row.draft ? openJson<Record<string, unknown>>(row.draft, DRAFT) : {},
    files: files.map((f) => ({ ...f, name: open(f.name, FILE_NAME) })),
  };
}

/**
 * Keeps attachments in the member's own draft (sealed like every
 * attachment): each file replaces the draft's file of its role, and `remove`
 * names files of the draft to drop. Sending the draft later sends them with
 * it. False when `ivrId` is not the member's draft (sent, gone or another's).
 */
export async function keepDraftFiles(
  db: Db,
  { practiceId, userId, ivrId, files, remove = [], uploadedBy }: { practiceId: string; userId: string; ivrId: string; files: readonly CheckedUpload[]; remove?: readonly string[]; uploadedBy: string },
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [own] = await tx
      .select({ id: ivrs.id })
      .from(ivrs)
      .where(and(eq(ivrs.id, ivrId), eq(ivrs.practiceId, practiceId), eq(ivrs.createdBy, userId), eq(ivrs.status, "draft")))
      .for("update");
    if (!own) return false;
    const roles = files.map((f) => f.role);
    if (roles.length > 0 || remove.length > 0) {
      const replaced = roles.length > 0 ? inArray(ivrFiles.role, roles) : undefined;
      const removed = remove.length > 0 ? inArray(ivrFiles.id, [...remove]) : undefined;
      await tx.delete(ivrFiles).where(and(eq(ivrFiles.ivrId, ivrId), or(replaced, removed)));
    }
    await storeFiles(tx, ivrId, files, uploadedBy);
    return true;
  });
}

export type DraftRow = {
  id: string;
  /** The patient's initials, or "" while none is chosen or typed. */
  initials: string;
  product: string;
  updatedAt: Date;
  /** The day the housekeeping removes it, unless it is saved again. */
  removedOn: string;
  /** Within a week of that day. */
  removalSoon: boolean;
};

const text = (values: Record<string, unknown>, key: string) => (typeof values[key] === "string" ? (values[key] as string) : "");

/** The member's drafts, the latest saved first: whom and what each is for, and when it goes. */
export async function listDrafts(db: Db, { practiceId, userId, now = new Date() }: { practiceId: string; userId: string; now?: Date }): Promise<DraftRow[]> {
  const rows = await db
    .select({ id: ivrs.id, draft: ivrs.draftSealed, updatedAt: ivrs.updatedAt })
    .from(ivrs)
    .where(and(eq(ivrs.practiceId, practiceId), eq(ivrs.createdBy, userId), eq(ivrs.status, "draft")))
    .orderBy(desc(ivrs.updatedAt));
  const drafts = rows.map((r) => ({ ...r, values: r.draft ? openJson<Record<string, unknown>>(r.draft, DRAFT) : {} }));
  // A chosen patient's initials come from the practice's patients; a new one's from what was typed.
  const chosen = drafts.map((d) => text(d.values, "patientId")).filter((id) => isUuid(id));
  const known = await initialsByPatient(db, chosen);
  const warnFrom = now.getTime() + DRAFT_WARN_DAYS * DAY_MS;
  return drafts.map((d) => {
    const patientId = text(d.values, "patientId");
    const typed = text(d.values, "firstName") || text(d.values, "lastName") ? initialsOf(text(d.values, "firstName"), text(d.values, "lastName")) : "";
    const removal = d.updatedAt.getTime() + DRAFT_KEPT_DAYS * DAY_MS;
    return {
      id: d.id,
      initials: patientId === "new" ? typed : (known.get(patientId) ?? ""),
      product: productName(text(d.values, "productSlug") || null),
      updatedAt: d.updatedAt,
      removedOn: new Date(removal).toISOString().slice(0, 10),
      removalSoon: removal <= warnFrom,
    };
  });
}

const DAY_MS = 86_400_000;

/** Discards the member's own draft, with its files; false when it is not theirs or no longer a draft. */
export async function discardDraft(db: Db, { practiceId, userId, id, actor }: { practiceId: string; userId: string; id: string; actor: Actor }): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [gone] = await tx
      .delete(ivrs)
      .where(and(eq(ivrs.id, id), eq(ivrs.practiceId, practiceId), eq(ivrs.createdBy, userId), eq(ivrs.status, "draft")))
      .returning({ id: ivrs.id });
    if (!gone) return false;
    await audit(tx, { actorEmail: actor.email, action: "ivr.discard", target: id, ip: actor.ip });
    return true;
  });
}

/** Drafts not saved for 30 days are removed, with their files (the board said so a week before). Answers how many. */
export async function removeStaleDrafts(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(ivrs)
    .where(and(eq(ivrs.status, "draft"), lt(ivrs.updatedAt, new Date(now.getTime() - DRAFT_KEPT_DAYS * DAY_MS)), outsideDemo(ivrs.practiceId)))
    .returning({ id: ivrs.id });
  return gone.length;
}

// ---------------------------------------------------------------------------
// Sending

/** Derived from the answers, never typed: area, CPT codes, warnings. */
export function derive(input: IvrInput, payerType: string | null) {
  const area = woundArea(input.lengthCm ?? 0, input.widthCm ?? 0);
  const codes = applicationCodes(input.woundLocation as WoundLocation, area);
  const warnings = ivrWarnings({
    woundType: input.woundType,
    icd10: [input.icdPrimary ?? "", ...input.icdSecondary],
    areaCm2: area,
    standardOfCareStart: input.standardOfCareStart,
    dateOfService: input.dateOfService,
    standardOfCareException: input.standardOfCareException,
    plannedApplications: input.plannedApplications,
    payerType: (payerType as PayerType | null) ?? null,
    woundLocation: input.woundLocation,
    laterality: input.laterality,
  });
  return { area, codes: codesText(codes), warnings };
}

function clinicalOf(input: IvrInput): Clinical {
  return Object.fromEntries(CLINICAL_KEYS.map((key) => [key, input[key]])) as Clinical;
}

async function checkReferences(db: Db, practiceId: string, input: IvrInput) {
  if (!(await patientInPractice(db, practiceId, input.patientId))) throw new ForeignReferenceError("patientId");
  const [provider] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.id, input.providerId), eq(providers.practiceId, practiceId)));
  if (!provider) throw new ForeignReferenceError("providerId");
  const [facility] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(and(eq(facilities.id, input.facilityId), eq(facilities.practiceId, practiceId)));
  if (!facility) throw new ForeignReferenceError("facilityId");
}

/** A draft already sent under another client key: sending it again is refused (409). */
export class DraftAlreadySent extends Refused {
  constructor(readonly reference: string) {
    super(`This draft was sent as ${reference}: it cannot be sent again. Open ${reference} from the STATUS board.`, null, 409);
    this.name = "DraftAlreadySent";
  }
}

export type SentIvr = { id: string; reference: string; warnings: string[]; replayed: boolean };

/**
 * Which row a sending takes: the member's draft (locked, so sendings of one
 * draft go one at a time), or a new row claimed by the client key. A key
 * already used answers the IVR it made: a replay, never a second IVR.
 */
async function claimRow(
  tx: Db,
  {
    practiceId,
    userId,
    actor,
    draftId,
    clientKey,
    requestType,
  }: { practiceId: string; userId: string; actor: Actor; draftId: string | null; clientKey: string | null; requestType: string },
): Promise<{ id: string } | { sent: IvrRow }> {
  if (draftId) {
    const [draft] = await tx
      .select()
      .from(ivrs)
      .where(and(eq(ivrs.id, draftId), eq(ivrs.practiceId, practiceId), eq(ivrs.createdBy, userId)))
      .for("update");
    if (draft && draft.status !== "draft") {
      if (clientKey && draft.clientKey === clientKey) return { sent: draft };
      throw new DraftAlreadySent(ivrReference(draft.number));
    }
    if (draft) {
      // The key goes on the draft: a replay without the draft's id finds it too.
      if (clientKey) await tx.update(ivrs).set({ clientKey }).where(eq(ivrs.id, draft.id));
      return { id: draft.id };
    }
    // Discarded meanwhile, or not theirs: sent as a new IVR.
  }
  const row = await openIvr(tx, { values: { practiceId, createdBy: userId, requestType, clientKey }, actor, followers: [userId] });
  if (row) return row;
  // The key's IVR exists: its sending committed while this one waited on the key.
  const sent = await sentWithKey(tx, userId, clientKey!);
  if (!sent) throw new Error("an IVR holds this client key but cannot be read");
  return { sent };
}

async function sentWithKey(db: Db, userId: string, clientKey: string): Promise<IvrRow | null> {
  const [row] = await db
    .select()
    .from(ivrs)
    .where(and(eq(ivrs.createdBy, userId), eq(ivrs.clientKey, clientKey)));
  return row ?? null;
}

/** A replay answers as the first sending did: the IVR, its reference and its warnings. */
async function replayOf(db: Db, row: IvrRow, input: IvrInput): Promise<SentIvr> {
  const payerType = row.patientId ? await primaryPayerType(db, row.patientId) : null;
  return { id: row.id, reference: ivrReference(row.number), warnings: derive(input, payerType).warnings, replayed: true };
}

/** True for the database's refusal of a second IVR with one client key. */
function isClientKeyConflict(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as Error & { code?: string; constraint?: string };
    if (code === "23505" && (constraint === undefined || constraint === "ivrs_client_key_idx")) return true;
  }
  return false;
}

/**
 * Sends an IVR: from the member's draft `draftId` when given, else a new one;
 * with `newPatient`, the patient is added in the same transaction. One
 * transaction: the answers (sealed), the derived codes, the attachments
 * (sealed), the attestation, the move draft -> submitted with its number,
 * history and audit rows, and the company's notification (reference only).
 *
 * One client key, one IVR: the database holds each member's keys unique, so
 * posts of one sending (a double click, a replay, twenty at once) make one
 * IVR and one mail; the others answer with that IVR (`replayed`). A draft
 * already sent under another key is refused (DraftAlreadySent).
 */
export async function submitIvr(
  db: Db,
  {
    practiceId,
    userId,
    actor,
    draftId,
    clientKey = null,
    input,
    newPatient,
    files,
    previousIvrId,
  }: {
    practiceId: string;
    userId: string;
    actor: Actor;
    draftId?: string | null;
    clientKey?: string | null;
    input: IvrInput;
    /** A patient entered with the request; input.patientId is ignored. */
    newPatient?: PatientInput | null;
    files: readonly CheckedUpload[];
    previousIvrId?: string | null;
  },
): Promise<SentIvr> {
  try {
    return await inTransaction(db, async (tx) => {
      const claimed = await claimRow(tx, { practiceId, userId, actor, draftId: draftId ?? null, clientKey, requestType: input.requestType });
      if ("sent" in claimed) return replayOf(tx, claimed.sent, input);
      const { id } = claimed;
      const patientId = newPatient ? (await addPatient(tx, { practiceId, actor, input: newPatient })).id : input.patientId;
      const sending = { ...input, patientId };
      await checkReferences(tx, practiceId, sending);
      const { area, codes, warnings } = derive(sending, await primaryPayerType(tx, patientId));
      await tx
        .update(ivrs)
        .set({
          requestType: input.requestType,
          previousIvrId: previousIvrId ?? null,
          patientId,
          providerId: input.providerId,
          facilityId: input.facilityId,
          placeOfService: input.placeOfService,
          dateOfService: input.dateOfService,
          productSlug: input.productSlug,
          plannedApplications: input.plannedApplications,
          areaHundredths: Math.round(area * 100),
          cptCodes: codes,
          clinicalSealed: sealJson(clinicalOf(input), CLINICAL),
          draftSealed: null,
          priorAuthPermission: input.priorAuthPermission,
          attestationSignerSealed: seal(input.attestationName, SIGNER),
          attestationVersion: IVR_ATTESTATION.version,
          attestedAt: new Date(),
          attestedIp: actor.ip,
        })
        .where(eq(ivrs.id, id));
      await storeFiles(tx, id, files, actor.email);
      const moved = await transitionIvr(tx, { id, to: "submitted", actor, by: "member", practiceId });
      await notifyCompany(tx, moved!.row, "submitted");
      // The payer is asked by a job, after this commits: the IVR is sent whatever the payer does.
      await requestEligibilityCheck(tx, { ivrId: id, why: "sent" });
      return { id, reference: ivrReference(moved!.row.number), warnings, replayed: false };
    });
  } catch (error) {
    // Another sending with this key (from another draft, or none) committed first.
    const sent = clientKey && isClientKeyConflict(error) ? await sentWithKey(db, userId, clientKey) : null;
    if (sent) return replayOf(db, sent, input);
    throw error;
  }
}

async function storeFiles(tx: Db, ivrId: string, files: readonly CheckedUpload[], uploadedBy: string) {
  if (files.length === 0) return;
  await tx.insert(ivrFiles).values(
    files.map((f) => ({
      ivrId,
      role: f.role,
      nameSealed: seal(f.name, FILE_NAME),
      mimeType: f.mimeType,
      size: f.bytes.byteLength,
      contentSealed: sealFile(f.bytes, FILE_CONTENT),
      uploadedBy,
    })),
  );
}

/** The company's IVR inbox hears of every IVR sent or sent again: its reference only. */
async function notifyCompany(tx: Db, row: IvrRow, what: "submitted" | "resubmitted") {
  const reference = ivrReference(row.number);
  await tx.insert(outbox).values({
    purpose: "ivr.received",
    to: siteConfig().email,
    subject: `${reference} ${what === "submitted" ? "received" : "answered and sent again"}`,
    text: `${reference} was ${what === "submitted" ? "sent" : "answered and sent again"} by a practice.\n\n${siteOrigin()}/admin/ivrs/${row.id}\n`,
  });
}

/** The member answers "needs information" and sends the IVR again, with any further files. */
export async function resubmitIvr(
  db: Db,
  {
    practiceId,
    actor,
    id,
    answer,
    files,
    authorId = null,
  }: { practiceId: string; actor: Actor; id: string; answer: string; files: readonly CheckedUpload[]; /** the member's account: the answer is their message */ authorId?: string | null },
) {
  return inTransaction(db, async (tx) => {
    const moved = await transitionIvr(tx, { id, to: "submitted", actor, by: "member", practiceId, note: answer });
    if (!moved) return null;
    // The answer is a message in the IVR's conversation too.
    await recordMessage(tx, { ref: { kind: "ivr", id }, practiceId, side: "member", authorId, body: answer });
    await storeFiles(tx, id, files, actor.email);
    await notifyCompany(tx, moved.row, "resubmitted");
    return moved;
  });
}

/** The member cancels an open IVR of their practice. */
export function cancelIvr(db: Db, { practiceId, actor, id }: { practiceId: string; actor: Actor; id: string }) {
  return transitionIvr(db, { id, to: "cancelled", actor, by: "member", practiceId });
}

// ---------------------------------------------------------------------------
// Reading

export type BoardRow = {
  id: string;
  reference: string;
  patientId: string | null;
  initials: string;
  product: string;
  dateOfService: string | null;
  submittedAt: Date | null;
  updatedAt: Date;
  status: IvrStatus;
  statusLabel: string;
  validUntil: string | null;
  reverifySoon: boolean;
  /** its current prior authorisation in words ("3 of 8 applications used, valid until 2027-02-24"), and the mark when it ends soon */
  authorisation: BoardAuthorisation | null;
};

const productName = (slug: string | null) => products.find((p) => p.slug === slug)?.name ?? slug ?? "";

/** "reverify soon": covered or approved, and valid-until within the next 30 days. */
export function reverifySoon(status: IvrStatus, validUntil: string | null, today: string): boolean {
  return (status === "covered" || status === "prior_auth_approved") && validUntil !== null && validUntil <= addDays(today, REVERIFY_SOON_DAYS);
}

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** What a board row is made of: an IVR's columns without its sealed answers. */
const boardColumns = {
  id: ivrs.id,
  number: ivrs.number,
  patientId: ivrs.patientId,
  productSlug: ivrs.productSlug,
  dateOfService: ivrs.dateOfService,
  submittedAt: ivrs.submittedAt,
  updatedAt: ivrs.updatedAt,
  status: ivrs.status,
  validUntil: ivrs.validUntil,
};
export type BoardSource = Pick<IvrRow, keyof typeof boardColumns>;
export { boardColumns };

/** The IVRs the board shows: one status (or all but drafts), and one IVR number or the IVRs of some patients. */
export type BoardFilter = { status?: IvrStatus | null; number?: number | null; patientIds?: readonly string[] | null };

/** The board's rows per page. */
export const BOARD_PAGE_SIZE = 50;

function boardWhere(practiceId: string, filter: BoardFilter): SQL {
  const where: SQL[] = [eq(ivrs.practiceId, practiceId), ne(ivrs.status, "draft")];
  if (filter.status) where.push(eq(ivrs.status, filter.status));
  if (filter.number != null) where.push(eq(ivrs.number, filter.number));
  if (filter.patientIds) where.push(filter.patientIds.length > 0 ? inArray(ivrs.patientId, [...filter.patientIds]) : sql`false`);
  return and(...where)!;
}

/**
 * One page of the practice's IVRs (drafts excluded) for the board, newest
 * change first (then by id): `at` is the cursor of the page's URL, null for
 * the first page. Only the rows shown are read, and only their patients'
 * initials opened.
 */
export async function practiceBoardPage(
  db: Db,
  practiceId: string,
  { filter = {}, at = null, size = BOARD_PAGE_SIZE, today = todayUtc() }: { filter?: BoardFilter; at?: { direction: Direction; cursor: Cursor } | null; size?: number; today?: string } = {},
): Promise<KeysetPage<BoardRow>> {
  const page = await keysetPage(
    at,
    size,
    (direction, cursor, limit) => {
      const where = [boardWhere(practiceId, filter)];
      if (cursor) {
        where.push(
          direction === "after"
            ? sql`(${ivrs.updatedAt}, ${ivrs.id}) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`
            : sql`(${ivrs.updatedAt}, ${ivrs.id}) > (${cursor.key}::timestamptz, ${cursor.id}::uuid)`,
        );
      }
      const order = direction === "after" ? [desc(ivrs.updatedAt), desc(ivrs.id)] : [asc(ivrs.updatedAt), asc(ivrs.id)];
      return db
        .select({ ...boardColumns, key: exactTime(ivrs.updatedAt) })
        .from(ivrs)
        .where(and(...where))
        .orderBy(...order)
        .limit(limit);
    },
    (row) => encodeCursor(row.key, row.id),
  );
  return { ...page, rows: await toBoardRows(db, page.rows, today) };
}

/** How many of the practice's IVRs are in each status (drafts excluded), counted by the database. */
export async function boardCounts(db: Db, practiceId: string): Promise<Partial<Record<IvrStatus, number>>> {
  const rows = await db
    .select({ status: ivrs.status, n: count() })
    .from(ivrs)
    .where(and(eq(ivrs.practiceId, practiceId), ne(ivrs.status, "draft")))
    .groupBy(ivrs.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** A patient's IVRs (drafts excluded), newest change first: at most `limit`. */
export async function patientBoard(db: Db, { practiceId, patientId, limit = 200, today = todayUtc() }: { practiceId: string; patientId: string; limit?: number; today?: string }): Promise<BoardRow[]> {
  const rows = await db
    .select(boardColumns)
    .from(ivrs)
    .where(boardWhere(practiceId, { patientIds: [patientId] }))
    .orderBy(desc(ivrs.updatedAt), desc(ivrs.id))
    .limit(limit);
  return toBoardRows(db, rows, today);
}

export async function toBoardRows(db: Db, rows: readonly BoardSource[], today = todayUtc()): Promise<BoardRow[]> {
  const [initials, authorisations] = await Promise.all([
    initialsByPatient(db, [...new Set(rows.map((r) => r.patientId).filter((id): id is string => Boolean(id)))]),
    boardAuthorisations(
      db,
      rows.map((r) => r.id),
      today,
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    reference: ivrReference(r.number),
    patientId: r.patientId,
    initials: (r.patientId && initials.get(r.patientId)) || "",
    product: productName(r.productSlug),
    dateOfService: r.dateOfService,
    submittedAt: r.submittedAt,
    updatedAt: r.updatedAt,
    status: r.status,
    statusLabel: IVR_STATUS_LABELS[r.status],
    validUntil: r.validUntil,
    reverifySoon: reverifySoon(r.status, r.validUntil, today),
    authorisation: authorisations.get(r.id) ?? null,
  }));
}

/** A recorded verification, opened: what the payer said (`VerificationResult`), staff's notes, and who verified when. */
export type Verification = VerificationResult & {
  callReference?: string;
  noteToPractice?: string;
  verifiedBy: string | null;
  verifiedAt: Date;
};

export type IvrDetail = {
  row: IvrRow;
  reference: string;
  statusLabel: string;
  patient: Patient | null;
  provider: typeof providers.$inferSelect | null;
  facility: typeof facilities.$inferSelect | null;
  clinical: Clinical | null;
  product: string;
  areaCm2: number | null;
  warnings: string[];
  signer: string | null;
  requestMessage: string | null;
  files: { id: string; role: IvrFileRole; name: string; mimeType: string; size: number; createdAt: Date }[];
  history: { id: string; from: IvrStatus | null; to: IvrStatus; actorEmail: string | null; note: string | null; at: Date }[];
  verifications: Verification[];
};

/** One IVR with everything about it, opened; null when not found (or not the practice's, when a practice is given). */
export async function getIvrDetail(db: Db, { id, practiceId }: { id: string; practiceId: string | null }): Promise<IvrDetail | null> {
  const where = practiceId ? and(eq(ivrs.id, id), eq(ivrs.practiceId, practiceId)) : eq(ivrs.id, id);
  const [row] = await db.select().from(ivrs).where(where);
  if (!row) return null;
  const [patient, provider, facility, files, history, verifications] = await Promise.all([
    row.patientId ? getPatient(db, row.practiceId, row.patientId) : null,
    row.providerId ? db.select().from(providers).where(eq(providers.id, row.providerId)).then((r) => r[0] ?? null) : null,
    row.facilityId ? db.select().from(facilities).where(eq(facilities.id, row.facilityId)).then((r) => r[0] ?? null) : null,
    db
      .select({ id: ivrFiles.id, role: ivrFiles.role, name: ivrFiles.nameSealed, mimeType: ivrFiles.mimeType, size: ivrFiles.size, createdAt: ivrFiles.createdAt })
      .from(ivrFiles)
      .where(eq(ivrFiles.ivrId, id))
      .orderBy(asc(ivrFiles.createdAt)),
    db.select().from(ivrHistory).where(eq(ivrHistory.ivrId, id)).orderBy(asc(ivrHistory.at)),
    db.select().from(ivrVerifications).where(eq(ivrVerifications.ivrId, id)).orderBy(desc(ivrVerifications.verifiedAt)),
  ]);
  const clinical = row.clinicalSealed ? openJson<Clinical>(row.clinicalSealed, CLINICAL) : null;
  const payerType = patient?.coverages.find((c) => c.rank === "primary")?.payerType ?? null;
  const warnings =
    clinical && row.dateOfService
      ? ivrWarnings({
          woundType: clinical.woundType,
          icd10: [clinical.icdPrimary ?? "", ...clinical.icdSecondary],
          areaCm2: row.areaHundredths === null ? null : row.areaHundredths / 100,
          standardOfCareStart: clinical.standardOfCareStart,
          dateOfService: row.dateOfService,
          standardOfCareException: clinical.standardOfCareException,
          plannedApplications: row.plannedApplications,
          payerType: payerType as PayerType | null,
          woundLocation: clinical.woundLocation,
          laterality: clinical.laterality,
        })
      : [];
  return {
    row,
    reference: ivrReference(row.number),
    statusLabel: IVR_STATUS_LABELS[row.status],
    patient,
    provider,
    facility,
    clinical,
    product: productName(row.productSlug),
    areaCm2: row.areaHundredths === null ? null : row.areaHundredths / 100,
    warnings,
    signer: open(row.attestationSignerSealed, SIGNER),
    requestMessage: open(row.requestMessageSealed, MESSAGE),
    files: files.map((f) => ({ ...f, name: open(f.name, FILE_NAME) })),
    history: history.map((h) => ({ id: h.id, from: h.fromStatus, to: h.toStatus, actorEmail: h.actorEmail, note: open(h.noteSealed, NOTE), at: h.at })),
    verifications: verifications.map((v) => ({ ...openJson<Omit<Verification, "verifiedBy" | "verifiedAt">>(v.resultSealed, RESULT), verifiedBy: v.verifiedBy, verifiedAt: v.verifiedAt })),
  };
}

/**
 * A member opens one of their practice's IVRs: everything about it, and the
 * read audited (`ivr.view`, once per reader and ten minutes: the page refreshes
 * itself as statuses change). Null when not the practice's.
 */
export async function readIvrAsMember(db: Db, { id, practiceId, actor }: { id: string; practiceId: string; actor: Actor }): Promise<IvrDetail | null> {
  const detail = await getIvrDetail(db, { id, practiceId });
  if (detail?.row.patientId && detail.row.status !== "draft")
    await auditRead(db, { actorEmail: actor.email, action: "ivr.view", target: id, ip: actor.ip, patientId: detail.row.patientId });
  return detail;
}

/** A member downloads an attachment of their practice's IVR `ivrId`: audited (`ivr.file`). Null when it is not that IVR's. */
export async function readIvrFileAsMember(
  db: Db,
  { id, ivrId, practiceId, actor, mayOpen }: { id: string; ivrId: string; practiceId: string; actor: Actor; mayOpen: (role: IvrFileRole) => boolean },
) {
  // What kind of file it is, before anything of it is opened or the read recorded: a member's role may not cover it.
  const [kind] = await db
    .select({ role: ivrFiles.role, ivrId: ivrFiles.ivrId })
    .from(ivrFiles)
    .innerJoin(ivrs, eq(ivrs.id, ivrFiles.ivrId))
    .where(and(eq(ivrFiles.id, id), eq(ivrs.practiceId, practiceId)));
  if (!kind || kind.ivrId !== ivrId) return null;
  if (!mayOpen(kind.role)) return "refused" as const;
  const file = await getIvrFile(db, { id, practiceId });
  if (!file) return null;
  await audit(db, { actorEmail: actor.email, action: "ivr.file", target: file.ivrId, ip: actor.ip, detail: `file ${id}`, patientId: file.patientId });
  return file;
}

/** An attachment, opened; null when not found (or not the practice's, when a practice is given). */
export async function getIvrFile(db: Db, { id, practiceId }: { id: string; practiceId: string | null }) {
  const where = practiceId ? and(eq(ivrFiles.id, id), eq(ivrs.practiceId, practiceId)) : eq(ivrFiles.id, id);
  const [row] = await db
    .select({ file: ivrFiles, practiceId: ivrs.practiceId, patientId: ivrs.patientId })
    .from(ivrFiles)
    .innerJoin(ivrs, eq(ivrs.id, ivrFiles.ivrId))
    .where(where);
  if (!row) return null;
  return {
    id: row.file.id,
    ivrId: row.file.ivrId,
    patientId: row.patientId,
    name: open(row.file.nameSealed, FILE_NAME),
    mimeType: row.file.mimeType,
    bytes: openFile(row.file.contentSealed, FILE_CONTENT),
  };
}

/** Starts a re-verification: a new draft prefilled from the IVR's answers. Answers the draft's id, or null when the IVR is not the practice's. */
export async function startReverification(db: Db, { practiceId, userId, fromId }: { practiceId: string; userId: string; fromId: string }) {
  const detail = await getIvrDetail(db, { id: fromId, practiceId });
  if (!detail) return null;
  const c = detail.clinical;
  const values: Record<string, unknown> = {
    requestType: "re-verification",
    previousIvrId: fromId,
    patientId: detail.row.patientId ?? "",
    providerId: detail.row.providerId ?? "",
    facilityId: detail.row.facilityId ?? "",
    placeOfService: detail.row.placeOfService ?? "",
    productSlug: detail.row.productSlug ?? "",
    plannedApplications: detail.row.plannedApplications?.toString() ?? "",
    ...(c
      ? {
          woundType: c.woundType,
          woundLocation: c.woundLocation,
          laterality: c.laterality,
          lengthCm: c.lengthCm?.toString() ?? "",
          widthCm: c.widthCm?.toString() ?? "",
          depthCm: c.depthCm?.toString() ?? "",
          durationWeeks: c.durationWeeks.toString(),
          standardOfCareStart: c.standardOfCareStart,
          standardOfCare: c.standardOfCare,
          standardOfCareNotes: c.standardOfCareNotes ?? "",
          icdPrimary: c.icdPrimary ?? "",
          icdSecondary: c.icdSecondary,
        }
      : {}),
  };
  // The coverage is asked about again as the re-verification starts, so the answer is there when it is sent.
  return inTransaction(db, async (tx) => {
    const draftId = await saveDraft(tx, { practiceId, userId, values });
    if (detail.row.status !== "draft") await requestEligibilityCheck(tx, { ivrId: fromId, why: "reverification" });
    return draftId;
  });
}
