/**
 * When each shipping speed arrives, and which speed an order's date of
 * service allows: the same in the order form (as the member types) and in
 * `placeOrder` on the server. The days each speed takes and the holidays are
 * data (app/content/shipping.ts).
 */
import { SHIPPING_BUSINESS_DAYS } from "~/content/shipping";
import { addBusinessDays, formatDayWithWeekday } from "./calendar";
import { SHIPPING_SPEEDS, type ShippingSpeed } from "./orders";

/** The latest day an order placed on `today` arrives at this speed. */
export function arrivalBy(speed: ShippingSpeed, today: string): string {
  return addBusinessDays(today, SHIPPING_BUSINESS_DAYS[speed]);
}

/** Each speed with the latest day it arrives, slowest first (as the form lists them, reversed). */
export function arrivals(today: string): { speed: ShippingSpeed; label: string; by: string }[] {
  return [...SHIPPING_SPEEDS]
    .map((s) => ({ speed: s.value, label: s.label, by: arrivalBy(s.value, today) }))
    .sort((a, b) => b.by.localeCompare(a.by));
}

/**
 * Why `speed` will not do for a date of service, naming the slowest speed
 * that arrives in time (or saying none does); null when it arrives by then.
 */
export function shippingRefusal(speed: ShippingSpeed, dateOfService: string, today: string): string | null {
  const by = arrivalBy(speed, today);
  if (by <= dateOfService) return null;
  const label = SHIPPING_SPEEDS.find((s) => s.value === speed)!.label;
  const inTime = arrivals(today).find((a) => a.by <= dateOfService);
  const late = `${label} arrives by ${formatDayWithWeekday(by)}, after the date of service (${formatDayWithWeekday(dateOfService)})`;
  if (inTime) return `${late}: choose ${inTime.label}, or a later date of service.`;
  const soonest = arrivals(today).at(-1)!;
  return `${late}, and no speed arrives by then: the soonest is ${soonest.label}, by ${formatDayWithWeekday(soonest.by)}. Choose a later date of service.`;
}
