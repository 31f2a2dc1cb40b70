// Two practices for the order tests, written through the server's domains
// before the server starts:
// - Lakeside has a covered IVR to order from, one of a product ordered by
//   request only, and one order in each status from submitted to paid (the
//   console's and the portal's order pages work them); a shipped order to a
//   second facility, the annex, whose address a test changes afterwards; and
//   an AmnioAmp-MP IVR waiting on the payer's prior authorization, verified
//   once already (prior auth required), for the date checks;
// - Cedar has a sent IVR that the end-to-end test carries from coverage to a
//   paid invoice.
import type { Db } from "~/.server/db/client";
import { moveIvr, recordVerification, submitIvr } from "~/.server/ivr";
import { confirmOrder, invoiceOrder, markDelivered, placeOrder, recordPayment, shipOrder } from "~/.server/orders";
import { addFacility, addProvider, findOrCreatePractice } from "~/.server/practices";
import { invoiceSchema, orderSchema, paymentSchema, shipmentSchema } from "~/lib/schemas/order";
import { latestUsToday } from "~/lib/schemas/patient";
import { facilityInput, ivrInput, makeMember, makePatient, providerInput, valid } from "../../support/factories";

const STAFF = { email: "staff@site.example", ip: null };

export const orderPractice = {
  name: "Lakeside Wound Clinic",
  member: { email: "orders@lakeside.example", password: "lakeside password 1", role: "member" as const },
  /** A second member of Lakeside, for tests that place or cancel their own orders. */
  buyer: { email: "buyer@lakeside.example", password: "lakeside buyer 1", role: "member" as const },
  patient: { firstName: "Ruth", lastName: "Orr", initials: "R.O.", birthDate: "1944-09-12" },
  facility: "Lakeside clinic",
  /** The second facility, and its address as the shipped order ORD-000006 was placed with. */
  annex: { name: "Lakeside annex", addressLine1: "12 Harbor Lane", city: "Madison", state: "WI", zip: "53704", phone: "608 555 0177" },
};

/** The shipped order sent to the annex. */
export const annexOrder = "ORD-000006";

/** The payer's answer of the first verification of Lakeside's AmnioAmp-MP IVR (prior auth required). */
export const priorAuthBenefits = { networkStatus: "in-network", deductible: "1500", deductibleMet: "257", coinsurancePercent: 20, copay: "0" } as const;

/**
 * Lakeside's orders, by the status the seed leaves them in; the numbers are
 * the first a fresh database gives (this seed makes the run's first orders).
 */
export const seededOrders = {
  submitted: "ORD-000001",
  confirmed: "ORD-000002",
  delivered: "ORD-000003",
  invoiced: "ORD-000004",
  paid: "ORD-000005",
} as const;
/** Invoices of the invoiced and the paid order. */
export const seededInvoices = { open: "INV-000001", paid: "INV-000002" } as const;
/** Each seeded order is one 4 × 4 cm and two 2 × 2 cm grafts of Membrane Wrap; invoiced at $450 and $125.50. */
export const SEEDED_INVOICE_TOTAL = "$701.00";

export const endToEndPractice = {
  name: "Cedar Wound Center",
  member: { email: "nurse@cedar.example", password: "cedar password 1", role: "member" as const },
  patient: { firstName: "Elena", lastName: "Voss", initials: "E.V.", birthDate: "1950-04-22" },
};

