import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "~/lib/orders";
import { addDays } from "~/lib/calendar";
import { invoiceSchema, orderSchema, paymentSchema, shipmentSchema, type OrderInput } from "~/lib/schemas/order";
import { latestUsToday } from "~/lib/schemas/patient";
import { setPhiRing } from "~/.server/crypto";
import { keyRing, newKey } from "~/.server/crypto/fields";
import { auditLog, invoices, ivrFollowers, ivrs, orderHistory, orders, orderUnits, outbox, practices } from "~/.server/db/schema";
import {
  cancelOrderAsMember,
  cancelOrderAsStaff,
  confirmOrder,
  correctTracking,
  getOrderDetail,
  invoiceDocument,
  invoiceOrder,
  markDelivered,
  orderableIvrs,
  orderCountsByStatus,
  orderQueuePage,
  OrderRefused,
  OrderTransitionRefused,
  packingListDocument,
  placeOrder,
  practiceInvoicesPage,
  practiceOrdersPage,
  readOrderAsStaff,
  recordPayment,
  shipOrder,
} from "~/.server/orders";
import { transitionOrder } from "~/.server/orders/lifecycle";
import { startMailWorker } from "~/.server/mail";
import { updateFacility } from "~/.server/practices";
import { pdfText } from "../support/pdf-text";
import { facilityInput, makeFacility, makeIvr, makeMember, makeOrder, makePatient, makePractice, valid } from "../support/factories";
import { drivers, freshDatabase, suiteDatabase } from "./support/database";

const staff = { email: "orders@company.example", ip: "198.51.100.9" };
/** The date `offset` days from today, as the order rules count today. */
const day = (offset: number) => addDays(latestUsToday(), offset);
const today = day(0);

/**
 * The order lifecycle, written out again here on purpose: the code's
 * table (lib/orders.ts) must agree with it pair by pair.
 *   submitted -> confirmed -> shipped -> delivered -> invoiced -> paid;
 *   submitted or confirmed -> cancelled; the member may cancel only while
 *   submitted, staff until shipped; a reorder the portal suggests is the
 *   practice's alone to place (-> submitted) or set aside (-> cancelled);
 *   every other change refused.
 */
const STAFF_MAY = new Set(["submitted>confirmed", "confirmed>shipped", "shipped>delivered", "delivered>invoiced", "invoiced>paid", "submitted>cancelled", "confirmed>cancelled"]);
const MEMBER_MAY = new Set([
  "submitted>cancelled",
  "suggested>submitted",
  "suggested>cancelled",
  // A suggested reorder placed under the practice's approval rule, and that approval's two answers.
  "suggested>awaiting_approval",
  "awaiting_approval>submitted",
  "awaiting_approval>cancelled",
]);

