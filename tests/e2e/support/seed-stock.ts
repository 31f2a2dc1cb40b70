// Birch Stock Clinic, for the stock browser test: a practice staff allow to
// hold stock (its par levels are the test's to set), a covered IVR of its
// patient, and an order of three Membrane Wrap 2 × 2 cm units shipped (lot
// BIRCH-LOT-7) and not yet received.
import { eq } from "drizzle-orm";
import type { Db } from "~/.server/db/client";
import { practices } from "~/.server/db/schema";
import { moveIvr, recordVerification, submitIvr } from "~/.server/ivr";
import { confirmOrder, placeOrder, shipOrder } from "~/.server/orders";
import { addFacility, addProvider, findOrCreatePractice } from "~/.server/practices";
import { addDays } from "~/lib/calendar";
import { orderSchema, shipmentSchema } from "~/lib/schemas/order";
import { latestUsToday } from "~/lib/schemas/patient";
import { facilityInput, ivrInput, makeMember, makePatient, providerInput, valid } from "../../support/factories";

const STAFF = { email: "staff@site.example", ip: null };

export const stockPractice = {
  name: "Birch Stock Clinic",
  member: { email: "nurse@birch.example", password: "birch password 1", role: "member" as const },
  patient: { firstName: "Nora", lastName: "Quill", birthDate: "1947-05-30" },
  facility: "Birch clinic",
  lot: "BIRCH-LOT-7",
  units: ["BR-26-0001", "BR-26-0002", "BR-26-0003"],
  /** The shipped order: the run's seventh (Lakeside's six come first). */
  order: "ORD-000007",
  clinician: "Dr. Hana Lowe",
};

export async function seedStock(db: Db) {
  const { practice, created } = await findOrCreatePractice(db, stockPractice.name);
  if (!created) return;
  await db.update(practices).set({ holdsStock: true }).where(eq(practices.id, practice.id));
  const user = await makeMember(db, { ...stockPractice.member, practiceId: practice.id });
  const actor = { email: stockPractice.member.email, ip: null };
  const scope = { practiceId: practice.id, actor };
  const provider = await addProvider(db, { ...scope, input: providerInput({ firstName: "Hana", lastName: "Lowe", credentials: "DPM" }) });
  const facility = await addFacility(db, { ...scope, input: facilityInput({ name: stockPractice.facility, addressLine1: "3 Birch Road", city: "Tempe", state: "AZ", zip: "85281" }) });
  const patientId = await makePatient(db, { ...scope, fields: { ...stockPractice.patient, addressLine1: "7 Elm Street", city: "Tempe", state: "AZ", zip: "85281" } });
  const today = latestUsToday();
  const input = ivrInput(
    { patientId, providerId: provider.id, facilityId: facility.id },
    {
      dateOfService: addDays(today, 7),
      woundType: "diabetic-foot-ulcer",
      woundLocation: "foot",
      lengthCm: "3.5",
      widthCm: "3.5",
      standardOfCareStart: addDays(today, -42),
      standardOfCare: ["offloading", "debridement"],
      icdPrimary: "E11.621",
      icdSecondary: ["L97.421"],
      productSlug: "membrane-wrap",
      attestationName: "Hana Lowe",
    },
  );
  const ivr = await submitIvr(db, { practiceId: practice.id, userId: user.id, actor, input, files: [] });
  await moveIvr(db, { id: ivr.id, to: "in_review", actor: STAFF });
  await recordVerification(db, { id: ivr.id, actor: STAFF, input: { outcome: "covered", validUntil: addDays(today, 120), deductible: "240", coinsurancePercent: 20 } });
  const order = await placeOrder(db, {
    practiceId: practice.id,
    userId: user.id,
    actor,
    today,
    input: valid(orderSchema, { ivrId: ivr.id, patientId, productSlug: "membrane-wrap", dateOfService: addDays(today, 10), facilityId: facility.id, shippingSpeed: "standard", "qty-2x2": "3" }),
  });
  await confirmOrder(db, { id: order.id, actor: STAFF });
  const units = Object.fromEntries(
    stockPractice.units.flatMap((id, i) => [
      [`unit-1-${i + 1}`, id],
      [`lot-1-${i + 1}`, stockPractice.lot],
      [`expires-1-${i + 1}`, "2099-06-30"],
    ]),
  );
  await shipOrder(db, { id: order.id, actor: STAFF, input: valid(shipmentSchema, { carrier: "ups", trackingNumber: "1Z999AA10123456784", ...units }) });
}
