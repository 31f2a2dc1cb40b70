/**
 * The patients vocabulary the browser shares with the server: how a patient is
 * named where their name must not be (the console, the audit log), and how a
 * member id shows until it is revealed.
 */

/** "PAT-000123" */
export function patientReference(number: number): string {
  return `PAT-${String(number).padStart(6, "0")}`;
}

const REFERENCE = /^\s*PAT-?0*(\d{1,9})\s*$/i;

/** The number of a typed patient reference ("PAT-000123", "pat123"), or null. */
export function patientNumberOf(text: string): number | null {
  const match = REFERENCE.exec(text);
  return match ? Number(match[1]) : null;
}

/** A member id as it shows until revealed: its last four characters. */
export function maskMemberId(memberId: string): string {
  const visible = memberId.replace(/[\s-]/g, "").slice(-4);
  return `•••• ${visible}`;
}

/** Where a coverage sits: what the form offers and the page shows. */
export const COVERAGE_RANKS = [
  { value: "primary", label: "Primary" },
  { value: "secondary", label: "Secondary" },
] as const;
export type CoverageRank = (typeof COVERAGE_RANKS)[number]["value"];
