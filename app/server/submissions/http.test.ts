import { describe, expect, it } from "vitest";
import { FormProblem, handleForm, isPlainFileName, readFormOrRefuse } from "./http";

type DataAnswer = { data: unknown; init: { status?: number; headers?: Record<string, string> } | null };

describe("handleForm", () => {
  it("answers a FormProblem with its status", async () => {
    const answer = (await handleForm(async () => {
      throw new FormProblem(415, "Send the form as application/x-www-form-urlencoded.");
    })) as unknown as DataAnswer;
    expect(answer.init?.status).toBe(415);
    expect(answer.data).toMatchObject({ ok: false, rejected: true });
  });

  it("answers any other failure (the database gone) 503 with Retry-After, never a 500", async () => {
    const answer = (await handleForm(async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    })) as unknown as DataAnswer;
    expect(answer.init?.status).toBe(503);
    expect(answer.init?.headers).toMatchObject({ "Retry-After": "30" });
    expect(answer.data).toEqual({ ok: false, failed: true });
  });

  it("answers a plain form post's failure with the page it returns to", async () => {
    const back = new Response(null, { status: 303, headers: { Location: "/#contact" } });
    const answer = await handleForm(
      async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
      },
      async () => back,
    );
    expect(answer).toBe(back);
  });
});

describe("readFormOrRefuse", () => {
  it("throws a JSON body as a 415 answer", async () => {
    const request = new Request("http://site.example/forgot-password", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": "2" },
      body: "{}",
    });
    const thrown = await readFormOrRefuse(request, { maxBytes: 1024 }).catch((error: unknown) => error);
    expect((thrown as DataAnswer).init?.status).toBe(415);
  });
});

describe("isPlainFileName", () => {
  it("takes names as browsers send them", () => {
    for (const name of ["resume.pdf", "Dana Ruiz – CV (2026).docx", "..résumé.pdf", "a..b.pdf"]) expect(isPlainFileName(name), name).toBe(true);
  });
  it("refuses paths, dot names and control characters", () => {
    for (const name of ["../etc/passwd.pdf", "C:\\Users\\x\\cv.pdf", "/etc/shadow", "..", ".", "cv\u0000.pdf", "cv\r\n.pdf", "x".repeat(256)]) {
      expect(isPlainFileName(name), JSON.stringify(name)).toBe(false);
    }
  });
});
