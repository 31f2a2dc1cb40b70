import { describe, expect, it } from "vitest";
import { applicationsRemain, endsInWords, endsSoon, reminderDue, usageText } from "./authorisations";

describe("authorisations in words", () => {
  const usage = { used: 3, authorised: 8, validFrom: "2026-12-01", validTo: "2027-02-24" };

  it("says the applications used of those authorised, and until when", () => {
    expect(usageText(usage)).toBe("3 of 8 applications used, valid until 2027-02-24");
    expect(usageText({ ...usage, used: 1, authorised: null })).toBe("1 application used, valid until 2027-02-24");
    expect(applicationsRemain({ used: 8, authorised: 8 })).toBe(false);
    expect(applicationsRemain({ used: 80, authorised: null })).toBe(true);
  });

  it("marks an authorisation ending within 30 days while applications remain", () => {
    expect(endsSoon(usage, "2027-01-25")).toBe(true);
    expect(endsSoon(usage, "2027-01-24")).toBe(false);
    expect(endsSoon(usage, "2027-02-25")).toBe(false);
    expect(endsSoon({ ...usage, used: 8 }, "2027-02-20")).toBe(false);
  });

  it("is due a reminder at 30 days, then at 7, caught up after a missed day, never after the end", () => {
    expect(reminderDue("2027-02-24", "2027-01-24")).toBeNull();
    expect(reminderDue("2027-02-24", "2027-01-25")).toBe(30);
    expect(reminderDue("2027-02-24", "2027-02-16")).toBe(30);
    expect(reminderDue("2027-02-24", "2027-02-17")).toBe(7);
    expect(reminderDue("2027-02-24", "2027-02-24")).toBe(7);
    expect(reminderDue("2027-02-24", "2027-02-25")).toBeNull();
    expect(endsInWords("2027-02-24", "2027-01-25")).toBe("ends in 30 days");
    expect(endsInWords("2027-02-24", "2027-02-23")).toBe("ends tomorrow");
    expect(endsInWords("2027-02-24", "2027-02-24")).toBe("ends today");
  });
});
