import { createHash } from "node:crypto";
import { getTableColumns, getTableName, type Column } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { IVR_ATTESTATION } from "~/content/ivr-attestation";
import { productBySlug } from "~/content/products";
import { addYears } from "~/lib/calendar";
import { claimLine } from "~/lib/clinical/claim-line";
import { sizeArea } from "~/lib/clinical/graft-sizes";
import { todayUtc } from "~/.server/ivr";
import { patientLookupHash, seal, sealJson } from "~/.server/crypto";
import { SEALED_COLUMNS } from "~/.server/crypto/rotate";
import {
  account,
  applicationCertifications,
  applicationExperience,
  applications,
  auditLog,
  callbacks,
  chatMessages,
  chats,
  contactMessages,
  coverages,
  facilities,
  graftApplications,
  intakes,
  invoiceLines,
  invoicePayments,
  invoices,
  ivrFollowers,
  ivrHistory,
  ivrs,
  ivrVerifications,
  orderFollowers,
  orderHistory,
  orderLines,
  orders,
  orderUnits,
  parLevels,
  patients,
  practiceMembers,
  practices,
  priorAuthorisations,
  providers,
  submissionFiles,
  submissionNotes,
  submissions,
  user,
} from "~/.server/db/schema";
import { practiceNameKey } from "~/.server/practices";
import type { Row } from "./bulk";
import type {
  ApplicationPlan,
  AuditPlan,
  ChatMessagePlan,
  ChatPlan,
  CoveragePlan,
  FacilityPlan,
  InvoicePlan,
  IvrPlan,
  IvrStep,
  OrderLinePlan,
  OrderPlan,
  OrderStep,
  PatientPlan,
  PracticePlan,
  ProviderPlan,
  SubmissionPlan,
  UserPlan,
} from "./plan";

/**
 * One function per table, each making that table's row from the plan: a new
 * column of a table is a line in its function here (the row types come from
 * the schema, so a new column the database needs fails the type check here).
 * Patient data is sealed with the app's own `seal`/`sealJson` under each
 * column's context, read from the key rotation's list of sealed columns, so a
 * seeded value opens exactly as one the app wrote.
 */

const at = (ms: number) => new Date(ms);

const contexts = new Map<string, string>();
/** The context a sealed column's values are sealed under ("patients.first_name"). */
function contextOf(table: PgTable, key: string): string {
  const column = (getTableColumns(table) as Record<string, Column>)[key];
  const name = `${getTableName(table)}.${column?.name}`;
  let context = contexts.get(name);
  if (!context) {
    const found = SEALED_COLUMNS.find((c) => `${c.table}.${c.column}` === name);
    if (!found) throw new Error(`${name} is not a sealed column`);
    context = found.context;
    contexts.set(name, context);
  }
  return context;
}
const sealed = (table: PgTable, key: string, value: string | null) => seal(value, contextOf(table, key));
const sealedJson = (table: PgTable, key: string, value: unknown) => sealJson(value, contextOf(table, key));

export const userRow = (u: UserPlan): Row<typeof user> => ({
  id: u.id,
  name: u.name,
  email: u.email,
  emailVerified: true,
  role: u.role,
  disabled: u.disabled,
  createdAt: at(u.createdAt),
  updatedAt: at(u.createdAt),
});

export const accountRow = (u: UserPlan, id: string, passwordHash: string): Row<typeof account> => ({
  id,
  accountId: u.id,
  providerId: "credential",
  userId: u.id,
  password: passwordHash,
  createdAt: at(u.createdAt + 1_800_000),
  updatedAt: at(u.createdAt + 1_800_000),
});

export const practiceRow = (p: PracticePlan): Row<typeof practices> => ({
  id: p.id,
  name: p.name,
  nameKey: practiceNameKey(p.name),
  taxId: p.taxId,
  holdsStock: p.stock !== null,
  autoReorder: p.stock?.autoReorder ?? false,
  reorderMonthlyCents: p.stock?.monthlyCents ?? null,
  approveStock: p.stock?.approveStock ?? false,
  createdAt: at(p.createdAt),
});

export const parLevelRow = (p: PracticePlan, level: NonNullable<PracticePlan["stock"]>["parLevels"][number]): Row<typeof parLevels> => ({
  practiceId: p.id,
  facilityId: p.stock!.facility.id,
  productSlug: level.productSlug,
  lengthMm: mm(level.size.lengthCm),
  widthMm: mm(level.size.widthCm),
  par: level.par,
  updatedBy: level.by.email,
  updatedAt: at(level.at),
});

