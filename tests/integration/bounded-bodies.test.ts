import { count } from "drizzle-orm";
import { strToU8, zipSync, type Zippable } from "fflate";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { outcomeOf } from "~/lib/form-result";
import { action as applyAction, middleware as applyMiddleware } from "~/routes/public/apply";
import { action as contactAction } from "~/routes/public/contact";
import { action as intakeAction } from "~/routes/public/intake";
import { action as callbackAction } from "~/routes/public/partner-callback";
import { contactMessages, outbox, rateLimits, submissionFiles, submissions } from "~/.server/db/schema";
import { answerOf, callAction as call, contextFrom, formPost, type RouteFunction as Action } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

// Bodies and uploads: what a hostile client sends is cut off before it costs
// memory or parsing, files are what their bytes say, and a control character
// is bad input the visitor can correct, never a failure kept for re-sending.

type Body = { fieldErrors?: Record<string, string>; toast?: { title: string }; rejected?: boolean };

/** Text as bytes a File takes. */
const text = (t: string) => Uint8Array.from(strToU8(t));
const PDF = text("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"));
/** A real 2×2 JPEG: images are decoded and written anew, so a header alone is not one. */
const JPEG = new Uint8Array(await sharp({ create: { width: 2, height: 2, channels: 3, background: "#c83c3c" } }).jpeg().toBuffer());

const WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const contentTypes = (main = WORD_MAIN) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${main}"/></Types>`;
/** A Word package with these parts besides [Content_Types].xml and the package relationships. */
function wordPackage(parts: Record<string, string | Uint8Array>): Uint8Array<ArrayBuffer> {
  const files: Zippable = { "[Content_Types].xml": strToU8(contentTypes()), "_rels/.rels": strToU8("<Relationships/>") };
  for (const [name, value] of Object.entries(parts)) files[name] = typeof value === "string" ? strToU8(value) : value;
  return Uint8Array.from(zipSync(files));
}
const DOCX = wordPackage({ "word/document.xml": "<w:document><w:body><w:p/></w:body></w:document>" });
/** A legacy compound file: the signature, and its directory naming the streams in UTF-16. */
function compoundFile(stream: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(2048);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  bytes.set(Buffer.from(stream, "utf16le"), 1024);
  return bytes;
}
const PROGRAM = text("MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode.\r\r\n$");

const person = { firstName: "Dana", lastName: "Ruiz", email: "dana@candidate.example", phone: "602 555 0199" };
function applicationForm({ resume, documents = [], fields = {} }: { resume?: File; documents?: File[]; fields?: Record<string, string> } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...person, ...fields })) form.set(k, v);
  form.set("resume", resume ?? new File([PDF], "Dana Resume.pdf", { type: "application/pdf" }));
  for (const d of documents) form.append("documents", d);
  return form;
}
const contact = { firstName: "Ada", lastName: "Lee", email: "ada@clinic.example", message: "Please call." };
const intake = { ...person, organization: "Okafor Wound Clinic", role: "physician", query: "A consultation, please." };
const callback = { ...person, experience: "3-5" };

/** A multipart body written by hand, the way a hostile client would. */
type Part = { headers: string; value: Uint8Array | string };
const BOUNDARY = "----bounded4f2a9c";
function multipart(parts: Iterable<Part>): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    chunks.push(strToU8(`--${BOUNDARY}\r\n${p.headers}\r\n`), typeof p.value === "string" ? strToU8(p.value) : p.value, strToU8("\r\n"));
  }
  chunks.push(strToU8(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const field = (name: string, value: string): Part => ({ headers: `Content-Disposition: form-data; name="${name}"\r\n`, value });
const file = (name: string, filename: string, type: string, value: Uint8Array): Part => ({
  headers: `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n`,
  value,
});
const applicationParts = () => Object.entries(person).map(([k, v]) => field(k, v));

/**
 * A POST whose body is handed out 64 KB at a time, only when read, and which
 * counts what was read: `pulled()` is what the server took of the body.
 */
function streamedPost(path: string, body: Uint8Array, type: string) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= body.length) return controller.close();
        const next = body.subarray(pulled, pulled + 64 * 1024);
        pulled += next.length;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: stream,
    duplex: "half",
    headers: { "Content-Type": type, "Content-Length": String(body.length), "X-Resend": "1" },
  } as RequestInit);
  return { request, pulled: () => pulled };
}
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

