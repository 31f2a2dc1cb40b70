import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/lib/calendar";
import { orderSchema } from "~/lib/schemas/order";
import { latestUsToday } from "~/lib/schemas/patient";
import { auditLog, orderHistory, orders, outbox } from "~/.server/db/schema";
import { moveIvr, recordVerification, submitIvr } from "~/.server/ivr";
import { approveOrder, declineOrder, orderCountsByStatus, orderEstimateCents, orderQueuePage, placeOrder, readOrderAsStaff, setApprovalRule } from "~/.server/orders";
import { open } from "~/.server/crypto";
import { ivrInput, makeMember, practiceReadyForIvrs, valid, type PortalPractice } from "../support/factories";
import { drivers, suiteDatabase } from "./support/database";

const today = latestUsToday();
const staff = { email: "staff@company.example", ip: null };

/**
 * A practice's approval rule holds its orders: above the amount, the order
 * waits in "awaiting practice approval", its admins are mailed and the
 * supplier neither hears of it nor finds it, until a practice admin approves
 * it (submitted, the supplier told) or declines it (cancelled, with the reason).
 */
describe.each(drivers)("order approvals on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const db = () => database.db;
  let practice: PortalPractice;
  let admin: { id: string; email: string };
  let nurse: { id: string; email: string };
  let ivrId: string;

  const place = (quantity: string) =>
    placeOrder(db(), {
      practiceId: practice.practiceId,
      userId: nurse.id,
      actor: { email: nurse.email, ip: null },
      today,
      input: valid(orderSchema, {
        ivrId,
        patientId: practice.patientId,
        productSlug: "membrane-wrap",
        dateOfService: addDays(today, 10),
        facilityId: practice.facilityId,
        shippingSpeed: "standard",
        "qty-2x2": quantity,
        overOrderReason: "Two wounds on the same foot",
      }),
    });

  beforeAll(async () => {
    practice = await practiceReadyForIvrs(db(), "Willow Approvals Clinic");
    admin = await makeMember(db(), { email: "lead@willow.example", practiceId: practice.practiceId, practiceRole: "admin" });
    nurse = await makeMember(db(), { email: "nurse@willow.example", practiceId: practice.practiceId, practiceRole: "clinician" });
    const ivr = await submitIvr(db(), { practiceId: practice.practiceId, userId: nurse.id, actor: { email: nurse.email, ip: null }, input: ivrInput(practice, { productSlug: "membrane-wrap", plannedApplications: "8" }), files: [] });
    await moveIvr(db(), { id: ivr.id, to: "in_review", actor: staff });
    await recordVerification(db(), { id: ivr.id, actor: staff, input: { outcome: "covered", validUntil: addDays(today, 120), deductible: "0", coinsurancePercent: 20 } });
    ivrId = ivr.id;
    // $1,000: one 2 × 2 cm graft (4 cm² at the list price) passes, three do not.
    await setApprovalRule(db(), { practiceId: practice.practiceId, actor: { email: admin.email, ip: null }, rule: { approveAll: false, approveAboveCents: 100_000, approveStock: false } });
  });

  it("reckons an order at the list price of its code", () => {
    expect(orderEstimateCents("Q4205", [{ lengthMm: 20, widthMm: 20, quantity: 3 }], "2026-03-01")).toBe(3 * 4 * 12_728);
  });

  it("places an order under the amount as before, and holds one above it for the practice's admins, unseen by staff", async () => {
    const small = await place("1");
    expect(small.awaitingApproval).toBeNull();
    const held = await place("3");
    expect(held.awaitingApproval).toBe("Reckoned at $1,527.36, above your practice's $1,000.00 approval limit.");
    const [row] = await db().select().from(orders).where(eq(orders.id, held.id));
    expect(row!.status).toBe("awaiting_approval");

    const mails = await db().select().from(outbox).where(eq(outbox.purpose, "order.approval"));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[admin.email, `${held.reference} waits for your approval`]]);
    const received = await db().select({ subject: outbox.subject }).from(outbox).where(eq(outbox.purpose, "order.received"));
    expect(received.map((m) => m.subject)).toEqual([`${small.reference} received`]);

    // Not the supplier's: no queue, count or page has it.
    const queue = await orderQueuePage(db(), { status: "all", practiceId: "all", age: "all" });
    expect(queue.rows.map((r) => r.id)).not.toContain(held.id);
    expect(await readOrderAsStaff(db(), { id: held.id, actor: staff, today })).toBeNull();
    expect((await orderCountsByStatus(db(), { practiceId: null })).awaiting_approval).toBe(0);

    await approveOrder(db(), { practiceId: practice.practiceId, actor: { email: admin.email, ip: null }, id: held.id });
    const [approved] = await db().select().from(orders).where(eq(orders.id, held.id));
    expect(approved!.status).toBe("submitted");
    expect((await db().select({ subject: outbox.subject }).from(outbox).where(eq(outbox.purpose, "order.received"))).map((m) => m.subject)).toContain(`${held.reference} received`);
    expect(await readOrderAsStaff(db(), { id: held.id, actor: staff, today })).not.toBeNull();
    const history = await db().select().from(orderHistory).where(eq(orderHistory.orderId, held.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorEmail])).toEqual([
      [null, "awaiting_approval", nurse.email],
      ["awaiting_approval", "submitted", admin.email],
    ]);
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "order.approve"), eq(auditLog.target, held.id)))).toHaveLength(1);
    // Approved once: a second approval changes nothing and says so.
    await expect(approveOrder(db(), { practiceId: practice.practiceId, actor: { email: admin.email, ip: null }, id: held.id })).rejects.toThrow(
      `${held.reference} is Submitted, no longer Awaiting practice approval: nothing was changed.`,
    );
  });

  it("declines with the reason kept in the history; another practice cannot decide it", async () => {
    const held = await place("3");
    const elsewhere = await practiceReadyForIvrs(db(), "Elsewhere Approvals");
    expect(await declineOrder(db(), { practiceId: elsewhere.practiceId, actor: { email: "x@elsewhere.example", ip: null }, id: held.id, reason: "No" })).toBeNull();
    await declineOrder(db(), { practiceId: practice.practiceId, actor: { email: admin.email, ip: null }, id: held.id, reason: "Use the grafts on the shelf first" });
    const [row] = await db().select().from(orders).where(eq(orders.id, held.id));
    expect(row!.status).toBe("cancelled");
    const [last] = await db().select().from(orderHistory).where(and(eq(orderHistory.orderId, held.id), eq(orderHistory.toStatus, "cancelled")));
    expect(open(last!.noteSealed, "order_history.note")).toBe("Declined: Use the grafts on the shelf first");
    // The one who placed it hears the status, not the reason.
    const told = (await db().select().from(outbox).where(eq(outbox.to, nurse.email))).filter((m) => m.subject.includes(held.reference));
    expect(told.map((m) => m.subject)).toEqual([`${held.reference}: cancelled`]);
    expect(told[0]!.text).not.toContain("shelf first");
  });
});
