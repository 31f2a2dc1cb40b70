import { describe, expect, it } from "vitest";
import { defaultValidUntil, fileRoleLabel, outcomeOptions } from "./ivrs-view.server";

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
});