describe.each(drivers)("bounded bodies and uploads on %s", (driver) => {
  const database = suiteDatabase(driver, { emptied: [submissions, outbox, rateLimits] });
  const stored = async () => (await database.db.select({ n: count() }).from(submissions))[0]!.n;
  const storedFiles = async () => (await database.db.select({ n: count() }).from(submissionFiles))[0]!.n;

  describe("multipart limits", () => {
    const tinyParts: [string, () => Iterable<Part>][] = [
      ["20,000 tiny named fields", function* () {
        for (let i = 0; i < 20_000; i++) yield field("x", "1");
      }],
      ["20,000 parts that are not form fields", function* () {
        for (let i = 0; i < 20_000; i++) yield { headers: "X-Junk: 1\r\n", value: "1" };
      }],
    ];
    it.each(tinyParts)("cuts an application of %s off with 413 after its first bytes, storing nothing", async (_, flood) => {
      const body = multipart([...applicationParts(), file("resume", "cv.pdf", "application/pdf", PDF), ...flood()]);
      const { request, pulled } = streamedPost("/apply", body, MULTIPART);
      const answer = await call(applyAction as Action, request);
      expect(answer.status).toBe(413);
      expect((answer.body as Body).rejected).toBe(true);
      // Stopped at the first part over the limit: the rest of the body was never read.
      expect(pulled()).toBeLessThan(body.length / 4);
      expect(await stored()).toBe(0);
    });

    it("drops a resume over 5 MB as it arrives and answers 413 with the SPEC's message and the rest of the form as typed", async () => {
      const body = multipart([
        ...applicationParts(),
        file("resume", "cv.pdf", "application/pdf", new Uint8Array(6 * 1024 * 1024)),
        file("documents", "more.pdf", "application/pdf", new Uint8Array(4 * 1024 * 1024)),
        // A field after the files: the read goes on past the refused file, for the text only.
        field("certifications[0].name", "Wound care certified"),
      ]);
      const { request, pulled } = streamedPost("/apply", body, MULTIPART);
      request.headers.delete("X-Resend");
      const answer = await call(applyAction as Action, request);
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({
        fieldErrors: { resume: "Please upload a file smaller than 5MB." },
        toast: { title: "File too large" },
        values: { personal: person, certifications: [{ name: "Wound care certified" }] },
      });
      // No file comes back to the page: it cannot be given back, only picked again.
      expect(JSON.stringify(answer.body)).not.toContain("more.pdf");
      expect(pulled()).toBe(body.length);
      expect(await stored()).toBe(0);
    });

    it("stops at an additional document over 5 MB with 413 and a message naming it", async () => {
      const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "scan.pdf", { type: "application/pdf" });
      const answer = await call(applyAction as Action, formPost("/apply", applicationForm({ documents: [big] })));
      expect(answer.status).toBe(413);
      expect((answer.body as Body).fieldErrors?.documents).toBe('"scan.pdf" is larger than 5MB. Each document must be 5MB or smaller.');
      expect(await stored()).toBe(0);
    });

    it("answers 429 past the rate limit without reading a byte of the body", async () => {
      const ip = "198.51.100.77";
      for (let i = 0; i < 10; i++) {
        expect((await call(contactAction as Action, formPost("/contact", { ...contact, email: `p${i}@clinic.example` }), ip)).status).toBe(200);
      }
      const upload = streamedPost("/apply", multipart([...applicationParts(), file("resume", "cv.pdf", "application/pdf", PDF)]), MULTIPART);
      const answer = await call(applyAction as Action, upload.request, ip);
      expect(answer.status).toBe(429);
      expect(answer.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(upload.pulled()).toBe(0);
      const text = streamedPost("/intake", strToU8(new URLSearchParams(intake).toString()), "application/x-www-form-urlencoded");
      expect((await call(intakeAction as Action, text.request, ip)).status).toBe(429);
      expect(text.pulled()).toBe(0);
      expect(await stored()).toBe(10);
    });
  });

  describe("a plain post (a page request), refused before the page renders", () => {
    /** Runs the route's middleware, then the action when the middleware goes on; says whether the page would render. */
    async function postAsPage(body: Uint8Array, ip?: string, accept = "text/html,application/xhtml+xml,*/*;q=0.8") {
      const { request, pulled } = streamedPost("/apply", body, MULTIPART);
      request.headers.delete("X-Resend");
      if (accept) request.headers.set("Accept", accept);
      const context = contextFrom(ip);
      let rendered = false;
      const next = async () => {
        rendered = true;
        return new Response("the page", { status: (await answerOf(await applyAction({ request, context, params: {} } as never))).status });
      };
      const response = (await applyMiddleware[0]!({ request, context, params: {} } as never, next as never)) as Response;
      return { response, rendered, pulled };
    }

    it("answers a flood of tiny parts with a line of text and 413, rendering nothing", async () => {
      const { response, rendered, pulled } = await postAsPage(multipart([...applicationParts(), ...Array.from({ length: 20_000 }, () => field("x", "1"))]));
      expect(response.status).toBe(413);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
      expect(await response.text()).toBe("The form has more fields than it takes.");
      expect(rendered).toBe(false);
      expect(pulled()).toBeLessThan(1024 * 1024);
      expect(await stored()).toBe(0);
    });

    it("answers past the rate limit with a line of text and 429, reading nothing", async () => {
      const ip = "198.51.100.78";
      for (let i = 0; i < 10; i++) await call(contactAction as Action, formPost("/contact", { ...contact, email: `q${i}@clinic.example` }), ip);
      const { response, rendered, pulled } = await postAsPage(multipart([...applicationParts(), file("resume", "cv.pdf", "application/pdf", PDF)]), ip);
      expect(response.status).toBe(429);
      expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(rendered).toBe(false);
      expect(pulled()).toBe(0);
    });

    it("lets the page show a browser what its form could have sent: a resume over 5 MB", async () => {
      const body = multipart([...applicationParts(), file("resume", "cv.pdf", "application/pdf", new Uint8Array(6 * 1024 * 1024))]);
      const browser = await postAsPage(body);
      expect(browser.rendered).toBe(true);
      expect(browser.response.status).toBe(413);
      // A client that does not ask for HTML gets the line of text.
      const script = await postAsPage(body, undefined, "");
      expect(script.rendered).toBe(false);
      expect(script.response.status).toBe(413);
      expect(await script.response.text()).toBe("A file is larger than the form takes.");
    });

    it("stores a valid plain post once, the body read by the middleware", async () => {
      const { response, rendered } = await postAsPage(multipart([...applicationParts(), file("resume", "cv.pdf", "application/pdf", PDF)]));
      expect(rendered).toBe(true);
      expect(response.status).toBe(303);
      expect(await stored()).toBe(1);
    });
  });

  describe("file contents", () => {
    const refused: [string, "resume" | "documents", File][] = [
      ["a Word package without word/document.xml", "resume", new File([wordPackage({ "word/styles.xml": "<w:styles/>" })], "cv.docx")],
      [
        "a macro package (vbaProject.bin) passed off as .docx",
        "resume",
        new File([wordPackage({ "word/document.xml": "<w:document/>", "word/vbaProject.bin": new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) })], "cv.docx"),
      ],
      ["a Word package with a program inside", "resume", new File([wordPackage({ "word/document.xml": "<w:document/>", "word/media/setup.exe": PROGRAM })], "cv.docx")],
      [
        "a Word package whose embedded object wraps a program",
        "resume",
        new File([wordPackage({ "word/document.xml": "<w:document/>", "word/embeddings/oleObject1.bin": PROGRAM })], "cv.docx"),
      ],
      ["a PDF with a script behind its header", "resume", new File([text("%PDF-1.4\n<script>alert(1)</script>\n%%EOF\n")], "cv.pdf", { type: "application/pdf" })],
      ["a PDF with a web page behind its header", "resume", new File([text("%PDF-1.7\n<!DOCTYPE html><HTML><Body onload=x()>\n")], "cv.pdf", { type: "application/pdf" })],
      ["a compound file that is not a Word document", "resume", new File([compoundFile("SummaryInformation")], "cv.doc", { type: "application/msword" })],
      ["a JPEG with a web page behind its header", "documents", new File([JPEG, text("<html><iframe src=//evil.example>")], "photo.jpg", { type: "image/jpeg" })],
      ["a PNG followed by an SVG", "documents", new File([PNG, text("<svg onload=alert(1)>")], "scan.png", { type: "image/png" })],
    ];
    it.each(refused)("refuses %s and stores nothing", async (_, role, upload) => {
      const form = role === "resume" ? applicationForm({ resume: upload }) : applicationForm({ documents: [upload] });
      const answer = await call(applyAction as Action, formPost("/apply", form));
      expect(answer.status).toBe(400);
      expect((answer.body as Body).fieldErrors).toHaveProperty(role);
      if (role === "resume") expect((answer.body as Body).toast?.title).toBe("Invalid file type");
      expect(await stored()).toBe(0);
      expect(await storedFiles()).toBe(0);
    });

    it("stores a real Word package, a legacy Word file, a PNG and a JPEG by their checked types", async () => {
      const docx = new File([DOCX], "Dana CV.docx", { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" });
      const documents = [
        new File([compoundFile("WordDocument")], "letter.doc", { type: "application/msword" }),
        new File([PNG], "licence.png", { type: "image/png" }),
        new File([JPEG], "badge.jpg", { type: "image/jpeg" }),
      ];
      const answer = await call(applyAction as Action, formPost("/apply", applicationForm({ resume: docx, documents })));
      expect(answer.status).toBe(200);
      const files = await database.db.select().from(submissionFiles);
      expect(files.map((f) => [f.fileName, f.contentType]).sort()).toEqual([
        ["Dana CV.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
        ["badge.jpg", "image/jpeg"],
        ["letter.doc", "application/msword"],
        ["licence.png", "image/png"],
      ]);
    });
  });

  describe("control characters", () => {
    const cases: [string, Action, string, () => URLSearchParams | FormData, string][] = [
      ["a NUL in the contact first name", contactAction as Action, "/contact", () => new URLSearchParams({ ...contact, firstName: "Ada\u0000" }), "firstName"],
      ["a line break in the contact last name", contactAction as Action, "/contact", () => new URLSearchParams({ ...contact, lastName: "Lee\nBcc: x@evil.example" }), "lastName"],
      ["a NUL in the contact message", contactAction as Action, "/contact", () => new URLSearchParams({ ...contact, message: "Hello\u0000" }), "message"],
      ["an escape in the intake organization", intakeAction as Action, "/intake", () => new URLSearchParams({ ...intake, organization: "Clinic\u001b[2J" }), "organization"],
      ["a DEL in the callback territory", callbackAction as Action, "/partner-callback", () => new URLSearchParams({ ...callback, territory: "West\u007f" }), "territory"],
      ["a NUL in the applicant's first name", applyAction as Action, "/apply", () => applicationForm({ fields: { firstName: "Dana\u0000" } }), "firstName"],
      ["a NUL in a work description", applyAction as Action, "/apply", () => applicationForm({ fields: { "experience[0].company": "Clinic", "experience[0].description": "Led\u0000" } }), "experience[0].description"],
      ["a NUL in a field name", contactAction as Action, "/contact", () => new URLSearchParams({ ...contact, "note\u0000": "x" }), "form"],
    ];
    it.each(cases)("answers %s with 400 and a message beside the field, storing nothing", async (_, action, path, body, name) => {
      const answer = await call(action, formPost(path, body()));
      expect(answer.status).toBe(400);
      expect((answer.body as Body).fieldErrors?.[name]).toMatch(/control characters/);
      // The browser shows the message; it does not keep the submission to send again.
      expect(outcomeOf(answer.body).kind).toBe("invalid");
      expect(await stored()).toBe(0);
    });

    it("keeps tabs and line breaks in long text, as written", async () => {
      const message = "Line one\r\nLine two\twith a tab";
      expect((await call(contactAction as Action, formPost("/contact", { ...contact, message }))).status).toBe(200);
      const description = "First line\r\nSecond line";
      const fields = { "experience[0].company": "Clinic", "experience[0].description": description };
      expect((await call(applyAction as Action, formPost("/apply", applicationForm({ fields })))).status).toBe(200);
      const [row] = await database.db.select().from(contactMessages);
      expect(row!.message).toBe(message);
    });

    it("sends a plain post with a control character back to the form with the field marked", async () => {
      const answer = await call(contactAction as Action, formPost("/contact", { ...contact, firstName: "Ada\u0000" }, { "X-Resend": "0" }));
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/?contact=invalid&fields=firstName#contact");
      expect(await stored()).toBe(0);
    });
  });
});
