import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseWith } from "./fields";
import { verificationSchema } from "./verification";
import { verificationDateIssues } from "./verification-fields";

describe("a verification's dates, verified on a fixed day", () => {
  // Noon UTC on 2026-11-27: the same calendar day everywhere in the US.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  const covered = { outcome: "covered", validUntil: "2027-02-25" };
  const errors = (values: Record<string, string>) => {
    const parsed = parseWith(verificationSchema, values);
    return parsed.success ? {} : parsed.fieldErrors;
  };

  it("holds valid-until to after the day of the verification and within a year of it", () => {
    expect(errors(covered)).toEqual({});
    expect(errors({ ...covered, validUntil: "2026-11-26" })).toEqual({ validUntil: "Valid until is after today (November 27, 2026), the day of this verification" });
    expect(errors({ ...covered, validUntil: "2026-11-27" })).toHaveProperty("validUntil");
    expect(errors({ ...covered, validUntil: "2027-11-27" })).toEqual({});
    expect(errors({ ...covered, validUntil: "2027-11-28" })).toEqual({ validUntil: "A verification holds for a year at most: choose November 27, 2027 or before" });
  });

  it("asks a prior authorization's window for both dates, the end after the start, and an approval for its window", () => {
    expect(errors({ ...covered, priorAuthFrom: "2026-12-01" })).toEqual({ priorAuthTo: "Enter the day the authorization ends" });
    expect(errors({ ...covered, priorAuthTo: "2026-12-01" })).toEqual({ priorAuthFrom: "Enter the day the authorization starts" });
    expect(errors({ ...covered, priorAuthFrom: "2026-12-01", priorAuthTo: "2026-12-01" })).toEqual({ priorAuthTo: "The authorization ends after it starts" });
    expect(errors({ ...covered, priorAuthFrom: "2026-12-01", priorAuthTo: "2027-01-31" })).toEqual({});
    expect(errors({ outcome: "prior_auth_approved", priorAuthNumber: "PA-1", validUntil: "2027-02-25" })).toEqual({
      priorAuthFrom: "Enter the day the authorization starts",
      priorAuthTo: "Enter the day the authorization ends",
    });
  });

  it("takes authorised applications as a whole number of at least one", () => {
    for (const bad of ["0", "-1", "2.5", "41"]) expect(errors({ ...covered, authorisedApplications: bad }), bad).toHaveProperty("authorisedApplications");
    expect(errors({ ...covered, authorisedApplications: "0" }).authorisedApplications).toBe("Authorised applications is a whole number from 1 to 40");
    expect(errors({ ...covered, authorisedApplications: "4" })).toEqual({});
  });

  it("are the same rules the server checks, from the day it is given", () => {
    expect(verificationDateIssues(covered, "2027-02-25")).toEqual([{ path: "validUntil", message: "Valid until is after today (February 25, 2027), the day of this verification" }]);
    expect(verificationDateIssues(covered, "2026-02-24")).toHaveLength(1);
  });
});
