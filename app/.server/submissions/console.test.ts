import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, outbox, submissionNotes, submissions } from "~/.server/db/schema";
import { getMail, parseOutboxFilters } from "~/.server/mail";
import { suiteDatabase } from "../../../tests/integration/support/database";
import { addSubmissionNote, countNewByKind, getSubmissionDetail, getSubmissionFile, listSubmissions, parseInboxFilters, type InboxFilters } from "./console";
import { exportBatches, exportCsv, exportSubmissions } from "./export";
import { submitApplication, submitCallback, submitContact, submitIntake } from "./kinds";
import { setStatuses, setSubmissionStatus } from "./lifecycle";
import { isUuid } from "~/lib/ids";
import { type Kind, type Status } from "~/lib/submissions";

const all: InboxFilters = { q: "", kind: "all", status: "all", cursor: null };
const filters = (f: Partial<InboxFilters>): InboxFilters => ({ ...all, ...f });
const MISSING = "00000000-0000-4000-8000-000000000000";
const staff = (email: string) => ({ email, ip: null });

describe("console queries on pglite", () => {
  const database = suiteDatabase("pglite", { emptied: [submissions, outbox] });
  const db = () => database.db;

  /** Inserts bare submission rows, `minutesAgo` apart, oldest first in the list given. */
  async function seed(rows: { kind?: Kind; status?: Status; firstName?: string; lastName?: string; email?: string; minutesAgo: number }[]) {
    const now = Date.now();
    return db()
      .insert(submissions)
      .values(
        rows.map((r, i) => ({
          kind: r.kind ?? "contact",
          status: r.status ?? "new",
          firstName: r.firstName ?? `First${i}`,
          lastName: r.lastName ?? `Last${i}`,
          email: r.email ?? `person${i}@example.com`,
          createdAt: new Date(now - r.minutesAgo * 60_000),
        })),
      )
      .returning({ id: submissions.id });
  }

  describe("parsing the query string", () => {
    it("reads valid filters and falls back to all for anything else", () => {
      expect(parseInboxFilters(new URLSearchParams("q=%20Ada%20&kind=intake&status=closed&before=abc_-9"))).toEqual({
        q: "Ada",
        kind: "intake",
        status: "closed",
        cursor: { direction: "before", value: "abc_-9" },
      });
      // An old page number, or a cursor no list could have written, is the first page.
      expect(parseInboxFilters(new URLSearchParams("kind=bogus&status=open&page=3"))).toEqual(all);
      expect(parseInboxFilters(new URLSearchParams("after=a%20b")).cursor).toBeNull();
      expect(parseInboxFilters(new URLSearchParams("after=xyz")).cursor).toEqual({ direction: "after", value: "xyz" });
      expect(parseInboxFilters(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(200);
      expect(parseOutboxFilters(new URLSearchParams("state=failed&page=2"))).toEqual({ state: "failed", cursor: null });
      expect(parseOutboxFilters(new URLSearchParams("state=lost&after=k"))).toEqual({ state: "all", cursor: { direction: "after", value: "k" } });
    });

    it("recognises uuids", () => {
      expect(isUuid(MISSING)).toBe(true);
      expect(isUuid("not-a-uuid")).toBe(false);
      expect(isUuid("00000000-0000-4000-8000-000000000000'; drop table x")).toBe(false);
      expect(isUuid(undefined)).toBe(false);
    });
  });

  describe("the inbox list", () => {
    it("lists newest first", async () => {
      await seed([
        { firstName: "Old", minutesAgo: 30 },
        { firstName: "Newest", minutesAgo: 1 },
        { firstName: "Middle", minutesAgo: 10 },
      ]);
      const page = await listSubmissions(db(), all);
      expect(page.rows.map((r) => r.firstName)).toEqual(["Newest", "Middle", "Old"]);
      expect(page).toMatchObject({ total: 3, capped: false, previous: null, next: null, pageSize: 25 });
      expect(page.rows[0]?.createdAt).toBeInstanceOf(Date);
    });

    it("filters by kind and by status, and by both", async () => {
      await seed([
        { kind: "contact", status: "new", minutesAgo: 1 },
        { kind: "intake", status: "new", minutesAgo: 2 },
        { kind: "intake", status: "closed", minutesAgo: 3 },
        { kind: "application", status: "in_progress", minutesAgo: 4 },
        { kind: "callback", status: "closed", minutesAgo: 5 },
      ]);
      expect((await listSubmissions(db(), filters({ kind: "intake" }))).rows.map((r) => r.kind)).toEqual(["intake", "intake"]);
      expect((await listSubmissions(db(), filters({ status: "closed" }))).rows.map((r) => r.kind)).toEqual(["intake", "callback"]);
      const both = await listSubmissions(db(), filters({ kind: "intake", status: "closed" }));
      expect(both.total).toBe(1);
      expect(both.rows[0]).toMatchObject({ kind: "intake", status: "closed" });
      expect((await listSubmissions(db(), filters({ kind: "application", status: "new" }))).total).toBe(0);
    });

    it("searches first name, last name, full name and email, ignoring case", async () => {
      await seed([
        { firstName: "Ada", lastName: "Lovelace", email: "ada@engines.example", minutesAgo: 1 },
        { firstName: "Grace", lastName: "Hopper", email: "g.hopper@navy.example", minutesAgo: 2 },
        { firstName: "Adam", lastName: "Smith", email: "adam@wealth.example", minutesAgo: 3 },
      ]);
      const names = async (q: string, extra: Partial<InboxFilters> = {}) =>
        (await listSubmissions(db(), filters({ q, ...extra }))).rows.map((r) => r.firstName);
      expect(await names("ada")).toEqual(["Ada", "Adam"]);
      expect(await names("LOVELACE")).toEqual(["Ada"]);
      expect(await names("hopp")).toEqual(["Grace"]);
      expect(await names("Ada Lovelace")).toEqual(["Ada"]);
      expect(await names("ada   lovelace")).toEqual(["Ada"]);
      expect(await names("grace hop")).toEqual(["Grace"]);
      expect(await names("NAVY.EXAMPLE")).toEqual(["Grace"]);
      expect(await names("@wealth")).toEqual(["Adam"]);
      expect(await names("nobody")).toEqual([]);
      // LIKE wildcards are matched literally.
      expect(await names("%")).toEqual([]);
      expect(await names("_")).toEqual([]);
      expect(await names("g_hopper")).toEqual([]);
      // Search and filters combine.
      expect(await names("ada", { status: "closed" })).toEqual([]);
    });

    /** Every page from the first by "Next", then back by "Previous" to the first. */
    async function walk(f: Partial<InboxFilters>, pageSize?: number) {
      const pages: string[][] = [];
      let page = await listSubmissions(db(), filters(f), pageSize);
      pages.push(page.rows.map((r) => r.id));
      while (page.next) {
        page = await listSubmissions(db(), filters({ ...f, cursor: { direction: "before", value: page.next } }), pageSize);
        pages.push(page.rows.map((r) => r.id));
      }
      const back: string[][] = [];
      while (page.previous) {
        page = await listSubmissions(db(), filters({ ...f, cursor: { direction: "after", value: page.previous } }), pageSize);
        back.push(page.rows.map((r) => r.id));
      }
      return { pages, back };
    }

    it("pages 25 at a time by cursor in every order and keeps the filters", async () => {
      await seed(
        Array.from({ length: 30 }, (_, i) => ({
          kind: i % 2 ? ("intake" as const) : ("contact" as const),
          status: i % 3 ? ("new" as const) : ("closed" as const),
          // Pairs of submissions in the same minute: the id keeps them apart.
          minutesAgo: Math.floor(i / 2),
        })),
      );
      const first = await listSubmissions(db(), all);
      expect(first).toMatchObject({ total: 30, capped: false, previous: null });
      expect(first.rows).toHaveLength(25);
      for (const sort of ["newest", "oldest", "status"] as const) {
        const f = sort === "newest" ? {} : { sort };
        const { pages, back } = await walk(f, 7);
        expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 2]);
        // Every submission once, in the order of the one-page list.
        expect(pages.flat()).toEqual((await listSubmissions(db(), filters(f), 50)).rows.map((r) => r.id));
        // Back: each page before the last, then exactly the first page.
        expect(back).toEqual(pages.slice(0, -1).reverse());
      }
      const byStatus = (await listSubmissions(db(), filters({ sort: "status" }), 50)).rows;
      expect(byStatus.map((r) => r.status)).toEqual([...Array(20).fill("new"), ...Array(10).fill("closed")]);
      // Filtered paging counts and pages the filtered rows only.
      const intakes = await walk({ kind: "intake" }, 10);
      expect(intakes.pages.map((p) => p.length)).toEqual([10, 5]);
      expect(await listSubmissions(db(), filters({ kind: "intake" }))).toMatchObject({ total: 15, capped: false, next: null });
      // A search pages too.
      expect((await walk({ q: "First1" }, 4)).pages.flat()).toHaveLength(11);
      // A broken cursor is the first page; a count past the cap says so.
      const broken = await listSubmissions(db(), filters({ cursor: { direction: "before", value: "bm9wZQ" } }));
      expect(broken.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
      expect(await listSubmissions(db(), all, 25, 10)).toMatchObject({ total: 10, capped: true });
      expect(await listSubmissions(db(), filters({ q: "First1" }), 25, 3)).toMatchObject({ total: 3, capped: true });
    });

    it("searches organization, phone digits and the words of messages and queries, and shows them on each row", async () => {
      await submitContact(db(), { firstName: "Bo", lastName: "Ng", email: "bo@x.example", company: "Lee Podiatry", message: "Please call about the wounds of two patients\nSecond line" });
      await submitIntake(db(), {
        firstName: "Cy",
        lastName: "Ro",
        email: "cy@x.example",
        phone: "(602) 555-0101",
        organization: "Desert Vascular",
        role: "practice-manager",
        query: "Graft sizes for venous ulcers",
      });
      const names = async (q: string) => (await listSubmissions(db(), filters({ q }))).rows.map((r) => r.firstName);
      expect(await names("podiatry")).toEqual(["Bo"]);
      expect(await names("desert vasc")).toEqual(["Cy"]);
      expect(await names("602 555")).toEqual(["Cy"]);
      expect(await names("6025550101")).toEqual(["Cy"]);
      // Full-text: stems and word beginnings, in any order.
      expect(await names("wound")).toEqual(["Bo"]);
      expect(await names("ulcer venous")).toEqual(["Cy"]);
      expect(await names("graf")).toEqual(["Cy"]);
      expect(await names("patients cardiology")).toEqual([]);
      // Characters with meaning to a full-text query are plain text.
      expect(await names("ulcer & | ! ( ) : *")).toEqual(["Cy"]);

      const [intake, contact] = (await listSubmissions(db(), all)).rows;
      expect(intake).toMatchObject({ organization: "Desert Vascular", summary: "Graft sizes for venous ulcers", files: 0 });
      expect(contact).toMatchObject({ organization: "Lee Podiatry", summary: "Please call about the wounds of two patients Second line" });
    });

    it("sorts by received date either way, and by status", async () => {
      await seed([
        { firstName: "ClosedOld", status: "closed", minutesAgo: 30 },
        { firstName: "New", status: "new", minutesAgo: 20 },
        { firstName: "Working", status: "in_progress", minutesAgo: 10 },
        { firstName: "ClosedNew", status: "closed", minutesAgo: 1 },
      ]);
      const names = async (sort?: InboxFilters["sort"]) => (await listSubmissions(db(), filters({ sort }))).rows.map((r) => r.firstName);
      expect(await names()).toEqual(["ClosedNew", "Working", "New", "ClosedOld"]);
      expect(await names("oldest")).toEqual(["ClosedOld", "New", "Working", "ClosedNew"]);
      expect(await names("status")).toEqual(["New", "Working", "ClosedNew", "ClosedOld"]);
      expect(parseInboxFilters(new URLSearchParams("sort=status")).sort).toBe("status");
      expect(parseInboxFilters(new URLSearchParams("sort=bogus")).sort).toBeUndefined();
    });

    it("changes the status of several rows at once, each with its audit row", async () => {
      const [a, b, c] = await seed([
        { firstName: "A", minutesAgo: 3 },
        { firstName: "B", status: "closed", minutesAgo: 2 },
        { firstName: "C", minutesAgo: 1 },
      ]);
      const changed = await setStatuses(db(), { ids: [a!.id, b!.id, "not-a-uuid", MISSING], status: "closed", actor: { email: "staff@x.example", ip: "192.0.2.7" } });
      expect(changed).toBe(1);
      const rows = await db().select({ id: submissions.id, status: submissions.status }).from(submissions);
      expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [a!.id]: "closed", [b!.id]: "closed", [c!.id]: "new" });
      const audit = await db().select().from(auditLog).where(eq(auditLog.action, "submission.status"));
      expect(audit).toEqual([expect.objectContaining({ actorEmail: "staff@x.example", target: a!.id, ip: "192.0.2.7", detail: "new -> closed" })]);
    });

    it("answers one empty page when there is nothing", async () => {
      expect(await listSubmissions(db(), all)).toEqual({ rows: [], total: 0, capped: false, previous: null, next: null, pageSize: 25 });
    });
  });

  it("counts new submissions per kind", async () => {
    const none = { total: 0, capped: false };
    expect(await countNewByKind(db())).toEqual({ contact: none, intake: none, application: none, callback: none });
    await seed([
      { kind: "contact", minutesAgo: 1 },
      { kind: "contact", minutesAgo: 2 },
      { kind: "contact", status: "closed", minutesAgo: 3 },
      { kind: "intake", status: "in_progress", minutesAgo: 4 },
      { kind: "callback", minutesAgo: 5 },
    ]);
    const one = { total: 1, capped: false };
    expect(await countNewByKind(db())).toEqual({ contact: { total: 2, capped: false }, intake: none, application: none, callback: one });
    // Past the cap a kind's count says so.
    expect((await countNewByKind(db(), 1)).contact).toEqual({ total: 1, capped: true });
  });

  describe("one submission", () => {
    const application = {
      personal: {
        firstName: "Ada",
        lastName: "Lee",
        email: "ada@clinic.example",
        phone: "602-555-0100",
        address: undefined,
        city: "Phoenix",
        state: "AZ",
        zipCode: undefined,
        positionAppliedFor: "administrative-executive" as const,
        expectedSalary: undefined,
        availableStartDate: "2026-12-01",
      },
      experience: [
        { company: "Lee Podiatry", position: "Office manager", startDate: "2019-01", endDate: undefined, currentRole: true, description: "Ran the front desk", location: "Tempe" },
        { company: "Clinic B", position: "Assistant", startDate: "2015-03", endDate: "2018-12", currentRole: false, description: undefined, location: undefined },
      ],
      certifications: [{ name: "CPC", issuingOrganization: "AAPC", issueDate: "2020-05", expirationDate: undefined, credentialId: "=1+1" }],
    };
    const files = [
      { role: "resume" as const, fileName: "résumé.pdf", contentType: "application/pdf", data: new TextEncoder().encode("%PDF-1.4 resume") },
      { role: "document" as const, fileName: "license.png", contentType: "image/png", data: new Uint8Array([137, 80, 78, 71]) },
    ];

    it("gathers the fields, entries, files and mails of an application", async () => {
      const { id } = await submitApplication(db(), application, files);
      const detail = await getSubmissionDetail(db(), id);
      expect(detail).not.toBeNull();
      expect(detail!.submission).toMatchObject({ id, kind: "application", status: "new", firstName: "Ada" });
      expect(detail!.fields).toEqual([
        { label: "First name", value: "Ada" },
        { label: "Last name", value: "Lee" },
        { label: "Email", value: "ada@clinic.example" },
        { label: "Phone", value: "602-555-0100" },
        { label: "Address", value: null },
        { label: "City", value: "Phoenix" },
        { label: "State", value: "AZ" },
        { label: "ZIP code", value: null },
        { label: "Position", value: "Administrative Executive" },
        { label: "Expected salary", value: null },
        { label: "Available start date", value: "2026-12-01" },
      ]);
      expect(detail!.experience.map((e) => [e.position, e.company, e.currentRole])).toEqual([
        [0, "Lee Podiatry", true],
        [1, "Clinic B", false],
      ]);
      expect(detail!.certifications).toHaveLength(1);
      expect(detail!.files.map((f) => [f.role, f.fileName, f.contentType, f.size])).toEqual([
        ["resume", "résumé.pdf", "application/pdf", 15],
        ["document", "license.png", "image/png", 4],
      ]);
      // The list never carries the bytes; the file query does.
      expect(detail!.files[0]).not.toHaveProperty("data");
      const file = await getSubmissionFile(db(), detail!.files[1]!.id);
      expect([...file!.data]).toEqual([137, 80, 78, 71]);
      expect(file!.submissionId).toBe(id);
      expect(detail!.mails.map((m) => m.purpose).sort()).toEqual(["application.confirmation", "application.notification"]);
      expect(detail!.mails.every((m) => m.status === "pending")).toBe(true);
      expect(detail!.notes).toEqual([]);
    });

    it("shows the fields of the other kinds with option labels", async () => {
      const contact = await submitContact(db(), { firstName: "Bo", lastName: "Ng", email: "bo@x.example", company: undefined, message: "Hi" });
      expect((await getSubmissionDetail(db(), contact.id))!.fields.slice(3)).toEqual([
        { label: "Company", value: null },
        { label: "Message", value: "Hi" },
      ]);
      const intake = await submitIntake(db(), {
        firstName: "Cy",
        lastName: "Ro",
        email: "cy@x.example",
        phone: "1",
        organization: "Org",
        role: "practice-manager",
        query: "Grafts",
      });
      const intakeDetail = (await getSubmissionDetail(db(), intake.id))!;
      expect(intakeDetail.fields.find((f) => f.label === "Role")?.value).toBe("Practice Manager");
      expect(intakeDetail.experience).toEqual([]);
      expect(intakeDetail.files).toEqual([]);
      const callback = await submitCallback(db(), {
        firstName: "Di",
        lastName: "Wu",
        email: "di@x.example",
        phone: "2",
        currentRole: undefined,
        experience: "10+",
        territory: "West",
        bestTimeToCall: "morning",
        additionalInfo: undefined,
      });
      const callbackFields = (await getSubmissionDetail(db(), callback.id))!.fields;
      expect(callbackFields.find((f) => f.label === "Experience")?.value).toBe("10+ years");
      expect(callbackFields.find((f) => f.label === "Best time to call")?.value).toBe("Morning (8AM-12PM)");
    });

    it("answers null for unknown and malformed ids", async () => {
      expect(await getSubmissionDetail(db(), MISSING)).toBeNull();
      expect(await getSubmissionDetail(db(), "42")).toBeNull();
      expect(await getSubmissionFile(db(), MISSING)).toBeNull();
      expect(await getSubmissionFile(db(), "../etc/passwd")).toBeNull();
      expect(await setSubmissionStatus(db(), MISSING, "closed", staff("staff@example.com"))).toBeNull();
      expect(await setSubmissionStatus(db(), "x", "closed", staff("staff@example.com"))).toBeNull();
      expect(await addSubmissionNote(db(), MISSING, staff("staff@example.com"), "Hello")).toBe(false);
      expect(await getMail(db(), "nope")).toBeNull();
    });

    it("changes the status and adds notes, moving updatedAt", async () => {
      const [row] = await seed([{ minutesAgo: 60 }]);
      const id = row!.id;
      await db().update(submissions).set({ updatedAt: new Date(Date.now() - 3_600_000) }).where(eq(submissions.id, id));
      const before = (await getSubmissionDetail(db(), id))!.submission.updatedAt;

      expect(await setSubmissionStatus(db(), id, "in_progress", staff("staff@example.com"))).toEqual({ from: "new" });
      const afterStatus = (await getSubmissionDetail(db(), id))!.submission;
      expect(afterStatus.status).toBe("in_progress");
      expect(afterStatus.updatedAt.getTime()).toBeGreaterThan(before.getTime());
      expect(await setSubmissionStatus(db(), id, "closed", staff("staff@example.com"))).toEqual({ from: "in_progress" });

      await db().update(submissions).set({ updatedAt: new Date(Date.now() - 3_600_000) }).where(eq(submissions.id, id));
      expect(await addSubmissionNote(db(), id, staff("staff@example.com"), "Called back.\nWill follow up.")).toBe(true);
      expect(await addSubmissionNote(db(), id, staff("admin@example.com"), "Closed.")).toBe(true);
      const detail = (await getSubmissionDetail(db(), id))!;
      expect(detail.notes.map((n) => [n.authorEmail, n.body])).toEqual([
        ["staff@example.com", "Called back.\nWill follow up."],
        ["admin@example.com", "Closed."],
      ]);
      expect(detail.submission.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      // Notes go with their submission.
      await db().delete(submissions).where(eq(submissions.id, id));
      expect(await db().select().from(submissionNotes)).toEqual([]);
    });
  });

  describe("export rows", () => {
    it("has a header and one row per submission of the kind, newest first", async () => {
      const older = await submitContact(db(), { firstName: "Old", lastName: "One", email: "old@x.example", company: "=cmd", message: "First" });
      await db().update(submissions).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(submissions.id, older.id));
      const newer = await submitContact(db(), { firstName: "New", lastName: "One", email: "new@x.example", company: undefined, message: "Second, with comma" });
      await submitIntake(db(), { firstName: "I", lastName: "N", email: "i@x.example", phone: "1", organization: "O", role: "nurse", query: "Q" });

      const table = await exportSubmissions(db(), "contact");
      expect(table.header).toEqual(["id", "received", "status", "first name", "last name", "email", "company", "message"]);
      expect(table.rows).toHaveLength(2);
      expect(table.rows[0]).toEqual([newer.id, expect.stringMatching(/^\d{4}-\d\d-\d\dT/), "new", "New", "One", "new@x.example", "", "Second, with comma"]);
      expect(table.rows[1]?.[0]).toBe(older.id);
      expect(table.rows[1]?.[6]).toBe("=cmd"); // neutralised by the CSV writer, not here
      expect((await exportSubmissions(db(), "callback")).rows).toEqual([]);
      expect((await exportSubmissions(db(), "intake")).rows[0]).toContain("Nurse");
    });

    it("reads in batches newest first, each row once, and streams the CSV with an audit row of what was sent", async () => {
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        const stored = await submitContact(db(), { firstName: `P${i}`, lastName: "Batch", email: `p${i}@batch.example`, company: undefined, message: `Message ${i}` });
        // Two share a moment: the id breaks the tie.
        await db().update(submissions).set({ createdAt: new Date(Date.UTC(2026, 0, 1 + Math.min(i, 3))) }).where(eq(submissions.id, stored.id));
        made.push(stored.id);
      }
      const walked: string[] = [];
      for await (const part of exportBatches(db(), "contact", 2)) {
        expect(part.length).toBeLessThanOrEqual(2);
        walked.push(...part.map((r) => r[0]!));
      }
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked).toEqual((await exportSubmissions(db(), "contact")).rows.map((r) => r[0]));
      expect(walked.slice(0, 2)).toEqual([made[3]!, made[4]!].sort().reverse());
      // Two within one millisecond, apart by microseconds: a cursor kept as a JavaScript Date would skip one.
      await db().execute(sql`update submissions set created_at = '2026-02-01 00:00:00.000200+00' where id = ${made[0]!}`);
      await db().execute(sql`update submissions set created_at = '2026-02-01 00:00:00.000700+00' where id = ${made[1]!}`);
      const fine: string[] = [];
      for await (const part of exportBatches(db(), "contact", 1)) fine.push(...part.map((r) => r[0]!));
      expect(fine.slice(0, 2)).toEqual([made[1], made[0]]);
      expect(fine).toHaveLength(5);
      expect(walked.slice(2)).toEqual([made[2], made[1], made[0]]);

      const text = await new Response(exportCsv(db(), "contact", { email: "staff@example.com", ip: "203.0.113.9" })).text();
      const lines = text.split("\r\n").filter(Boolean);
      expect(lines[0]).toBe('"id","received","status","first name","last name","email","company","message"');
      expect(lines).toHaveLength(6);
      expect(lines[1]).toContain(fine[0]);
      const [row] = await db().select().from(auditLog).where(eq(auditLog.action, "export.csv"));
      expect(row).toMatchObject({ actorEmail: "staff@example.com", target: "contact", detail: "contact: 5 rows" });
    });

    it("flattens experience and certifications and names the files of applications", async () => {
      const application = {
        personal: { firstName: "Ada", lastName: "Lee", email: "ada@clinic.example", phone: "1", positionAppliedFor: "other" as const },
        experience: [
          { company: "Lee Podiatry", position: "Manager", startDate: "2019-01", currentRole: true, description: "Front desk", location: "Tempe" },
          { company: "Clinic B", position: "Assistant", startDate: "2015-03", endDate: "2018-12", currentRole: false },
        ],
        certifications: [{ name: "CPC", issuingOrganization: "AAPC", issueDate: "2020-05" }],
      };
      await submitApplication(db(), application as never, [
        { role: "resume", fileName: "cv.pdf", contentType: "application/pdf", data: new Uint8Array([1]) },
        { role: "document", fileName: "license.png", contentType: "image/png", data: new Uint8Array([2]) },
      ]);
      const table = await exportSubmissions(db(), "application");
      expect(table.header.slice(-3)).toEqual(["experience", "certifications", "files"]);
      expect(table.header).toContain("position");
      const row = table.rows[0]!;
      expect(row).toHaveLength(table.header.length);
      expect(row.at(-3)).toBe("1. Manager at Lee Podiatry, Tempe (2019-01 to current): Front desk\n2. Assistant at Clinic B (2015-03 to 2018-12)");
      expect(row.at(-2)).toBe("1. CPC, issued by AAPC, on 2020-05");
      expect(row.at(-1)).toBe("cv.pdf; license.png");
      expect(row[table.header.indexOf("position")]).toBe("Other");
    });
  });
});
