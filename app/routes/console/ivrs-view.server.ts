import { addDays } from "~/lib/calendar";
import { WOUND_LOCATIONS } from "~/lib/clinical/wound";
import { DEFAULT_VALID_DAYS, IVR_REQUEST_TYPES, IVR_STATUS_LABELS, IVR_TRANSITIONS_BY, PAYER_TYPES, PLACES_OF_SERVICE, WOUND_TYPES, type IvrStatus } from "~/lib/ivr";
import { optionLabel } from "~/lib/schemas/fields";
import { IVR_FILE_FIELDS, LATERALITY_OPTIONS, STANDARD_OF_CARE_OPTIONS } from "~/lib/schemas/ivr";
import { RELATIONSHIP_OPTIONS, SEX_OPTIONS } from "~/lib/schemas/patient";
import { NETWORK_OPTIONS, VERIFICATION_OUTCOMES } from "~/lib/schemas/verification-fields";
import { verificationFacts } from "~/lib/verification-words";
import type { IvrDetail } from "~/.server/ivr";
import { VERIFICATION_FIELD_LABELS } from "./ivrs-eligibility.server";
import type { OrderBoardRow } from "~/.server/orders";

/**
 * What the console's IVR page shows, in words: built on the server so the
 * page needs none of the form schemas (and zod) to name a value.
 */

/** A labelled value in words; `at`, a moment, is written by the page in the viewer's zone. */
export type ViewField = { label: string; value: string | null; at?: Date | null };
export type ViewSection = { id: string; title: string; fields: ViewField[] };

const yesNo = (v: boolean | undefined | null) => (v ? "Yes" : "No");
const label = (options: readonly { value: string; label: string }[], v: string | null | undefined) => (v ? (optionLabel(options, v) ?? v) : null);
const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? null : String(v));

export function ivrSections(detail: IvrDetail): ViewSection[] {
  const { row, patient, provider, facility, clinical: c } = detail;
  const sections: ViewSection[] = [];
  sections.push({
    id: "request",
    title: "Request",
    fields: [
      { label: "Request type", value: label(IVR_REQUEST_TYPES, row.requestType) },
      { label: "Product", value: text(detail.product) },
      { label: "Planned applications", value: text(row.plannedApplications) },
      { label: "Date of service", value: text(row.dateOfService) },
      { label: "Place of service", value: label(PLACES_OF_SERVICE, row.placeOfService) },
      { label: "May pursue prior authorization", value: yesNo(row.priorAuthPermission) },
    ],
  });
  if (patient) {
    sections.push({
      id: "patient",
      title: "Patient",
      fields: [
        { label: "Name", value: `${patient.firstName} ${patient.lastName}` },
        { label: "Date of birth", value: patient.birthDate },
        { label: "Sex", value: label(SEX_OPTIONS, patient.sex) },
        { label: "Address", value: `${patient.address.line1}, ${patient.address.city}, ${patient.address.state} ${patient.address.zip}` },
        { label: "Phone", value: text(patient.phone) },
      ],
    });
    for (const cover of patient.coverages) {
      sections.push({
        id: `coverage-${cover.rank}`,
        title: cover.rank === "primary" ? "Primary coverage" : "Secondary coverage",
        fields: [
          { label: "Payer", value: cover.payerName },
          { label: "Payer type", value: label(PAYER_TYPES, cover.payerType) },
          { label: "Member id", value: cover.memberId },
          { label: "Group number", value: text(cover.groupNumber) },
          { label: "Payer phone", value: text(cover.payerPhone) },
          {
            label: "Subscriber",
            value: cover.subscriber
              ? [cover.subscriber.name, cover.subscriber.birthDate, label(RELATIONSHIP_OPTIONS, cover.subscriber.relationship)].filter(Boolean).join(", ")
              : "The patient",
          },
        ],
      });
    }
  }
  if (provider) {
    sections.push({
      id: "provider",
      title: "Provider",
      fields: [
        { label: "Name", value: `${provider.firstName} ${provider.lastName}${provider.credentials ? `, ${provider.credentials}` : ""}` },
        { label: "Specialty", value: text(provider.specialty) },
        { label: "NPI", value: provider.npi },
        { label: "PTAN", value: text(provider.ptan) },
      ],
    });
  }
  if (facility) {
    sections.push({
      id: "facility",
      title: "Facility",
      fields: [
        { label: "Name", value: facility.name },
        { label: "Address", value: [facility.addressLine1, facility.addressLine2, `${facility.city}, ${facility.state} ${facility.zip}`].filter(Boolean).join(", ") },
        { label: "Phone", value: facility.phone },
        { label: "Group NPI", value: text(facility.groupNpi) },
        { label: "PTAN", value: text(facility.ptan) },
        { label: "Tax id", value: text(facility.taxId) },
      ],
    });
  }
  if (c) {
    const size = [c.lengthCm, c.widthCm, c.depthCm].map((v) => (v === undefined || v === null ? "?" : String(v)));
    sections.push({
      id: "clinical",
      title: "Wound and care",
      fields: [
        { label: "Wound type", value: label(WOUND_TYPES, c.woundType) },
        { label: "Location", value: `${label(WOUND_LOCATIONS, c.woundLocation) ?? ""}, ${label(LATERALITY_OPTIONS, c.laterality) ?? ""}` },
        { label: "Length × width × depth", value: `${size[0]} × ${size[1]} × ${c.depthCm === undefined || c.depthCm === null ? "not given" : size[2]} cm` },
        { label: "Open for", value: `${c.durationWeeks} weeks` },
        { label: "Standard of care since", value: text(c.standardOfCareStart) },
        { label: "Standard of care", value: c.standardOfCare.map((s) => label(STANDARD_OF_CARE_OPTIONS, s)).join(", ") },
        { label: "Standard of care notes", value: text(c.standardOfCareNotes) },
        { label: "Exception to 4 weeks of care attested", value: yesNo(c.standardOfCareException) },
        { label: "Primary ICD-10", value: text(c.icdPrimary) },
        { label: "Secondary ICD-10", value: c.icdSecondary.length ? c.icdSecondary.join(", ") : null },
        { label: "Hospice", value: yesNo(c.hospice) },
        { label: "Part A stay", value: yesNo(c.partAStay) },
        { label: "Skilled nursing over 100 days", value: yesNo(c.snfOver100Days) },
        { label: "Post-operative global period", value: c.postOpGlobal ? `Yes: ${c.surgeryCode ?? "?"} on ${c.surgeryDate ?? "?"}` : "No" },
      ],
    });
  }
  sections.push({
    id: "derived",
    title: "Derived on the server",
    fields: [
      { label: "Wound area", value: detail.areaCm2 === null ? null : `${detail.areaCm2} cm²` },
      { label: "Application codes", value: text(row.cptCodes) },
    ],
  });
  sections.push({
    id: "attestation",
    title: "Attestation",
    fields: [
      { label: "Signed by", value: text(detail.signer) },
      { label: "Attestation version", value: text(row.attestationVersion) },
      { label: "Signed at", value: null, at: row.attestedAt },
      { label: "From address", value: text(row.attestedIp) },
    ],
  });
  return sections;
}

