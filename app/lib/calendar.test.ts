import { describe, expect, it } from "vitest";
import { FEDERAL_HOLIDAYS } from "~/content/shipping";
import { addBusinessDays, addDays, addYears, formatDayWithWeekday, holidayOn, isBusinessDay, nextBusinessDayFrom } from "./calendar";

describe("calendar days", () => {
  it("adds days and years across months, years and leap days", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addYears("2026-11-27", 1)).toBe("2027-11-27");
    expect(addYears("2028-02-29", 1)).toBe("2029-02-28");
    expect(formatDayWithWeekday("2026-12-02")).toBe("Wednesday, December 2, 2026");
  });

  it("counts business days without weekends and US federal holidays, as observed", () => {
    expect(isBusinessDay("2026-11-27")).toBe(true); // the Friday after Thanksgiving is not a federal holiday
    expect(isBusinessDay("2026-11-26")).toBe(false);
    expect(holidayOn("2026-11-26")).toBe("Thanksgiving Day");
    expect(isBusinessDay("2026-11-28")).toBe(false);
    expect(isBusinessDay("2026-07-03")).toBe(false); // July 4 falls on a Saturday
    expect(isBusinessDay("2027-12-31")).toBe(false); // New Year's Day 2028 falls on a Saturday
    // Wednesday before Thanksgiving: Thursday is the holiday, Friday the first business day.
    expect(addBusinessDays("2026-11-25", 1)).toBe("2026-11-27");
    expect(addBusinessDays("2026-11-25", 3)).toBe("2026-12-01");
    // Christmas week 2026: Friday 25th off.
    expect(addBusinessDays("2026-12-23", 2)).toBe("2026-12-28");
    // Across the year's end, into the next year's data.
    expect(addBusinessDays("2026-12-31", 1)).toBe("2027-01-04");
    expect(addBusinessDays("2026-11-28", 0)).toBe("2026-11-30");
    expect(nextBusinessDayFrom("2026-11-30")).toBe("2026-11-30");
  });

  it("has the holidays of this year, and from December of the next one too (they are data, added each year)", () => {
    const now = new Date();
    const year = now.getUTCFullYear();
    expect(FEDERAL_HOLIDAYS[year], `federal holidays of ${year} in app/content/shipping.ts`).toBeDefined();
    if (now.getUTCMonth() === 11) expect(FEDERAL_HOLIDAYS[year + 1], `federal holidays of ${year + 1} in app/content/shipping.ts`).toBeDefined();
    for (const [key, days] of Object.entries(FEDERAL_HOLIDAYS)) {
      expect(days.length, key).toBeGreaterThanOrEqual(11);
      for (const day of days) {
        // Observed days fall on a weekday, in the year they are listed under.
        expect(new Date(`${day.date}T00:00:00Z`).getUTCDay() % 6, day.date).not.toBe(0);
        expect(day.date.startsWith(key), day.date).toBe(true);
      }
    }
  });
});
