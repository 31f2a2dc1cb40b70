import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { action as libraryAction, loader as libraryLoader } from "~/routes/console/library";
import { loader as versionLoader } from "~/routes/console/library-file";
import { loader as formsLibraryLoader } from "~/routes/portal/forms-library";
import { loader as fileLoader } from "~/routes/portal/forms-library-file";
import { loader as educationLoader } from "~/routes/portal/education";
import { loader as educationFileLoader } from "~/routes/portal/education-file";
import { loader as supportLoader } from "~/routes/public/support";
import { auditLog, educationResources, libraryDocuments, libraryVersions } from "~/.server/db/schema";
import { PAPER_IVR_FORM } from "~/.server/library/paper-forms";
import { SUPPORT_DOWNLOAD_KEYS } from "~/content/library";
import { pdfText } from "../support/pdf-text";
import { cookieOf, makeMember, makePractice, signedIn } from "../support/factories";
import { contextFrom, formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

const WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
function wordFile(): Uint8Array<ArrayBuffer> {
  const zip = zipSync({
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${WORD_MAIN}"/></Types>`,
    ),
    "_rels/.rels": strToU8("<Relationships/>"),
    "word/document.xml": strToU8("<w:document><w:body><w:p/></w:body></w:document>"),
  });
  return new Uint8Array(zip);
}
async function pdfFile(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text);
  return new Uint8Array(await doc.save());
}

type Page = { fieldErrors?: Record<string, string> };

