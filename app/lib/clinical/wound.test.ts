import { describe, expect, it } from "vitest";
import { applicationCodes, codesText, woundArea } from "./wound";

describe("application codes", () => {
  const cases: [number, string, string][] = [
    [25, "15271", "15275"],
    [26, "15271 + 15272", "15275 + 15276"],
    [53, "15271 + 2 × 15272", "15275 + 2 × 15276"],
    [99, "15271 + 3 × 15272", "15275 + 3 × 15276"],
    [100, "15273", "15277"],
    [101, "15273 + 15274", "15277 + 15278"],
    [250, "15273 + 2 × 15274", "15277 + 2 × 15278"],
  ];
  it.each(cases)("%d cm²: leg %s, foot %s", (area, leg, foot) => {
    expect(codesText(applicationCodes("leg", area))).toBe(leg);
    expect(codesText(applicationCodes("foot", area))).toBe(foot);
  });
  it("gives nothing for no area", () => expect(applicationCodes("trunk", 0)).toEqual([]));
  it("computes the area from length and width without float noise", () => {
    expect(woundArea(5.3, 10)).toBe(53);
    expect(woundArea(0.5, 0.5)).toBe(0.25);
  });
});
