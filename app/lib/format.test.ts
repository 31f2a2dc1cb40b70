import { describe, expect, it } from "vitest";
import { TIME_ZONES } from "~/content/time-zones";
import { formatCm2, formatDateTime, formatTimeOfDay, timeSince } from "./format";

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

describe("formatCm2", () => {
  it("writes an area to two decimals at most, thousands grouped", () => {
    expect(formatCm2(12.25)).toBe("12.25 cm²");
    expect(formatCm2(1600)).toBe("1,600 cm²");
    expect(formatCm2(20)).toBe("20 cm²");
    expect(formatCm2(3.125)).toBe("3.13 cm²");
  });
});

describe("timeSince", () => {
  const at = (iso: string) => new Date(iso);
  const now = at("2030-04-10T12:00:00Z");

  it("counts minutes, then hours, then days from 48 hours on", () => {
    expect(timeSince(at("2030-04-10T11:59:30Z"), now)).toBe("just now");
    expect(timeSince(at("2030-04-10T11:48:00Z"), now)).toBe("12 min");
    expect(timeSince(at("2030-04-10T11:00:00Z"), now)).toBe("1 hour");
    expect(timeSince(at("2030-04-08T13:00:00Z"), now)).toBe("47 hours");
    expect(timeSince(at("2030-04-07T12:00:00Z"), now)).toBe("3 days");
    expect(timeSince(at("2030-04-09T12:00:00Z"), now)).toBe("24 hours");
    expect(timeSince(at("2030-04-08T12:00:00Z"), now)).toBe("2 days");
  });

  it("takes strings and milliseconds as the clocks of a page's loader give them", () => {
    expect(timeSince("2030-04-10T11:56:00Z", now.getTime())).toBe("4 min");
    expect(timeSince("2030-04-10T09:00:00Z", "2030-04-10T12:00:00Z")).toBe("3 hours");
  });

  it("says ago when asked, but just now as it is", () => {
    expect(timeSince(at("2030-04-10T11:56:00Z"), now, { ago: true })).toBe("4 min ago");
    expect(timeSince(at("2030-04-06T12:00:00Z"), now, { ago: true })).toBe("4 days ago");
    expect(timeSince(at("2030-04-10T12:00:20Z"), now, { ago: true })).toBe("just now");
  });
});
