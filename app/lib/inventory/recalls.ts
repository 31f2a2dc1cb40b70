/**
 * A recall of grafts as staff and practices read it: browser-safe words and
 * rules, shared by the console, the portal, the mail and the CSV report.
 */
import { dispositionLabel, recallReference, type UnitDisposition } from "./units";

/** What a recall looks for: a donor lot, one tissue identifier, or every unit of a product code (GTIN). */
export const RECALL_BY = [
  { value: "lot", label: "Lot" },
  { value: "tissue", label: "Tissue identifier" },
  { value: "gtin", label: "GTIN" },
] as const;
export type RecallBy = (typeof RECALL_BY)[number]["value"];

export function isRecallBy(value: unknown): value is RecallBy {
  return RECALL_BY.some((b) => b.value === value);
}

export function recallByLabel(by: RecallBy): string {
  return RECALL_BY.find((b) => b.value === by)!.label;
}

/** "lot LT-11", "tissue identifier DL-24-0001-A", "GTIN 00812345678903": what a recall is of, in a sentence. */
export function recallTarget(by: RecallBy, value: string): string {
  return `${by === "gtin" ? "GTIN" : recallByLabel(by).toLowerCase()} ${value}`;
}

/** The subject of the practice's mail and the title of the recall: "RCL-000123: recall of lot LT-11". */
export function recallTitle(number: number, by: RecallBy, value: string): string {
  return `${recallReference(number)}: recall of ${recallTarget(by, value)}`;
}

export type UnitStanding = {
  disposition: UnitDisposition | null;
  /** The reference of the recall holding it, if one does. */
  heldBy: string | null;
  /** False while its order is on its way. */
  stocked: boolean;
};

/** Where a unit stands, in words: its disposition, "Held by RCL-000123", "On the shelf" or "In transit". */
export function unitStanding({ disposition, heldBy, stocked }: UnitStanding): string {
  if (disposition !== null) return dispositionLabel(disposition);
  if (heldBy !== null) return `Held by ${heldBy}`;
  return stocked ? "On the shelf" : "In transit";
}

/** A unit a recall would hold: no disposition yet and not held by a recall already. */
export function wouldBeHeld(unit: Pick<UnitStanding, "disposition" | "heldBy">): boolean {
  return unit.disposition === null && unit.heldBy === null;
}