export const memberRow = (u: UserPlan, practice: PracticePlan): Row<typeof practiceMembers> => ({
  userId: u.id,
  practiceId: practice.id,
  // The practice's first member is its admin; those who joined later see its patients and orders.
  role: u.email === practice.members[0]?.email ? "admin" : "clinician",
  createdAt: at(u.createdAt),
});

export const facilityRow = (f: FacilityPlan, practice: PracticePlan): Row<typeof facilities> => ({
  id: f.id,
  practiceId: practice.id,
  name: f.name,
  addressLine1: f.addressLine1,
  addressLine2: f.addressLine2,
  city: f.city,
  state: f.state,
  zip: f.zip,
  phone: f.phone,
  groupNpi: f.groupNpi,
  ptan: f.ptan,
  taxId: f.taxId,
  placeOfService: f.placeOfService,
  createdAt: at(f.createdAt),
  updatedAt: at(f.createdAt),
});

export const providerRow = (p: ProviderPlan, practice: PracticePlan): Row<typeof providers> => ({
  id: p.id,
  practiceId: practice.id,
  firstName: p.firstName,
  lastName: p.lastName,
  credentials: p.credentials,
  specialty: p.specialty,
  npi: p.npi,
  ptan: p.ptan,
  createdAt: at(p.createdAt),
  updatedAt: at(p.createdAt),
});

export const patientRow = (p: PatientPlan): Row<typeof patients> => ({
  id: p.id,
  practiceId: p.practice.id,
  firstNameSealed: sealed(patients, "firstNameSealed", p.firstName)!,
  lastNameSealed: sealed(patients, "lastNameSealed", p.lastName)!,
  birthDateSealed: sealed(patients, "birthDateSealed", p.birthDate)!,
  sex: p.sex,
  addressSealed: sealedJson(patients, "addressSealed", p.address),
  phoneSealed: sealed(patients, "phoneSealed", p.phone),
  lookupHash: patientLookupHash(p.lastName, p.birthDate),
  synthetic: true,
  createdBy: p.createdBy.id,
  createdAt: at(p.createdAt),
  updatedAt: at(p.createdAt),
});

export const coverageRow = (c: CoveragePlan, patient: PatientPlan): Row<typeof coverages> => ({
  id: c.id,
  patientId: patient.id,
  rank: c.rank,
  payerName: c.payerName,
  payerType: c.payerType,
  memberIdSealed: sealed(coverages, "memberIdSealed", c.memberId)!,
  groupNumberSealed: sealed(coverages, "groupNumberSealed", c.groupNumber),
  subscriberSealed: c.subscriber ? sealedJson(coverages, "subscriberSealed", c.subscriber) : null,
  payerPhone: c.payerPhone,
  createdAt: at(patient.createdAt),
  updatedAt: at(patient.createdAt),
});

export function ivrRow(p: IvrPlan, number: number | null): Row<typeof ivrs> {
  const s = p.sent;
  return {
    id: p.id,
    number,
    practiceId: p.practice.id,
    createdBy: p.creator.id,
    status: p.status,
    requestType: p.requestType,
    previousIvrId: p.previousIvrId,
    patientId: s ? p.patient.id : null,
    providerId: s ? s.provider.id : null,
    facilityId: s ? s.facility.id : null,
    placeOfService: s ? s.facility.placeOfService : null,
    dateOfService: s ? s.dateOfService : null,
    productSlug: s ? s.productSlug : null,
    plannedApplications: s ? s.plannedApplications : null,
    areaHundredths: s ? s.areaHundredths : null,
    cptCodes: s ? s.cptCodes : null,
    clinicalSealed: s ? sealedJson(ivrs, "clinicalSealed", s.clinical) : null,
    draftSealed: p.draft ? sealedJson(ivrs, "draftSealed", p.draft) : null,
    priorAuthPermission: s ? s.priorAuthPermission : false,
    attestationSignerSealed: s ? sealed(ivrs, "attestationSignerSealed", p.creator.name) : null,
    attestationVersion: s ? IVR_ATTESTATION.version : null,
    attestedAt: s ? at(s.attestedAt) : null,
    attestedIp: s ? p.creator.ip : null,
    requestMessageSealed: sealed(ivrs, "requestMessageSealed", p.requestMessage),
    validUntil: p.validUntil,
    authorisedApplications: p.authorisedApplications,
    priorAuthFrom: p.priorAuth?.from ?? null,
    priorAuthTo: p.priorAuth?.to ?? null,
    submittedAt: s ? at(s.submittedAt) : null,
    createdAt: at(p.createdAt),
    updatedAt: at(p.updatedAt),
  };
}

