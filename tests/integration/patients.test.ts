import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as patientsAction, loader as patientsLoader } from "~/routes/portal/patients";
import { action as patientAction, loader as patientLoader } from "~/routes/portal/patients-detail";
import { loader as boardLoader } from "~/routes/portal/board";
import { loader as ivrLoader } from "~/routes/portal/ivrs-detail";
import { loader as accessLoader } from "~/routes/console/patients-detail";
import { coverageSchema, patientDetailsSchema } from "~/lib/schemas/patient";
import { listAudit } from "~/.server/audit";
import { auditLog, ivrs, patients, patientSearchTerms } from "~/.server/db/schema";
import { readIvrAsStaff } from "~/.server/ivr";
import {
  addPatient,
  DuplicatePatientError,
  endSecondaryCoverage,
  getPatient,
  NAME_TERMS,
  reindexPatients,
  replaceCoverage,
  searchPatients,
  updatePatient,
} from "~/.server/patients";
import { makeIvr, makeMember, makePractice, MARGARET_HALE, PASSWORD, patientInput, valid } from "../support/factories";
import { formPost, routeCaller, signInCookie } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

const nurseActor = { email: "nurse@sunrise.example", ip: "198.51.100.9" };

// Margaret Hayes, her state typed in full and her ZIP+4 without its dash, as a member may type them.
const hayesInput = (overrides: Record<string, string> = {}) => patientInput({ lastName: "Hayes", birthDate: "1948-03-14", state: "Texas", zip: "787011234", ...overrides });

/**
 * Patients of a practice: found by part of a name, a date of birth, a member
 * id or a reference through keyed hashes; one per last name and date of birth
 * (the database decides); edited, with coverages replaced and kept as
 * history; member ids shown masked and revealed only on request, audited;
 * and every read of their data listed on the admin's page of the patient.
 */