describe.each(drivers)("orders, shipping and invoices on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const db = () => database.db;
  let practiceId: string;
  let otherPracticeId: string;
  let member: { id: string; email: string };
  let follower: { id: string; email: string };
  let patientId: string;
  let otherPatientId: string;
  let facilityId: string;
  let foreignFacilityId: string;
  const actor = () => ({ email: member.email, ip: "203.0.113.5" });

  const patient = (lastName: string, birthDate: string) => makePatient(db(), { practiceId, actor: actor(), fields: { lastName, birthDate } });

  /** An IVR of the practice in the given state, as part 1 leaves it. */
  async function ivr(overrides: Partial<typeof ivrs.$inferInsert> = {}) {
    const row = await makeIvr(db(), {
      practiceId,
      createdBy: member.id,
      status: "covered",
      patientId,
      facilityId,
      productSlug: "membrane-wrap",
      dateOfService: day(3),
      areaHundredths: 1300,
      validUntil: day(60),
      authorisedApplications: null,
      submittedAt: new Date(),
      ...overrides,
    });
    await db().insert(ivrFollowers).values({ ivrId: row.id, userId: follower.id });
    return row;
  }

  function orderInput(ivrRow: { id: string; patientId: string | null; productSlug: string | null }, overrides: Record<string, string> = {}) {
    return valid(orderSchema, {
      ivrId: ivrRow.id,
      patientId: ivrRow.patientId,
      productSlug: ivrRow.productSlug,
      dateOfService: day(5),
      facilityId,
      shippingSpeed: "expedited",
      poNumber: "PO-7781",
      notes: "Margaret Hale prefers morning delivery",
      "qty-4x4": "1",
      "qty-2x2": "2",
      // 24 cm² for the IVR's 13 cm²: over by more than the smallest size, so it says why.
      overOrderReason: "Margaret Hale has a second wound dressing day",
      ...overrides,
    });
  }
  const place = (ivrRow: Parameters<typeof orderInput>[0], overrides: Record<string, string> = {}) =>
    placeOrder(db(), { practiceId, userId: member.id, actor: actor(), input: orderInput(ivrRow, overrides), today });

  async function refusal(promise: Promise<unknown>): Promise<OrderRefused> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OrderRefused);
    return error as OrderRefused;
  }

  beforeAll(async () => {
    practiceId = await makePractice(db(), "Sunrise Wound Care");
    otherPracticeId = await makePractice(db(), "Elsewhere Clinic");
    member = await makeMember(db(), { email: "nurse@sunrise.example", practiceId });
    follower = await makeMember(db(), { email: "billing@sunrise.example", practiceId });
    facilityId = await makeFacility(db(), practiceId, { name: "Main clinic" });
    foreignFacilityId = await makeFacility(db(), otherPracticeId, { name: "Elsewhere" });
    patientId = await patient("Hale", "1948-03-02");
    otherPatientId = await patient("Ames", "1951-07-19");
  });

  it("orders two sizes from a covered IVR: lines largest first, the IVR's patient and product, followers, history, audit, a notice to the company", async () => {
    const covered = await ivr();
    // The wound is smaller today than when it was verified: 22 cm², which 24 cm² exceeds by less than its smallest size (4 cm²).
    const placed = await place(covered, { woundArea: "22" });
    expect(placed.reference).toMatch(/^ORD-\d{6}$/);
    expect(placed.warning).toBeNull();
    const detail = await getOrderDetail(db(), { id: placed.id, practiceId, today });
    expect(detail).toMatchObject({ statusLabel: "Submitted", product: { name: "Membrane Wrap", hcpcs: "Q4205" }, notes: "Margaret Hale prefers morning delivery" });
    expect(detail!.row).toMatchObject({ ivrId: covered.id, patientId, productSlug: "membrane-wrap", shippingSpeed: "expedited", poNumber: "PO-7781" });
    expect(detail!.lines.map((l) => [l.size, l.quantity, l.hcpcs])).toEqual([
      ["4 × 4 cm", 1, "Q4205"],
      ["2 × 2 cm", 2, "Q4205"],
    ]);
    expect(detail!.totalAreaCm2).toBe(24);
    expect(detail!.woundAreaCm2).toBe(22);
    expect(detail!.patient?.name).toBe("Margaret Hale");
    expect(detail!.history.map((h) => [h.from, h.to])).toEqual([[null, "submitted"]]);
    const created = await db().select().from(auditLog).where(eq(auditLog.action, "order.create"));
    expect(created.some((a) => a.target === placed.id && a.actorEmail === member.email)).toBe(true);
    const notice = (await db().select().from(outbox).where(eq(outbox.purpose, "order.received"))).find((m) => m.subject === `${placed.reference} received`);
    expect(notice?.text).toContain(`/admin/orders/${placed.id}`);
    expect((await practiceOrdersPage(db(), practiceId)).rows.find((o) => o.id === placed.id)).toMatchObject({ initials: "M.H.", status: "submitted", sizes: "4 × 4 cm × 1, 2 × 2 cm × 2" });
    expect((await practiceOrdersPage(db(), otherPracticeId)).rows).toEqual([]);
  });

  it("asks why an order exceeds the wound by more than its smallest size, keeps the reason sealed with the order, and shows it", async () => {
    const covered = await ivr({ areaHundredths: 1000 });
    const unexplained = await refusal(place(covered, { "qty-4x4": "1", "qty-2x2": "2", overOrderReason: "" }));
    expect(unexplained.field).toBe("overOrderReason");
    expect(unexplained.message).toMatch(/^Say why this order needs more than the wound's area/);
    const placed = await place(covered, { "qty-4x4": "1", "qty-2x2": "2", overOrderReason: "A second application on Friday" });
    expect(placed.warning).toMatch(/24 cm².*14 cm² more.*10 cm².*smallest size \(4 cm²\)/);
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.overOrderReasonSealed).toMatch(/^p1\./);
    expect((await readOrderAsStaff(db(), { id: placed.id, actor: staff, today }))!.overOrderReason).toBe("A second application on Friday");
    // Within the wound and its smallest size: no reason asked, none kept (a reason typed anyway is not stored).
    const fits = await place(covered, { "qty-4x4": "0", "qty-2x2": "0", "qty-2x3": "2", overOrderReason: "not needed" });
    expect(fits.warning).toBeNull();
    expect((await db().select().from(orders).where(eq(orders.id, fits.id)))[0]!.overOrderReasonSealed).toBeNull();
  });

  it("refuses a date of service outside the prior authorization's window, naming the window", async () => {
    const approved = await ivr({ status: "prior_auth_approved", priorAuthFrom: day(10), priorAuthTo: day(40) });
    const reference = `IVR-${String(approved.number).padStart(6, "0")}`;
    const before = await refusal(place(approved, { dateOfService: day(9) }));
    expect(before.field).toBe("dateOfService");
    expect(before.message).toBe(`${reference}'s prior authorization runs from ${day(10)} to ${day(40)}: choose a date of service inside it.`);
    expect((await refusal(place(approved, { dateOfService: day(41) }))).field).toBe("dateOfService");
    await expect(place(approved, { dateOfService: day(10) })).resolves.toBeTruthy();
    await expect(place(approved, { dateOfService: day(40) })).resolves.toBeTruthy();
    // An authorization that has ended blocks the IVR altogether.
    const ended = await ivr({ status: "prior_auth_approved", priorAuthFrom: day(-30), priorAuthTo: day(-1) });
    expect((await refusal(place(ended))).message).toBe(`IVR-${String(ended.number).padStart(6, "0")}'s prior authorization ended on ${day(-1)}: ask us to verify again before ordering.`);
    expect((await orderableIvrs(db(), practiceId, today)).rows.some((i) => i.id === ended.id && i.blockedBy?.includes("ended"))).toBe(true);
  });

  it("refuses a shipping speed that arrives after the date of service, naming the one that would", async () => {
    // placeOrder counts from the `today` it is given: a Friday before a Monday holiday (2026-07-03 is Independence Day observed, so Thursday 2026-07-02).
    const covered = await ivr({ validUntil: "2099-01-01" });
    // The form's own check counts from the real today: these days of 2026 are given to placeOrder directly.
    const on = (today: string, overrides: Pick<OrderInput, "dateOfService" | "shippingSpeed">) =>
      placeOrder(db(), { practiceId, userId: member.id, actor: actor(), input: { ...orderInput(covered), ...overrides }, today });
    const late = await refusal(on("2026-07-02", { dateOfService: "2026-07-06", shippingSpeed: "standard" }));
    expect(late.field).toBe("shippingSpeed");
    expect(late.message).toBe(
      "Standard (2–3 business days) arrives by Wednesday, July 8, 2026, after the date of service (Monday, July 6, 2026): choose Expedited (next business day), or a later date of service.",
    );
    await expect(on("2026-07-02", { dateOfService: "2026-07-06", shippingSpeed: "expedited" })).resolves.toBeTruthy();
    const sameDay = await refusal(on("2026-07-03", { dateOfService: "2026-07-03", shippingSpeed: "same-day" }));
    expect(sameDay.message).toMatch(/no speed arrives by then: the soonest is Same day \(select metro areas\), by Monday, July 6, 2026/);
  });

  it("refuses more grafts than the IVR authorises: each application the set that covers its wound", async () => {
    // 13 cm² is covered by 3 × 3 + 2 × 2: two grafts an application, four for two applications.
    const authorised = await ivr({ authorisedApplications: 2 });
    const reference = `IVR-${String(authorised.number).padStart(6, "0")}`;
    const tooMany = await refusal(place(authorised, { "qty-4x4": "0", "qty-2x2": "5" }));
    expect(tooMany.field).toBe("lines");
    expect(tooMany.message).toBe(
      `${reference} authorises 2 applications of 2 grafts (the set that covers its 13 cm² wound), 4 in all, and 0 are ordered: this order may have 4 at most, not 5.`,
    );
    await place(authorised, { "qty-4x4": "0", "qty-2x2": "0", "qty-3x3": "1", "qty-1x1": "2", overOrderReason: "" });
    const second = await refusal(place(authorised, { "qty-4x4": "1", "qty-2x2": "1" }));
    expect(second.message).toMatch(/4 in all, and 3 are ordered: this order may have 1 at most, not 2\.$/);
    const listed = (await orderableIvrs(db(), practiceId, today)).rows.find((i) => i.id === authorised.id);
    expect(listed).toMatchObject({ graftsAuthorised: 4, graftsOrdered: 3, blockedBy: null });
  });

  it("refuses to order from an IVR that is not covered or approved, expired, past its validity, or of another patient or product", async () => {
    for (const status of ["not_covered", "expired", "prior_auth_denied", "in_review", "cancelled"] as const) {
      const row = await ivr({ status });
      expect((await refusal(place(row))).message).toMatch(/only a covered or prior-auth-approved IVR can be ordered from/);
    }
    const approved = await ivr({ status: "prior_auth_approved" });
    await expect(place(approved)).resolves.toMatchObject({ reference: expect.stringMatching(/^ORD-/) });

    const lapsed = await ivr({ validUntil: day(-1) });
    expect((await refusal(place(lapsed))).message).toMatch(/re-verification/);
    const short = await ivr({ validUntil: day(4) });
    const tooLate = await refusal(place(short, { dateOfService: day(5) }));
    expect(tooLate.field).toBe("dateOfService");
    expect(tooLate.message).toBe(`IVR-${String(short.number).padStart(6, "0")} is valid until ${day(4)}: choose a date of service on or before it, or start a re-verification.`);
    await expect(place(short, { dateOfService: day(4) })).resolves.toBeTruthy();

    const someoneElses = await ivr({ patientId: otherPatientId });
    const wrongPatient = await refusal(placeOrder(db(), { practiceId, userId: member.id, actor: actor(), input: { ...orderInput(someoneElses), patientId }, today }));
    expect(wrongPatient.field).toBe("patientId");
    expect(wrongPatient.message).toMatch(/is not the patient of IVR-/);
    const covered = await ivr();
    const wrongProduct = await refusal(placeOrder(db(), { practiceId, userId: member.id, actor: actor(), input: { ...orderInput(covered), productSlug: "simplimax" }, today }));
    expect(wrongProduct.field).toBe("productSlug");
  });

  it("refuses an IVR, a facility or a size that is not the practice's or not made, and a product ordered by request only", async () => {
    const covered = await ivr();
    const foreign = await makeIvr(db(), { practiceId: otherPracticeId, status: "covered", patientId, productSlug: "membrane-wrap", validUntil: day(60) });
    expect((await refusal(place(foreign))).field).toBe("ivrId");
    expect((await refusal(place(covered, { facilityId: foreignFacilityId }))).field).toBe("facilityId");
    expect((await refusal(place(covered, { "qty-5x10": "1" }))).message).toBe("Membrane Wrap is not made in 5 × 10 cm.");
    const byRequest = await ivr({ productSlug: "amchoplast" });
    expect((await refusal(place(byRequest, { "qty-4x4": "1", "qty-2x2": "0" }))).message).toMatch(/^Amchoplast is ordered by request: call us at .* with IVR-\d{6}\.$/);
    expect(await db().select().from(orders).where(eq(orders.ivrId, byRequest.id))).toEqual([]);
  });

  it("refuses an order past the IVR's authorised applications; a cancelled order gives its application back", async () => {
    const authorised = await ivr({ authorisedApplications: 2 });
    const one = { "qty-4x4": "1", "qty-2x2": "0" };
    const first = await place(authorised, one);
    await place(authorised, one);
    const past = await refusal(place(authorised, one));
    expect(past.message).toMatch(/authorised 2 applications and 2 are ordered/);
    const listed = (await orderableIvrs(db(), practiceId, today)).rows.find((i) => i.id === authorised.id);
    expect(listed?.blockedBy).toMatch(/authorised 2 applications/);
    await cancelOrderAsMember(db(), { practiceId, actor: actor(), id: first.id });
    await expect(place(authorised, one)).resolves.toBeTruthy();
  });

  it("allows exactly the issue's transitions, for staff and for members", async () => {
    const covered = await ivr();
    for (const by of ["staff", "member"] as const) {
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          const row = await makeOrder(db(), { practiceId, practiceName: "Sunrise Wound Care", ivrId: covered.id, patientId, facilityId, status: from, dateOfService: day(5) });
          const move = transitionOrder(db(), { id: row.id, to, actor: by === "staff" ? staff : actor(), by, practiceId: by === "member" ? practiceId : null });
          const allowed = (by === "staff" ? STAFF_MAY : MEMBER_MAY).has(`${from}>${to}`);
          if (allowed) await expect(move, `${by} ${from} -> ${to}`).resolves.toMatchObject({ from, to });
          else await expect(move, `${by} ${from} -> ${to}`).rejects.toBeInstanceOf(OrderTransitionRefused);
          const [stored] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, row.id));
          expect(stored!.status).toBe(allowed ? to : from);
        }
      }
    }
  }, 180_000);

  it("says why a member cannot cancel a confirmed order, and lets a member move only their own practice's order", async () => {
    const covered = await ivr();
    const placed = await place(covered);
    await confirmOrder(db(), { id: placed.id, actor: staff });
    await expect(cancelOrderAsMember(db(), { practiceId, actor: actor(), id: placed.id })).rejects.toThrow(
      "An order that is Confirmed is being prepared: call or mail us to cancel it.",
    );
    expect(await cancelOrderAsMember(db(), { practiceId: otherPracticeId, actor: actor(), id: placed.id })).toBeNull();
    const [stored] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, placed.id));
    expect(stored!.status).toBe("confirmed");
  });

  it("ships only with every unit's tissue identifier, then delivers, invoices and records payment; documents stay in the practice", async () => {
    const covered = await ivr();
    const placed = await place(covered);
    const shipment = (units: Record<string, string>) => valid(shipmentSchema, { carrier: "ups", trackingNumber: "1Z999AA10123456784", ...units });
    const all = { "unit-1-1": "DL-24-0001-A", "lot-1-1": "LT-11", "expires-1-1": "2099-06-30", "unit-2-1": "DL-24-0002-A", "lot-2-1": "LT-21", "expires-2-1": "2099-06-30", "unit-2-2": "DL-24-0002-B", "lot-2-2": "LT-22", "expires-2-2": "2099-06-30" };
    // Not confirmed yet: refused as a whole, nothing written.
    await expect(shipOrder(db(), { id: placed.id, actor: staff, input: shipment(all) })).rejects.toBeInstanceOf(OrderTransitionRefused);
    await confirmOrder(db(), { id: placed.id, actor: staff });
    const missing = await refusal(shipOrder(db(), { id: placed.id, actor: staff, input: shipment({ "unit-1-1": "DL-24-0001-A", "lot-1-1": "LT-11", "expires-1-1": "2099-06-30", "unit-2-1": "DL-24-0002-A", "lot-2-1": "LT-21", "expires-2-1": "2099-06-30" }) }));
    expect(missing.field).toBe("unit-2-2");
    expect(await db().select().from(orderUnits).where(eq(orderUnits.orderId, placed.id))).toEqual([]);
    await shipOrder(db(), { id: placed.id, actor: staff, input: shipment(all) });
    let detail = await getOrderDetail(db(), { id: placed.id, practiceId, today });
    expect(detail!.row.status).toBe("shipped");
    expect(detail!.trackingUrl).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(detail!.lines.map((l) => l.units.map((u) => u.tissueId))).toEqual([["DL-24-0001-A"], ["DL-24-0002-A", "DL-24-0002-B"]]);
    const packing = await packingListDocument(db(), { orderId: placed.id, practiceId, today });
    const packingText = await pdfText(packing!.bytes);
    for (const id of Object.values(all)) expect(packingText).toContain(id);
    expect(packingText).not.toMatch(/Margaret|Hale|morning delivery/);
    expect(await packingListDocument(db(), { orderId: placed.id, practiceId: otherPracticeId, today })).toBeNull();

    const invoiceInput = (values: Record<string, string>) => valid(invoiceSchema, values);
    await expect(invoiceOrder(db(), { id: placed.id, actor: staff, today, input: invoiceInput({ dueOn: day(30), "price-1": "450", "price-2": "125.50" }) })).rejects.toBeInstanceOf(
      OrderTransitionRefused,
    );
    expect((await refusal(markDelivered(db(), { id: placed.id, actor: staff, today, input: { deliveredOn: day(1) } }))).field).toBe("deliveredOn");
    expect((await refusal(markDelivered(db(), { id: placed.id, actor: staff, today, input: { deliveredOn: day(-3) } }))).message).toBe(
      `It shipped on ${today}: it was delivered on that day or after`,
    );
    await markDelivered(db(), { id: placed.id, actor: staff, today, input: { deliveredOn: today } });
    expect((await getOrderDetail(db(), { id: placed.id, practiceId, today }))!.row.deliveredOn).toBe(today);
    expect((await refusal(invoiceOrder(db(), { id: placed.id, actor: staff, today, input: invoiceInput({ dueOn: day(30), "price-1": "450" }) }))).field).toBe("price-2");
    const invoiced = await invoiceOrder(db(), { id: placed.id, actor: staff, today, input: invoiceInput({ dueOn: day(30), "price-1": "450", "price-2": "$125.50" }) });
    expect(invoiced?.invoiceNumber).toMatch(/^INV-\d{6}$/);
    detail = await getOrderDetail(db(), { id: placed.id, practiceId, today });
    expect(detail!.invoice).toMatchObject({ totalCents: 45_000 + 2 * 12_550, dueOn: day(30), state: "open" });
    const invoicePdf = await invoiceDocument(db(), { orderId: placed.id, practiceId, today });
    const invoiceText = await pdfText(invoicePdf!.bytes);
    expect(invoiceText).toContain(invoiced!.invoiceNumber);
    expect(invoiceText).toContain("Q4205");
    expect(invoiceText).toContain("$701.00");
    expect(invoiceText).not.toMatch(/PAID/);
    expect(await invoiceDocument(db(), { orderId: placed.id, practiceId: otherPracticeId, today })).toBeNull();
    expect((await practiceInvoicesPage(db(), practiceId, day(31))).rows.find((i) => i.orderId === placed.id)?.state).toBe("overdue");

    const payment = (amount: string, reference: string) => valid(paymentSchema, { paidOn: today, amount, reference });
    // A part: the invoice stays open with its balance, the order invoiced.
    await expect(recordPayment(db(), { id: placed.id, actor: staff, input: payment("200", "Check 1042") })).resolves.toMatchObject({ settled: false, balanceCents: 50_100 });
    detail = await getOrderDetail(db(), { id: placed.id, practiceId, today });
    expect(detail!.row.status).toBe("invoiced");
    expect(detail!.invoice).toMatchObject({ state: "open", paidCents: 20_000, balanceCents: 50_100, paidOn: null });
    expect((await practiceInvoicesPage(db(), practiceId, today)).rows.find((i) => i.orderId === placed.id)).toMatchObject({ paidCents: 20_000, balanceCents: 50_100, state: "open" });
    const partText = await pdfText((await invoiceDocument(db(), { orderId: placed.id, practiceId, today }))!.bytes);
    expect(partText).toMatch(/Balance due\s+\$501\.00/);
    // More than the balance is refused beside the amount; the rest pays it.
    const over = await refusal(recordPayment(db(), { id: placed.id, actor: staff, input: payment("501.01", "ACH 55120") }));
    expect([over.field, over.message]).toEqual(["amount", "The balance is $501.00: a payment cannot be more than it"]);
    await expect(recordPayment(db(), { id: placed.id, actor: staff, input: payment("501", "ACH 55120") })).resolves.toMatchObject({ settled: true, balanceCents: 0 });
    detail = await getOrderDetail(db(), { id: placed.id, practiceId, today });
    expect(detail!.row.status).toBe("paid");
    expect(detail!.invoice).toMatchObject({ state: "paid", paidOn: today, paymentReference: "ACH 55120", paidCents: 70_100, balanceCents: 0 });
    expect(detail!.invoice!.payments.map((p) => [p.amountCents, p.reference])).toEqual([
      [20_000, "Check 1042"],
      [50_100, "ACH 55120"],
    ]);
    await expect(recordPayment(db(), { id: placed.id, actor: staff, input: payment("1", "late") })).rejects.toBeInstanceOf(OrderTransitionRefused);
    const paymentAudit = await db().select().from(auditLog).where(eq(auditLog.target, placed.id));
    expect(paymentAudit.filter((a) => a.action.startsWith("invoice.")).map((a) => [a.action, a.detail])).toEqual([
      ["invoice.create", invoiced!.invoiceNumber],
      ["invoice.payment", `${invoiced!.invoiceNumber}: $200.00, balance $501.00`],
      ["invoice.paid", `${invoiced!.invoiceNumber}: $501.00, balance $0.00`],
    ]);
    expect(await pdfText((await invoiceDocument(db(), { orderId: placed.id, practiceId, today }))!.bytes)).toMatch(/PAID/);
    expect(detail!.history.map((h) => h.to)).toEqual(["submitted", "confirmed", "shipped", "delivered", "invoiced", "paid"]);
    expect((await db().select().from(invoices).where(eq(invoices.orderId, placed.id)))[0]?.paymentRecordedBy).toBe(staff.email);

    // Every change mailed the practice's followers (the member and the IVR's follower) with the reference only.
    const mails = (await db().select().from(outbox).where(eq(outbox.purpose, "order.status"))).filter((m) => m.text.includes(placed.id));
    expect(mails.filter((m) => m.to === follower.email).map((m) => m.subject)).toEqual(
      ["confirmed", "shipped", "delivered", "invoiced", "paid"].map((s) => `${placed.reference}: ${s}`),
    );
    expect(mails.filter((m) => m.to === member.email)).toHaveLength(5);
    // The shipped mail names the carrier and the tracking number, and nothing of the patient.
    const shippedMail = mails.find((m) => m.to === member.email && m.subject === `${placed.reference}: shipped`)!;
    expect(shippedMail.text).toContain(`${placed.reference} is now Shipped: sign in to see it.`);
    expect(shippedMail.text).toContain("Carrier: UPS\nTracking number: 1Z999AA10123456784\nhttps://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(shippedMail.text).not.toMatch(/Margaret|Hale|morning/);
  });

  it("keeps what an order was placed with: a facility edited and a practice renamed afterwards leave its pages and packing list as they were", async () => {
    const address = { addressLine1: "9 Harbor Lane", city: "Austin", state: "TX", zip: "78702", phone: "5125550190", placeOfService: "11" };
    const annexId = await makeFacility(db(), practiceId, { name: "Harbor annex", ...address });
    const placed = await place(await ivr(), { facilityId: annexId });
    await confirmOrder(db(), { id: placed.id, actor: staff });
    const shipped = valid(shipmentSchema, { carrier: "fedex", trackingNumber: "771234567810", "unit-1-1": "SN-1", "lot-1-1": "LT-11", "expires-1-1": "2099-06-30", "unit-2-1": "SN-2", "lot-2-1": "LT-21", "expires-2-1": "2099-06-30", "unit-2-2": "SN-3", "lot-2-2": "LT-22", "expires-2-2": "2099-06-30" });
    await shipOrder(db(), { id: placed.id, actor: staff, input: shipped });
    const before = await packingListDocument(db(), { orderId: placed.id, practiceId, today });

    const moved = facilityInput({ name: "Harbor annex (new building)", addressLine1: "500 Congress Ave", phone: "512 555 0111" });
    expect(await updateFacility(db(), { practiceId, id: annexId, actor: actor(), input: moved })).not.toBeNull();
    await db().update(practices).set({ name: "Sunrise Wound & Vein" }).where(eq(practices.id, practiceId));

    const detail = await getOrderDetail(db(), { id: placed.id, practiceId, today });
    expect(detail!.shipTo).toEqual({ facilityName: "Harbor annex", addressLine1: "9 Harbor Lane", addressLine2: null, city: "Austin", state: "TX", zip: "78702", phone: "5125550190" });
    expect(detail!.practice.name).toBe("Sunrise Wound Care");
    expect(detail!.product.name).toBe("Membrane Wrap");
    const after = await packingListDocument(db(), { orderId: placed.id, practiceId, today });
    expect(Buffer.from(after!.bytes).equals(Buffer.from(before!.bytes))).toBe(true);
    const text = await pdfText(after!.bytes);
    expect(text).toContain("9 Harbor Lane");
    expect(text).not.toMatch(/Congress|new building|Vein/);
    // A new order goes to the facility as it is now.
    const next = await place(await ivr(), { facilityId: annexId });
    expect((await getOrderDetail(db(), { id: next.id, practiceId, today }))!.shipTo.addressLine1).toBe("500 Congress Ave");
    await db().update(practices).set({ name: "Sunrise Wound Care" }).where(eq(practices.id, practiceId));
  });

  it("lets staff correct a shipped order's tracking until it is delivered, audited", async () => {
    const placed = await place(await ivr());
    await confirmOrder(db(), { id: placed.id, actor: staff });
    const shipped = valid(shipmentSchema, { carrier: "fedex", trackingNumber: "771234567810", "unit-1-1": "TR-1", "lot-1-1": "LT-11", "expires-1-1": "2099-06-30", "unit-2-1": "TR-2", "lot-2-1": "LT-21", "expires-2-1": "2099-06-30", "unit-2-2": "TR-3", "lot-2-2": "LT-22", "expires-2-2": "2099-06-30" });
    await shipOrder(db(), { id: placed.id, actor: staff, input: shipped });
    const same = await refusal(correctTracking(db(), { id: placed.id, actor: staff, input: { carrier: "fedex", trackingNumber: "771234567810" } }));
    expect(same.field).toBe("trackingNumber");
    await expect(correctTracking(db(), { id: placed.id, actor: staff, input: { carrier: "ups", trackingNumber: "1Z999AA10123456784" } })).resolves.toEqual({
      reference: placed.reference,
    });
    const detail = await getOrderDetail(db(), { id: placed.id, practiceId, today });
    expect(detail!.row).toMatchObject({ status: "shipped", carrier: "ups", trackingNumber: "1Z999AA10123456784" });
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, "order.tracking"));
    expect(audited.filter((a) => a.target === placed.id).map((a) => [a.actorEmail, a.detail])).toEqual([[staff.email, "FedEx 771234567810 -> UPS 1Z999AA10123456784"]]);
    await markDelivered(db(), { id: placed.id, actor: staff, today, input: { deliveredOn: today } });
    const late = await refusal(correctTracking(db(), { id: placed.id, actor: staff, input: { carrier: "fedex", trackingNumber: "771234567811" } }));
    expect(late.message).toMatch(/^An order that is Delivered keeps its tracking/);
  });

  it("lets staff cancel until the order ships, with a sealed reason; staff reads are audited", async () => {
    const covered = await ivr();
    const placed = await place(covered);
    await confirmOrder(db(), { id: placed.id, actor: staff });
    await cancelOrderAsStaff(db(), { id: placed.id, actor: staff, reason: "Margaret Hale was admitted to hospital" });
    const detail = await readOrderAsStaff(db(), { id: placed.id, actor: staff, today });
    expect(detail?.row.status).toBe("cancelled");
    expect(detail?.patient).toBeNull();
    expect(detail?.history.at(-1)?.note).toBe("Margaret Hale was admitted to hospital");
    const views = await db().select().from(auditLog).where(eq(auditLog.action, "order.view"));
    expect(views.some((v) => v.target === placed.id && v.actorEmail === staff.email)).toBe(true);
  });

  it("counts orders by status for the console's queue, of all practices or one, and lists each with its practice and speed", async () => {
    const placed = await place(await ivr());
    const all = await orderCountsByStatus(db(), { practiceId: null });
    expect(Object.keys(all).sort()).toEqual([...ORDER_STATUSES].sort());
    const rows = await db().select({ status: orders.status }).from(orders);
    // An order awaiting its practice's approval is not the supplier's yet: counted 0.
    for (const status of ORDER_STATUSES) expect(all[status], status).toBe(status === "awaiting_approval" ? 0 : rows.filter((r) => r.status === status).length);
    expect(await orderCountsByStatus(db(), { practiceId })).toEqual(all);
    expect(Object.values(await orderCountsByStatus(db(), { practiceId: otherPracticeId })).every((n) => n === 0)).toBe(true);
    const queue = await orderQueuePage(db(), { status: "submitted", practiceId: "all", age: "all" });
    expect(queue.total).toBe(all.submitted);
    const row = queue.rows.find((r) => r.id === placed.id);
    expect(row).toMatchObject({ reference: placed.reference, practiceId, practice: "Sunrise Wound Care", shippingSpeed: "expedited", status: "submitted" });
  });

  it("keeps no patient name, note or reason in plain text in any order row, history or mail", async () => {
    const dump = await db().execute(sql`
      select string_agg(t::text, ' ') as all from (
        select o::text as t from orders o union all select h::text from order_history h union all select l::text from order_lines l
        union all select u::text from order_units u union all select i::text from invoices i union all select o::text from outbox o
        union all select a::text from audit_log a
      ) rows`);
    const text = String(((dump as { rows: { all: string }[] }).rows[0] ?? { all: "" }).all);
    for (const secret of ["Margaret", "Hale", "morning delivery", "admitted to hospital", "1948-03-02", "second wound dressing"]) expect(text.includes(secret), secret).toBe(false);
    expect(await db().select().from(orderHistory)).not.toHaveLength(0);
  });

  it("wakes the running mail worker once an order is placed and once it moves, with no route waking it", async () => {
    const sent: string[] = [];
    const worker = startMailWorker({ db: db(), send: async (mail) => void sent.push(mail.subject), intervalMs: 600_000, maxAttempts: 3 });
    try {
      // Its first pass, at start, sends what earlier tests queued; the next poll is ten minutes away.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const placed = await place(await ivr());
      await expect.poll(() => sent, { timeout: 5_000 }).toContain(`${placed.reference} received`);
      await cancelOrderAsMember(db(), { practiceId, actor: actor(), id: placed.id });
      await expect.poll(() => sent, { timeout: 5_000 }).toContain(`${placed.reference} cancelled by the practice`);
    } finally {
      await worker.stop();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two orders at once on PostgreSQL", () => {
  it("take an IVR's last authorised application once: one is placed, the other refused", async () => {
    setPhiRing(keyRing([newKey()]));
    const database = await freshDatabase("postgres");
    try {
      const db = database.db;
      const practiceId = await makePractice(db, "Race Clinic");
      const user = await makeMember(db, { email: "race@clinic.example", practiceId });
      const facilityId = await makeFacility(db, practiceId);
      const patientId = await makePatient(db, {
        practiceId,
        actor: { email: user.email, ip: null },
        fields: { firstName: "Ada", lastName: "Race", birthDate: "1950-01-01", addressLine1: "1 Elm" },
      });
      const row = await makeIvr(db, { practiceId, status: "covered", patientId, productSlug: "membrane-wrap", validUntil: day(60), authorisedApplications: 1 });
      const input = valid(orderSchema, {
        ivrId: row.id,
        patientId,
        productSlug: "membrane-wrap",
        dateOfService: day(5),
        facilityId,
        shippingSpeed: "expedited",
        "qty-2x2": "1",
      });
      const attempt = () => placeOrder(db, { practiceId, userId: user.id, actor: { email: user.email, ip: null }, input, today });
      const results = await Promise.allSettled([attempt(), attempt(), attempt()]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results.filter((r) => r.status === "rejected")) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(OrderRefused);
      const placed = await db.select().from(orders).where(eq(orders.ivrId, row.id));
      expect(placed).toHaveLength(1);
    } finally {
      await database.dispose();
      setPhiRing(undefined);
    }
  });
});
