import { describe, expect, it } from "vitest";
import {
  HONEYPOT_FIELD,
  invalid,
  isDataRequest,
  isHoneypotFilled,
  invalidAnswer,
  outcomeOf,
  rejectedAnswer,
  submitToServer,
  submittedText,
  submittedValues,
} from "../form-result";

// Tests of app/lib/form-result.ts: the contract between form actions and the browser.

describe("outcomeOf", () => {
  it("reads success, field messages and failures", () => {
    expect(outcomeOf({ ok: true })).toEqual({ kind: "success" });
    expect(outcomeOf({ ok: false, fieldErrors: { email: "Enter a valid email address" } })).toEqual({
      kind: "invalid",
      fieldErrors: { email: "Enter a valid email address" },
      toast: null,
    });
    const toast = { title: "Resume required", description: "Please upload your resume." };
    expect(outcomeOf({ ok: false, fieldErrors: { resume: "x" }, toast })).toEqual({
      kind: "invalid",
      fieldErrors: { resume: "x" },
      toast,
    });
  });

  it("reads a refusal with its own title, and success with what the page shows of it", () => {
    expect(outcomeOf({ ok: true, message: "Invitation sent" })).toEqual({ kind: "success" });
    expect(outcomeOf(rejectedAnswer("Only a failed mail can be dismissed.", "Could not change that mail"))).toEqual({
      kind: "rejected",
      error: "Only a failed mail can be dismissed.",
      title: "Could not change that mail",
    });
    expect(outcomeOf({ ok: false, rejected: true, error: "The form is too large." })).toEqual({ kind: "rejected", error: "The form is too large." });
  });

  it("treats anything else as a failure", () => {
    for (const answer of [undefined, null, "oops", { ok: false, unavailable: true }, { ok: false, failed: true }, { ok: false, fieldErrors: {} }]) {
      expect(outcomeOf(answer)).toEqual({ kind: "failure" });
    }
  });
});

describe("honeypot", () => {
  it("is filled only when the hidden field has text", () => {
    const formData = new FormData();
    expect(isHoneypotFilled(formData)).toBe(false);
    formData.set(HONEYPOT_FIELD, "   ");
    expect(isHoneypotFilled(formData)).toBe(false);
    formData.set(HONEYPOT_FIELD, "https://spam.example");
    expect(isHoneypotFilled(formData)).toBe(true);
  });
});

describe("invalid", () => {
  const fieldErrors = { email: "Enter a valid email address" };

  it("answers 400 with field messages and a toast when given", () => {
    const answer = invalid(new Request("http://localhost/apply.data", { method: "POST" }), fieldErrors, {
      toast: { title: "t", description: "d" },
      values: { email: "x" },
    });
    expect(answer.init?.status).toBe(400);
    // Values only go back to plain form posts, which re-render the page.
    expect(answer.data).toEqual({ ok: false, fieldErrors, toast: { title: "t", description: "d" } });
  });

  it("sends the submitted text back to a plain form post, without the honeypot", () => {
    const answer = invalid(new Request("http://localhost/intake", { method: "POST" }), fieldErrors, {
      values: { email: "x", [HONEYPOT_FIELD]: "" },
    });
    expect(answer.data).toEqual({ ok: false, fieldErrors, values: { email: "x" } });
    expect(submittedValues(answer.data)).toEqual({ email: "x" });
    expect(submittedText(submittedValues(answer.data), "email")).toBe("x");
    expect(submittedValues(undefined)).toEqual({});
  });

  it("gives the same body to an action that adds to it (the form it answers, say)", () => {
    const plain = new Request("http://localhost/admin/users", { method: "POST" });
    expect({ ...invalidAnswer(plain, fieldErrors, { values: { email: "x" } }), intent: "invite" }).toEqual({
      ok: false,
      fieldErrors,
      values: { email: "x" },
      intent: "invite",
    });
    expect(invalidAnswer(new Request("http://localhost/admin/users.data", { method: "POST" }), fieldErrors, { values: { email: "x" } })).toEqual({
      ok: false,
      fieldErrors,
    });
  });

  it("tells data requests from document posts", () => {
    expect(isDataRequest(new Request("http://localhost/contact.data"))).toBe(true);
    expect(isDataRequest(new Request("http://localhost/contact"))).toBe(false);
  });
});

describe("submitToServer", () => {
  it("passes answers through and turns errors into a failure", async () => {
    await expect(submitToServer(async () => ({ ok: true }))).resolves.toEqual({ ok: true });
    await expect(
      submitToServer(async () => {
        throw new TypeError("Failed to fetch");
      }),
    ).resolves.toMatchObject({ data: { ok: false, failed: true }, init: { status: 503 } });
  });

  it("lets redirects through", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/members" } });
    await expect(
      submitToServer(async () => {
        throw redirect;
      }),
    ).rejects.toBe(redirect);
  });
});
