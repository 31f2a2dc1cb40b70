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

  it("parses what the page says, with messages of its own checks and a toast, all answered at once", async () => {
    const got = await answer(post({ intent: "send", message: "Card" }), {
      send: ({ parse }) => parse(schema, { from: { message: " " }, also: { woundPhoto: "Attach a PDF, JPEG or PNG file" }, toast: { title: "Check the form", description: "See below." } }),
    });
    expect(got.init?.status).toBe(400);
    expect(got.data).toMatchObject({
      fieldErrors: { message: "Say what is missing.", woundPhoto: "Attach a PDF, JPEG or PNG file" },
      toast: { title: "Check the form" },
      values: { message: "Card" },
    });
    // A schema that passes still answers 400 when a check of the page's own did not.
    const files = await answer(post({ intent: "send", message: "Card" }), { send: ({ parse }) => parse(schema, { also: { woundPhoto: "The file is empty" } }) });
    expect(files.data).toMatchObject({ fieldErrors: { woundPhoto: "The file is empty" } });
  });

  it("words a refusal as the page says: another field, a title, a link; a refusal heading the page keeps what was typed", async () => {
    class Duplicate extends Refused {
      constructor(readonly existingId: string) {
        super("Already in your list.", "lastName", 409);
      }
    }
    const explained = (await answerForm(post({ intent: "send", lastName: "Hale" }), {
      title: "Not sent",
      explain: (refusal) => (refusal instanceof Duplicate ? { field: "patientId", message: "Already there (PAT-000001)", more: { existing: { id: refusal.existingId } } } : undefined),
      intents: {
        send: () => {
          throw new Duplicate("p1");
        },
      },
    })) as unknown as DataAnswer;
    expect(explained.init?.status).toBe(409);
    expect(explained.data).toMatchObject({ fieldErrors: { patientId: "Already there (PAT-000001)" }, existing: { id: "p1" }, values: { lastName: "Hale" }, intent: "send" });

    const titled = (await answerForm(post({ intent: "draft", notes: "Long" }), {
      title: "Not sent",
      explain: () => ({ title: "Draft not saved" }),
      intents: {
        draft: () => {
          throw new Refused("Too large.", null, 413);
        },
      },
    })) as unknown as DataAnswer;
    expect(titled.init?.status).toBe(413);
    expect(titled.data).toMatchObject({ rejected: true, title: "Draft not saved", error: "Too large.", values: { notes: "Long" } });
  });

  it("adds the page's own words to a failure, and asks `keep` with the body read", async () => {
    const got = (await answerForm(post({ intent: "", email: "ada@clinic.example", tag: "a" }), {
      keep: (values, formData) => ({ email: values.email, tags: formData.getAll("tag") }),
      failure: { notice: { title: "Not sent", description: "Try again in a moment." } },
      intents: () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
      },
    })) as unknown as DataAnswer;
    expect(got.init?.status).toBe(503);
    expect(got.data).toMatchObject({ failed: true, title: "Not saved", notice: { title: "Not sent" }, values: { email: "ada@clinic.example", tags: ["a"] } });
  });

  it("answers a file over its size beside its field, naming the intent and keeping the text read", async () => {
    const form = new FormData();
    form.append("intent", "resubmit");
    form.append("answer", "Notes attached.");
    form.append("woundPhoto", new File([new Uint8Array(2048)], "wound.png", { type: "image/png" }));
    const sized = new Request("http://localhost/members/ivrs/1", { method: "POST", body: form });
    const body = await sized.arrayBuffer();
    const request = new Request(sized.url, { method: "POST", headers: { "Content-Type": sized.headers.get("Content-Type")!, "Content-Length": String(body.byteLength) }, body });
    let ran = false;
    const got = (await answerForm(request, {
      read: {
        maxBytes: 64 * 1024,
        multipart: { fields: 5, files: 1, fieldBytes: 1000, fileBytes: 1024, fileTooLarge: (field) => ({ fieldErrors: { [field]: "At most 1 KB." } }) },
      },
      keep: ({ answer: typed }) => ({ answer: typed }),
      intents: {
        resubmit: () => {
          ran = true;
          return { ok: true };
        },
      },
    })) as unknown as DataAnswer;
    expect(ran).toBe(false);
    expect(got.init?.status).toBe(413);
    expect(got.data).toMatchObject({ fieldErrors: { woundPhoto: "At most 1 KB." }, intent: "resubmit", values: { answer: "Notes attached." } });
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
