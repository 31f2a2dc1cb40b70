/**
 * Shipping as data: the days carriers do not deliver beside weekends, and how
 * many business days each speed takes (SPEC: standard 2-3 business days,
 * expedited next business day, same day in select metro areas).
 *
 * The holidays are the US federal holidays as observed (a Saturday holiday
 * is observed the Friday before, a Sunday one the Monday after; New Year's
 * Day 2028 falls on a Saturday and is observed on Friday 2027-12-31), from
 * the Office of Personnel Management's list. Add the next year's each
 * December: a test fails when the coming year is missing.
 */
export const FEDERAL_HOLIDAYS: Readonly<Record<number, readonly { date: string; name: string }[]>> = {
  2026: [
    { date: "2026-01-01", name: "New Year's Day" },
    { date: "2026-01-19", name: "Birthday of Martin Luther King, Jr." },
    { date: "2026-02-16", name: "Washington's Birthday" },
    { date: "2026-05-25", name: "Memorial Day" },
    { date: "2026-06-19", name: "Juneteenth National Independence Day" },
    { date: "2026-07-03", name: "Independence Day (observed)" },
    { date: "2026-09-07", name: "Labor Day" },
    { date: "2026-10-12", name: "Columbus Day" },
    { date: "2026-11-11", name: "Veterans Day" },
    { date: "2026-11-26", name: "Thanksgiving Day" },
    { date: "2026-12-25", name: "Christmas Day" },
  ],
  2027: [
    { date: "2027-01-01", name: "New Year's Day" },
    { date: "2027-01-18", name: "Birthday of Martin Luther King, Jr." },
    { date: "2027-02-15", name: "Washington's Birthday" },
    { date: "2027-05-31", name: "Memorial Day" },
    { date: "2027-06-18", name: "Juneteenth National Independence Day (observed)" },
    { date: "2027-07-05", name: "Independence Day (observed)" },
    { date: "2027-09-06", name: "Labor Day" },
    { date: "2027-10-11", name: "Columbus Day" },
    { date: "2027-11-11", name: "Veterans Day" },
    { date: "2027-11-25", name: "Thanksgiving Day" },
    { date: "2027-12-24", name: "Christmas Day (observed)" },
    { date: "2027-12-31", name: "New Year's Day 2028 (observed)" },
  ],
};

/**
 * Business days from the day an order is placed to the latest day it arrives,
 * by speed: 0 is the same day (or, on a weekend or holiday, the next business
 * day). The latest day of each promise is the one counted, so a speed is
 * offered only when it arrives in time even at its slowest.
 */
export const SHIPPING_BUSINESS_DAYS = {
  "same-day": 0,
  expedited: 1,
  standard: 3,
} as const;