export const ivrFollowerRow = (ivr: IvrPlan, u: UserPlan): Row<typeof ivrFollowers> => ({ ivrId: ivr.id, userId: u.id });

export const ivrHistoryRow = (id: string, ivr: IvrPlan, step: IvrStep): Row<typeof ivrHistory> => ({
  id,
  ivrId: ivr.id,
  fromStatus: step.from,
  toStatus: step.to,
  actorEmail: step.actor.email,
  noteSealed: sealed(ivrHistory, "noteSealed", step.note),
  at: at(step.at),
});

export const ivrVerificationRow = (ivr: IvrPlan, v: IvrPlan["verifications"][number]): Row<typeof ivrVerifications> => ({
  id: v.id,
  ivrId: ivr.id,
  resultSealed: sealedJson(ivrVerifications, "resultSealed", v.result),
  verifiedBy: v.by.email,
  verifiedAt: at(v.at),
});

/** The authorisation an approval records (its id is the verification's: one each), or null for another outcome. */
export const priorAuthorisationRow = (ivr: IvrPlan, v: IvrPlan["verifications"][number]): Row<typeof priorAuthorisations> | null => {
  const r = v.result;
  if (r.outcome !== "prior_auth_approved" || !r.priorAuthNumber || !r.priorAuthFrom || !r.priorAuthTo) return null;
  return {
    id: v.id,
    ivrId: ivr.id,
    numberSealed: sealed(priorAuthorisations, "numberSealed", r.priorAuthNumber)!,
    trackingNumberSealed: null,
    validFrom: r.priorAuthFrom,
    validTo: r.priorAuthTo,
    authorisedApplications: r.authorisedApplications ?? null,
    productSlugs: [],
    recordedBy: v.by.email,
    createdAt: at(v.at),
    replacedAt: null,
  };
};

export const orderRow = (o: OrderPlan, number: number): Row<typeof orders> & { number: number } => ({
  id: o.id,
  number,
  practiceId: o.practice.id,
  ivrId: o.ivr?.id ?? null,
  patientId: o.ivr?.patient.id ?? null,
  reorder: o.reorder,
  productSlug: o.productSlug,
  createdBy: o.creator?.id ?? null,
  status: o.status,
  dateOfService: o.dateOfService,
  facilityId: o.facility.id,
  // What the order was placed with: pages and documents read these, not today's facility.
  practiceName: o.practice.name,
  facilityName: o.facility.name,
  shipTo: {
    addressLine1: o.facility.addressLine1,
    addressLine2: o.facility.addressLine2,
    city: o.facility.city,
    state: o.facility.state,
    zip: o.facility.zip,
    phone: o.facility.phone,
  },
  productName: productBySlug(o.productSlug)!.name,
  shippingSpeed: o.shippingSpeed,
  poNumber: o.poNumber,
  notesSealed: sealed(orders, "notesSealed", o.notes),
  woundAreaHundredths: o.ivr?.sent!.areaHundredths ?? null,
  carrier: o.carrier,
  trackingNumber: o.trackingNumber,
  shippedAt: o.shippedAt === null ? null : at(o.shippedAt),
  deliveredAt: o.deliveredAt === null ? null : at(o.deliveredAt),
  deliveredOn: o.deliveredAt === null ? null : dateOf(o.deliveredAt),
  createdAt: at(o.createdAt),
  updatedAt: at(o.updatedAt),
});

const mm = (cm: number) => Math.round(cm * 10);

export const orderLineRow = (o: OrderPlan, l: OrderLinePlan): Row<typeof orderLines> => ({
  id: l.id,
  orderId: o.id,
  position: l.position,
  hcpcs: l.hcpcs,
  lengthMm: mm(l.size.lengthCm),
  widthMm: mm(l.size.widthCm),
  quantity: l.quantity,
});

export function orderUnitRow(o: OrderPlan, l: OrderLinePlan, index: number): Row<typeof orderUnits> {
  const end = l.ends[index] ?? null;
  return {
    id: l.unitIds[index]!,
    orderId: o.id,
    lineId: l.id,
    position: index + 1,
    tissueId: l.tissueIds[index]!,
    practiceId: o.practice.id,
    facilityId: o.facility.id,
    productSlug: o.productSlug,
    lengthMm: mm(l.size.lengthCm),
    widthMm: mm(l.size.widthCm),
    // The identifier is the lot and a unit number ("4250-260412-071"); a graft keeps two years from packing, a short-dated lot less.
    lot: l.tissueIds[index]!.replace(/-\d{3}$/, ""),
    expiresOn: o.shippedAt === null ? null : (l.expiresOn ?? addYears(dateOf(o.shippedAt), 2)),
    stockedAt: o.deliveredAt === null ? null : at(o.deliveredAt),
    disposition: end?.disposition ?? null,
    disposedOn: end?.on ?? null,
    disposedBy: end?.by.email ?? null,
    dispositionNoteSealed: sealed(orderUnits, "dispositionNoteSealed", end?.note ?? null),
  };
}

