import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as staffIvrAction } from "~/routes/console/ivrs-detail";
import { action as staffOrderAction } from "~/routes/console/orders-detail";
import { addDays } from "~/lib/calendar";
import { parseWith } from "~/lib/schemas/fields";
import { orderSchema } from "~/lib/schemas/order";
import { latestUsToday } from "~/lib/schemas/patient";
import { setPhiRing } from "~/.server/crypto";
import { keyRing, newKey } from "~/.server/crypto/fields";
import { ivrs, ivrVerifications, orders } from "~/.server/db/schema";
import { getOrderDetail, placeOrder } from "~/.server/orders";
import { answerOf, contextFrom, formPost } from "./support/actions";
import { drivers, freshDatabase } from "./support/database";
import { makeFacility, makeIvr, makeMember, makePatient, makePractice, signedIn } from "../support/factories";

type Route = (args: never) => Promise<unknown>;

/** The date `offset` days from today, as the order rules count today. */
const day = (offset: number) => addDays(latestUsToday(), offset);

/**
 * The console's IVR page answers its forms through the one form answerer
 * (decision 009): a database that fails mid-change answers 503 "Not saved"
 * with what staff typed kept for the page to refill, and stores nothing; a
 * move the IVR's state refuses heads the page; cancelling asks first. The
 * order page answers the same way.
 */
