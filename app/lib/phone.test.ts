import { describe, expect, it } from "vitest";
import { formatUsPhone, normalizeUsMobile, PHONE_MESSAGES, phoneEnding, usMobileSchema } from "./phone";

describe("normalizeUsMobile", () => {
  it.each([
    "(602) 555-0142",
    "602-555-0142",
    "602.555.0142",
    "602 555 0142",
    "6025550142",
    "1 602 555 0142",
    "1-602-555-0142",
    "+1 (602) 555-0142",
    "+16025550142",
    "  (602)555-0142  ",
    "tel:+1-602-555-0142",
  ])("reads %j as +16025550142", (typed) => {
    expect(normalizeUsMobile(typed)).toEqual({ ok: true, e164: "+16025550142" });
  });

  it("takes the US territories, which share its numbers", () => {
    expect(normalizeUsMobile("(787) 555-0100")).toEqual({ ok: true, e164: "+17875550100" });
  });

  it.each([
    ["", PHONE_MESSAGES.empty],
    ["   ", PHONE_MESSAGES.empty],
    ["555-0142", PHONE_MESSAGES.unreadable],
    ["(123) 555-0142", PHONE_MESSAGES.unreadable],
    ["602 555 01423", PHONE_MESSAGES.unreadable],
    ["call me", PHONE_MESSAGES.unreadable],
    ["+1 (416) 555-0100", PHONE_MESSAGES.notUs],
    ["+44 20 7946 0958", PHONE_MESSAGES.notUs],
    ["+49 151 12345678", PHONE_MESSAGES.notUs],
    ["(602) 555-0142 ext. 12", PHONE_MESSAGES.extension],
    ["1 800 555 0199", PHONE_MESSAGES.notMobile],
    ["1 900 555 0100", PHONE_MESSAGES.notMobile],
  ])("refuses %j with a message", (typed, message) => {
    expect(normalizeUsMobile(typed)).toEqual({ ok: false, message });
  });

  it("is the form field's schema: the number out, or the message beside the field", () => {
    expect(usMobileSchema.parse("602.555.0142")).toBe("+16025550142");
    const refused = usMobileSchema.safeParse("+44 20 7946 0958");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(PHONE_MESSAGES.notUs);
  });

  it("shows a number as people write it, or by its last four digits", () => {
    expect(formatUsPhone("+16025550142")).toBe("(602) 555-0142");
    expect(phoneEnding("+16025550142")).toBe("0142");
  });
});
