import { count, eq, ne } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/auth/auth";
import { action as ivrFormAction } from "~/routes/portal/ivrs-new";
import { action as patientsAction } from "~/routes/portal/patients";
import { action as practiceAction } from "~/routes/portal/practice";
import { FAILED_TEXT, isFailedAnswer, refusalText } from "~/lib/form-result";
import { setPhiRing } from "~/.server/crypto";
import { keyRing, newKey } from "~/.server/crypto/fields";
import { facilities, ivrs, patients } from "~/.server/db/schema";
import { cookieOf, ivrFormData, makeMember, MARGARET_HALE, PASSWORD, practiceReadyForIvrs, type PortalPractice } from "../support/factories";
import { formPost, routeCaller } from "./support/actions";
import { drivers, freshDatabase } from "./support/database";
import { auditFails, auditWorks } from "./support/failing-audit";

/**
 * A portal form whose change the database cannot take (here its audit row is
 * refused, as a full disk or a lost connection would refuse it) answers 503
 * "Not saved" with Retry-After, and a plain post gets back everything typed,
 * so the page shows the form as it was sent: nothing is lost, nothing is kept
 * half-done. A password never comes back.
 */
describe.each(drivers)("portal forms the database cannot save, on %s", (driver) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let f: PortalPractice;
  let nurse: string;

  const call = routeCaller("198.51.100.31");
  const post = (path: string, fields: Record<string, string> | FormData) => formPost(path, fields, { cookie: nurse, Origin: "http://localhost" });
  const rowsOf = async (table: typeof patients | typeof facilities) => (await database.db.select({ n: count() }).from(table).where(eq(table.practiceId, f.practiceId)))[0]!.n;

  beforeAll(async () => {
    setPhiRing(keyRing([newKey()]));
    database = await freshDatabase(driver);
    f = await practiceReadyForIvrs(database.db, "Juniper Wound Clinic");
    await makeMember(database.db, { email: "nurse@juniper.example", practiceId: f.practiceId });
    nurse = await cookieOf("nurse@juniper.example");
  });
  afterEach(() => auditWorks(database.db));
  afterAll(async () => {
    await database.dispose();
    setPhiRing(undefined);
  });

  it("adding a patient answers 503 Not saved with everything typed, and keeps no patient", async () => {
    const typed = { ...MARGARET_HALE, firstName: "Otto", lastName: "Brandt", birthDate: "1951-07-02" };
    const before = await rowsOf(patients);
    await auditFails(database.db);
    const answer = await call(patientsAction, post("/members/patients", typed));
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("30");
    expect(answer.body).toMatchObject({ ok: false, failed: true, title: "Not saved", values: typed });
    // What the page says above the form.
    expect(isFailedAnswer(answer.body)).toBe(true);
    expect(refusalText(answer.body)).toBe(FAILED_TEXT);
    expect(await rowsOf(patients)).toBe(before);

    // With JavaScript the browser still holds the form: the answer carries no values.
    const fetched = await call(patientsAction, post("/members/patients.data", typed));
    expect(fetched).toMatchObject({ status: 503, body: { failed: true } });
    expect((fetched.body as { values?: unknown }).values).toBeUndefined();
  });

  it("the practice's facility form answers 503 naming its form, with what was typed", async () => {
    const typed = { intent: "facility", name: "North clinic", placeOfService: "11", addressLine1: "9 North Rd", city: "Austin", state: "TX", zip: "78702", phone: "5125550199" };
    const before = await rowsOf(facilities);
    await auditFails(database.db);
    const answer = await call(practiceAction, post("/members/practice", typed));
    expect(answer).toMatchObject({ status: 503, body: { failed: true, title: "Not saved", intent: "facility", values: typed } });
    expect(await rowsOf(facilities)).toBe(before);
  });

  it("the IVR form answers 503 with its text and lists as typed, and sends nothing", async () => {
    const form = ivrFormData(f, { standardOfCare: ["compression", "offloading"], standardOfCareNotes: "Compression since March\nweekly" });
    await auditFails(database.db);
    const answer = await call(ivrFormAction, post("/members/ivrs/new", form));
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      failed: true,
      title: "Not saved",
      values: { patientId: f.patientId, lengthCm: "5", attestationName: "Ana Ruiz", standardOfCare: ["compression", "offloading"], standardOfCareNotes: expect.stringContaining("Compression since March") },
    });
    expect(await database.db.select().from(ivrs).where(ne(ivrs.status, "draft"))).toHaveLength(0);
  });

  it("a sign-in that cannot be recorded answers 503 with the email, never the password", async () => {
    await makeMember(database.db, { email: "biller@juniper.example", practiceId: f.practiceId });
    await auditFails(database.db);
    const answer = await call(authAction, formPost("/auth", { email: "biller@juniper.example", password: PASSWORD }));
    expect(answer).toMatchObject({ status: 503, body: { failed: true, values: { email: "biller@juniper.example" } } });
    expect(JSON.stringify(answer.body)).not.toContain(PASSWORD);
  });
});