describe.each(drivers)("the console's IVR and order forms on %s", (driver) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let practiceId: string;
  let patientId: string;
  let staff: string;

  const call = async (route: Route, request: Request | Promise<Request>, params: Record<string, string> = {}) =>
    answerOf(await route({ request: await request, context: contextFrom("198.51.100.12"), params } as never).catch((thrown: unknown) => thrown));
  const post = (id: string, fields: Record<string, string>, path = `/admin/ivrs/${id}`) => call(staffIvrAction, formPost(path, fields, { cookie: staff }), { id });
  const inReview = async () => (await makeIvr(database.db, { practiceId, patientId, status: "in_review", productSlug: "membrane-wrap", submittedAt: new Date() })).id;
  const statusOf = async (id: string) => (await database.db.select({ status: ivrs.status }).from(ivrs).where(eq(ivrs.id, id)))[0]?.status;

  beforeAll(async () => {
    setPhiRing(keyRing([newKey()]));
    database = await freshDatabase(driver);
    practiceId = await makePractice(database.db, "Sunrise Wound Care");
    patientId = await makePatient(database.db, { practiceId });
    staff = (await signedIn(database.db, "alice@company.example", "staff")).cookie;
  });
  afterAll(async () => {
    await database.dispose();
    setPhiRing(undefined);
  });

  it("answers a verification the database fails to store 503, says Not saved, and keeps what was typed", async () => {
    const id = await inReview();
    const typed = {
      intent: "verify",
      outcome: "covered",
      networkStatus: "in-network",
      deductible: "1500",
      coinsurancePercent: "20",
      validUntil: addDays(latestUsToday(), 90),
      callReference: "CALL-5521",
      noteToPractice: "Covered for four applications.\nCall us with questions.",
    };
    // The database refuses the verification's row, as a full disk or a lost connection would, mid-transaction.
    await database.db.execute(
      sql.raw(`create or replace function verification_refuses() returns trigger language plpgsql as $$
        begin raise exception 'could not write block: No space left on device'; end $$`),
    );
    await database.db.execute(sql`create trigger verification_refuses before insert on ivr_verifications for each row execute function verification_refuses()`);
    try {
      const failed = await post(id, typed);
      expect(failed.status).toBe(503);
      expect(failed.headers.get("Retry-After")).toBe("30");
      expect(failed.body).toMatchObject({ ok: false, failed: true, title: "Not saved", intent: "verify", values: typed });
      // Nothing of it was stored: the IVR is still in review, with no verification.
      expect(await statusOf(id)).toBe("in_review");
      expect(await database.db.select().from(ivrVerifications).where(eq(ivrVerifications.ivrId, id))).toHaveLength(0);
      // With JavaScript the form still holds the text: the answer carries none of it back.
      const fetched = await post(id, typed, `/admin/ivrs/${id}.data`);
      expect(fetched).toMatchObject({ status: 503, body: { ok: false, failed: true, intent: "verify" } });
      expect(fetched.body).not.toHaveProperty("values");
    } finally {
      await database.db.execute(sql`drop trigger if exists verification_refuses on ivr_verifications`);
    }
    // Sent again once the database is back, it is recorded.
    const saved = await post(id, typed);
    expect(saved.status).toBe(303);
    expect(await statusOf(id)).toBe("covered");
  });

  it("says a move the IVR's state refuses at the top of the page, and asks before cancelling", async () => {
    const id = await inReview();
    const refused = await post(id, { intent: "review" });
    expect(refused).toMatchObject({ status: 409, body: { ok: false, rejected: true, title: "Not done", intent: "review", error: "An IVR that is In review cannot become In review." } });
    const unknown = await post(id, { intent: "approve-everything" });
    expect(unknown).toMatchObject({ status: 400, body: { rejected: true, error: "This form is not one of this page's." } });

    const asked = await post(id, { intent: "cancel" });
    expect(asked).toMatchObject({ status: 200, body: { ok: false, confirm: "cancel", intent: "cancel" } });
    expect(await statusOf(id)).toBe("in_review");
    const cancelled = await post(id, { intent: "cancel", confirmed: "1" });
    expect(cancelled.status).toBe(303);
    expect(await statusOf(id)).toBe("cancelled");
  });

  it("order page: a step the order's state refuses heads the work; cancelling asks first and carries the reason to the second step", async () => {
    const member = await makeMember(database.db, { email: "nurse@sunrise.example", practiceId });
    const facilityId = await makeFacility(database.db, practiceId);
    const covered = await makeIvr(database.db, {
      practiceId,
      patientId,
      facilityId,
      status: "covered",
      productSlug: "membrane-wrap",
      dateOfService: day(3),
      areaHundredths: 1600,
      validUntil: day(60),
      submittedAt: new Date(),
    });
    const input = parseWith(orderSchema, {
      ivrId: covered.id,
      patientId,
      productSlug: "membrane-wrap",
      dateOfService: day(5),
      facilityId,
      shippingSpeed: "standard",
      poNumber: "",
      notes: "",
      "qty-4x4": "1",
      "qty-2x2": "",
    });
    if (!input.success) throw new Error(JSON.stringify(input.fieldErrors));
    const placed = await placeOrder(database.db, { practiceId, userId: member.id, actor: { email: member.email, ip: null }, input: input.data, today: day(0) });
    const id = placed.id;
    const postOrder = (fields: Record<string, string>) => call(staffOrderAction, formPost(`/admin/orders/${id}`, fields, { cookie: staff }), { id });
    const orderStatus = async () => (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

    const early = await postOrder({ intent: "deliver", deliveredOn: day(0) });
    expect(early).toMatchObject({ status: 409, body: { ok: false, rejected: true, title: "Not done", intent: "deliver" } });
    const future = await postOrder({ intent: "deliver", deliveredOn: day(2) });
    expect(future).toMatchObject({ status: 400, body: { intent: "deliver", fieldErrors: { deliveredOn: "A delivery cannot be in the future" }, values: { deliveredOn: day(2) } } });

    const asked = await postOrder({ intent: "cancel", reason: "Placed twice by mistake" });
    expect(asked).toMatchObject({ status: 200, body: { ok: false, confirm: "cancel", reason: "Placed twice by mistake", intent: "cancel" } });
    expect(await orderStatus()).toBe("submitted");
    const cancelled = await postOrder({ intent: "cancel", reason: "Placed twice by mistake", confirmed: "1" });
    expect(cancelled.status).toBe(303);
    expect(await orderStatus()).toBe("cancelled");
    const detail = await getOrderDetail(database.db, { id, practiceId: null, today: day(0), withPatient: false });
    expect(detail?.history.at(-1)).toMatchObject({ from: "submitted", to: "cancelled", note: "Placed twice by mistake", actorEmail: "alice@company.example" });
  });
});
