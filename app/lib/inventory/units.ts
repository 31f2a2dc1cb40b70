/**
 * A unit of stock on a practice's shelf, as the inventory pages, the
 * application form and reordering see it: browser-safe vocabulary and rules.
 */
import { addDays } from "~/lib/calendar";

/** How a unit leaves the shelf; every unit ends with exactly one. */
export const UNIT_DISPOSITIONS = [
  { value: "applied", label: "Applied" },
  { value: "returned", label: "Returned" },
  { value: "damaged", label: "Damaged" },
  { value: "expired", label: "Expired" },
] as const;
export type UnitDisposition = (typeof UNIT_DISPOSITIONS)[number]["value"];
export const UNIT_DISPOSITION_VALUES = UNIT_DISPOSITIONS.map((d) => d.value) as [UnitDisposition, ...UnitDisposition[]];

export function dispositionLabel(value: UnitDisposition): string {
  return UNIT_DISPOSITIONS.find((d) => d.value === value)!.label;
}

/** APP-000123 */
export function applicationReference(n: number): string {
  return `APP-${String(n).padStart(6, "0")}`;
}

/** RCL-000123 */
export function recallReference(n: number): string {
  return `RCL-${String(n).padStart(6, "0")}`;
}

/** Units expiring within this many days are marked on the inventory page and counted in the weekly mail. */
export const EXPIRING_SOON_DAYS = 30;

export type UnitState = {
  /** "yyyy-mm-dd", the last day the unit may be used. */
  expiresOn: string;
  disposition: UnitDisposition | null;
  /** Held by a recall: it cannot be applied. */
  quarantined: boolean;
};

export function isExpired(unit: Pick<UnitState, "expiresOn">, today: string): boolean {
  return unit.expiresOn < today;
}

/** On the shelf and fit to apply today: no disposition, not quarantined, not past its expiry date. */
export function isUsable(unit: UnitState, today: string): boolean {
  return unit.disposition === null && !unit.quarantined && !isExpired(unit, today);
}

/** Usable and expiring within `days` from today (today included). */
export function expiresSoon(unit: UnitState, today: string, days = EXPIRING_SOON_DAYS): boolean {
  return isUsable(unit, today) && unit.expiresOn <= addDays(today, days);
}
