import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as staffIvrAction, loader as staffIvrLoader } from "~/routes/console/ivrs-detail";
import { loader as boardLoader } from "~/routes/portal/board";
import { loader as ivrLoader } from "~/routes/portal/ivrs-detail";
import { action as orderFormAction } from "~/routes/portal/orders-new";
import { addDays } from "~/lib/calendar";
import { latestUsToday } from "~/lib/schemas/patient";
import { priorAuthorisations, type ivrs } from "~/.server/db/schema";
import { cookieOf, makeFacility, makeIvr, makeMember, makeOrder, makePatient, makePractice, signedIn } from "../support/factories";
import { formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

/** The pages count from the real today: dates here are relative to it. */
const day = (offset: number) => addDays(latestUsToday(), offset);

/**
 * What people see of an authorisation: staff add and correct it on the
 * console's IVR page (messages beside the fields), the practice reads
 * "3 of 8 applications used, valid until …" on the IVR's page and the board
 * row (marked when it ends soon), and the order form says why an order
 * outside it was not placed.
 */
describe.each(drivers)("prior authorisation pages on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const db = () => database.db;
  const call = routeCaller("198.51.100.7");
  let practiceId: string;
  let patientId: string;
  let facilityId: string;
  let staff: string;
  let nurse: string;
  let ivr: typeof ivrs.$inferSelect;

  const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
  const post = (path: string, fields: Record<string, string>, cookie: string) => formPost(path, fields, { cookie, Origin: "http://localhost" });
  const authorise = (fields: Record<string, string>) =>
    call(staffIvrAction, post(`/admin/ivrs/${ivr.id}`, { intent: "authorisation", number: "PA-31337", ...fields }, staff), { id: ivr.id });

  beforeAll(async () => {
    practiceId = await makePractice(db(), "Bayside Wound Care");
    await makeMember(db(), { email: "nurse@bayside.example", practiceId });
    nurse = await cookieOf("nurse@bayside.example");
    staff = (await signedIn(db(), "pat@company.example", "staff")).cookie;
    facilityId = await makeFacility(db(), practiceId);
    patientId = await makePatient(db(), { practiceId, actor: { email: "nurse@bayside.example", ip: null } });
    ivr = await makeIvr(db(), {
      practiceId,
      patientId,
      facilityId,
      status: "prior_auth_approved",
      productSlug: "membrane-wrap",
      areaHundredths: 1600,
      dateOfService: day(5),
      validUntil: day(90),
      submittedAt: new Date(),
    });
  });

  it("staff add an authorisation on the IVR's page; wrong values come back beside their fields", async () => {
    const wrong = await authorise({ validFrom: day(10), validTo: day(10), authorisedApplications: "0" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      intent: "authorisation",
      fieldErrors: { validTo: "The authorisation ends after it starts", authorisedApplications: "Applications authorised is a whole number from 1 to 99" },
    });
    expect(await db().select().from(priorAuthorisations).where(eq(priorAuthorisations.ivrId, ivr.id))).toEqual([]);

    const saved = await authorise({ trackingNumber: "TRK-1", validFrom: day(0), validTo: day(20), authorisedApplications: "8" });
    expect(saved.status).toBe(303);
    const page = (await call(staffIvrLoader, get(`/admin/ivrs/${ivr.id}`, staff), { id: ivr.id })).body as { authorisations: { number: string; usage: string; products: string }[] };
    expect(page.authorisations).toEqual([expect.objectContaining({ number: "PA-31337", usage: `0 of 8 applications used, valid until ${day(20)}`, products: "Every product of the IVR" })]);
  });

  it("the practice sees the applications used on the IVR's page and the board row, marked when it ends soon", async () => {
    for (let i = 0; i < 3; i++)
      await makeOrder(db(), { practiceId, practiceName: "Bayside Wound Care", ivrId: ivr.id, patientId, facilityId, status: "submitted", dateOfService: day(5) });
    await makeOrder(db(), { practiceId, practiceName: "Bayside Wound Care", ivrId: ivr.id, patientId, facilityId, status: "cancelled", dateOfService: day(5) });
    const usage = `3 of 8 applications used, valid until ${day(20)}`;
    const page = (await call(ivrLoader, get(`/members/ivrs/${ivr.id}`, nurse), { id: ivr.id })).body as { authorisation: { usage: string; number: string; endsSoon: string } };
    expect(page.authorisation).toMatchObject({ usage, number: "PA-31337", endsSoon: `Authorisation ends ${day(20)}` });
    const board = (await call(boardLoader, get("/members", nurse))).body as { rows: { id: string; authorisation: unknown }[] };
    expect(board.rows.find((r) => r.id === ivr.id)?.authorisation).toEqual({ usage, endsSoon: `Authorisation ends ${day(20)}` });
  });

  it("the order form says why an order outside the authorisation was not placed, beside the date of service", async () => {
    const answer = await call(
      orderFormAction,
      post(
        `/members/orders/new?ivr=${ivr.id}`,
        { ivrId: ivr.id, patientId, productSlug: "membrane-wrap", dateOfService: day(25), facilityId, shippingSpeed: "standard", "qty-4x4": "1" },
        nurse,
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fieldErrors: { dateOfService: `The authorisation is valid from ${day(0)} to ${day(20)}.` } });
  });
});
