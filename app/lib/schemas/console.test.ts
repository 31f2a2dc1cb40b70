import { describe, expect, it } from "vitest";
import { MAX_NOTE } from "~/lib/submissions";
import { parseWith } from "./common";
import { bulkStatusSchema } from "./console-inbox";
import { mailActionSchema } from "./console-outbox";
import { submissionActionSchema } from "./console-submission";
import { userActionSchema } from "./console-users";

const errorsOf = (schema: Parameters<typeof parseWith>[0], input: Record<string, unknown>) => {
  const result = parseWith(schema, input);
  return result.success ? {} : result.fieldErrors;
};

describe("console forms", () => {
  it("users: an invitation needs a valid email and a role; a row's form its account", () => {
    expect(userActionSchema.parse({ intent: "invite", email: " new@clinic.example ", role: "staff" })).toEqual({
      intent: "invite",
      email: "new@clinic.example",
      role: "staff",
    });
    expect(errorsOf(userActionSchema, { intent: "invite", email: "new@clinic", role: "owner" })).toEqual({
      email: "Enter a valid email address",
      role: "Choose member, staff or admin",
    });
    expect(errorsOf(userActionSchema, { intent: "role", userId: "a b", role: "admin" })).toEqual({ userId: "Unknown user" });
    expect(errorsOf(userActionSchema, { intent: "promote", userId: "u1" })).toEqual({ intent: "Unknown action" });
    expect(userActionSchema.parse({ intent: "disable", userId: "u1", confirmed: "1" })).toEqual({ intent: "disable", userId: "u1" });
  });

  it("submission: a status from the list, or a note that is not blank and not too long", () => {
    expect(errorsOf(submissionActionSchema, { intent: "status", status: "archived" })).toEqual({ status: "Choose a status from the list." });
    expect(errorsOf(submissionActionSchema, { intent: "note", body: "   \n " })).toEqual({ body: "Write a note first." });
    expect(errorsOf(submissionActionSchema, { intent: "note", body: "x".repeat(MAX_NOTE + 1) })).toEqual({
      body: "A note can be at most 5,000 characters.",
    });
    expect(submissionActionSchema.parse({ intent: "note", body: " Called back.\n " })).toEqual({ intent: "note", body: "Called back." });
  });

  it("outbox: retry or dismiss a mail named by its id", () => {
    expect(errorsOf(mailActionSchema, { intent: "retry", mailId: "x" })).toEqual({ mailId: "That mail does not exist." });
    expect(errorsOf(mailActionSchema, { intent: "resend", mailId: "00000000-0000-4000-8000-000000000000" })).toEqual({
      intent: "The request was not understood.",
    });
  });

  it("inbox: the bulk status is one from the list", () => {
    expect(bulkStatusSchema.parse({ intent: "bulk-status", status: "closed", back: "/admin" })).toEqual({ intent: "bulk-status", status: "closed" });
    expect(errorsOf(bulkStatusSchema, { intent: "bulk-status", status: "gone" })).toEqual({ status: "Choose a status from the list." });
  });
});