/**
 * An application as the portal's form records it (`recordApplication`): the
 * wound measured that day and the claim line worked out from it, with the
 * patient's primary payer, sealed; the unit's area split into applied and
 * discarded.
 */
export function graftApplicationRow(a: ApplicationPlan, number: number): Row<typeof graftApplications> & { number: number } {
  const product = productBySlug(a.order.productSlug)!;
  const patient = a.ivr.patient;
  const claim = claimLine({
    dateOfService: a.appliedOn,
    location: a.wound.location,
    woundAreaCm2: Math.round(a.wound.lengthCm * a.wound.widthCm * 100) / 100,
    unitAreaCm2: sizeArea(a.line.size),
    appliedCm2: a.appliedHundredths / 100,
    discardedCm2: a.discardedHundredths / 100,
    product,
    payerType: patient.coverages[0]?.payerType ?? null,
  });
  return {
    id: a.id,
    number,
    practiceId: a.order.practice.id,
    unitId: a.line.unitIds[a.index]!,
    ivrId: a.ivr.id,
    patientId: patient.id,
    appliedOn: a.appliedOn,
    woundSealed: sealedJson(graftApplications, "woundSealed", a.wound),
    appliedHundredths: a.appliedHundredths,
    discardedHundredths: a.discardedHundredths,
    discardReasonSealed: sealed(graftApplications, "discardReasonSealed", a.discardReason),
    claimSealed: sealedJson(graftApplications, "claimSealed", claim),
    signerName: a.signerName,
    createdBy: null,
    createdAt: at(a.at),
  };
}

export const orderHistoryRow = (id: string, o: OrderPlan, step: OrderStep): Row<typeof orderHistory> => ({
  id,
  orderId: o.id,
  fromStatus: step.from,
  toStatus: step.to,
  actorEmail: step.actor.email,
  noteSealed: sealed(orderHistory, "noteSealed", step.note),
  at: at(step.at),
});

export const orderFollowerRow = (o: OrderPlan, u: UserPlan): Row<typeof orderFollowers> => ({ orderId: o.id, userId: u.id });

export const invoiceRow = (i: InvoicePlan, number: number): Row<typeof invoices> & { number: number } => ({
  id: i.id,
  number,
  orderId: i.order.id,
  practiceId: i.order.practice.id,
  issuedOn: i.issuedOn,
  dueOn: i.dueOn,
  totalCents: i.totalCents,
  issuedBy: i.issuedBy.email,
  paidOn: i.payment?.paidOn ?? null,
  paymentReference: i.payment?.reference ?? null,
  paymentRecordedBy: i.payment?.by.email ?? null,
  paidCents: i.payment ? i.totalCents : 0,
  createdAt: at(i.at),
});

/** A paid invoice's one payment of its whole amount. */
const dateOf = (ms: number) => todayUtc(new Date(ms));

export const invoicePaymentRow = (id: string, i: InvoicePlan): Row<typeof invoicePayments> => ({
  id,
  invoiceId: i.id,
  amountCents: i.totalCents,
  paidOn: i.payment!.paidOn,
  reference: i.payment!.reference,
  recordedBy: i.payment!.by.email,
  createdAt: at(i.payment!.at),
});

export const invoiceLineRow = (i: InvoicePlan, l: InvoicePlan["lines"][number]): Row<typeof invoiceLines> => ({
  id: l.id,
  invoiceId: i.id,
  position: l.position,
  hcpcs: l.hcpcs,
  product: l.product,
  lengthMm: mm(l.size.lengthCm),
  widthMm: mm(l.size.widthCm),
  units: l.units,
  unitPriceCents: l.unitPriceCents,
  totalCents: l.unitPriceCents * l.units,
});

export const submissionRow = (s: SubmissionPlan): Row<typeof submissions> => ({
  id: s.id,
  kind: s.kind,
  status: s.status,
  firstName: s.firstName,
  lastName: s.lastName,
  email: s.email,
  clientKey: s.clientKey,
  createdAt: at(s.createdAt),
  updatedAt: at(s.updatedAt),
});

