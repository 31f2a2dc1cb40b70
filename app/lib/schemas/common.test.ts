import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  email,
  formDataToObject,
  optionalOption,
  optionalText,
  optionLabel,
  parseWith,
  pathToName,
  phone,
  requiredOption,
  requiredText,
  toFieldErrors,
} from "./common";

const colours = [
  { value: "red", label: "Red" },
  { value: "blue", label: "Blue" },
] as const;

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("field builders", () => {
  it("trims required text and enforces the bound", () => {
    const schema = requiredText("Name", 5, "Enter a name");
    expect(schema.parse("  Ann  ")).toBe("Ann");
    expect(messages(schema, "   ")).toEqual(["Enter a name"]);
    expect(messages(schema, undefined)).toEqual(["Enter a name"]);
    expect(messages(schema, "abcdef")).toEqual(["Name must be 5 characters or fewer"]);
    expect(schema.parse("abcde")).toBe("abcde");
  });

  it("turns empty optional text into undefined", () => {
    const schema = optionalText("Note", 3);
    expect(schema.parse("")).toBeUndefined();
    expect(schema.parse("   ")).toBeUndefined();
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse(" ab ")).toBe("ab");
    expect(messages(schema, "abcd")).toEqual(["Note must be 3 characters or fewer"]);
  });

  it("refuses control characters: none in a short field, tabs and line breaks only in long text", () => {
    const name = requiredText("First name", 100, "Enter your first name");
    expect(messages(name, "Ada\u0000")).toEqual(["First name cannot contain line breaks or control characters"]);
    expect(messages(name, "Ada\nBcc: x@evil.example")).toEqual(["First name cannot contain line breaks or control characters"]);
    expect(messages(optionalText("City", 200), "Phoe\u007fnix")).toEqual(["City cannot contain line breaks or control characters"]);
    const message = requiredText("Message", 5000, "Enter your message");
    expect(message.parse("Line one\r\nLine two\tend")).toBe("Line one\r\nLine two\tend");
    expect(messages(message, "Hello\u0000")).toEqual(["Message cannot contain control characters"]);
    expect(messages(optionalText("Description", 5000), "a\u001bb")).toEqual(["Description cannot contain control characters"]);
  });

  it("checks email presence, form and length, trimming first", () => {
    expect(email().parse("  ann@example.com ")).toBe("ann@example.com");
    expect(messages(email(), "")).toEqual(["Enter your email address"]);
    expect(messages(email(), "ann@")).toEqual(["Enter a valid email address"]);
    expect(messages(email(), "ann example.com")).toEqual(["Enter a valid email address"]);
    const long = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(60)}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(messages(email(), long)).toEqual(["Email address must be 254 characters or fewer"]);
  });

  it("accepts usual phone formats and rejects letters, short numbers and long values", () => {
    for (const ok of ["+1 (602) 555-0142", "602.555.0142", "6025550142"]) expect(phone().parse(ok)).toBe(ok);
    expect(messages(phone(), "")[0]).toBe("Enter your phone number");
    expect(messages(phone(), "602-555-CALL")).toContain("Enter a valid phone number");
    expect(messages(phone(), "555-01")).toEqual(["Enter a valid phone number"]);
    expect(messages(phone(), "1".repeat(41))[0]).toBe("Phone number must be 40 characters or fewer");
    expect(phone().parse("1".repeat(40))).toHaveLength(40);
  });

  it("accepts only listed options", () => {
    expect(requiredOption(colours, "Choose a colour").parse("red")).toBe("red");
    expect(messages(requiredOption(colours, "Choose a colour"), "")).toEqual(["Choose a colour"]);
    expect(messages(requiredOption(colours, "Choose a colour"), "green")).toEqual(["Choose a colour"]);
    expect(optionalOption(colours, "Choose a colour").parse("")).toBeUndefined();
    expect(optionalOption(colours, "Choose a colour").parse(undefined)).toBeUndefined();
    expect(messages(optionalOption(colours, "Choose a colour"), "green")).toEqual(["Choose a colour"]);
  });

  it("finds option labels", () => {
    expect(optionLabel(colours, "blue")).toBe("Blue");
    expect(optionLabel(colours, "green")).toBe("green");
    expect(optionLabel(colours, undefined)).toBeUndefined();
  });
});

describe("field errors", () => {
  it("names nested paths like the form controls", () => {
    expect(pathToName(["firstName"])).toBe("firstName");
    expect(pathToName(["experience", 0, "company"])).toBe("experience[0].company");
    expect(pathToName(["personal", "email"])).toBe("personal.email");
  });

  it("keeps the first message per field", () => {
    const schema = z.object({ a: z.string().min(2, "first").regex(/x/, "second"), b: z.string() });
    const result = schema.safeParse({ a: "y", b: 1 });
    expect(result.success).toBe(false);
    if (!result.success) expect(toFieldErrors(result.error)).toEqual({ a: "first", b: expect.any(String) });
  });

  it("parses with a schema into data or field errors", () => {
    const schema = z.object({ name: requiredText("Name", 10, "Enter a name") });
    expect(parseWith(schema, { name: " Ann " })).toEqual({ success: true, data: { name: "Ann" } });
    expect(parseWith(schema, {})).toEqual({ success: false, fieldErrors: { name: "Enter a name" } });
  });

  it("reads text entries of form data, ignoring files and repeats", () => {
    const formData = new FormData();
    formData.append("name", "Ann");
    formData.append("name", "Bob");
    formData.append("file", new File(["x"], "x.txt"));
    expect(formDataToObject(formData)).toEqual({ name: "Ann" });
  });
});
