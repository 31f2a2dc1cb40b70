import { describe, expect, it } from "vitest";
import { contactSchema } from "./contact";
import { contactAnswerFromSearch, contactInvalidPath } from "./contact-return";
import { parseWith } from "./common";

const valid = {
  firstName: "Jane",
  lastName: "Doe",
  email: "jane.doe@clinic.example",
  company: "Desert Wound Clinic",
  message: "Please send pricing for your amniotic grafts.",
};

function errorsOf(input: Record<string, unknown>) {
  const result = parseWith(contactSchema, input);
  return result.success ? {} : result.fieldErrors;
}

describe("contactSchema", () => {
  it("accepts a complete message and trims it", () => {
    const result = parseWith(contactSchema, { ...valid, firstName: "  Jane " });
    expect(result).toEqual({ success: true, data: valid });
  });

  it("treats the company as optional", () => {
    const result = contactSchema.parse({ ...valid, company: "  " });
    expect(result.company).toBeUndefined();
    expect(contactSchema.parse({ ...valid, company: undefined }).company).toBeUndefined();
  });

  it.each([
    ["firstName", "Enter your first name"],
    ["lastName", "Enter your last name"],
    ["email", "Enter your email address"],
    ["message", "Enter your message"],
  ])("requires %s", (field, message) => {
    expect(errorsOf({ ...valid, [field]: "" })).toEqual({ [field]: message });
    expect(errorsOf({ ...valid, [field]: undefined })).toEqual({ [field]: message });
  });

  it("rejects an invalid email", () => {
    expect(errorsOf({ ...valid, email: "jane@" })).toEqual({ email: "Enter a valid email address" });
  });

  it("enforces the bounds", () => {
    expect(errorsOf({ ...valid, firstName: "a".repeat(100) })).toEqual({});
    expect(errorsOf({ ...valid, firstName: "a".repeat(101) })).toEqual({
      firstName: "First name must be 100 characters or fewer",
    });
    expect(errorsOf({ ...valid, lastName: "a".repeat(101) })).toEqual({ lastName: "Last name must be 100 characters or fewer" });
    expect(errorsOf({ ...valid, company: "a".repeat(201) })).toEqual({ company: "Company must be 200 characters or fewer" });
    expect(errorsOf({ ...valid, message: "a".repeat(5000) })).toEqual({});
    expect(errorsOf({ ...valid, message: "a".repeat(5001) })).toEqual({ message: "Message must be 5,000 characters or fewer" });
  });
});

describe("contact results without JavaScript", () => {
  it("returns to the form naming the fields to fix", () => {
    expect(contactInvalidPath({ email: "Enter a valid email address", other: "x" })).toBe("/?contact=invalid&fields=email#contact");
  });

  it("reads the fields back from the query", () => {
    expect(contactAnswerFromSearch(new URLSearchParams(""))).toBeUndefined();
    expect(contactAnswerFromSearch(new URLSearchParams("contact=sent"))).toBeUndefined();
    expect(contactAnswerFromSearch(new URLSearchParams("contact=invalid&fields=email,message,__proto__"))).toEqual({
      ok: false,
      fieldErrors: { email: "Enter a valid email address", message: "Enter your message (up to 5,000 characters)" },
    });
  });

  it("round-trips a path", () => {
    const path = contactInvalidPath({ firstName: "Enter your first name" });
    const query = new URL(path, "http://localhost").searchParams;
    expect(contactAnswerFromSearch(query)).toEqual({
      ok: false,
      fieldErrors: { firstName: "Enter your first name (up to 100 characters)" },
    });
  });
});
