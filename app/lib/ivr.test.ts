import { describe, expect, it } from "vitest";
import { canTransitionIvr, IVR_ACTOR_KINDS, IVR_OPEN_STATUSES, IVR_STATUSES, IVR_TRANSITIONS, IVR_TRANSITIONS_BY, ivrReference, ivrTransitionRefusal, type IvrStatus } from "./ivr";

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

describe("IVR transitions by who makes them", () => {
  const pairs = IVR_STATUSES.flatMap((from) => IVR_STATUSES.map((to) => [from, to] as [IvrStatus, IvrStatus]));
  it("are, together, the table above: every allowed change is someone's, and only one's", () => {
    for (const [from, to] of pairs) {
      const makers = IVR_ACTOR_KINDS.filter((by) => canTransitionIvr(from, to, by));
      expect(makers.length > 0, `${from} -> ${to}`).toBe(allowed.has(`${from}>${to}`));
      if (to !== "cancelled") expect(makers.length, `${from} -> ${to}`).toBeLessThanOrEqual(1);
      expect(IVR_TRANSITIONS[from].includes(to)).toBe(makers.length > 0);
    }
  });
  it("let a member send, answer and cancel while an IVR waits for an outcome, and decide nothing", () => {
    for (const [from, to] of pairs) if (canTransitionIvr(from, to, "member")) expect(["submitted", "cancelled"]).toContain(to);
    for (const status of IVR_STATUSES) expect(canTransitionIvr(status, "cancelled", "member"), status).toBe((IVR_OPEN_STATUSES as readonly string[]).includes(status));
  });
  it("let staff work a sent IVR but not send one, and leave expiry to the system", () => {
    for (const from of IVR_STATUSES) expect(canTransitionIvr(from, "submitted", "staff"), from).toBe(false);
    expect(IVR_TRANSITIONS_BY.staff.draft).toEqual([]);
    expect(IVR_STATUSES.filter((from) => canTransitionIvr(from, "expired", "system"))).toEqual(["covered", "prior_auth_approved"]);
    for (const [from, to] of pairs) if (canTransitionIvr(from, to, "system")) expect(to).toBe("expired");
  });
  it("tell a member who makes a change that is staff's", () => {
    expect(ivrTransitionRefusal("in_review", "covered", "member")).toBe("An IVR that is In review becomes Covered by our verification team only.");
    expect(ivrTransitionRefusal("covered", "cancelled", "member")).toBe("An IVR that is Covered cannot become Cancelled.");
  });
});
