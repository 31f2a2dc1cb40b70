// For the sales partners' browser test: a partner callback to make a partner
// of, a second partner (signed in by password) who must not see the first
// one's practice, and Larkspur Partner Clinic with a patient, a sent IVR with
// a wound photo, an order with a note and a paid invoice this month, whose
// patient values must never reach a partner's page.
import { upsertUser } from "~/.server/accounts/accounts";
import type { Db } from "~/.server/db/client";
import { invoicePayments, invoices, partners, submissions } from "~/.server/db/schema";
import { submitIvr } from "~/.server/ivr";
import { companyMonth } from "~/.server/partners";
import { findOrCreatePractice } from "~/.server/practices";
import { addDays } from "~/lib/calendar";
import { latestUsToday } from "~/lib/schemas/patient";
import { ivrInput, makeFacility, makeMember, makeOrder, makePatient, makeProvider } from "../../support/factories";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

export const partnerSeed = {
  /** The partner callback staff make a partner of. */
  callback: { id: "7a3f0c1e-5b2d-4c8e-9f10-000000000e2e", firstName: "Paula", lastName: "Partner", email: "paula.partner@partners.example" },
  /** Another partner, who must get 404 for Paula's practice. */
  other: { email: "otto.other@partners.example", password: "otto partner password", name: "Otto Other", code: "OTTO2E2E" },
  practice: { name: "Larkspur Partner Clinic", member: "clinician@larkspur-partner.example" },
  /** What the practice's patient, IVR and order carry: never on a partner's page. */
  patient: { firstName: "Zenobia", lastName: "Quillfeather", birthDate: "1937-07-19", memberId: "7QW2-RT4-XY88", addressLine1: "77 Larkspur Hollow" },
  fileName: "quillfeather-heel-photo.png",
  orderNote: "Deliver to the bedside of room 4B",
  /** The invoice paid this month: $1,234.56. */
  paidCents: 1_234_56,
};

export async function seedPartners(db: Db) {
  const { practice, created } = await findOrCreatePractice(db, partnerSeed.practice.name);
  if (!created) return;
  const c = partnerSeed.callback;
  await db.insert(submissions).values({ id: c.id, kind: "callback", firstName: c.firstName, lastName: c.lastName, email: c.email });
  const { user } = await upsertUser(db, { email: partnerSeed.other.email, password: partnerSeed.other.password, role: "partner" });
  await db.insert(partners).values({ userId: user.id, name: partnerSeed.other.name, code: partnerSeed.other.code });

  const member = await makeMember(db, { email: partnerSeed.practice.member, practiceId: practice.id, password: "larkspur password 1" });
  const actor = { email: member.email, ip: null };
  const providerId = await makeProvider(db, practice.id, { firstName: "Lena", lastName: "Moss" });
  const facilityId = await makeFacility(db, practice.id, { name: "Larkspur clinic" });
  const patientId = await makePatient(db, { practiceId: practice.id, actor, fields: partnerSeed.patient });
  const today = latestUsToday();
  const ivr = await submitIvr(db, {
    practiceId: practice.id,
    userId: member.id,
    actor,
    input: ivrInput({ patientId, providerId, facilityId }, { dateOfService: addDays(today, 7), standardOfCareStart: addDays(today, -42), attestationName: "Lena Moss" }),
    files: [{ role: "wound-photo", name: partnerSeed.fileName, mimeType: "image/png", bytes: new Uint8Array(PNG) }],
  });
  const order = await makeOrder(db, {
    practiceId: practice.id,
    practiceName: practice.name,
    ivrId: ivr.id,
    patientId,
    facilityId,
    status: "paid",
    dateOfService: addDays(today, 7),
    notesSealed: partnerSeed.orderNote,
  });
  const month = companyMonth();
  const [invoice] = await db
    .insert(invoices)
    .values({ orderId: order.id, practiceId: practice.id, issuedOn: `${month}-01`, dueOn: `${month}-28`, totalCents: partnerSeed.paidCents, paidCents: partnerSeed.paidCents, paidOn: `${month}-01` })
    .returning();
  await db.insert(invoicePayments).values({ invoiceId: invoice!.id, amountCents: partnerSeed.paidCents, paidOn: `${month}-01`, reference: "ACH 2E2E" });
}
