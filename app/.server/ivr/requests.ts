import { and, asc, desc, eq, ne } from "drizzle-orm";
import { IVR_ATTESTATION } from "~/content/ivr-attestation";
import { products } from "~/content/products";
import { applicationCodes, codesText, woundArea, type WoundLocation } from "~/lib/clinical/wound";
import { ivrWarnings } from "~/lib/clinical/ivr-warnings";
import { IVR_STATUS_LABELS, ivrReference, REVERIFY_SOON_DAYS, type IvrStatus, type PayerType } from "~/lib/ivr";
import type { IvrFileRole, IvrInput } from "~/lib/schemas/ivr";
import { audit, auditRead, type Actor } from "~/.server/audit";
import { open, openFile, openJson, seal, sealFile, sealJson } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { facilities, ivrFiles, ivrFollowers, ivrHistory, ivrs, ivrVerifications, outbox, providers } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { siteConfig, siteOrigin } from "~/.server/env";
import { initialsByPatient, getPatient, patientInPractice, primaryPayerType, type Patient } from "~/.server/patients";
import { transitionIvr, type IvrRow } from "./lifecycle";
import { SEALED } from "./sealed";

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
export class ForeignReferenceError extends Error {
  constructor(readonly field: "patientId" | "providerId" | "facilityId") {
    super(
      {
        patientId: "Choose a patient of your practice",
        providerId: "Choose a provider of your practice",
        facilityId: "Choose a facility of your practice",
      }[field],
    );
    this.name = "ForeignReferenceError";
  }
}

// ---------------------------------------------------------------------------
// Drafts: what the member typed so far, kept on the server as they type.

/** Saves the typed values as a draft (a new one, or the member's own draft `id`). Answers its id, or null when `id` is not the member's draft. */
export async function saveDraft(
  db: Db,
  { practiceId, userId, id, values }: { practiceId: string; userId: string; id?: string | null; values: Record<string, unknown> },
): Promise<string | null> {
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
    const [row] = await tx.insert(ivrs).values({ practiceId, createdBy: userId, requestType, draftSealed: sealed }).returning({ id: ivrs.id });
    await tx.insert(ivrFollowers).values({ ivrId: row!.id, userId });
    return row!.id;
  });
}

/** The member's own draft's typed values, or null. */
export async function readDraft(db: Db, { practiceId, userId, id }: { practiceId: string; userId: string; id: string }) {
  const [row] = await db
    .select({ id: ivrs.id, number: ivrs.number, draft: ivrs.draftSealed, updatedAt: ivrs.updatedAt })
    .from(ivrs)
    .where(and(eq(ivrs.id, id), eq(ivrs.practiceId, practiceId), eq(ivrs.createdBy, userId), eq(ivrs.status, "draft")));
  if (!row) return null;
  return { id: row.id, reference: ivrReference(row.number), updatedAt: row.updatedAt, values: row.draft ? openJson<Record<string, unknown>>(row.draft, DRAFT) : {} };
}