const FILE_LABELS = Object.fromEntries(IVR_FILE_FIELDS.map((f) => [f.role, f.label]));

export function fileRoleLabel(role: string): string {
  return FILE_LABELS[role] ?? role;
}

/** The outcomes staff may record now: those the lifecycle allows from this status. */
export function outcomeOptions(status: IvrStatus) {
  return VERIFICATION_OUTCOMES.filter((o) => IVR_TRANSITIONS_BY.staff[status].includes(o.value)).map((o) => ({ value: o.value, label: o.label }));
}

export const NETWORK_CHOICES = NETWORK_OPTIONS.map((o) => ({ value: o.value, label: o.label }));

/** Valid-until offered by default: DEFAULT_VALID_DAYS from today. */
export function defaultValidUntil(today: string): string {
  return addDays(today, DEFAULT_VALID_DAYS);
}

export function verificationLines(v: IvrDetail["verifications"][number]): ViewField[] {
  return [...verificationFacts(v), { label: "Call reference", value: text(v.callReference) }, { label: "Note to the practice", value: text(v.noteToPractice) }];
}

/** Each verification, newest first: who recorded it, when, and what it found (the facts it has). */
export function verificationsView(verifications: IvrDetail["verifications"]) {
  return verifications.map((v) => ({
    by: v.verifiedBy,
    at: v.verifiedAt,
    lines: verificationLines(v).filter((l) => l.value !== null),
    fromPayer: (v.fromPayer ?? []).map((name) => VERIFICATION_FIELD_LABELS[name] ?? name),
  }));
}

/** The attachments, each named by what it is ("Wound photo"). */
export function filesView(files: IvrDetail["files"]) {
  return files.map((f) => ({ ...f, roleLabel: fileRoleLabel(f.role) }));
}

/** The status changes in words ("In review → Covered"); `from` stays, for the practice's answer to a question. */
export function historyView(history: IvrDetail["history"]) {
  return history.map((h) => ({
    id: h.id,
    from: h.from,
    change: h.from ? `${IVR_STATUS_LABELS[h.from]} → ${IVR_STATUS_LABELS[h.to]}` : IVR_STATUS_LABELS[h.to],
    actorEmail: h.actorEmail,
    at: h.at,
    note: h.note,
  }));
}

/** The orders placed from this IVR, by reference. */
export function ordersView(orders: readonly OrderBoardRow[]) {
  return orders.map((o) => ({ id: o.id, reference: o.reference, status: o.status, sizes: o.sizes, dateOfService: o.dateOfService }));
}

/** The few facts staff look at first, above the action: whose, what, for when, paid by whom. */
export function ivrSummary(detail: IvrDetail): ViewField[] {
  const { row, patient, clinical: c } = detail;
  const primary = patient?.coverages.find((cover) => cover.rank === "primary") ?? patient?.coverages[0];
  return [
    { label: "Patient", value: patient ? `${patient.firstName} ${patient.lastName}, born ${patient.birthDate}` : null },
    { label: "Payer", value: primary ? `${primary.payerName} (${label(PAYER_TYPES, primary.payerType) ?? primary.payerType})` : null },
    { label: "Product", value: text(detail.product) },
    { label: "Date of service", value: text(row.dateOfService) },
    {
      label: "Wound",
      value: c ? [label(WOUND_TYPES, c.woundType), detail.areaCm2 === null ? null : `${detail.areaCm2} cm²`].filter(Boolean).join(", ") || null : null,
    },
  ];
}

/** The shapes the IVR page's panels and forms draw (components/console-ivrs), as the loader builds them. */
export type IvrFileRow = ReturnType<typeof filesView>[number];
export type IvrHistoryRow = ReturnType<typeof historyView>[number];
export type VerificationView = ReturnType<typeof verificationsView>[number];
export type IvrOrderRow = ReturnType<typeof ordersView>[number];
export type Option = { value: string; label: string };
