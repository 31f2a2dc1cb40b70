// Birch Talk Clinic, for the conversation's browser test: one member, an IVR in
// review (staff ask for a document on it) and an order (its thread's page is
// checked too).
import type { Db } from "~/.server/db/client";
import { moveIvr, recordVerification, submitIvr } from "~/.server/ivr";
import { addFacility, addProvider, findOrCreatePractice } from "~/.server/practices";
import { addDays } from "~/lib/calendar";
import { latestUsToday } from "~/lib/schemas/patient";
import { facilityInput, ivrInput, makeMember, makeOrder, makePatient, providerInput } from "../../support/factories";

export const talkPractice = {
  name: "Birch Talk Clinic",
  member: { email: "writer@birch-talk.example", password: "birch talk password 1", role: "member" as const, practiceRole: "admin" as const },
};

export async function seedTalk(db: Db) {
  const { practice, created } = await findOrCreatePractice(db, talkPractice.name);
  if (!created) return;
  const member = await makeMember(db, { ...talkPractice.member, practiceId: practice.id });
  const actor = { email: talkPractice.member.email, ip: null };
  const scope = { practiceId: practice.id, actor };
  const provider = await addProvider(db, { ...scope, input: providerInput({ firstName: "Noa", lastName: "Birch", credentials: "DPM" }) });
  const facility = await addFacility(db, { ...scope, input: facilityInput({ name: "Birch clinic", addressLine1: "3 Birch Lane", city: "Tulsa", state: "OK", zip: "74103" }) });
  const patientId = await makePatient(db, { ...scope, fields: { firstName: "Oren", lastName: "Lark", birthDate: "1948-06-02", addressLine1: "8 Elm Street", city: "Tulsa", state: "OK", zip: "74103" } });
  const today = latestUsToday();
  const clinical = {
    dateOfService: addDays(today, 7),
    woundType: "diabetic-foot-ulcer",
    woundLocation: "foot",
    lengthCm: "2",
    widthCm: "2",
    standardOfCareStart: addDays(today, -42),
    standardOfCare: ["offloading", "debridement"],
    icdPrimary: "E11.621",
    icdSecondary: ["L97.421"],
    attestationName: "Noa Birch",
    productSlug: "membrane-wrap",
  };
  const staff = { email: "staff@site.example", ip: null };
  // A covered IVR with an order: the order's thread.
  const covered = await submitIvr(db, { practiceId: practice.id, userId: member.id, actor, input: ivrInput({ patientId, providerId: provider.id, facilityId: facility.id }, clinical), files: [] });
  await moveIvr(db, { id: covered.id, to: "in_review", actor: staff });
  await recordVerification(db, { id: covered.id, actor: staff, input: { outcome: "covered", validUntil: addDays(today, 120), deductible: "240", coinsurancePercent: 20 } });
  await makeOrder(db, { practiceId: practice.id, practiceName: talkPractice.name, ivrId: covered.id, patientId, facilityId: facility.id, status: "confirmed", dateOfService: addDays(today, 7), createdBy: member.id });
  // The IVR staff talk about: sent, in review.
  const sent = await submitIvr(db, { practiceId: practice.id, userId: member.id, actor, input: ivrInput({ patientId, providerId: provider.id, facilityId: facility.id }, clinical), files: [] });
  await moveIvr(db, { id: sent.id, to: "in_review", actor: staff });
}
