import { describe, expect, it } from "vitest";
import { normalizeTrackingNumber, trackingNumberIssue } from "./orders";

describe("tracking numbers", () => {
  it("follow the carrier's format: UPS 1Z and 16, FedEx 12 or 15 digits, USPS 20 to 22 digits", () => {
    expect(trackingNumberIssue("ups", "1Z999AA10123456784")).toBeNull();
    expect(trackingNumberIssue("ups", "1z 999 aa1 0123 456 784")).toBeNull();
    expect(trackingNumberIssue("ups", "1Z999AA1012345678")).toMatch(/^A UPS tracking number is 1Z and 16 letters or digits/);
    expect(trackingNumberIssue("ups", "771234567810")).not.toBeNull();
    expect(trackingNumberIssue("fedex", "771234567810")).toBeNull();
    expect(trackingNumberIssue("fedex", "771234567810123")).toBeNull();
    expect(trackingNumberIssue("fedex", "7712345678101")).toBe("A FedEx tracking number is 12 or 15 digits");
    expect(trackingNumberIssue("fedex", "1Z999AA10123456784")).not.toBeNull();
    expect(trackingNumberIssue("usps", "9400 1000 0000 0000 0000 00")).toBeNull();
    expect(trackingNumberIssue("usps", "94001000000000000000")).toBeNull();
    expect(trackingNumberIssue("usps", "9400100000000000000")).toBe("A USPS tracking number is 20 to 22 digits");
    expect(trackingNumberIssue("usps", "94001000000000000000000")).not.toBeNull();
    expect(trackingNumberIssue("courier", "Run 14 - van 2")).toBeNull();
    expect(trackingNumberIssue("courier", "<b>")).not.toBeNull();
  });

  it("are kept as the carrier prints them", () => {
    expect(normalizeTrackingNumber("ups", " 1z999aa1-0123456784 ")).toBe("1Z999AA10123456784");
    expect(normalizeTrackingNumber("usps", "9400 1000 0000 0000 0000 00")).toBe("9400100000000000000000");
    expect(normalizeTrackingNumber("courier", "Run  14")).toBe("Run 14");
  });
});