export async function listDrafts(db: Db, { practiceId, userId }: { practiceId: string; userId: string }) {
  const rows = await db
    .select({ id: ivrs.id, number: ivrs.number, updatedAt: ivrs.updatedAt })
    .from(ivrs)
    .where(and(eq(ivrs.practiceId, practiceId), eq(ivrs.createdBy, userId), eq(ivrs.status, "draft")))
    .orderBy(desc(ivrs.updatedAt));
  return rows.map((r) => ({ id: r.id, reference: ivrReference(r.number), updatedAt: r.updatedAt }));
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

/**
 * Sends an IVR: from the member's draft `draftId` when given, else a new one.
 * One transaction: the answers (sealed), the derived codes, the attachments
 * (sealed), the attestation, the move draft -> submitted with its history and
 * audit rows, and the company's notification (reference only).
 */
export async function submitIvr(
  db: Db,
  {
    practiceId,
    userId,
    actor,
    draftId,
    input,
    files,
    previousIvrId,
  }: {
    practiceId: string;
    userId: string;
    actor: Actor;
    draftId?: string | null;
    input: IvrInput;
    files: readonly CheckedUpload[];
    previousIvrId?: string | null;
  },
): Promise<{ id: string; reference: string; warnings: string[] }> {
  await checkReferences(db, practiceId, input);
  const payerType = await primaryPayerType(db, input.patientId);
  const { area, codes, warnings } = derive(input, payerType);
  return inTransaction(db, async (tx) => {
    let id = draftId ?? null;
    if (id) {
      const [own] = await tx
        .select({ id: ivrs.id })
        .from(ivrs)
        .where(and(eq(ivrs.id, id), eq(ivrs.practiceId, practiceId), eq(ivrs.createdBy, userId), eq(ivrs.status, "draft")));
      if (!own) id = null;
    }
    if (!id) {
      const [row] = await tx.insert(ivrs).values({ practiceId, createdBy: userId, requestType: input.requestType }).returning({ id: ivrs.id });
      id = row!.id;
      await tx.insert(ivrFollowers).values({ ivrId: id, userId }).onConflictDoNothing();
    }
    await tx
      .update(ivrs)
      .set({
        requestType: input.requestType,
        previousIvrId: previousIvrId ?? null,
        patientId: input.patientId,
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
    const moved = await transitionIvr(tx, { id, to: "submitted", actor, practiceId });
    await notifyCompany(tx, moved!.row, "submitted");
    return { id, reference: ivrReference(moved!.row.number), warnings };
  });
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
  { practiceId, actor, id, answer, files }: { practiceId: string; actor: Actor; id: string; answer: string; files: readonly CheckedUpload[] },
) {
  return inTransaction(db, async (tx) => {
    const moved = await transitionIvr(tx, { id, to: "submitted", actor, practiceId, note: answer });
    if (!moved) return null;
    await storeFiles(tx, id, files, actor.email);
    await notifyCompany(tx, moved.row, "resubmitted");
    return moved;
  });
}

/** The member cancels an open IVR of their practice. */
export function cancelIvr(db: Db, { practiceId, actor, id }: { practiceId: string; actor: Actor; id: string }) {
  return transitionIvr(db, { id, to: "cancelled", actor, practiceId });
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
};

const productName = (slug: string | null) => products.find((p) => p.slug === slug)?.name ?? slug ?? "";

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "reverify soon": covered or approved, and valid-until within the next 30 days. */
export function reverifySoon(status: IvrStatus, validUntil: string | null, today: string): boolean {
  return (status === "covered" || status === "prior_auth_approved") && validUntil !== null && validUntil <= addDays(today, REVERIFY_SOON_DAYS);
}

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The practice's IVRs (drafts excluded) for the board, newest change first. */
export async function practiceBoard(db: Db, practiceId: string, today = todayUtc()): Promise<BoardRow[]> {
  const rows = await db
    .select()
    .from(ivrs)
    .where(and(eq(ivrs.practiceId, practiceId), ne(ivrs.status, "draft")))
    .orderBy(desc(ivrs.updatedAt));
  return toBoardRows(db, rows, today);
}

export async function toBoardRows(db: Db, rows: readonly IvrRow[], today = todayUtc()): Promise<BoardRow[]> {
  const initials = await initialsByPatient(db, rows.map((r) => r.patientId).filter((id): id is string => Boolean(id)));
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
  }));
}

export type Verification = {
  outcome: string;
  networkStatus?: string;
  deductible?: string;
  deductibleMet?: string;
  coinsurancePercent?: number;
  copay?: string;
  outOfPocketMax?: string;
  outOfPocketMet?: string;
  priorAuthNumber?: string;
  priorAuthFrom?: string;
  priorAuthTo?: string;
  authorisedApplications?: number;
  validUntil: string;
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
export async function readIvrFileAsMember(db: Db, { id, ivrId, practiceId, actor }: { id: string; ivrId: string; practiceId: string; actor: Actor }) {
  const file = await getIvrFile(db, { id, practiceId });
  if (!file || file.ivrId !== ivrId) return null;
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
  return saveDraft(db, { practiceId, userId, values });
}
