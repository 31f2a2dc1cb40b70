/**
 * What staff (or a member) can ask for in a conversation on an IVR or an order: each request shows an upload slot
 * that answers it. The value is stored with the message; the label is what both sides read.
 */
export const DOCUMENT_REQUEST_KINDS = [
  { value: "card-back", label: "Insurance card, back" },
  { value: "card-front", label: "Insurance card, front" },
  { value: "clinical-notes-30-days", label: "Clinical notes of the last 30 days" },
  { value: "prior-auth-form", label: "Prior-auth form" },
  { value: "other", label: "Other document" },
] as const;

export type DocumentRequestKind = (typeof DOCUMENT_REQUEST_KINDS)[number]["value"];

export const DOCUMENT_REQUEST_VALUES = DOCUMENT_REQUEST_KINDS.map((k) => k.value) as [DocumentRequestKind, ...DocumentRequestKind[]];

export function documentRequestLabel(kind: string | null | undefined): string | null {
  if (!kind) return null;
  return DOCUMENT_REQUEST_KINDS.find((k) => k.value === kind)?.label ?? kind;
}
