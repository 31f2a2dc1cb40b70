import { describe, expect, it } from "vitest";
import { FormProblem, handleForm, isPlainFileName, readForm, readFormOrRefuse, type MultipartLimits } from "./form-body";

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

describe("handleForm's refusals", () => {
  it("carries the field messages of a refusal a browser could have caused", async () => {
    const answer = (await handleForm(async () => {
      throw new FormProblem(413, "A file is larger than the form takes.", { fieldErrors: { resume: "Too large" }, toast: { title: "File too large", description: "Smaller, please." } });
    })) as unknown as DataAnswer;
    expect(answer.init?.status).toBe(413);
    expect(answer.data).toMatchObject({ ok: false, rejected: true, fieldErrors: { resume: "Too large" }, toast: { title: "File too large" } });
  });
});

describe("readForm, multipart", () => {
  const limits: MultipartLimits = { fields: 3, files: 2, fieldBytes: 10, fileBytes: 20 };
  const post = (form: FormData) => new Request("http://site.example/apply", { method: "POST", body: form });
  async function read(form: FormData, options: Partial<MultipartLimits> = {}, maxBytes = 10_000) {
    const request = post(form);
    const body = await request.arrayBuffer();
    const headers = new Headers(request.headers);
    headers.set("Content-Length", String(body.byteLength));
    return readForm(new Request(request.url, { method: "POST", headers, body }), { maxBytes, multipart: { ...limits, ...options } });
  }
  const status = (promise: Promise<unknown>) => promise.then(() => 200, (error: unknown) => (error instanceof FormProblem ? error.status : 500));
  const form = (entries: [string, string | File][]) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };

  it("keeps fields and files in their order, with their names and types", async () => {
    const data = await read(form([["a", "1"], ["doc", new File(["%PDF-"], "cv.pdf", { type: "application/pdf" })], ["b", "résumé"]]));
    expect([...data.keys()]).toEqual(["a", "doc", "b"]);
    const doc = data.get("doc") as File;
    expect([doc.name, doc.type, doc.size]).toEqual(["cv.pdf", "application/pdf", 5]);
    expect(data.get("b")).toBe("résumé");
  });

  it("takes each limit exactly, and refuses one more with 413", async () => {
    expect(await status(read(form([["a", "x".repeat(10)]])))).toBe(200);
    expect(await status(read(form([["a", "x".repeat(11)]])))).toBe(413);
    expect(await status(read(form([["f", new File(["x".repeat(20)], "a.pdf")]])))).toBe(200);
    expect(await status(read(form([["f", new File(["x".repeat(21)], "a.pdf")]])))).toBe(413);
    expect(await status(read(form([["a", "1"], ["b", "2"], ["c", "3"]])))).toBe(200);
    expect(await status(read(form([["a", "1"], ["b", "2"], ["c", "3"], ["d", "4"]])))).toBe(413);
    const file = () => new File(["x"], "a.pdf");
    expect(await status(read(form([["f", file()], ["g", file()]])))).toBe(200);
    expect(await status(read(form([["f", file()], ["g", file()], ["h", file()]])))).toBe(413);
  });

  it("gives the caller's field messages for a file too large or one too many", async () => {
    const messages = {
      fileTooLarge: (field: string, fileName: string) => ({ fieldErrors: { [field]: `${fileName} is too large` } }),
      tooManyFiles: () => ({ fieldErrors: { documents: "Too many" } }),
    };
    const large = await read(form([["resume", new File(["x".repeat(21)], "cv.pdf")]]), messages).catch((e: FormProblem) => e);
    expect((large as FormProblem).messages).toEqual({ fieldErrors: { resume: "cv.pdf is too large" } });
    const many = await read(form([["f", new File(["x"], "a")], ["g", new File(["x"], "b")], ["h", new File(["x"], "c")]]), messages).catch((e: FormProblem) => e);
    expect((many as FormProblem).messages).toEqual({ fieldErrors: { documents: "Too many" } });
  });

  it("counts the bytes it reads: a body longer than its stated length stops at maxBytes", async () => {
    const f = form([["a", "1"], ["b", "2"]]);
    const body = await new Request("http://site.example/", { method: "POST", body: f }).arrayBuffer();
    const type = new Request("http://site.example/", { method: "POST", body: f }).headers.get("Content-Type")!;
    const lying = new Request("http://site.example/apply", { method: "POST", headers: { "Content-Type": type, "Content-Length": "10" }, body });
    const error = await readForm(lying, { maxBytes: 100, multipart: limits }).catch((e: unknown) => e);
    expect((error as FormProblem).status).toBe(413);
  });

  it("refuses a file name with a folder, which busboy would otherwise cut to its last part", async () => {
    expect(await status(read(form([["f", new File(["x"], "../../etc/passwd.pdf")]])))).toBe(400);
  });

  it("refuses broken multipart with 400", async () => {
    const broken = new Request("http://site.example/apply", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz", "Content-Length": "30" },
      body: "--zzz\r\nContent-Disposition: form",
    });
    expect(await status(readForm(broken, { maxBytes: 100, multipart: limits }))).toBe(400);
    const noBoundary = new Request("http://site.example/apply", { method: "POST", headers: { "Content-Type": "multipart/form-data", "Content-Length": "5" }, body: "--x--" });
    expect(await status(readForm(noBoundary, { maxBytes: 100, multipart: limits }))).toBe(400);
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

describe("a control that takes a scanned label", () => {
  const post = (body: string) =>
    new Request("http://localhost/form", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) }, body });
  const label = encodeURIComponent("0109501101020917\u001d21SER-1");

  it("keeps a GS1 barcode's group separators there, and refuses them and other control characters elsewhere", async () => {
    const read = (body: string) => readForm(post(body), { maxBytes: 1000, scanned: (name) => name === "unit" });
    expect((await read(`unit=${label}`)).get("unit")).toBe("0109501101020917\u001d21SER-1");
    const elsewhere = await read(`note=${label}`).catch((e: unknown) => e);
    expect((elsewhere as FormProblem).messages).toMatchObject({ fieldErrors: { note: "This text cannot contain control characters (only tabs and line breaks)." } });
    const other = await read(`unit=${encodeURIComponent("SER\u0000-1")}`).catch((e: unknown) => e);
    expect((other as FormProblem).status).toBe(400);
  });
});
