import { describe, expect, it } from "vitest";
import { canTransitionIvr, IVR_STATUSES, ivrReference, ivrTransitionRefusal, type IvrStatus } from "./ivr";

/** The table, written out independently of the module. */
const allowed = new Set([
  "draft>submitted",
  "submitted>in_review",
  "in_review>covered",
  "in_review>prior_auth_required",
  "in_review>not_covered",
  "in_review>needs_information",
  "needs_information>submitted",
  "prior_auth_required>prior_auth_submitted",
  "prior_auth_submitted>prior_auth_approved",
  "prior_auth_submitted>prior_auth_denied",
  "covered>expired",
  "prior_auth_approved>expired",
  ...["draft", "submitted", "in_review", "needs_information", "prior_auth_required", "prior_auth_submitted"].map((s) => `${s}>cancelled`),
]);

describe("IVR transitions", () => {
  const pairs = IVR_STATUSES.flatMap((from) => IVR_STATUSES.map((to) => [from, to] as [IvrStatus, IvrStatus]));
  it.each(pairs)("%s -> %s", (from, to) => {
    expect(canTransitionIvr(from, to)).toBe(allowed.has(`${from}>${to}`));
  });
  it("explains a refusal in words", () => {
    expect(ivrTransitionRefusal("not_covered", "covered")).toBe("An IVR that is Not covered cannot become Covered.");
  });
  it("formats references", () => expect(ivrReference(123)).toBe("IVR-000123"));
});
