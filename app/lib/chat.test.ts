import { describe, expect, it } from "vitest";
import { chatAvailability, formatWait, parseChatHours } from "./chat";

const weekdays = parseChatHours("Mon-Fri 08:00-18:00")!;
const config = { hours: weekdays, timeZone: "America/New_York", holidays: ["2026-12-25"] };

describe("live chat's business hours", () => {
  it("reads days and hours, a range that wraps past Sunday, and refuses what is not hours", () => {
    expect(weekdays).not.toBe("none");
    expect(weekdays !== "none" && [...weekdays.days].sort()).toEqual([1, 2, 3, 4, 5]);
    const weekend = parseChatHours("Sat-Mon 00:00-24:00");
    expect(weekend !== "none" && weekend && [...weekend.days].sort()).toEqual([0, 1, 6]);
    expect(parseChatHours("none")).toBe("none");
    for (const bad of ["", "Mon-Fri", "Mon-Fri 18:00-08:00", "Mon-Fry 08:00-18:00", "Mon-Fri 08:00-24:30", "Mon-Fri 8:00-18:00"]) expect(parseChatHours(bad)).toBeNull();
  });

  it("is open Monday to Friday from 8 AM to 6 PM Eastern, in winter and in summer time", () => {
    // Wednesday 2 December 2026, 8:00 EST is 13:00 UTC.
    expect(chatAvailability(new Date("2026-12-02T12:59:00Z"), config)).toEqual({ open: false, why: "closed" });
    expect(chatAvailability(new Date("2026-12-02T13:00:00Z"), config)).toEqual({ open: true });
    expect(chatAvailability(new Date("2026-12-02T22:59:00Z"), config)).toEqual({ open: true });
    expect(chatAvailability(new Date("2026-12-02T23:00:00Z"), config)).toEqual({ open: false, why: "closed" });
    // Wednesday 1 July 2026, 8:00 EDT is 12:00 UTC.
    expect(chatAvailability(new Date("2026-07-01T12:00:00Z"), config)).toEqual({ open: true });
    expect(chatAvailability(new Date("2026-07-01T22:00:00Z"), config)).toEqual({ open: false, why: "closed" });
  });

  it("is closed at weekends, on holidays, and with no hours at all", () => {
    // Saturday 5 December 2026, noon Eastern.
    expect(chatAvailability(new Date("2026-12-05T17:00:00Z"), config)).toEqual({ open: false, why: "closed" });
    // Friday 25 December 2026, noon Eastern: a holiday.
    expect(chatAvailability(new Date("2026-12-25T17:00:00Z"), config)).toEqual({ open: false, why: "holiday" });
    // Friday evening in New York is already Saturday in UTC: still Friday's hours.
    expect(chatAvailability(new Date("2026-12-05T00:30:00Z"), { ...config, hours: parseChatHours("Fri 00:00-24:00")! })).toEqual({ open: true });
    expect(chatAvailability(new Date("2026-12-02T15:00:00Z"), { ...config, hours: "none" })).toEqual({ open: false, why: "closed" });
  });

  it("says a wait in words", () => {
    expect(formatWait(42)).toBe("42 s");
    expect(formatWait(80)).toBe("1 min 20 s");
    expect(formatWait(300)).toBe("5 min");
    expect(formatWait(7500)).toBe("2 h 5 min");
  });
});
