// Birch Brand Clinic and its partner, for the branding's browser test: the
// practice admin brands the practice, a clinician sees it, and the partner
// who brought the practice brands their referral page.
import { upsertUser } from "~/.server/accounts/accounts";
import type { Db } from "~/.server/db/client";
import { partnerPractices, partners } from "~/.server/db/schema";
import { findOrCreatePractice } from "~/.server/practices";
import { makeMember } from "../../support/factories";

export const brandPractice = {
  name: "Birch Brand Clinic",
  admin: { email: "admin@birch.example", password: "birch admin password", role: "member" as const, practiceRole: "admin" as const },
  clinician: { email: "clinician@birch.example", password: "birch clinician password", role: "member" as const, practiceRole: "clinician" as const },
};

export const brandPartner = {
  account: { email: "rep@harbor.example", password: "harbor partner password", role: "partner" as const },
  name: "Harbor Health Partners",
  code: "HARBOR24",
};

export async function seedBranding(db: Db) {
  const { practice, created } = await findOrCreatePractice(db, brandPractice.name);
  if (!created) return;
  for (const member of [brandPractice.admin, brandPractice.clinician]) await makeMember(db, { ...member, practiceId: practice.id });
  // A partner signs in with a password alone (no second factor is asked of the role).
  const { user } = await upsertUser(db, brandPartner.account);
  const [partner] = await db.insert(partners).values({ userId: user.id, name: brandPartner.name, code: brandPartner.code }).returning({ id: partners.id });
  await db.insert(partnerPractices).values({ practiceId: practice.id, partnerId: partner!.id, assignedBy: "seed" });
}
