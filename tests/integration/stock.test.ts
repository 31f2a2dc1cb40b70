import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/lib/calendar";
import { applicationSchema } from "~/lib/schemas/graft-application";
import { orderSchema, shipmentSchema } from "~/lib/schemas/order";
import { latestUsToday } from "~/lib/schemas/patient";
import { authorisationUsage, recordAuthorisation } from "~/.server/authorisations";
import { auditLog, graftApplications, ivrs, orders, orderUnits } from "~/.server/db/schema";
import { getApplication, recordApplication } from "~/.server/inventory/applications";
import { confirmReceipt, practiceStock, recordDisposition, StockRefused } from "~/.server/inventory/stock";
import { confirmOrder, getOrderDetail, markDelivered, placeOrder, shipOrder } from "~/.server/orders";
import { makeFacility, makeIvr, makeMember, makePatient, makePractice, valid } from "../support/factories";
import { drivers, suiteDatabase } from "./support/database";

const staff = { email: "orders@company.example", ip: "198.51.100.9" };
const day = (offset: number) => addDays(latestUsToday(), offset);
const today = day(0);

describe.each(drivers)("stock and applications on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const db = () => database.db;
  let practiceId: string;
  let otherPracticeId: string;
  let member: { id: string; email: string };
  let facilityId: string;
  let patientId: string;
  const actor = () => ({ email: member.email, ip: "203.0.113.5" });

  async function coveredIvr(overrides: Partial<typeof ivrs.$inferInsert> = {}) {
    return makeIvr(db(), {
      practiceId,
      createdBy: member.id,
      status: "covered",
      patientId,
      facilityId,
      productSlug: "membrane-wrap",
      dateOfService: day(0),
      areaHundredths: 1300,
      validUntil: day(60),
      authorisedApplications: null,
      submittedAt: new Date(),
      ...overrides,
    });
  }

  /** An order of one 4 × 4 and two 2 × 2 grafts, shipped with the given identifiers (lot L-26, the 2 × 2s expiring on `expiresOn`). */
  async function shippedOrder(ivrId: string, ids: [string, string, string], expiresOn = day(400)) {
    const placed = await placeOrder(db(), {
      practiceId,
      userId: member.id,
      actor: actor(),
      today,
      input: valid(orderSchema, {
        ivrId,
        patientId,
        productSlug: "membrane-wrap",
        dateOfService: day(5),
        facilityId,
        shippingSpeed: "expedited",
        "qty-4x4": "1",
        "qty-2x2": "2",
        overOrderReason: "Second wound",
      }),
    });
    await confirmOrder(db(), { id: placed.id, actor: staff });
    await shipOrder(db(), {
      id: placed.id,
      actor: staff,
      input: valid(shipmentSchema, {
        carrier: "ups",
        trackingNumber: "1Z999AA10123456784",
        "unit-1-1": ids[0],
        "lot-1-1": "L-26",
        "expires-1-1": day(400),
        "unit-2-1": ids[1],
        "lot-2-1": "L-26",
        "expires-2-1": expiresOn,
        "unit-2-2": ids[2],
        "lot-2-2": "L-26",
        "expires-2-2": expiresOn,
      }),
    });
    return placed;
  }

  const application = (values: Record<string, string>) =>
    valid(applicationSchema, { ivrId: "", appliedOn: today, location: "leg", lengthCm: "3", widthCm: "1.5", appliedCm2: "4", discardedCm2: "0", signerName: "Dr. Ana Ruiz", ...values });

  beforeAll(async () => {
    practiceId = await makePractice(db(), "Sunrise Wound Care");
    otherPracticeId = await makePractice(db(), "Elsewhere Clinic");
    member = await makeMember(db(), { email: "nurse@sunrise.example", practiceId });
    facilityId = await makeFacility(db(), practiceId, { name: "Main clinic" });
    patientId = await makePatient(db(), { practiceId, actor: actor(), fields: { lastName: "Hale", birthDate: "1948-03-02" } });
  });

  it("puts a delivered order's units on the shelf, records a receipt that finds one missing and one stranger, and keeps that for staff", async () => {
    const ivr = await coveredIvr();
    const placed = await shippedOrder(ivr.id, ["RC-0001", "RC-0002", "RC-0003"]);
    expect((await practiceStock(db(), { practiceId, today })).units.map((u) => u.tissueId)).not.toContain("RC-0001");

    // The box arrives before staff mark it delivered: two labels scanned, one typed that is not in this order.
    const result = await confirmReceipt(db(), { orderId: placed.id, practiceId, actor: actor(), scans: "RC-0001\n\nRC-0002\nXX-9999\n" });
    expect(result).toEqual({ reference: placed.reference, received: 2, missing: ["RC-0003"], unexpected: ["XX-9999"] });
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(order!.receiptProblems).toEqual({ missing: ["RC-0003"], unexpected: ["XX-9999"] });
    const stock = await practiceStock(db(), { practiceId, today });
    expect(stock.units.filter((u) => u.order === placed.reference).map((u) => u.tissueId).sort()).toEqual(["RC-0001", "RC-0002"]);
    expect((await db().select().from(auditLog).where(eq(auditLog.target, placed.id))).some((a) => a.action === "order.receipt")).toBe(true);

    // A line that cannot be read refuses the whole receipt, naming it; nothing is recorded.
    const refused = await confirmReceipt(db(), { orderId: placed.id, practiceId, actor: actor(), scans: "RC-0003\nab cd" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StockRefused);
    expect((refused as StockRefused).message).toMatch(/^Line 2: /);
    expect((refused as StockRefused).field).toBe("scans");
    // Another practice does not find the order at all.
    expect(await confirmReceipt(db(), { orderId: placed.id, practiceId: otherPracticeId, actor: actor(), scans: "RC-0003" })).toBeNull();

    // The last unit found later: no unit missing any more; the stranger stays for staff.
    await confirmReceipt(db(), { orderId: placed.id, practiceId, actor: actor(), scans: "RC-0003" });
    const [after] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(after!.receiptProblems).toEqual({ missing: [], unexpected: ["XX-9999"] });

    // Marked delivered, every unit is stock; the detail says each was received.
    await markDelivered(db(), { id: placed.id, actor: staff, input: { deliveredOn: today }, today });
    const detail = await getOrderDetail(db(), { id: placed.id, practiceId, today });
    expect(detail!.lines.flatMap((l) => l.units.map((u) => [u.tissueId, u.lot, u.received]))).toEqual([
      ["RC-0001", "L-26", true],
      ["RC-0002", "L-26", true],
      ["RC-0003", "L-26", true],
    ]);
  });

  it("records an application with 2 cm² discarded: the unit is used, the claim line bills the cm² applied and not the discard (Medicare 2026), and the IVR's authorisation counts it", async () => {
    const ivr = await coveredIvr();
    const placed = await shippedOrder(ivr.id, ["AP-0001", "AP-0002", "AP-0003"]);
    await markDelivered(db(), { id: placed.id, actor: staff, input: { deliveredOn: today }, today });
    await recordAuthorisation(db(), {
      ivrId: ivr.id,
      actor: staff,
      input: { number: "PA-1", trackingNumber: null, validFrom: day(-1), validTo: day(90), authorisedApplications: 3, productSlugs: [] },
    });
    expect((await authorisationUsage(db(), ivr.id))?.used).toBe(1);

    // The areas must add up to the unit: a 2 × 2 cm unit is 4 cm².
    const short = await recordApplication(db(), { practiceId, actor: actor(), today, input: application({ unit: "AP-0002", ivrId: ivr.id, appliedCm2: "1", discardedCm2: "2", discardReason: "Trimmed to the wound edge" }) }).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(StockRefused);
    expect((short as StockRefused).field).toBe("discardedCm2");
    expect((short as StockRefused).message).toContain("together they are the whole unit");

    const done = await recordApplication(db(), {
      practiceId,
      actor: actor(),
      today,
      input: application({ unit: "AP-0002", ivrId: ivr.id, appliedCm2: "2", discardedCm2: "2", discardReason: "Trimmed to the wound edge" }),
    });
    expect(done.reference).toMatch(/^APP-\d{6}$/);
    const [unit] = await db().select().from(orderUnits).where(eq(orderUnits.tissueId, "AP-0002"));
    expect(unit).toMatchObject({ disposition: "applied", disposedOn: today, disposedBy: member.email });
    const record = await getApplication(db(), { id: done.id, practiceId });
    expect(record).toMatchObject({ appliedCm2: 2, discardedCm2: 2, discardReason: "Trimmed to the wound edge", signerName: "Dr. Ana Ruiz", unit: { tissueId: "AP-0002", lot: "L-26" } });
    expect(record!.claim.text).toContain("15271");
    // Medicare in 2026 (the patient's payer): the cm² applied in whole units, the discarded cm² never billed, no JW or JZ.
    expect(record!.claim.lines.find((l) => l.code === "Q4205")).toMatchObject({ units: 2, modifiers: [] });
    expect(record!.claim.lines.filter((l) => l.code === "Q4205")).toHaveLength(1);
    expect(record!.claim.notes).toContain("2 cm² discarded is not billed.");
    expect(await getApplication(db(), { id: done.id, practiceId: otherPracticeId })).toBeNull();
    // The wound and the reason are sealed at rest.
    const [raw] = await db().select().from(graftApplications).where(eq(graftApplications.id, done.id));
    expect(JSON.stringify(raw)).not.toMatch(/Trimmed|leg|15271/);
    // A unit of the IVR's own order is the application the order already counted.
    expect((await authorisationUsage(db(), ivr.id))?.used).toBe(1);

    // Used once: it cannot be applied again, and it is off the shelf.
    const again = await recordApplication(db(), { practiceId, actor: actor(), today, input: application({ unit: "AP-0002", ivrId: ivr.id }) }).catch((e: unknown) => e);
    expect((again as StockRefused).message).toMatch(/already recorded as applied/);
    expect((await practiceStock(db(), { practiceId, today })).units.map((u) => u.tissueId)).not.toContain("AP-0002");

    // A unit of this order applied under another covered IVR of the patient counts there as an application from stock.
    const second = await coveredIvr();
    await recordApplication(db(), { practiceId, actor: actor(), today, input: application({ unit: "AP-0003", ivrId: second.id }) });
    const { applicationsUsed } = await import("~/.server/authorisations/records");
    expect((await applicationsUsed(db(), [second.id])).get(second.id)).toBe(1);
  });

  it("refuses an expired unit, a product the IVR did not verify, and another practice's unit; records returned and damaged units once", async () => {
    const ivr = await coveredIvr();
    const placed = await shippedOrder(ivr.id, ["EX-0001", "EX-0002", "EX-0003"], day(1));
    await markDelivered(db(), { id: placed.id, actor: staff, input: { deliveredOn: today }, today });
    const reason = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e as StockRefused).message);

    // Expires tomorrow: applied the day after, it is refused; the shelf marks it as expiring soon.
    const later = day(2);
    expect(await reason(recordApplication(db(), { practiceId, actor: actor(), today: later, input: { ...application({ unit: "EX-0002", ivrId: ivr.id }), appliedOn: later } }))).toBe(
      `Unit EX-0002 expired on ${day(1)}: it cannot be applied.`,
    );
    expect((await practiceStock(db(), { practiceId, today })).units.find((u) => u.tissueId === "EX-0002")).toMatchObject({ expiresSoon: true, usable: true });
    expect((await practiceStock(db(), { practiceId, today: later })).units.find((u) => u.tissueId === "EX-0002")).toMatchObject({ expired: true, usable: false });

    const otherProduct = await coveredIvr({ productSlug: "amniomaxx" });
    expect(await reason(recordApplication(db(), { practiceId, actor: actor(), today, input: application({ unit: "EX-0002", ivrId: otherProduct.id }) }))).toMatch(/verified .*; this unit is Membrane Wrap\./);
    expect(await reason(recordApplication(db(), { practiceId: otherPracticeId, actor: actor(), today, input: application({ unit: "EX-0002", ivrId: ivr.id }) }))).toBe(
      "No unit EX-0002 is in your practice's stock",
    );

    const unitId = (await db().select().from(orderUnits).where(eq(orderUnits.tissueId, "EX-0003")))[0]!.id;
    expect(await recordDisposition(db(), { unitId, practiceId: otherPracticeId, actor: actor(), disposition: "damaged", note: "", today })).toBeNull();
    expect(await recordDisposition(db(), { unitId, practiceId, actor: actor(), disposition: "damaged", note: "Pouch torn", today })).toEqual({ tissueId: "EX-0003" });
    expect(await reason(recordDisposition(db(), { unitId, practiceId, actor: actor(), disposition: "returned", note: "", today }))).toMatch(/already recorded/);
    const [damaged] = await db().select().from(orderUnits).where(eq(orderUnits.id, unitId));
    expect(damaged).toMatchObject({ disposition: "damaged", disposedOn: today });
    expect(damaged!.dispositionNoteSealed).not.toContain("Pouch");
  });
});
