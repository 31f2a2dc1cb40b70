import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as applyAction } from "~/routes/public/apply";
import { action as contactAction } from "~/routes/public/contact";
import { action as intakeAction } from "~/routes/public/intake";
import { action as callbackAction } from "~/routes/public/partner-callback";
import {
  applicationCertifications,
  applicationExperience,
  applications,
  callbacks,
  intakes,
  outbox,
  rateLimits,
  submissionFiles,
  submissions,
} from "~/.server/db/schema";
import { builtStatements } from "~/.server/db/statement";
import { callAction as call, formPost, type RouteFunction as Action } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

const contact = { firstName: "Ada", lastName: "Lee", email: "ada@clinic.example", company: "Lee Podiatry", message: "Please call." };
const intake = {
  firstName: "Ben",
  lastName: "Okafor",
  email: "ben@practice.example",
  phone: "(602) 555-0100",
  organization: "Okafor Wound Clinic",
  role: "physician",
  query: "We would like a consultation.",
};
const callback = { firstName: "Cy", lastName: "Park", email: "cy@rep.example", phone: "555 010 0200", experience: "3-5", bestTimeToCall: "morning" };

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
// A whole 1×1 image: file-type reads the chunks after the signature.
const PNG = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"));

function applicationForm(overrides: { resume?: File | null; documents?: File[]; fields?: Record<string, string> } = {}) {
  const form = new FormData();
  const fields = {
    firstName: "Dana",
    lastName: "Ruiz",
    email: "dana@candidate.example",
    phone: "602 555 0199",
    positionAppliedFor: "administrative-executive",
    "experience[0].company": "Valley Clinic",
    "experience[0].position": "Office Manager",
    "experience[0].currentRole": "on",
    "experience[0].endDate": "2020-01-01",
    "experience[1].company": "",
    "certifications[0].name": "CMAA",
    "certifications[0].issuingOrganization": "NHA",
    ...overrides.fields,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const resume = overrides.resume === undefined ? new File([PDF], "Dana Resume.pdf", { type: "application/pdf" }) : overrides.resume;
  if (resume) form.set("resume", resume);
  for (const d of overrides.documents ?? []) form.append("documents", d);
  return form;
}

describe.each(drivers)("form actions on %s", (driver) => {
  const database = suiteDatabase(driver, { emptied: [submissions, outbox, rateLimits] });
  const stored = async () => (await database.db.select({ n: count() }).from(submissions))[0]!.n;
  const mails = async () => (await database.db.select({ n: count() }).from(outbox))[0]!.n;

  it("stores a valid submission of each kind with its two mails", async () => {
    expect(await call(contactAction as Action, formPost("/contact", contact))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await call(intakeAction as Action, formPost("/intake", intake))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await call(callbackAction as Action, formPost("/partner-callback", callback))).toMatchObject({ status: 200, body: { ok: true } });
    const apply = await call(applyAction as Action, formPost("/apply", applicationForm({ documents: [new File([PNG], "licence.png", { type: "image/png" })] })));
    expect(apply).toMatchObject({ status: 200, body: { ok: true } });

    const rows = await database.db.select().from(submissions);
    expect(rows.map((r) => r.kind).sort()).toEqual(["application", "callback", "contact", "intake"]);
    expect(await mails()).toBe(8);

    const [i] = await database.db.select().from(intakes);
    expect(i).toMatchObject({ organization: "Okafor Wound Clinic", role: "physician", phone: "(602) 555-0100" });
    const [c] = await database.db.select().from(callbacks);
    expect(c).toMatchObject({ experience: "3-5", bestTimeToCall: "morning", territory: null });

    const [a] = await database.db.select().from(applications);
    expect(a).toMatchObject({ positionAppliedFor: "administrative-executive", phone: "602 555 0199" });
    const experience = await database.db.select().from(applicationExperience);
    expect(experience).toHaveLength(1);
    expect(experience[0]).toMatchObject({ company: "Valley Clinic", title: "Office Manager", currentRole: true, endDate: null });
    expect(await database.db.select().from(applicationCertifications)).toHaveLength(1);
    const files = await database.db.select().from(submissionFiles).orderBy(submissionFiles.role);
    // The size stored is that of the file kept: a picture is written anew.
    expect(files.map((f) => [f.role, f.fileName, f.contentType, f.size])).toEqual([
      ["resume", "Dana Resume.pdf", "application/pdf", PDF.byteLength],
      ["document", "licence.png", "image/png", files.find((x) => x.role === "document")!.data.byteLength],
    ].sort((x, y) => (x[0]! < y[0]! ? 1 : -1)));
    expect(Buffer.from(files.find((f) => f.role === "resume")!.data).equals(Buffer.from(PDF))).toBe(true);
  });

  it("answers a plain form post with a redirect and a one-time toast", async () => {
    const request = formPost("/intake", intake, { "X-Resend": "0" });
    const answer = await call(intakeAction as Action, request);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/intake");
    expect(answer.headers.get("Set-Cookie")).toMatch(/^flash=.+HttpOnly/);
    expect(await stored()).toBe(1);
  });

  it("stores a re-sent submission once", async () => {
    const fields = { ...contact, clientKey: "0123456789abcdef0123456789abcdef" };
    for (let i = 0; i < 3; i++) {
      expect(await call(contactAction as Action, formPost("/contact", fields))).toMatchObject({ status: 200, body: { ok: true } });
    }
    expect(await stored()).toBe(1);
    expect(await mails()).toBe(2);
  });

  it("builds a contact message's statements once, whatever the message says", async () => {
    const keyed = { ...contact, clientKey: "fedcba9876543210fedcba9876543210" };
    // The first message and a re-sent one build what they need.
    for (let i = 0; i < 2; i++) expect((await call(contactAction as Action, formPost("/contact", keyed))).status).toBe(200);
    const built = builtStatements();
    const others = [
      { ...contact, email: "bo@clinic.example", company: "", message: "Another message." },
      { ...contact, firstName: "Cy", email: "cy@clinic.example", clientKey: "0123456789abcdef0123456789abcdee" },
      keyed,
    ];
    for (const fields of others) expect((await call(contactAction as Action, formPost("/contact", fields))).status).toBe(200);
    expect(builtStatements()).toBe(built);
    expect(await stored()).toBe(3);
    expect(await mails()).toBe(6);
  });

  const badContact: [string, Record<string, string>, string][] = [
    ["a missing first name", { ...contact, firstName: "" }, "firstName"],
    ["a missing message", { ...contact, message: "  " }, "message"],
    ["a malformed email", { ...contact, email: "ada@" }, "email"],
    ["an overlong name", { ...contact, lastName: "x".repeat(101) }, "lastName"],
    ["an overlong message", { ...contact, message: "x".repeat(5001) }, "message"],
    ["a script tag in a name", { ...contact, firstName: "<script>alert(1)</script>" }, "firstName"],
    ["an overlong email", { ...contact, email: `${"a".repeat(250)}@x.example` }, "email"],
  ];
  it.each(badContact)("refuses a contact message with %s", async (_, fields, field) => {
    const answer = await call(contactAction as Action, formPost("/contact", fields));
    expect(answer.status).toBe(400);
    expect((answer.body as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty(field);
    expect(await stored()).toBe(0);
  });

  it("refuses options that are not in the lists", async () => {
    const wrong: [Action, string, Record<string, string>, string][] = [
      [intakeAction as Action, "/intake", { ...intake, role: "surgeon" }, "role"],
      [intakeAction as Action, "/intake", { ...intake, role: "" }, "role"],
      [callbackAction as Action, "/partner-callback", { ...callback, experience: "20+" }, "experience"],
      [callbackAction as Action, "/partner-callback", { ...callback, bestTimeToCall: "midnight" }, "bestTimeToCall"],
    ];
    for (const [action, path, fields, field] of wrong) {
      const answer = await call(action, formPost(path, fields));
      expect(answer.status, `${path} ${field}`).toBe(400);
      expect((answer.body as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty(field);
    }
    const apply = await call(applyAction as Action, formPost("/apply", applicationForm({ fields: { positionAppliedFor: "ceo" } })));
    expect(apply.status).toBe(400);
    expect((apply.body as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty("positionAppliedFor");
    expect(await stored()).toBe(0);
  });

  it("refuses text that is not UTF-8, other content types and oversized bodies", async () => {
    /** A post as any client may send one: its type and declared length as given. */
    const rawPost = (path: string, contentType: string, contentLength: string, body: string) =>
      new Request(`http://localhost${path}`, { method: "POST", headers: { "Content-Type": contentType, "Content-Length": contentLength, "X-Resend": "1" }, body });
    const latin1 = rawPost("/contact", "application/x-www-form-urlencoded", "60", "firstName=Ad%E9&lastName=Lee&email=ada%40clinic.example&message=hi");
    expect((await call(contactAction as Action, latin1)).status).toBe(400);
    expect((await call(intakeAction as Action, rawPost("/intake", "application/json", "2", "{}"))).status).toBe(415);
    const big = formPost("/intake", { ...intake, query: "x".repeat(70_000) });
    expect((await call(intakeAction as Action, big)).status).toBe(413);
    const broken = rawPost("/apply", "multipart/form-data; boundary=zzz", "30", "--zzz\r\nContent-Disposition: form");
    expect((await call(applyAction as Action, broken)).status).toBe(400);
    expect(await stored()).toBe(0);
  });

  it("checks the resume by its bytes, size and presence, storing nothing when it fails", async () => {
    const cases: [File | null, string][] = [
      [null, "Resume required"],
      [new File(["just some text, not a PDF"], "resume.pdf", { type: "application/pdf" }), "Invalid file type"],
      [new File(["plain text"], "resume.txt", { type: "text/plain" }), "Invalid file type"],
    ];
    for (const [resume, title] of cases) {
      const answer = await call(applyAction as Action, formPost("/apply", applicationForm({ resume })));
      expect(answer.status, title).toBe(400);
      expect((answer.body as { toast: { title: string } }).toast.title).toBe(title);
    }
    // A file over 5 MB stops the reading at once (413), with the same message beside the resume.
    const big = new File([new Uint8Array(6 * 1024 * 1024)], "big.pdf", { type: "application/pdf" });
    const tooLarge = await call(applyAction as Action, formPost("/apply", applicationForm({ resume: big })));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ fieldErrors: { resume: "Please upload a file smaller than 5MB." }, toast: { title: "File too large" } });
    const polyglot = new File([new TextEncoder().encode("GIF89a<script>")], "photo.png", { type: "image/png" });
    const docs = await call(applyAction as Action, formPost("/apply", applicationForm({ documents: [polyglot] })));
    expect(docs.status).toBe(400);
    expect((docs.body as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty("documents");
    for (const name of ["../../etc/passwd.pdf", "C:\\Users\\dana\\resume.pdf", "resume\u0000.pdf", ".."]) {
      const traversal = new File([PDF], name, { type: "application/pdf" });
      const answer = await call(applyAction as Action, formPost("/apply", applicationForm({ resume: traversal })));
      expect(answer.status, name).toBe(400);
    }
    const six = Array.from({ length: 6 }, (_, i) => new File([PNG], `d${i}.png`, { type: "image/png" }));
    const tooMany = await call(applyAction as Action, formPost("/apply", applicationForm({ documents: six })));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({ fieldErrors: { documents: "Attach up to 5 additional documents." } });
    expect(await stored()).toBe(0);
    expect(await database.db.select().from(submissionFiles)).toHaveLength(0);
  });

  it("answers a filled honeypot as success and stores nothing", async () => {
    const answer = await call(contactAction as Action, formPost("/contact", { ...contact, website: "http://spam.example" }));
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect(await stored()).toBe(0);
    expect(await mails()).toBe(0);
  });

  it("limits submissions per address and stores nothing past the limit", async () => {
    for (let i = 0; i < 10; i++) {
      const answer = await call(contactAction as Action, formPost("/contact", { ...contact, email: `p${i}@clinic.example` }), "198.51.100.9");
      expect(answer.status).toBe(200);
    }
    const limited = await call(contactAction as Action, formPost("/contact", contact), "198.51.100.9");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await stored()).toBe(10);
    // Another address is not affected.
    expect((await call(contactAction as Action, formPost("/contact", contact), "198.51.100.10")).status).toBe(200);
  });

  it("keeps the submission and its mail together: a failed insert leaves nothing", async () => {
    const before = await mails();
    const keyed = { ...contact, clientKey: "k".repeat(64) };
    // Make the detail insert fail midway through the transaction.
    await database.db.execute(
      sql`alter table contact_messages add constraint no_hello check (message <> 'BREAK')`,
    );
    const answer = await call(contactAction as Action, formPost("/contact", { ...keyed, message: "BREAK" }));
    expect(answer.status).toBe(503);
    expect((answer.body as { failed: boolean }).failed).toBe(true);
    expect(await stored()).toBe(0);
    expect(await mails()).toBe(before);
    await database.db.execute(sql`alter table contact_messages drop constraint no_hello`);
    expect(
      await database.db.select().from(submissions).where(eq(submissions.clientKey, "k".repeat(64))),
    ).toHaveLength(0);
  });
});