/** The row of the submission's own kind, in the table of that kind. */
export function kindRow(s: SubmissionPlan) {
  const f = s.fields;
  switch (s.kind) {
    case "contact":
      return { table: contactMessages, row: { submissionId: s.id, company: f.company ?? null, message: f.message! } satisfies Row<typeof contactMessages> };
    case "intake":
      return { table: intakes, row: { submissionId: s.id, phone: f.phone!, organization: f.organization!, role: f.role!, query: f.query! } satisfies Row<typeof intakes> };
    case "callback":
      return {
        table: callbacks,
        row: {
          submissionId: s.id,
          phone: f.phone!,
          currentRole: f.currentRole ?? null,
          experience: f.experience ?? null,
          territory: f.territory ?? null,
          bestTimeToCall: f.bestTimeToCall ?? null,
          additionalInfo: f.additionalInfo ?? null,
        } satisfies Row<typeof callbacks>,
      };
    case "application":
      return {
        table: applications,
        row: {
          submissionId: s.id,
          phone: f.phone!,
          address: f.address ?? null,
          city: f.city ?? null,
          state: f.state ?? null,
          zipCode: f.zipCode ?? null,
          positionAppliedFor: f.positionAppliedFor ?? null,
          expectedSalary: f.expectedSalary ?? null,
          availableStartDate: f.availableStartDate ?? null,
        } satisfies Row<typeof applications>,
      };
  }
}

export const experienceRow = (s: SubmissionPlan, e: SubmissionPlan["experience"][number], index: number): Row<typeof applicationExperience> => ({
  submissionId: s.id,
  position: index,
  company: e.company,
  title: e.title,
  startDate: e.startDate,
  endDate: e.endDate,
  currentRole: e.currentRole,
  description: e.description,
  location: e.location,
});

export const certificationRow = (s: SubmissionPlan, c: SubmissionPlan["certifications"][number], index: number): Row<typeof applicationCertifications> => ({
  submissionId: s.id,
  position: index,
  name: c.name,
  issuingOrganization: c.issuingOrganization,
  issueDate: c.issueDate,
  expirationDate: c.expirationDate,
  credentialId: c.credentialId,
});

/** A small one-page PDF, made with pdf-lib; its dates are the submission's, so the same seed makes the same bytes. */
async function pdfOf(title: string, lines: readonly string[], when: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText(title, { x: 72, y: 700, size: 18, font });
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 664 - i * 18, size: 11, font }));
  return doc.save({ useObjectStreams: false });
}

export async function submissionFileRow(s: SubmissionPlan, f: SubmissionPlan["files"][number]): Promise<Row<typeof submissionFiles>> {
  const data = await pdfOf(f.title, f.lines, at(s.createdAt));
  return {
    id: f.id,
    submissionId: s.id,
    role: f.role,
    fileName: f.fileName,
    contentType: "application/pdf",
    size: data.byteLength,
    sha256: createHash("sha256").update(data).digest("hex"),
    data,
    createdAt: at(s.createdAt),
  };
}

export const submissionNoteRow = (s: SubmissionPlan, n: SubmissionPlan["notes"][number]): Row<typeof submissionNotes> => ({
  id: n.id,
  submissionId: s.id,
  authorEmail: n.author.email,
  body: n.body,
  createdAt: at(n.at),
});

export const chatRow = (c: ChatPlan): Row<typeof chats> & { number: number } => ({
  id: c.id,
  number: c.number,
  status: c.status,
  userId: c.member?.id ?? null,
  practiceId: c.member?.practiceId ?? null,
  visitorName: c.visitor?.name ?? null,
  visitorEmail: c.visitor?.email ?? null,
  tokenHash: c.visitor?.tokenHash ?? null,
  takenBy: c.takenBy?.id ?? null,
  takenAt: c.takenAt === null ? null : at(c.takenAt),
  firstAnsweredAt: c.firstAnsweredAt === null ? null : at(c.firstAnsweredAt),
  lastMessageAt: at(c.lastMessageAt),
  closedAt: c.closedAt === null ? null : at(c.closedAt),
  transcriptMailedAt: null,
  createdAt: at(c.createdAt),
});

export const chatMessageRow = (c: ChatPlan, m: ChatMessagePlan): Row<typeof chatMessages> => ({
  id: m.id,
  chatId: c.id,
  side: m.side,
  authorId: m.authorId,
  bodySealed: sealed(chatMessages, "bodySealed", m.body)!,
  createdAt: at(m.at),
});

export const auditRow = (id: string, a: AuditPlan): Row<typeof auditLog> => ({
  id,
  at: at(a.at),
  actorEmail: a.actor,
  action: a.action,
  target: a.target,
  ip: a.ip,
  detail: a.detail,
});
