import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FAILED_TEXT, refusalText } from "~/lib/form-result";
import { Refused } from "~/.server/refused";
import { notFound } from "./not-found";
import { answerForm } from "./form-action";

type DataAnswer = { data: Record<string, unknown>; init: { status?: number; headers?: Record<string, string> } | null };

function post(fields: Record<string, string>, { data: asData = false } = {}) {
  const body = new URLSearchParams(fields).toString();
  return new Request(`http://localhost/admin/ivrs/1${asData ? ".data" : ""}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) },
    body,
  });
}

const schema = z.object({ message: z.string().trim().min(1, "Say what is missing.") });

const answer = async (request: Request, intents: Parameters<typeof answerForm>[1]["intents"], keep?: (v: Record<string, string>) => Record<string, unknown>) =>
  (await answerForm(request, { title: "Not done", intents, keep })) as unknown as DataAnswer;

describe("answerForm", () => {
  it("runs the intent the form names and gives its answer back", async () => {
    const done = await answerForm(post({ intent: "information", message: "Card" }), {
      intents: { information: ({ parse }) => ({ ok: true, said: parse(schema).message }) },
    });
    expect(done).toEqual({ ok: true, said: "Card" });
  });

  it("answers a schema's messages 400 beside the fields, with what a plain post typed", async () => {
    const got = await answer(post({ intent: "information", message: " ", note: "kept" }), { information: ({ parse }) => parse(schema) });
    expect(got.init?.status).toBe(400);
    expect(got.data).toMatchObject({ ok: false, intent: "information", fieldErrors: { message: "Say what is missing." }, values: { note: "kept" } });
  });

  it("gives nothing back to a browser that kept its own form (a data request)", async () => {
    const got = await answer(post({ intent: "information", message: "" }, { data: true }), { information: ({ parse }) => parse(schema) });
    expect(got.init?.status).toBe(400);
    expect(got.data.values).toBeUndefined();
  });

  it("answers a domain's refusal with its status, heading the page or beside its field", async () => {
    const heading = await answer(post({ intent: "cancel" }), {
      cancel: () => {
        throw new Refused("A shipped order cannot be cancelled.");
      },
    });
    expect(heading.init?.status).toBe(409);
    expect(heading.data).toMatchObject({ ok: false, rejected: true, error: "A shipped order cannot be cancelled.", title: "Not done", intent: "cancel" });
    const beside = await answer(post({ intent: "verify", deductible: "x" }), {
      verify: () => {
        throw new Refused("Enter an amount.", "deductible");
      },
    });
    expect(beside.init?.status).toBe(400);
    expect(beside.data).toMatchObject({ fieldErrors: { deductible: "Enter an amount." }, values: { deductible: "x" } });
  });

  it("refuses an intent the page does not have", async () => {
    const got = await answer(post({ intent: "drop-table" }), { cancel: () => ({ ok: true }) });
    expect(got.init?.status).toBe(400);
    expect(got.data).toMatchObject({ rejected: true, error: "This form is not one of this page's." });
    const inherited = await answer(post({ intent: "constructor" }), { cancel: () => ({ ok: true }) });
    expect(inherited.init?.status).toBe(400);
  });

  it("answers a database failure 503 with Retry-After, says so, and keeps what was typed (less what must not come back)", async () => {
    const got = await answer(
      post({ intent: "information", message: "The card's back", password: "secret" }),
      {
        information: () => {
          throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
        },
      },
      ({ password: _password, ...rest }) => rest,
    );
    expect(got.init?.status).toBe(503);
    expect(got.init?.headers).toMatchObject({ "Retry-After": "30" });
    expect(got.data).toMatchObject({ ok: false, failed: true, title: "Not saved", intent: "information", values: { message: "The card's back" } });
    expect(got.data.values).not.toHaveProperty("password");
    expect(refusalText(got.data)).toBe(FAILED_TEXT);
  });

  it("lets a redirect or a not-found thrown by the intent pass", async () => {
    await expect(answerForm(post({ intent: "go" }), { intents: { go: () => { throw redirect("/admin"); } } })).rejects.toBeInstanceOf(Response);
    await expect(answerForm(post({ intent: "go" }), { intents: { go: () => notFound() } })).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("refuses a body no form sends before any intent runs", async () => {
    const request = new Request("http://localhost/admin/ivrs/1", { method: "POST", headers: { "Content-Type": "text/plain", "Content-Length": "2" }, body: "hi" });
    let ran = false;
    const got = await answer(request, () => {
      ran = true;
      return { ok: true };
    });
    expect(got.init?.status).toBe(415);
    expect(ran).toBe(false);
  });
});
