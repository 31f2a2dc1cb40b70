import { describe, expect, it } from "vitest";
import { TIME_ZONES } from "~/content/time-zones";
import { formatDateTime, formatTimeOfDay } from "./format";

describe("formatDateTime", () => {
  const moment = "2026-11-27T16:14:00Z";

  it("writes the moment in the zone asked for, with the zone named", () => {
    expect(formatDateTime(moment, "America/Phoenix")).toBe("Nov 27, 2026, 9:14 AM MST");
    expect(formatDateTime(moment, "America/New_York")).toBe("Nov 27, 2026, 11:14 AM EST");
    expect(formatDateTime(moment, "UTC")).toBe("Nov 27, 2026, 4:14 PM UTC");
    // Daylight saving where the zone has it, not in Arizona.
    expect(formatDateTime("2026-07-01T16:14:00Z", "America/Denver")).toBe("Jul 1, 2026, 10:14 AM MDT");
    expect(formatDateTime("2026-07-01T16:14:00Z", "America/Phoenix")).toBe("Jul 1, 2026, 9:14 AM MST");
  });

  it("writes the hour alone, named too", () => {
    expect(formatTimeOfDay(moment, "America/Phoenix")).toBe("9:14 AM MST");
    expect(formatTimeOfDay(moment, "Pacific/Honolulu")).toBe("6:14 AM HST");
  });

  it("knows every zone of the list", () => {
    for (const { value } of TIME_ZONES) expect(formatDateTime(moment, value)).toMatch(/^Nov \d{1,2}, 2026, \d{1,2}:\d{2} [AP]M \S+$/);
  });
});
