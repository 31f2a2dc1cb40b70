import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/lib/calendar";
import { latestUsToday } from "~/lib/schemas/patient";
import { invoiceLines, invoices, orderLines, orders, orderUnits, outbox, practices } from "~/.server/db/schema";
import { mailExpiringSoon } from "~/.server/inventory/jobs";
import { placeSuggestedReorder, runReorder, setAsideSuggestedReorder, setHoldsStock, setParLevel, setReorderSettings } from "~/.server/inventory/reorder";
import { StockRefused } from "~/.server/inventory/stock";
import { setApprovalRule } from "~/.server/orders";
import { makeFacility, makeIvr, makeMember, makeOrder, makePatient, makePractice } from "../support/factories";
import { drivers, suiteDatabase } from "./support/database";

const day = (offset: number) => addDays(latestUsToday(), offset);
const today = day(0);
const staff = { email: "admin@company.example", ip: null };
const TWO_BY_TWO = { lengthCm: 2, widthCm: 2 };

describe.each(drivers)("par levels and automated reordering on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const db = () => database.db;
  let practiceId: string;
  let facilityId: string;
  let member: { id: string; email: string };
  const actor = () => ({ email: member.email, ip: "203.0.113.5" });

  /** `n` units of Membrane Wrap 2 × 2 cm on the practice's shelf, expiring on `expiresOn`, from one delivered order (invoiced at $150 a unit when `price`). */
  let shelved = 0;
  async function shelve(n: number, expiresOn: string, price = false) {
    shelved += 1;
    const patientId = await makePatient(db(), { practiceId, actor: actor(), fields: { lastName: `Shelf${"x".repeat(shelved)}` } });
    const ivr = await makeIvr(db(), { practiceId, createdBy: member.id, status: "covered", patientId, facilityId, productSlug: "membrane-wrap", validUntil: day(60) });
    const order = await makeOrder(db(), { practiceId, practiceName: "Stock Clinic", ivrId: ivr.id, patientId, facilityId, status: "delivered", dateOfService: today });
    const [line] = await db().insert(orderLines).values({ orderId: order.id, position: 1, hcpcs: "Q4205", lengthMm: 20, widthMm: 20, quantity: n }).returning();
    for (let i = 1; i <= n; i++)
      await db()
        .insert(orderUnits)
        .values({ orderId: order.id, lineId: line!.id, position: i, tissueId: `SH-${order.number}-${i}`, practiceId, facilityId, productSlug: "membrane-wrap", lengthMm: 20, widthMm: 20, lot: "L1", expiresOn, stockedAt: new Date() });
    if (price) {
      const [invoice] = await db().insert(invoices).values({ orderId: order.id, practiceId, issuedOn: today, dueOn: day(30), totalCents: 15_000 * Math.max(n, 1) }).returning();
      await db().insert(invoiceLines).values({ invoiceId: invoice!.id, position: 1, hcpcs: "Q4205", product: "Membrane Wrap", lengthMm: 20, widthMm: 20, units: Math.max(n, 1), unitPriceCents: 15_000, totalCents: 15_000 * Math.max(n, 1) });
    }
  }

  const reorders = () => db().select().from(orders).where(and(eq(orders.practiceId, practiceId), eq(orders.productSlug, "membrane-wrap"))).then((rows) => rows.filter((r) => r.reorder !== null));

  beforeAll(async () => {
    practiceId = await makePractice(db(), "Stock Clinic");
    facilityId = await makeFacility(db(), practiceId, { name: "Stock Clinic Main" });
    member = await makeMember(db(), { email: "manager@stock.example", practiceId });
  });

  it("refuses par levels until staff allow the practice to hold stock, and a size the product is not sold in", async () => {
    const set = (size = TWO_BY_TWO) => setParLevel(db(), { practiceId, actor: actor(), facilityId, productSlug: "membrane-wrap", size, par: 3 });
    await expect(set()).rejects.toThrow("Your practice does not hold stock: ask us to allow it.");
    await setHoldsStock(db(), { practiceId, actor: staff, holdsStock: true });
    const odd = await set({ lengthCm: 7, widthCm: 7 }).catch((e: unknown) => e);
    expect(odd).toBeInstanceOf(StockRefused);
    expect((odd as StockRefused).field).toBe("size");
    await set();
  });

  it("drafts a suggested reorder for the units below par, once; a member places it and the company hears of it", async () => {
    await shelve(2, day(200));
    // Expired units are not usable: they do not count toward par.
    await shelve(1, day(-1));
    const first = await runReorder(db(), { practiceId, today });
    expect(first.placed).toEqual([]);
    expect(first.suggested).toHaveLength(1);
    const [draft] = await reorders();
    expect(draft).toMatchObject({ status: "suggested", reorder: "suggested", ivrId: null, patientId: null, facilityId });
    expect(await db().select({ q: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, draft!.id))).toEqual([{ q: 1 }]);
    const told = await db().select().from(outbox).where(eq(outbox.purpose, "inventory.reorder-suggested"));
    expect(told.map((m) => [m.to, m.subject])).toEqual([[member.email, `${first.suggested[0]}: reorder suggested`]]);

    // What is on order counts toward par: nothing more is drafted.
    expect(await runReorder(db(), { practiceId, today })).toEqual({ suggested: [], placed: [] });

    await placeSuggestedReorder(db(), { practiceId, actor: actor(), id: draft!.id });
    const [placed] = await db().select().from(orders).where(eq(orders.id, draft!.id));
    expect(placed!.status).toBe("submitted");
    expect((await db().select().from(outbox).where(eq(outbox.purpose, "order.received"))).some((m) => m.subject === `${first.suggested[0]} received`)).toBe(true);
    // Another practice cannot place or set aside this practice's reorder.
    const other = await makePractice(db(), "Elsewhere");
    expect(await setAsideSuggestedReorder(db(), { practiceId: other, actor: actor(), id: draft!.id })).toBeNull();
  });

  it("places automatically what fits in the monthly amount and suggests the rest; setting a suggestion aside lets the next run suggest again", async () => {
    await setParLevel(db(), { practiceId, actor: actor(), facilityId, productSlug: "membrane-wrap", size: TWO_BY_TWO, par: 6 });
    // A price to reckon with: $150 a unit, last invoiced to this practice. $320 a month buys 2 of the 3 missing.
    await shelve(0, day(200), true);
    await expect(setReorderSettings(db(), { practiceId, actor: actor(), autoReorder: true, monthlyCents: null })).rejects.toThrow("Set the monthly amount");
    await setReorderSettings(db(), { practiceId, actor: actor(), autoReorder: true, monthlyCents: 32_000 });
    const result = await runReorder(db(), { practiceId, today });
    expect(result.placed).toHaveLength(1);
    expect(result.suggested).toHaveLength(1);
    const made = await reorders();
    const automatic = made.find((o) => o.reorder === "automatic")!;
    expect(automatic.status).toBe("submitted");
    expect(await db().select({ q: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, automatic.id))).toEqual([{ q: 2 }]);
    const suggested = made.find((o) => o.status === "suggested")!;
    expect(await db().select({ q: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, suggested.id))).toEqual([{ q: 1 }]);
    expect((await db().select().from(outbox).where(eq(outbox.purpose, "inventory.reorder-placed"))).map((m) => m.text).join()).not.toMatch(/\$/);

    // The month's amount is spent: set aside, the missing unit is suggested again, never placed.
    await setAsideSuggestedReorder(db(), { practiceId, actor: actor(), id: suggested.id });
    const again = await runReorder(db(), { practiceId, today });
    expect(again).toMatchObject({ placed: [] });
    expect(again.suggested).toHaveLength(1);
  });

  it("holds stock orders for approval when the practice asks: a placed suggestion waits for a practice admin, unseen by the supplier", async () => {
    await setApprovalRule(db(), { practiceId, actor: actor(), rule: { approveAll: false, approveAboveCents: null, approveStock: true } });
    const waiting = (await reorders()).find((o) => o.status === "suggested")!;
    const placed = await placeSuggestedReorder(db(), { practiceId, actor: actor(), id: waiting.id });
    expect(placed?.awaitingApproval).toBe("Your practice approves stock orders.");
    const [row] = await db().select().from(orders).where(eq(orders.id, waiting.id));
    expect(row!.status).toBe("awaiting_approval");
    const reference = `ORD-${String(row!.number).padStart(6, "0")}`;
    expect((await db().select().from(outbox).where(eq(outbox.purpose, "order.approval"))).map((m) => m.subject)).toContain(`${reference} waits for your approval`);
    expect((await db().select().from(outbox).where(eq(outbox.purpose, "order.received"))).map((m) => m.subject)).not.toContain(`${reference} received`);
    await setApprovalRule(db(), { practiceId, actor: actor(), rule: { approveAll: false, approveAboveCents: null, approveStock: false } });
  });

  it("mails each practice once a week how many units expire within 30 days, counts only", async () => {
    await shelve(2, day(10));
    expect(await mailExpiringSoon(db(), today)).toBeGreaterThanOrEqual(1);
    const mail = (await db().select().from(outbox).where(eq(outbox.purpose, "inventory.expiring"))).find((m) => m.to === member.email)!;
    expect(mail.subject).toBe("2 units of your stock expire within 30 days");
    expect(mail.text).not.toMatch(/SH-|L1/);
    const [practice] = await db().select().from(practices).where(eq(practices.id, practiceId));
    expect(practice!.holdsStock).toBe(true);
  });
});