describe.each(drivers)("patients on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  let sunrise: string;
  let elsewhere: string;
  let nurse: string;
  let admin: string;
  let hayes: string;

  const call = routeCaller("198.51.100.9");
  const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
  const post = (path: string, fields: Record<string, string>, cookie: string) => formPost(path, fields, { cookie, Origin: "http://localhost" });
  const found = async (practiceId: string, text: string) => (await searchPatients(database.db, practiceId, text)).rows.map((r) => r.name);

  beforeAll(async () => {
    const db = database.db;
    sunrise = await makePractice(db, "Sunrise Wound Care");
    elsewhere = await makePractice(db, "Elsewhere Clinic");
    await makeMember(db, { email: "nurse@sunrise.example", practiceId: sunrise });
    await makeMember(db, { email: "admin@company.example", role: "admin" });
    nurse = await signInCookie("nurse@sunrise.example", PASSWORD);
    admin = await signInCookie("admin@company.example", PASSWORD);
    hayes = (await addPatient(db, { practiceId: sunrise, actor: nurseActor, input: hayesInput() })).id;
    await addPatient(db, { practiceId: sunrise, actor: nurseActor, input: hayesInput({ firstName: "Haydn", lastName: "O'Brien-Smith", birthDate: "1960-07-01", memberId: "1EG4-TE5-MK72" }) });
    await addPatient(db, {
      practiceId: sunrise,
      actor: nurseActor,
      input: hayesInput({ firstName: "José", lastName: "Núñez", birthDate: "1955-12-31", payerType: "commercial", memberId: "XQZ 100 200" }),
    });
    // The same name in another practice: never found from Sunrise.
    await addPatient(db, { practiceId: elsewhere, actor: nurseActor, input: hayesInput({ birthDate: "1948-03-15" }) });
  });

  it("finds the practice's patients by part of the name, date of birth, member id or reference, and no other practice's", async () => {
    expect(await found(sunrise, "Hayes")).toEqual(["Hayes, Margaret"]);
    expect(await found(sunrise, "hay")).toEqual(["Hayes, Margaret", "O'Brien-Smith, Haydn"]);
    expect(await found(sunrise, "Marg Hay")).toEqual(["Hayes, Margaret"]);
    expect(await found(sunrise, "obrien")).toEqual(["O'Brien-Smith, Haydn"]);
    expect(await found(sunrise, "smith")).toEqual(["O'Brien-Smith, Haydn"]);
    expect(await found(sunrise, "nunez")).toEqual(["Núñez, José"]);
    expect(await found(sunrise, "1948-03-14")).toEqual(["Hayes, Margaret"]);
    expect(await found(sunrise, "3/14/1948")).toEqual(["Hayes, Margaret"]);
    expect(await found(sunrise, "1eg4te5mk73")).toEqual(["Hayes, Margaret"]);
    expect(await found(sunrise, "XQZ-100-200")).toEqual(["Núñez, José"]);
    const [first] = (await searchPatients(database.db, sunrise, "Hayes")).rows;
    expect(first!.reference).toMatch(/^PAT-\d{6}$/);
    expect(await found(sunrise, first!.reference.toLowerCase())).toEqual(["Hayes, Margaret"]);
    // Nothing of another practice, nothing for one letter, nothing for a word no name starts with.
    expect(await found(elsewhere, "1948-03-14")).toEqual([]);
    expect(await found(elsewhere, "Hayes")).toEqual(["Hayes, Margaret"]);
    expect((await searchPatients(database.db, sunrise, "H")).query).toBeNull();
    expect(await found(sunrise, "ayes")).toEqual([]);
    // Longer than the indexed prefixes: the opened names decide.
    expect(await found(sunrise, "Margaretta")).toEqual([]);
  });

  it("keeps no name, date or member id in the clear, and every patient's name terms are as many", async () => {
    const terms = await database.db.select().from(patientSearchTerms).where(eq(patientSearchTerms.patientId, hayes));
    // Each term is a keyed digest (16 characters of base64url), never the text it stands for: a search for
    // "hay" is a digest of "hay". (A substring check would flag a digest that happens to hold "hay".)
    for (const { term } of terms) expect(term).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const stored = new Set(terms.map((t) => t.term.toLowerCase()));
    for (const plain of ["hay", "haye", "hayes", "marg", "margaret", "1948", "mk73"]) expect(stored.has(plain)).toBe(false);
    // 24 name terms (padded) + date of birth + one member id.
    expect(terms).toHaveLength(NAME_TERMS + 2);
  });

  it("refuses a second entry of one patient, and a change of name onto another's, naming the one there", async () => {
    await expect(addPatient(database.db, { practiceId: sunrise, actor: nurseActor, input: hayesInput({ firstName: "Maggie", lastName: " hayes " }) })).rejects.toBeInstanceOf(
      DuplicatePatientError,
    );
    const other = await addPatient(database.db, { practiceId: sunrise, actor: nurseActor, input: hayesInput({ lastName: "Hale" }) });
    const rename = valid(patientDetailsSchema, { ...hayesInput(), firstName: "Margaret", lastName: "Hayes", state: "TX" });
    const refused = await updatePatient(database.db, { practiceId: sunrise, id: other.id, actor: nurseActor, input: rename }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DuplicatePatientError);
    expect((refused as DuplicatePatientError).existingId).toBe(hayes);
  });

  it("edits a patient: found by the new name, not the old, and audited", async () => {
    const created = await addPatient(database.db, { practiceId: sunrise, actor: nurseActor, input: hayesInput({ firstName: "Ida", lastName: "Quill", birthDate: "1939-09-09" }) });
    const edit = valid(patientDetailsSchema, {
      firstName: "Ida",
      lastName: "Quillon",
      birthDate: "1939-09-09",
      sex: "female",
      addressLine1: "9 Oak Road",
      city: "Tulsa",
      state: "ok",
      zip: "74103",
    });
    expect(await updatePatient(database.db, { practiceId: elsewhere, id: created.id, actor: nurseActor, input: edit })).toBeNull();
    expect(await updatePatient(database.db, { practiceId: sunrise, id: created.id, actor: nurseActor, input: edit })).toEqual({ id: created.id });
    expect(await found(sunrise, "quillon")).toEqual(["Quillon, Ida"]);
    const patient = await getPatient(database.db, sunrise, created.id);
    expect(patient?.address).toEqual({ line1: "9 Oak Road", city: "Tulsa", state: "OK", zip: "74103" });
    const rows = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "patient.update"), eq(auditLog.patientId, created.id)));
    expect(rows).toHaveLength(1);
  });

  it("replaces a coverage, keeping the old one in the history, and finds the patient by the new member id only", async () => {
    const created = await addPatient(database.db, { practiceId: sunrise, actor: nurseActor, input: hayesInput({ firstName: "Rhea", lastName: "Voss", birthDate: "1944-02-02" }) });
    const next = valid(coverageSchema, { rank: "primary", payerName: "Aetna", payerType: "commercial", memberId: "W123456789" });
    expect(await replaceCoverage(database.db, { practiceId: sunrise, patientId: created.id, actor: nurseActor, input: next })).toEqual({ replaced: true });
    const secondary = valid(coverageSchema, { rank: "secondary", payerName: "Medicaid TX", payerType: "medicaid", memberId: "M-77" });
    expect(await replaceCoverage(database.db, { practiceId: sunrise, patientId: created.id, actor: nurseActor, input: secondary })).toEqual({ replaced: false });
    const patient = (await getPatient(database.db, sunrise, created.id))!;
    expect(patient.coverages.map((c) => [c.rank, c.payerName, c.memberId])).toEqual([
      ["primary", "Aetna", "W123456789"],
      ["secondary", "Medicaid TX", "M-77"],
    ]);
    expect(patient.coverageHistory.map((c) => [c.rank, c.payerName, c.memberId, c.replacedBy])).toEqual([["primary", "Medicare Part B", "1EG4TE5MK73", nurseActor.email]]);
    expect(await found(sunrise, "W123456789")).toEqual(["Voss, Rhea"]);
    expect(await found(sunrise, "1EG4TE5MK73")).not.toContain("Voss, Rhea");

    expect(await endSecondaryCoverage(database.db, { practiceId: sunrise, patientId: created.id, actor: nurseActor })).toEqual({ payerName: "Medicaid TX" });
    expect(await endSecondaryCoverage(database.db, { practiceId: sunrise, patientId: created.id, actor: nurseActor })).toBeNull();
    const after = (await getPatient(database.db, sunrise, created.id))!;
    expect(after.coverages.map((c) => c.rank)).toEqual(["primary"]);
    expect(after.coverageHistory).toHaveLength(2);
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.patientId, created.id))).map((r) => r.action).sort();
    expect(actions).toEqual(["coverage.add", "coverage.end", "coverage.replace", "patient.create"]);
  });

  it("indexes patients entered before the search terms existed", async () => {
    const created = await addPatient(database.db, { practiceId: sunrise, actor: nurseActor, input: hayesInput({ firstName: "Old", lastName: "Entry", birthDate: "1930-01-01" }) });
    await database.db.delete(patientSearchTerms).where(eq(patientSearchTerms.patientId, created.id));
    await database.db.update(patients).set({ searchKeyId: null }).where(eq(patients.id, created.id));
    expect(await found(sunrise, "entry")).toEqual([]);
    expect(await reindexPatients(database.db)).toBe(1);
    expect(await found(sunrise, "entry")).toEqual(["Entry, Old"]);
    expect(await reindexPatients(database.db)).toBe(0);
  });

  it("the patients page finds by name without JavaScript, and a second entry answers 409 with a link to the patient there", async () => {
    const page = await call(patientsLoader, get("/members/patients?q=Hayes", nurse));
    expect(page.status).toBe(200);
    expect((page.body as { found: { rows: { id: string; name: string }[] } }).found.rows).toEqual([expect.objectContaining({ id: hayes, name: "Hayes, Margaret" })]);

    const fields = { ...MARGARET_HALE, lastName: "HAYES", birthDate: "1948-03-14" };
    const again = await call(patientsAction, post("/members/patients", fields, nurse));
    expect(again.status).toBe(409);
    const [row] = await database.db.select({ number: patients.number }).from(patients).where(eq(patients.id, hayes));
    expect(again.body).toMatchObject({
      fieldErrors: { lastName: expect.stringContaining("already in your practice") },
      existing: { href: `/members/patients/${hayes}`, reference: `PAT-${String(row!.number).padStart(6, "0")}` },
    });
    // A state typed in full is taken; one that is not a state is refused beside it.
    const badState = await call(patientsAction, post("/members/patients", { ...fields, lastName: "Newman", state: "Atlantis", zip: "1234" }, nurse));
    expect(badState).toMatchObject({
      status: 400,
      body: { fieldErrors: { state: "Choose the state from the list", zip: "Enter the ZIP code as 5 or 9 digits (12345 or 12345-6789)" } },
    });
  });

  it("shows member ids masked; a reveal answers the id and is audited; the admin's page of the patient lists every read", async () => {
    const page = await call(patientLoader, get(`/members/patients/${hayes}`, nurse), { id: hayes });
    expect(page.status).toBe(200);
    const body = page.body as { patient: { coverages: { id: string; maskedMemberId: string }[] } };
    expect(JSON.stringify(body)).not.toContain("1EG4TE5MK73");
    const coverage = body.patient.coverages[0]!;
    expect(coverage.maskedMemberId).toBe("•••• MK73");
    // Opened again at once (a page refreshing itself): one read.
    await call(patientLoader, get(`/members/patients/${hayes}`, nurse), { id: hayes });

    const revealed = await call(patientAction, post(`/members/patients/${hayes}`, { intent: "reveal", coverageId: coverage.id }, nurse), { id: hayes });
    expect(revealed).toMatchObject({ status: 200, body: { ok: true, intent: "reveal", revealed: { coverageId: coverage.id, memberId: "1EG4TE5MK73" } } });
    // Another patient's coverage through this patient's page: not found.
    const stray = await call(patientAction, post(`/members/patients/${hayes}`, { intent: "reveal", coverageId: "00000000-0000-4000-8000-000000000000" }, nurse), { id: hayes });
    expect(stray.status).toBe(404);

    // A staff read of an IVR of theirs names them too.
    const ivr = await makeIvr(database.db, { practiceId: sunrise, status: "submitted", patientId: hayes });
    await readIvrAsStaff(database.db, { id: ivr.id, actor: { email: "verifier@company.example", ip: "192.0.2.4" } });
    await call(ivrLoader, get(`/members/ivrs/${ivr.id}`, nurse), { id: ivr.id });

    const access = await call(accessLoader, get(`/admin/patients/${hayes}`, admin), { id: hayes });
    expect(access.status).toBe(200);
    const listed = (access.body as { patient: { reference: string; initials: string }; access: { rows: { action: string; actorEmail: string; read: boolean; actorRole: string | null; link: { label: string } | null }[] } });
    expect(listed.patient.initials).toBe("M.H.");
    expect(JSON.stringify(listed)).not.toContain("Hayes");
    const reads = listed.access.rows.filter((r) => r.read).map((r) => [r.action, r.actorEmail]);
    expect(reads).toEqual([
      ["ivr.view", "nurse@sunrise.example"],
      ["ivr.view", "verifier@company.example"],
      ["patient.member-id", "nurse@sunrise.example"],
      ["patient.view", "nurse@sunrise.example"],
    ]);
    expect(listed.access.rows.find((r) => r.action === "patient.view")!.actorRole).toBe("member");
    expect(listed.access.rows.find((r) => r.action === "ivr.view")!.link?.label).toMatch(/^IVR-\d{6}$/);
    // The member's IVR page shows the member id masked too.
    const ivrPage = await call(ivrLoader, get(`/members/ivrs/${ivr.id}`, nurse), { id: ivr.id });
    expect(JSON.stringify(ivrPage.body)).not.toContain("1EG4TE5MK73");

    // The audit log names the patient by reference, never by name.
    const log = await listAudit(database.db, { action: "patient.member-id" });
    expect(log.rows[0]!.link).toMatchObject({ kind: "patient", label: listed.patient.reference, href: `/admin/patients/${hayes}` });
    const ivrEntry = (await listAudit(database.db, { action: "ivr.view" })).rows[0]!;
    expect(ivrEntry.patient).toEqual({ reference: listed.patient.reference, href: `/admin/patients/${hayes}` });
  });

  it("the board's Find finds a patient's IVRs by name as well as by reference", async () => {
    const [ivr] = await database.db.select().from(ivrs).where(eq(ivrs.patientId, hayes));
    const byName = await call(boardLoader, get("/members?q=hayes", nurse));
    expect((byName.body as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([ivr!.id]);
    const byDate = await call(boardLoader, get("/members?q=3%2F14%2F1948", nurse));
    expect((byDate.body as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([ivr!.id]);
    const byOther = await call(boardLoader, get("/members?q=nunez", nurse));
    expect((byOther.body as { rows: unknown[] }).rows).toEqual([]);
  });

  // Meaningful on PostgreSQL only: PGlite runs one transaction at a time, so the entries never overlap there.
  it("twenty identical patients sent at once make one patient; the others answer 409 with it", async ({ skip }) => {
    skip(driver !== "postgres", "needs PostgreSQL (TEST_DATABASE_URL): PGlite runs one transaction at a time, so entries cannot overlap");
    const input = hayesInput({ firstName: "Twenty", lastName: "Times", birthDate: "1950-05-05" });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => addPatient(database.db, { practiceId: sunrise, actor: nurseActor, input })));
    const made = results.filter((r) => r.status === "fulfilled");
    expect(made).toHaveLength(1);
    const id = (made[0] as PromiseFulfilledResult<{ id: string }>).value.id;
    for (const r of results.filter((x) => x.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(DuplicatePatientError);
      expect(((r as PromiseRejectedResult).reason as DuplicatePatientError).existingId).toBe(id);
    }
    expect(await found(sunrise, "Twenty Times")).toEqual(["Times, Twenty"]);

    // Through the page: one 303, the rest 409 with the link.
    const fields = {
      firstName: "Page",
      lastName: "Rush",
      birthDate: "1951-06-06",
      sex: "male",
      addressLine1: "1 A St",
      city: "Austin",
      state: "TX",
      zip: "78701",
      payerName: "Aetna",
      payerType: "commercial",
      memberId: "A1234",
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(patientsAction, post("/members/patients", fields, nurse))));
    expect(answers.map((a) => a.status).sort()).toEqual([303, ...Array(19).fill(409)]);
    const conflicts = answers.filter((a) => a.status === 409).map((a) => (a.body as { existing: { href: string } }).existing.href);
    expect(new Set(conflicts).size).toBe(1);
    expect(await found(sunrise, "page rush")).toEqual(["Rush, Page"]);
  });
});
