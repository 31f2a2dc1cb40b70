import { describe, expect, it } from "vitest";
import { canTransitionIvr, IVR_ACTOR_KINDS, IVR_STATUSES } from "~/lib/ivr";
import { sourceFiles, tableWrites } from "../../../tests/support/source-graph";

describe("the IVR lifecycle", () => {
  it("is written only by ivr/lifecycle.ts: no other code inserts an IVR or sets its status", () => {
    // Read with the TypeScript compiler: `.set({ updatedAt, status })`, a shorthand `status`, a spread or a
    // variable count as much as `.set({ status: ... })` (tests/support/fixtures/status-writers shows each).
    const writers = [...sourceFiles("app"), ...sourceFiles("scripts")].flatMap(tableWrites).filter((w) => w.table === "ivrs");
    expect(writers.map((w) => w.file)).toEqual(["app/.server/ivr/lifecycle.ts", "app/.server/ivr/lifecycle.ts"]);
    expect(writers.map((w) => w.what).sort()).toEqual(["insert", "status"]);
  });

  it("lets no move leave a decided IVR but expiry, and no one move an IVR to where it is", () => {
    for (const by of IVR_ACTOR_KINDS) for (const status of IVR_STATUSES) expect(canTransitionIvr(status, status, by)).toBe(false);
    for (const to of IVR_STATUSES) for (const from of ["prior_auth_denied", "not_covered", "expired", "cancelled"] as const) expect(canTransitionIvr(from, to)).toBe(false);
  });
});
