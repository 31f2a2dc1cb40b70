import { describe, expect, it } from "vitest";
import { defaultValidUntil, fileRoleLabel, historyView, outcomeOptions } from "./ivrs-view.server";

describe("the console's IVR page", () => {
  it("offers only the outcomes the lifecycle allows from the current status", () => {
    expect(outcomeOptions("in_review").map((o) => o.value)).toEqual(["covered", "prior_auth_required", "not_covered"]);
    expect(outcomeOptions("prior_auth_submitted").map((o) => o.value)).toEqual(["prior_auth_approved", "prior_auth_denied"]);
    for (const status of ["submitted", "needs_information", "covered", "cancelled"] as const) expect(outcomeOptions(status)).toEqual([]);
  });

  it("proposes a validity of 90 days from today", () => {
    expect(defaultValidUntil("2026-11-24")).toBe("2027-02-22");
    expect(defaultValidUntil("2028-01-01")).toBe("2028-03-31");
  });

  it("names attachments by what they are", () => {
    expect(fileRoleLabel("wound-photo")).toBe("Wound photo");
    expect(fileRoleLabel("card-front")).toBe("Insurance card, front");
  });

  it("writes each status change in words, keeping where it came from for the practice's answer", () => {
    const at = new Date("2026-11-24T16:00:00Z");
    const rows = historyView([
      { id: "1", from: null, to: "submitted", actorEmail: "nurse@sunrise.example", note: null, at },
      { id: "2", from: "needs_information", to: "submitted", actorEmail: "nurse@sunrise.example", note: "ABI 0.9", at },
    ]);
    expect(rows.map((r) => r.change)).toEqual(["Submitted", "Needs information → Submitted"]);
    expect(rows[1]).toMatchObject({ from: "needs_information", note: "ABI 0.9", actorEmail: "nurse@sunrise.example", at });
  });
});
