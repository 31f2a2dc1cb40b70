import { describe, expect, it } from "vitest";
import { optionLabel, parseWith } from "./common";
import { bestTimeOptions, experienceOptions, partnerCallbackSchema } from "./partner-callback";

const required = {
  firstName: "Sam",
  lastName: "Carter",
  email: "sam.carter@example.com",
  phone: "480-555-0123",
};

function errorsOf(input: Record<string, unknown>) {
  const result = parseWith(partnerCallbackSchema, input);
  return result.success ? {} : result.fieldErrors;
}

describe("partnerCallbackSchema", () => {
  it("accepts the required fields alone, optional ones empty", () => {
    const result = partnerCallbackSchema.parse({
      ...required,
      currentRole: "",
      experience: "",
      territory: " ",
      bestTimeToCall: "",
      additionalInfo: "",
    });
    expect(result).toEqual({
      ...required,
      currentRole: undefined,
      experience: undefined,
      territory: undefined,
      bestTimeToCall: undefined,
      additionalInfo: undefined,
    });
  });

  it("accepts a complete request", () => {
    const input = {
      ...required,
      currentRole: "Medical device sales",
      experience: "10+",
      territory: "Greater Phoenix",
      bestTimeToCall: "morning",
      additionalInfo: "I cover 40 wound clinics.",
    };
    expect(partnerCallbackSchema.parse(input)).toEqual(input);
  });

  it("labels the options as shown", () => {
    expect(experienceOptions.map((o) => o.value)).toEqual(["0-2", "3-5", "6-10", "10+"]);
    expect(optionLabel(experienceOptions, "10+")).toBe("10+ years");
    expect(bestTimeOptions.map((o) => o.value)).toEqual(["morning", "afternoon", "evening", "anytime"]);
    expect(optionLabel(bestTimeOptions, "morning")).toBe("Morning (8AM-12PM)");
  });

  it.each([
    ["firstName", "Enter your first name"],
    ["lastName", "Enter your last name"],
    ["email", "Enter your email address"],
    ["phone", "Enter your phone number"],
  ])("requires %s", (field, message) => {
    expect(errorsOf({ ...required, [field]: "" })).toEqual({ [field]: message });
  });

  it("rejects option values that are not listed", () => {
    expect(errorsOf({ ...required, experience: "20+" })).toEqual({ experience: "Choose your experience from the list" });
    expect(errorsOf({ ...required, bestTimeToCall: "night" })).toEqual({ bestTimeToCall: "Choose a time from the list" });
  });

  it("enforces the bounds", () => {
    expect(errorsOf({ ...required, currentRole: "r".repeat(201) })).toEqual({
      currentRole: "Current role must be 200 characters or fewer",
    });
    expect(errorsOf({ ...required, territory: "t".repeat(201) })).toEqual({
      territory: "Territory must be 200 characters or fewer",
    });
    expect(errorsOf({ ...required, additionalInfo: "i".repeat(5000) })).toEqual({});
    expect(errorsOf({ ...required, additionalInfo: "i".repeat(5001) })).toEqual({
      additionalInfo: "Additional information must be 5,000 characters or fewer",
    });
    expect(errorsOf({ ...required, email: "sam@" })).toEqual({ email: "Enter a valid email address" });
    expect(errorsOf({ ...required, phone: "12345" })).toEqual({ phone: "Enter a valid phone number" });
  });
});
