import { describe, expect, it } from "vitest";
import { MAX_PASSWORD, MIN_PASSWORD } from "~/lib/accounts";
import { parseWith } from "./common";
import { forgotPasswordSchema, setPasswordSchema } from "./password";

const token = "a".repeat(43);

function errorsOf(input: Record<string, unknown>) {
  const result = parseWith(setPasswordSchema, input);
  return result.success ? {} : result.fieldErrors;
}

describe("setPasswordSchema", () => {
  it("takes a password within the accounts domain's bounds, as typed", () => {
    const password = ` ${"p".repeat(MIN_PASSWORD)} `;
    expect(setPasswordSchema.parse({ token, password, confirm: password })).toEqual({ token, password, confirm: password });
  });

  it("says which field needs attention", () => {
    expect(errorsOf({ token, password: "", confirm: "" })).toEqual({
      password: "Enter a new password",
      confirm: "Enter the password again",
    });
    expect(errorsOf({ token, password: "p".repeat(MIN_PASSWORD - 1), confirm: "x" })).toMatchObject({
      password: `Use at least ${MIN_PASSWORD} characters.`,
    });
    expect(errorsOf({ token, password: "p".repeat(MAX_PASSWORD + 1), confirm: "x" })).toMatchObject({
      password: `Use at most ${MAX_PASSWORD} characters.`,
    });
    expect(errorsOf({ token, password: "a long enough one", confirm: "a long enough 1" })).toEqual({
      confirm: "The two passwords do not match",
    });
  });

  it("refuses a token that cannot be one", () => {
    expect(errorsOf({ token: "short", password: "a long enough one", confirm: "a long enough one" })).toHaveProperty("token");
    expect(errorsOf({ password: "a long enough one", confirm: "a long enough one" })).toHaveProperty("token");
  });
});

describe("forgotPasswordSchema", () => {
  it("wants a valid email, trimmed", () => {
    expect(forgotPasswordSchema.parse({ email: " dr.lee@clinic.example " })).toEqual({ email: "dr.lee@clinic.example" });
    expect(parseWith(forgotPasswordSchema, { email: "dr.lee" })).toEqual({ success: false, fieldErrors: { email: "Enter a valid email address" } });
    expect(parseWith(forgotPasswordSchema, {})).toEqual({ success: false, fieldErrors: { email: "Enter your email address" } });
  });
});