function day(offset: number) {
  const d = new Date(`${latestUsToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** A practice with a member, a provider, a facility and a patient; null when it was seeded already. */
async function practiceWithPatient(
  db: Db,
  p: { name: string; member: { email: string; password: string; role: "member" }; patient: { firstName: string; lastName: string; birthDate: string } },
  facilityName: string,
) {
  const { practice, created } = await findOrCreatePractice(db, p.name);
  if (!created) return null;
  const user = await makeMember(db, { ...p.member, practiceId: practice.id });
  const actor = { email: p.member.email, ip: null };
  const scope = { practiceId: practice.id, actor };
  const provider = await addProvider(db, { ...scope, input: providerInput({ firstName: "Lena", lastName: "Park", credentials: "MD" }) });
  const facility = await addFacility(db, {
    ...scope,
    input: facilityInput({ name: facilityName, addressLine1: "40 Shore Road", city: "Madison", state: "WI", zip: "53703", phone: "608 555 0140" }),
  });
  const patientId = await makePatient(db, { ...scope, fields: { ...p.patient, addressLine1: "9 Pine Street", city: "Madison", state: "WI", zip: "53703" } });
  return { practice, user, actor, provider, facility, patientId };
}

async function sendIvr(db: Db, s: NonNullable<Awaited<ReturnType<typeof practiceWithPatient>>>, productSlug: string) {
  const input = ivrInput(
    { patientId: s.patientId, providerId: s.provider.id, facilityId: s.facility.id },
    {
      dateOfService: day(7),
      woundType: "diabetic-foot-ulcer",
      woundLocation: "foot",
      lengthCm: "3.5",
      widthCm: "3.5",
      standardOfCareStart: day(-42),
      standardOfCare: ["offloading", "debridement"],
      icdPrimary: "E11.621",
      icdSecondary: ["L97.421"],
      productSlug,
      attestationName: "Lena Park",
    },
  );
  return submitIvr(db, { practiceId: s.practice.id, userId: s.user.id, actor: s.actor, input, files: [] });
}

async function cover(db: Db, id: string) {
  await moveIvr(db, { id, to: "in_review", actor: STAFF });
  await recordVerification(db, { id, actor: STAFF, input: { outcome: "covered", validUntil: day(120), deductible: "240", coinsurancePercent: 20 } });
}

export async function seedOrders(db: Db) {
  const lakeside = await practiceWithPatient(db, orderPractice, orderPractice.facility);
  if (lakeside) {
    await makeMember(db, { ...orderPractice.buyer, practiceId: lakeside.practice.id });
    const ivr = await sendIvr(db, lakeside, "membrane-wrap");
    await cover(db, ivr.id);
    const byRequest = await sendIvr(db, lakeside, "amchoplast");
    await cover(db, byRequest.id);
    const today = latestUsToday();
    const place = (facilityId = lakeside.facility.id) =>
      placeOrder(db, {
        practiceId: lakeside.practice.id,
        userId: lakeside.user.id,
        actor: lakeside.actor,
        today,
        input: valid(orderSchema, {
          ivrId: ivr.id,
          patientId: lakeside.patientId,
          productSlug: "membrane-wrap",
          dateOfService: day(10),
          facilityId,
          shippingSpeed: "standard",
          poNumber: "PO-4410",
          "qty-4x4": "1",
          "qty-2x2": "2",
          // 24 cm² for a 12.25 cm² wound: more than its smallest size over, so it says why.
          overOrderReason: "A second application is planned within the week.",
        }),
      });
    const ship = (id: string, n: number) =>
      shipOrder(db, {
        id,
        actor: STAFF,
        input: valid(shipmentSchema, {
          carrier: "fedex",
          trackingNumber: `7712345678${n}0`,
          "unit-1-1": `LK-${n}-0001`, "lot-1-1": "LT-11", "expires-1-1": "2099-06-30",
          "unit-2-1": `LK-${n}-0002`, "lot-2-1": "LT-21", "expires-2-1": "2099-06-30",
          "unit-2-2": `LK-${n}-0003`, "lot-2-2": "LT-22", "expires-2-2": "2099-06-30",
        }),
      });
    const invoice = (id: string) => invoiceOrder(db, { id, actor: STAFF, today, input: valid(invoiceSchema, { dueOn: day(30), "price-1": "450", "price-2": "125.50" }) });
    const steps = [0, 1, 3, 4, 5]; // how far each order goes: submitted, confirmed, delivered, invoiced, paid
    for (const [n, last] of steps.entries()) {
      const { id } = await place();
      if (last >= 1) await confirmOrder(db, { id, actor: STAFF });
      if (last >= 2) await ship(id, n + 1);
      if (last >= 3) await markDelivered(db, { id, actor: STAFF, today, input: { deliveredOn: today } });
      if (last >= 4) await invoice(id);
      if (last >= 5) await recordPayment(db, { id, actor: STAFF, input: valid(paymentSchema, { paidOn: today, amount: "701", reference: "ACH 88120" }) });
    }

    // ORD-000006: shipped to the annex, whose address changes later.
    const annex = await addFacility(db, {
      practiceId: lakeside.practice.id,
      actor: lakeside.actor,
      input: facilityInput(orderPractice.annex),
    });
    const { id: annexOrderId } = await place(annex.id);
    await confirmOrder(db, { id: annexOrderId, actor: STAFF });
    await ship(annexOrderId, 6);

    // An AmnioAmp-MP IVR: prior authorization required (with the payer's benefits), then sent to the payer.
    const priorAuth = await sendIvr(db, lakeside, "amnioamp-mp");
    await moveIvr(db, { id: priorAuth.id, to: "in_review", actor: STAFF });
    await recordVerification(db, { id: priorAuth.id, actor: STAFF, input: { outcome: "prior_auth_required", validUntil: day(60), ...priorAuthBenefits } });
    await moveIvr(db, { id: priorAuth.id, to: "prior_auth_submitted", actor: STAFF });
  }

  const cedar = await practiceWithPatient(db, endToEndPractice, "Cedar clinic");
  if (cedar) await sendIvr(db, cedar, "membrane-wrap");
}
