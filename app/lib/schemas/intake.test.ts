import { describe, expect, it } from "vitest";
import { parseWith } from "./common";
import { intakeSchema, roleOptions } from "./intake";

const valid = {
  firstName: "Maria",
  lastName: "Lopez",
  email: "maria@practice.example",
  phone: "(602) 555-0199",
  organization: "Valley Podiatry Group",
  role: "practice-manager",
  query: "We would like to learn about online ordering.",
};

function errorsOf(input: Record<string, unknown>) {
  const result = parseWith(intakeSchema, input);
  return result.success ? {} : result.fieldErrors;
}

describe("intakeSchema", () => {
  it("accepts a complete request", () => {
    expect(parseWith(intakeSchema, valid)).toEqual({ success: true, data: valid });
  });

  it("lists the seven roles with labels", () => {
    expect(roleOptions.map((o) => o.value)).toEqual([
      "physician",
      "practice-manager",
      "administrator",
      "nurse",
      "billing",
      "industry-representative",
      "other",
    ]);
    expect(roleOptions.find((o) => o.value === "practice-manager")?.label).toBe("Practice Manager");
    expect(roleOptions.every((o) => o.value.length > 0)).toBe(true);
  });

  it.each([
    ["firstName", "Enter your first name"],
    ["lastName", "Enter your last name"],
    ["email", "Enter your email address"],
    ["phone", "Enter your phone number"],
    ["organization", "Enter your organization"],
    ["role", "Choose your role"],
    ["query", "Tell us how we can help"],
  ])("requires %s", (field, message) => {
    expect(errorsOf({ ...valid, [field]: "" })).toEqual({ [field]: message });
    expect(errorsOf({ ...valid, [field]: undefined })).toEqual({ [field]: message });
  });

  it("rejects a role that is not listed", () => {
    expect(errorsOf({ ...valid, role: "surgeon" })).toEqual({ role: "Choose your role" });
    expect(errorsOf({ ...valid, role: "Practice Manager" })).toEqual({ role: "Choose your role" });
  });

  it("rejects bad email and phone values", () => {
    expect(errorsOf({ ...valid, email: "maria.practice.example" })).toEqual({ email: "Enter a valid email address" });
    expect(errorsOf({ ...valid, phone: "call me" })).toEqual({ phone: "Enter a valid phone number" });
    expect(errorsOf({ ...valid, phone: "555 01" })).toEqual({ phone: "Enter a valid phone number" });
  });

  it("enforces the bounds", () => {
    expect(errorsOf({ ...valid, organization: "o".repeat(200) })).toEqual({});
    expect(errorsOf({ ...valid, organization: "o".repeat(201) })).toEqual({
      organization: "Organization must be 200 characters or fewer",
    });
    expect(errorsOf({ ...valid, query: "q".repeat(5001) })).toEqual({ query: "Your request must be 5,000 characters or fewer" });
    expect(errorsOf({ ...valid, phone: "1".repeat(41) })).toEqual({ phone: "Phone number must be 40 characters or fewer" });
    expect(errorsOf({ ...valid, email: `${"a".repeat(250)}@x.io` })).toEqual({
      email: "Email address must be 254 characters or fewer",
    });
  });

  it("reports every missing field at once", () => {
    expect(Object.keys(errorsOf({}))).toEqual(["firstName", "lastName", "email", "phone", "organization", "role", "query"]);
  });
});
