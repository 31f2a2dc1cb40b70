import { describe, expect, it } from "vitest";
import { checkAccent, contrastRatio, formatRatio, normaliseHex } from "./contrast";

const colours = { light: "#ffffff", dark: "#0f1f2e" };

describe("contrast", () => {
  it("computes WCAG's ratio: black on white is 21:1, a colour on itself 1:1", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    // WCAG's own example values: #767676 on white is the lightest grey that passes AA.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
  });

  it("reads colours as typed", () => {
    expect(normaliseHex("#ABC")).toBe("#aabbcc");
    expect(normaliseHex(" 1F6F8B ")).toBe("#1f6f8b");
    expect(normaliseHex("#12345")).toBeNull();
    expect(normaliseHex("red")).toBeNull();
  });

  it("rounds a ratio down, so a shown pass is a pass", () => {
    expect(formatRatio(4.49)).toBe("4.4:1");
    expect(formatRatio(21)).toBe("21.0:1");
  });

  it("takes a dark accent with white text and a light accent with dark text", () => {
    expect(checkAccent("#0b6e8a", colours)).toMatchObject({ ok: true, colour: "#0b6e8a", text: "light" });
    expect(checkAccent("#FFD700", colours)).toMatchObject({ ok: true, colour: "#ffd700", text: "dark" });
    expect(checkAccent("#000000", colours)).toMatchObject({ ok: true, text: "light" });
    expect(checkAccent("#ffffff", colours)).toMatchObject({ ok: true, text: "dark" });
  });

  it("refuses a mid-tone that neither text reaches 4.5:1 on, saying both ratios", () => {
    const refused = checkAccent("#e0457b", colours);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.againstLight).toBeLessThan(4.5);
    expect(refused.againstDark).toBeLessThan(4.5);
    expect(checkAccent("#808080", colours).ok).toBe(false);
    expect(refused.message).toBe("#E0457B has 3.9:1 against white and 4.2:1 against dark text; pick a colour with at least 4.5:1 against one");
  });

  it("refuses what is not a colour", () => {
    expect(checkAccent("blue", colours)).toMatchObject({ ok: false, message: expect.stringContaining("six hex digits") });
  });
});
