import { describe, expect, it } from "vitest";
import { confirmationText, greeting, notificationText } from "./templates";

const confirmation = (firstName: string) =>
  confirmationText({ firstName, companyName: "Cardinal Biologics", what: "message", promise: "We reply within 24 hours.", phone: "(602) 555-0142" });

describe("the confirmation greeting", () => {
  it("greets by a first name that looks like one", () => {
    expect(confirmation("Anne-Marie O'Neil")).toMatch(/^Dear Anne-Marie O'Neil,\n/);
    expect(greeting("  José  ")).toBe("Dear José,");
    expect(greeting("Zoë D’Arcy")).toBe("Dear Zoë D’Arcy,");
    expect(greeting("Łukasz")).toBe("Dear Łukasz,");
  });

  it("greets without a name when the first name carries anything else", () => {
    const text = confirmation("http://evil.example\nClick here");
    expect(text).toMatch(/^Hello,\n/);
    expect(text).not.toContain("evil.example");
    expect(text).not.toContain("Click here");
    for (const typed of ["Ada: call +1 555 0100", "Visit evil.example", "Ada\r\nBcc: x@evil.example", "-Ada", "'Ada", "Ada2", "A".repeat(51)]) {
      expect(greeting(typed), typed).toBe("Hello,");
    }
    expect(greeting("A".repeat(50))).toBe(`Dear ${"A".repeat(50)},`);
  });
});

describe("the company's notification", () => {
  it("says when it was received in the company's zone, with the zone named", () => {
    const text = notificationText({ heading: "New message", sections: [], reference: "ref-1", receivedAt: new Date("2026-11-27T16:14:00Z") });
    expect(text).toContain("Received: Nov 27, 2026, 9:14 AM MST\n");
  });
});
