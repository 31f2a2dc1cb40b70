import { describe, expect, it } from "vitest";
import { currentPeriod } from "./schedule";

const PHOENIX = "America/Phoenix";

describe("a schedule's current period", () => {
  it("starts a daily period at its time on Phoenix's clock (UTC-7 all year)", () => {
    const cadence = { every: "day", at: "03:00" } as const;
    // 02:59 in Phoenix: still the previous day's period.
    expect(currentPeriod("ivr.expire", cadence, new Date("2026-11-27T09:59:59Z"), PHOENIX)).toEqual({
      start: new Date("2026-11-26T10:00:00Z"),
      label: "2026-11-26",
      key: "daily:ivr.expire:2026-11-26",
    });
    // 03:00 in Phoenix: the day's period starts.
    expect(currentPeriod("ivr.expire", cadence, new Date("2026-11-27T10:00:00Z"), PHOENIX)).toEqual({
      start: new Date("2026-11-27T10:00:00Z"),
      label: "2026-11-27",
      key: "daily:ivr.expire:2026-11-27",
    });
    // Late evening in Phoenix is already the next day in UTC: the period is still Phoenix's day.
    expect(currentPeriod("ivr.expire", cadence, new Date("2026-11-28T06:30:00Z"), PHOENIX).label).toBe("2026-11-27");
    // No daylight saving time in Arizona: the same UTC hour in July.
    expect(currentPeriod("ivr.expire", cadence, new Date("2026-07-04T12:00:00Z"), PHOENIX).start).toEqual(new Date("2026-07-04T10:00:00Z"));
  });

  it("starts a weekly period on its day and time, and keeps the last one until the next", () => {
    const cadence = { every: "week", on: "mon", at: "07:00" } as const;
    // Monday 2026-11-23, 06:59 in Phoenix: the week that began on Monday the 16th.
    expect(currentPeriod("stock.expiring", cadence, new Date("2026-11-23T13:59:00Z"), PHOENIX)).toMatchObject({
      label: "2026-11-16",
      key: "weekly:stock.expiring:2026-11-16",
      start: new Date("2026-11-16T14:00:00Z"),
    });
    expect(currentPeriod("stock.expiring", cadence, new Date("2026-11-23T14:00:00Z"), PHOENIX).label).toBe("2026-11-23");
    // Sunday evening: still Monday the 23rd's week.
    expect(currentPeriod("stock.expiring", cadence, new Date("2026-11-30T05:00:00Z"), PHOENIX).label).toBe("2026-11-23");
  });

  it("cuts every-N-minutes periods on the clock's multiples", () => {
    const cadence = { every: "minutes", minutes: 10 } as const;
    expect(currentPeriod("mail.purge", cadence, new Date("2026-11-27T10:29:59.999Z"), PHOENIX)).toEqual({
      start: new Date("2026-11-27T10:20:00Z"),
      label: "2026-11-27T10:20Z",
      key: "every-10-minutes:mail.purge:2026-11-27T10:20Z",
    });
    expect(currentPeriod("mail.purge", cadence, new Date("2026-11-27T10:30:00Z"), PHOENIX).label).toBe("2026-11-27T10:30Z");
  });

  it("follows a zone with daylight saving time across its change", () => {
    const cadence = { every: "day", at: "02:30" } as const;
    // New York: 02:30 is 06:30 UTC in summer, 07:30 UTC in winter.
    expect(currentPeriod("x", cadence, new Date("2026-07-01T12:00:00Z"), "America/New_York").start).toEqual(new Date("2026-07-01T06:30:00Z"));
    expect(currentPeriod("x", cadence, new Date("2026-12-01T12:00:00Z"), "America/New_York").start).toEqual(new Date("2026-12-01T07:30:00Z"));
  });

  it("refuses a time of day that is not one", () => {
    expect(() => currentPeriod("x", { every: "day", at: "25:00" }, new Date(), PHOENIX)).toThrow(/not a time of day/);
  });
});
