import { beforeAll, describe, expect, it } from "vitest";
import { loader as boardLoader } from "~/routes/portal/board";
import { loader as invoicesLoader } from "~/routes/portal/invoices";
import { loader as ivrLoader } from "~/routes/portal/ivrs-detail";
import { action as orderAction, loader as orderLoader } from "~/routes/portal/orders-detail";
import { action as formAction, loader as formLoader } from "~/routes/portal/orders-new";
import { loader as ordersLoader } from "~/routes/portal/orders";
import { addDays } from "~/lib/calendar";
import { invoiceSchema, shipmentSchema } from "~/lib/schemas/order";
import { latestUsToday } from "~/lib/schemas/patient";
import type { ShippingSpeed } from "~/lib/orders";
import { arrivalBy, arrivals } from "~/lib/shipping";
import { ivrs } from "~/.server/db/schema";
import { confirmOrder, invoiceOrder, markDelivered, shipOrder } from "~/.server/orders";
import { cookieOf, makeFacility, makeIvr, makeMember, makePatient, makePractice, valid } from "../support/factories";
import { formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

const STAFF = { email: "staff@company.example", ip: null };
/** The date `offset` days from today, as the order rules count today. */
const day = (offset: number) => addDays(latestUsToday(), offset);

/**
 * The member's order routes: the form starts from an IVR of the practice
 * (anything else is 404), answers a wrong post with the message beside its
 * control and the typed values, gives the covering set back for "Use this"
 * without JavaScript, and places the order; the order's page, the board, the
 * ORDER FORM and PAY INVOICE tabs read only the practice's own.
 */
describe.each(drivers)("the portal's order routes on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const db = () => database.db;
  let practiceId: string;
  let nurse: string;
  let outsider: string;
  let nobody: string;
  let patientId: string;
  let facilityId: string;
  let covered: typeof ivrs.$inferSelect;
  let sent: typeof ivrs.$inferSelect;

  const call = routeCaller("198.51.100.9");
  const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
  const post = (path: string, fields: Record<string, string>, cookie: string) => formPost(path, fields, { cookie, Origin: "http://localhost" });

  function orderFields(overrides: Record<string, string> = {}) {
    return {
      ivrId: covered.id,
      patientId,
      productSlug: "membrane-wrap",
      dateOfService: day(5),
      facilityId,
      shippingSpeed: "expedited",
      woundArea: "12.25",
      poNumber: "PO-1",
      notes: "Side door",
      "qty-4x4": "",
      "qty-2x2": "",
      ...overrides,
    };
  }

  beforeAll(async () => {
    practiceId = await makePractice(db(), "Sunrise Wound Care");
    const elsewhere = await makePractice(db(), "Elsewhere Clinic");
    for (const [email, practice] of [
      ["nurse@sunrise.example", practiceId],
      ["outsider@elsewhere.example", elsewhere],
      ["nobody@clinic.example", null],
    ] as const) {
      await makeMember(db(), { email, practiceId: practice });
    }
    nurse = await cookieOf("nurse@sunrise.example");
    outsider = await cookieOf("outsider@elsewhere.example");
    nobody = await cookieOf("nobody@clinic.example");
    facilityId = await makeFacility(db(), practiceId);
    patientId = await makePatient(db(), { practiceId, actor: { email: "nurse@sunrise.example", ip: null } });
    const base = {
      practiceId,
      patientId,
      facilityId,
      productSlug: "membrane-wrap",
      dateOfService: day(3),
      areaHundredths: 1225,
      submittedAt: new Date(),
    };
    covered = await makeIvr(db(), { ...base, status: "covered", validUntil: day(60), authorisedApplications: 4 });
    sent = await makeIvr(db(), { ...base, status: "submitted" });
  });

  it("opens the form only for an IVR of the practice, with its first values; without ?ivr it sends the member to the list", async () => {
    const bare = await call(formLoader, get("/members/orders/new", nurse));
    expect(bare.status).toBe(302);
    expect(bare.headers.get("Location")).toBe("/members/orders");
    for (const [ivr, cookie] of [
      [covered.id, outsider],
      [covered.id, nobody],
      ["00000000-0000-4000-8000-000000000000", nurse],
      ["not-an-id", nurse],
    ]) {
      expect((await call(formLoader, get(`/members/orders/new?ivr=${ivr}`, cookie!))).status, `${ivr}`).toBe(404);
    }
    const page = await call(formLoader, get(`/members/orders/new?ivr=${covered.id}`, nurse));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      patientName: "Margaret Hale",
      ivr: { id: covered.id, product: "Membrane Wrap", hcpcs: "Q4205", areaCm2: 12.25, authorisedApplications: 4, blockedBy: null },
      defaults: { dateOfService: day(3), facilityId, woundArea: "12.25" },
    });
    // The slowest speed that arrives by the first date of service is chosen.
    const speed = (page.body as { defaults: { shippingSpeed: ShippingSpeed } }).defaults.shippingSpeed;
    expect(arrivalBy(speed, latestUsToday()) <= day(3)).toBe(true);
    expect(arrivals(latestUsToday()).find((a) => a.by <= day(3))?.speed).toBe(speed);
    // An IVR not yet verified opens, and says why it cannot be ordered from.
    const blocked = await call(formLoader, get(`/members/orders/new?ivr=${sent.id}`, nurse));
    expect((blocked.body as { ivr: { blockedBy: string } }).ivr.blockedBy).toMatch(/is Submitted: only a covered or prior-auth-approved IVR can be ordered from/);
  });

  it("answers a wrong post with the message beside its control and the typed values; Use this gives back the covering set", async () => {
    const none = await call(formAction, post(`/members/orders/new?ivr=${covered.id}`, orderFields(), nurse));
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ fieldErrors: { lines: "Enter how many grafts of at least one size" }, values: { poNumber: "PO-1", notes: "Side door", woundArea: "12.25" } });

    const late = await call(formAction, post(`/members/orders/new?ivr=${covered.id}`, orderFields({ dateOfService: day(61), "qty-4x4": "1" }), nurse));
    expect(late.status).toBe(400);
    expect((late.body as { fieldErrors: Record<string, string> }).fieldErrors.dateOfService).toMatch(`is valid until ${day(60)}: choose a date of service on or before it`);

    // With JavaScript the answer carries no values: the form still holds them.
    const fetched = await call(formAction, post("/members/orders/new.data", orderFields({ "qty-4x4": "21" }), nurse));
    expect(fetched.body).toMatchObject({ fieldErrors: { "qty-4x4": "At most 20 of one size in an order" } });
    expect((fetched.body as { values?: unknown }).values).toBeUndefined();

    const notOurs = await call(formAction, post("/members/orders/new", orderFields({ ivrId: sent.id, "qty-2x2": "1" }), nurse));
    expect(notOurs.body).toMatchObject({ fieldErrors: { ivrId: expect.stringMatching(/only a covered or prior-auth-approved IVR/) } });

    const suggested = await call(formAction, post("/members/orders/new", { ...orderFields({ woundArea: "10" }), intent: "suggest" }, nurse));
    expect(suggested.status).toBe(200);
    expect(suggested.body).toMatchObject({ ok: false, redraw: true, values: { "qty-3x3": "1", "qty-1x1": "1", "qty-4x4": "", poNumber: "PO-1", woundArea: "10" } });
    expect((suggested.body as { values: Record<string, unknown> }).values.intent).toBeUndefined();
  });

  it("places an order and opens its page, cancels it after a confirm step, and refuses a second cancel (409); another practice gets 404", async () => {
    // More than the wound by more than its smallest size: a reason is asked beside its field, then kept.
    const unexplained = await call(formAction, post("/members/orders/new", orderFields({ "qty-4x4": "1", "qty-2x2": "2" }), nurse));
    expect(unexplained).toMatchObject({ status: 400, body: { fieldErrors: { overOrderReason: expect.stringMatching(/^Say why this order needs more/) } } });
    const placed = await call(formAction, post("/members/orders/new", orderFields({ "qty-4x4": "1", "qty-2x2": "2", overOrderReason: "Second wound\non the heel" }), nurse));
    expect(placed.status).toBe(303);
    const path = placed.headers.get("Location")!;
    expect(path).toMatch(/^\/members\/orders\/[0-9a-f-]{36}$/);
    expect(placed.headers.get("Set-Cookie")).toMatch(/^flash=/);
    const id = path.split("/").pop()!;

    const page = await call(orderLoader, get(path, nurse), { id });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      status: "submitted",
      patient: "Margaret Hale (born 1948-03-02)",
      product: "Membrane Wrap (Q4205)",
      shipTo: { name: "Main", address: "1 Main St, Austin, TX 78701" },
      shippingSpeed: "Expedited (next business day)",
      totalAreaCm2: 24,
      overOrderReason: "Second wound\non the heel",
      woundAreaCm2: 12.25,
      warning: expect.stringMatching(/^This order is 24 cm², 11\.75 cm² more than the wound's 12\.25 cm²/),
      invoice: null,
      following: true,
    });
    expect((page.body as { notes: string }).notes).toBe("Side door");
    expect((await call(orderLoader, get(path, outsider), { id })).status).toBe(404);
    expect((await call(orderAction, post(path, { intent: "cancel", confirmed: "1" }, outsider), { id })).status).toBe(404);

    // The board and the IVR's page list it; the ORDER FORM tab counts it against the IVR's applications.
    const board = (await call(boardLoader, get("/members", nurse))).body as { orders: { id: string; status: string }[] };
    expect(board.orders.find((o) => o.id === id)).toMatchObject({ status: "submitted" });
    const tab = (await call(ordersLoader, get("/members/orders", nurse))).body as { ivrs: { id: string; ordered: number; authorisedApplications: number }[] };
    expect(tab.ivrs.find((i) => i.id === covered.id)).toMatchObject({ ordered: 1, authorisedApplications: 4 });
    expect(tab.ivrs.find((i) => i.id === sent.id)).toBeUndefined();
    const ivrPage = (await call(ivrLoader, get(`/members/ivrs/${covered.id}`, nurse), { id: covered.id })).body as { ordering: unknown; orders: { id: string }[] };
    expect(ivrPage.ordering).toEqual({ blockedBy: null, ordered: 1, authorised: 4 });
    expect(ivrPage.orders.map((o) => o.id)).toEqual([id]);
    expect((await call(ordersLoader, get("/members/orders", outsider))).body).toMatchObject({ ivrs: [], orders: [] });
    expect((await call(ordersLoader, get("/members/orders", nobody))).body).toMatchObject({ practice: null });

    const ask = await call(orderAction, post(path, { intent: "cancel" }, nurse), { id });
    expect(ask.body).toEqual({ ok: false, confirm: "cancel" });
    const cancelled = await call(orderAction, post(path, { intent: "cancel", confirmed: "1" }, nurse), { id });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("Location")).toBe(path);
    const again = await call(orderAction, post(`${path}.data`, { intent: "cancel", confirmed: "1" }, nurse), { id });
    expect(again).toMatchObject({ status: 409, body: { ok: false, rejected: true, title: "Not changed" } });
    expect((await call(orderLoader, get(path, nurse), { id })).body).toMatchObject({ status: "cancelled" });
  });

  it("shows a shipped and invoiced order's tracking, identifiers and invoice, and the PAY INVOICE tab's totals in dollars", async () => {
    const placed = await call(formAction, post("/members/orders/new", orderFields({ "qty-4x4": "1" }), nurse));
    const id = placed.headers.get("Location")!.split("/").pop()!;
    await confirmOrder(db(), { id, actor: STAFF });
    await shipOrder(db(), { id, actor: STAFF, input: valid(shipmentSchema, { carrier: "ups", trackingNumber: "1Z999AA10123456784", "unit-1-1": "SR-0001", "lot-1-1": "LT-11", "expires-1-1": "2099-06-30" }) });
    await markDelivered(db(), { id, actor: STAFF, today: day(0), input: { deliveredOn: day(0) } });
    // Issued ten days ago and due yesterday: overdue today.
    await invoiceOrder(db(), { id, actor: STAFF, today: day(-10), input: valid(invoiceSchema, { dueOn: day(-1), "price-1": "1250.5" }) });

    const page = (await call(orderLoader, get(`/members/orders/${id}`, nurse), { id })).body as Record<string, unknown>;
    expect(page).toMatchObject({
      status: "invoiced",
      carrier: "ups",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
      lines: [{ size: "4 × 4 cm", quantity: 1, units: [{ position: 1, tissueId: "SR-0001" }] }],
      invoice: { total: "$1,250.50", paid: "$0.00", balance: "$1,250.50", state: "overdue", paidOn: null },
    });
    const tab = (await call(invoicesLoader, get("/members/invoices", nurse))).body as { invoices: { orderId: string; total: string }[]; summary: Record<string, unknown> };
    expect(tab.invoices.find((i) => i.orderId === id)).toMatchObject({ total: "$1,250.50", state: "overdue" });
    expect(tab.summary).toMatchObject({ unpaid: 1, overdue: 1, unpaidAmount: "$1,250.50", overdueAmount: "$1,250.50" });
    expect((await call(invoicesLoader, get("/members/invoices", outsider))).body).toMatchObject({ invoices: [], summary: { unpaid: 0 } });
    expect((await call(invoicesLoader, get("/members/invoices", nobody))).body).toMatchObject({ practice: null, summary: null });
  });
});
