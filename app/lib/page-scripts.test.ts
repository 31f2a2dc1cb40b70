import { describe, expect, it } from "vitest";
import { sendsNoScript } from "./page-scripts";

describe("sendsNoScript", () => {
  it("is true when any matched route opts out of hydration", () => {
    expect(sendsNoScript([{ handle: undefined }, { handle: { hydrate: false } }])).toBe(true);
  });

  it("is false when none does, whatever else the handles hold", () => {
    expect(sendsNoScript([])).toBe(false);
    expect(sendsNoScript([{ handle: undefined }, { handle: null }, { handle: { hydrate: true } }, { handle: { breadcrumb: "x" } }])).toBe(false);
    // Only false itself opts out: a missing or malformed value keeps the scripts.
    expect(sendsNoScript([{ handle: { hydrate: 0 } }, { handle: "hydrate: false" }])).toBe(false);
  });
});