describe.each(drivers)("the Forms Library on %s", (driver) => {
  const database = suiteDatabase(driver);
  const call = routeCaller("198.51.100.60");
  const get = (path: string, cookie = "") => new Request(`http://localhost${path}`, { headers: { cookie } });
  const post = (cookie: string, fields: Record<string, string | File>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return formPost("/admin/library", body, { cookie });
  };
  /** Calls a download route and gives the raw Response (a thrown redirect included). */
  const download = async (loader: (args: never) => Promise<unknown>, path: string, params: Record<string, string>, cookie = "") =>
    (await loader({ request: get(path, cookie), context: contextFrom("198.51.100.60"), params } as never).catch((thrown: unknown) => thrown)) as Response;
  const cookies = { staff: "", member: "", partner: "" };

  beforeAll(async () => {
    const db = database.db;
    const practiceId = await makePractice(db, "Sunrise Wound Care");
    cookies.staff = (await signedIn(db, "librarian@company.example", "staff")).cookie;
    cookies.member = (await signedIn(db, "nurse@sunrise.example", "member", practiceId)).cookie;
    await makeMember(db, { email: "rep@partner.example", role: "partner" });
    cookies.partner = await cookieOf("rep@partner.example");
  });

  const upload = (fields: Record<string, string>, file: File) => call(libraryAction, post(cookies.staff, { intent: "upload", ...fields, file }));
  const memberSearch = async (query: string) => {
    const answer = await call(formsLibraryLoader, get(`/forms-library${query}`, cookies.member));
    return (answer.body as { documents: { id: string; title: string; href: string }[] }).documents;
  };
  const documentNamed = async (title: string) => (await database.db.select().from(libraryDocuments).where(eq(libraryDocuments.title, title)))[0]!;

  it("lists the built-in documents from the start: the paper IVR form, the order form, the W-9 placeholder and the support guides", async () => {
    const titles = (await memberSearch("")).map((d) => d.title);
    expect(titles).toEqual(expect.arrayContaining(["Insurance Verification Request (paper form)", "Order Form (paper form)", "Supplier W-9", "Product Catalog", "Insurance Guide", "Quick Start Guide", "Compliance Checklist"]));
  });

  it("makes a paper IVR form with every field label of the native form, grouped as it groups them", async () => {
    const ivr = await documentNamed("Insurance Verification Request (paper form)");
    const response = await download(fileLoader, "/forms-library/x/y", { id: ivr.id, file: "insurance-verification-request.pdf" }, cookies.member);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toContain("attachment");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/\s+/g, " ");
    // The native form's own labels, read from its source: none is missing on paper.
    const source = readFileSync("app/components/portal/ivr-form-fields.tsx", "utf8");
    const nativeLabels = [...source.matchAll(/\blabel="([^"]+)"/g)].map((m) => m[1]!.replace(/&apos;|&#39;/g, "'"));
    expect(nativeLabels.length).toBeGreaterThan(30);
    // "Patient" (the native form picks one) is the paper form's section of the patient's fields.
    for (const label of nativeLabels) expect(text.toLowerCase(), label).toContain(label.toLowerCase());
    for (const section of PAPER_IVR_FORM) expect(text).toContain(section.title.toUpperCase());
    expect(text).toContain("Diabetic foot ulcer");

    const w9 = await documentNamed("Supplier W-9");
    const w9Text = await pdfText(new Uint8Array(await (await download(fileLoader, "/", { id: w9.id, file: "w9.pdf" }, cookies.member)).arrayBuffer()));
    expect(w9Text).toContain("The supplier's W-9 is sent on request");
    expect(w9Text).toContain("Placeholder");
    const order = await documentNamed("Order Form (paper form)");
    expect(await pdfText(new Uint8Array(await (await download(fileLoader, "/", { id: order.id, file: "o.pdf" }, cookies.member)).arrayBuffer()))).toContain("Approved IVR reference");
  });

  it("takes a PDF and a Word file from staff, audited; refuses a renamed program, a fake PDF and a file over 10 MB beside the field, keeping what was typed", async () => {
    const pdf = await upload({ title: "Wound Measurement Guide", category: "Guides", label: "2026-11" }, new File([await pdfFile("Measure length x width")], "measure.pdf", { type: "application/pdf" }));
    expect(pdf.status).toBe(303);
    const docx = await upload({ title: "Prior Authorization Letter Template", category: "Compliance", label: "v1" }, new File([wordFile()], "letter.docx", { type: DOCX }));
    expect(docx.status).toBe(303);
    const stored = await documentNamed("Prior Authorization Letter Template");
    const [version] = await database.db.select().from(libraryVersions).where(eq(libraryVersions.documentId, stored.id));
    expect(version).toMatchObject({ label: "v1", fileName: "letter.docx", contentType: DOCX, uploadedBy: "librarian@company.example" });
    const audits = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "library.upload"), eq(auditLog.target, stored.id)));
    expect(audits).toHaveLength(1);

    const exe = await upload({ title: "Sneaky", category: "Guides", label: "1" }, new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff])], "form.exe", { type: "application/octet-stream" }));
    expect(exe.status).toBe(400);
    expect((exe.body as Page).fieldErrors?.file).toContain("is not a PDF or a Word (.docx) file");
    expect((exe.body as { values?: Record<string, string> }).values?.title).toBe("Sneaky");
    const fake = await upload({ title: "Fake", category: "Guides", label: "1" }, new File(["just text, not a PDF at all"], "fake.pdf", { type: "application/pdf" }));
    expect(fake.status).toBe(400);
    expect((fake.body as Page).fieldErrors?.file).toContain('"fake.pdf" is not a PDF');
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(await pdfFile("big"));
    const tooLarge = await upload({ title: "Huge", category: "Guides", label: "1" }, new File([big], "huge.pdf", { type: "application/pdf" }));
    expect(tooLarge.status).toBe(413);
    expect((tooLarge.body as Page).fieldErrors?.file).toContain("larger than 10 MB");
    const missing = await call(libraryAction, post(cookies.staff, { intent: "upload", title: "", category: "Nope", label: "" }));
    expect((missing.body as Page).fieldErrors).toMatchObject({ title: "Enter the document's title", category: "Choose the category", file: expect.stringContaining("Choose the file") });
    expect(await database.db.select().from(libraryDocuments).where(eq(libraryDocuments.title, "Sneaky"))).toHaveLength(0);
  });

  it("finds a document by words of its title and by category, without JavaScript (a GET form's query)", async () => {
    expect((await memberSearch("?q=measurement")).map((d) => d.title)).toEqual(["Wound Measurement Guide"]);
    expect((await memberSearch("?q=WOUND+guide")).map((d) => d.title)).toEqual(["Wound Measurement Guide"]);
    expect((await memberSearch("?category=Compliance")).map((d) => d.title)).toEqual(["Compliance Checklist", "Prior Authorization Letter Template"]);
    expect(await memberSearch("?q=measurement&category=Compliance")).toEqual([]);
    expect(await memberSearch("?q=%25")).toEqual([]);
  });

  it("replaces a version and keeps the old one for staff; members get the new one at the same address", async () => {
    const guide = await documentNamed("Wound Measurement Guide");
    const [first] = await database.db.select().from(libraryVersions).where(eq(libraryVersions.documentId, guide.id));
    const replaced = await call(libraryAction, post(cookies.staff, { intent: "replace", documentId: guide.id, label: "2026-12", file: new File([await pdfFile("Measure again")], "measure-2.pdf", { type: "application/pdf" }) }));
    expect(replaced.status).toBe(303);
    const versions = await database.db.select().from(libraryVersions).where(eq(libraryVersions.documentId, guide.id));
    expect(versions).toHaveLength(2);
    expect(versions.find((v) => v.id === first!.id)?.supersededAt).not.toBeNull();
    const current = await download(fileLoader, "/", { id: guide.id, file: "x.pdf" }, cookies.member);
    expect(current.headers.get("Content-Disposition")).toContain("measure-2.pdf");
    const old = await download(versionLoader, `/admin/library/files/${first!.id}`, { id: first!.id }, cookies.staff);
    expect(old.status).toBe(200);
    expect(old.headers.get("Content-Disposition")).toContain("measure.pdf");
    expect((await download(versionLoader, "/", { id: first!.id }, cookies.member)).status).toBe(403);
    const page = await call(libraryLoader, get("/admin/library", cookies.staff));
    const listed = (page.body as { documents: { id: string; current: { label: string }; older: { label: string }[] }[] }).documents.find((d) => d.id === guide.id);
    expect(listed).toMatchObject({ current: { label: "2026-12" }, older: [{ label: "2026-11" }] });
    expect(await database.db.select().from(auditLog).where(and(eq(auditLog.action, "library.replace"), eq(auditLog.target, guide.id)))).toHaveLength(1);
  });

  it("hides a retired document from members' search and its address, and shows it again once restored", async () => {
    const guide = await documentNamed("Wound Measurement Guide");
    expect((await call(libraryAction, post(cookies.staff, { intent: "retire", documentId: guide.id }))).status).toBe(303);
    expect(await memberSearch("?q=measurement")).toEqual([]);
    expect((await download(fileLoader, "/", { id: guide.id, file: "x.pdf" }, cookies.member)).status).toBe(404);
    expect((await call(libraryAction, post(cookies.staff, { intent: "restore", documentId: guide.id }))).status).toBe(303);
    expect((await memberSearch("?q=measurement")).map((d) => d.title)).toEqual(["Wound Measurement Guide"]);
    expect(await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, guide.id))).toEqual(expect.arrayContaining([{ action: "library.retire" }, { action: "library.restore" }]));
  });

  it("serves the support page's four guides without signing in, with the sizes the page shows; every other document needs a session", async () => {
    const support = await call(supportLoader, get("/support"));
    const guides = (support.body as { downloads: { title: string; size: string; href: string }[] }).downloads;
    expect(guides.map((g) => g.title)).toEqual(["Product Catalog", "Insurance Guide", "Quick Start Guide", "Compliance Checklist"]);
    expect(guides).toHaveLength(SUPPORT_DOWNLOAD_KEYS.length);
    for (const guide of guides) {
      const [, , id, file] = guide.href.split("/");
      const response = await download(fileLoader, guide.href, { id: id!, file: file! });
      expect(response.status, guide.title).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(guide.size).toBe(bytes.byteLength < 1024 * 1024 ? `${(bytes.byteLength / 1024).toFixed(1)} KB` : `${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB`);
      expect(await pdfText(bytes)).toContain(guide.title);
    }
    const ivr = await documentNamed("Insurance Verification Request (paper form)");
    const anonymous = await download(fileLoader, "/", { id: ivr.id, file: "x.pdf" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/auth");
    expect((await download(fileLoader, "/", { id: "00000000-0000-0000-0000-000000000000", file: "x.pdf" })).status).toBe(302);
    expect((await download(fileLoader, "/", { id: ivr.id, file: "x.pdf" }, cookies.partner)).headers.get("Location")).toBe("/partners");
    expect((await call(formsLibraryLoader, get("/forms-library"))).status).toBe(302);
  });

  it("lists education resources by category, a link or a file, and refuses a resource with neither", async () => {
    const link = await call(libraryAction, post(cookies.staff, { intent: "education-add", category: "Video Training", title: "Placing an order", description: "Five minutes.", url: "https://video.example/order" }));
    expect(link.status).toBe(303);
    const file = await call(libraryAction, post(cookies.staff, { intent: "education-add", category: "Documentation", title: "Storage sheet", description: "Keep at room temperature.", file: new File([await pdfFile("Storage")], "storage.pdf", { type: "application/pdf" }) }));
    expect(file.status).toBe(303);
    const neither = await call(libraryAction, post(cookies.staff, { intent: "education-add", category: "Documentation", title: "Nothing", description: "No link." }));
    expect((neither.body as Page).fieldErrors?.url).toBe("Enter a link, or choose a file");
    const page = await call(educationLoader, get("/education", cookies.member));
    const resources = (page.body as { resources: { title: string; category: string; href: string }[] }).resources;
    expect(resources.map((r) => [r.category, r.title])).toEqual([
      ["Video Training", "Placing an order"],
      ["Documentation", "Storage sheet"],
    ]);
    const sheet = resources.find((r) => r.title === "Storage sheet")!;
    const [, , id] = sheet.href.split("/");
    const served = await download(educationFileLoader, sheet.href, { id: id!, file: "storage.pdf" }, cookies.member);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("application/pdf");
    const [row] = await database.db.select().from(educationResources).where(eq(educationResources.title, "Storage sheet"));
    await call(libraryAction, post(cookies.staff, { intent: "education-retire", resourceId: row!.id }));
    expect(((await call(educationLoader, get("/education", cookies.member))).body as { resources: unknown[] }).resources).toHaveLength(1);
  });
});
