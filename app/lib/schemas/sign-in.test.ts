import { describe, expect, it } from "vitest";
import { parseWith } from "./common";
import { signInSchema } from "./sign-in";

function errorsOf(input: Record<string, unknown>) {
  const result = parseWith(signInSchema, input);
  return result.success ? {} : result.fieldErrors;
}

describe("signInSchema", () => {
  it("accepts an email and password; trims the email only", () => {
    expect(signInSchema.parse({ email: " dr.lee@clinic.example ", password: " secret pass " })).toEqual({
      email: "dr.lee@clinic.example",
      password: " secret pass ",
    });
  });

  it("requires both fields", () => {
    expect(errorsOf({ email: "", password: "" })).toEqual({
      email: "Enter your email address",
      password: "Enter your password",
    });
    expect(errorsOf({})).toEqual({ email: "Enter your email address", password: "Enter your password" });
  });

  it("rejects an invalid email and an over-long password", () => {
    expect(errorsOf({ email: "dr.lee", password: "x" })).toEqual({ email: "Enter a valid email address" });
    expect(errorsOf({ email: "dr.lee@clinic.example", password: "p".repeat(201) })).toEqual({
      password: "Password must be 200 characters or fewer",
    });
  });
});
