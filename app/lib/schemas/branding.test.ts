import { describe, expect, it } from "vitest";
import { parseWith } from "./fields";
import { brandingSchema, chosenAccent } from "./branding";

const colours = { light: "#ffffff", dark: "#0f1f2e" };

describe("the branding form's colour", () => {
  it("takes the hex field when it was changed, else the picker when it was moved, else what was saved", () => {
    expect(chosenAccent({ accentColor: "#112233", accentPicker: "#445566", accentWas: "#0b6e8a", pickerWas: "#0b6e8a" })).toBe("#112233");
    expect(chosenAccent({ accentColor: "#0b6e8a", accentPicker: "#445566", accentWas: "#0b6e8a", pickerWas: "#0b6e8a" })).toBe("#445566");
    expect(chosenAccent({ accentColor: "#0b6e8a", accentPicker: "#0B6E8A", accentWas: "#0b6e8a", pickerWas: "#0b6e8a" })).toBe("#0b6e8a");
    // No accent yet: the picker starts at the site's colour and sends it untouched; that is no choice.
    expect(chosenAccent({ accentColor: "", accentPicker: "#0b6e8a", accentWas: "", pickerWas: "#0b6e8a" })).toBe("");
    // Emptying the hex field removes the accent.
    expect(chosenAccent({ accentColor: "", accentPicker: "#0b6e8a", accentWas: "#0b6e8a", pickerWas: "#0b6e8a" })).toBe("");
  });

  it("stores a passing colour folded, none for an empty one, and refuses the rest beside the hex field", () => {
    expect(parseWith(brandingSchema(colours), { accentColor: "#ABC", accentWas: "" })).toEqual({ success: true, data: { accentColor: "#aabbcc" } });
    expect(parseWith(brandingSchema(colours), { accentColor: "", accentWas: "#aabbcc" })).toEqual({ success: true, data: { accentColor: null } });
    const refused = parseWith(brandingSchema(colours), { accentColor: "#808080", accentWas: "" });
    expect(refused.success ? null : refused.fieldErrors.accentColor).toMatch(/^#808080 has 3\.9:1 against white and 4\.2:1 against dark text/);
    const notAColour = parseWith(brandingSchema(colours), { accentColor: "teal", accentWas: "" });
    expect(notAColour.success ? null : notAColour.fieldErrors.accentColor).toMatch(/six hex digits/);
  });
});
