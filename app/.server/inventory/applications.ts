/**
 * Applications: a unit of the practice's stock applied to a patient at a
 * visit, under the patient's covered IVR. Recording one uses the unit up,
 * counts against the IVR's authorised applications, and keeps the
 * claim-ready line the practice's billing staff copy. The wound, the reason
 * for any discard and the claim line are sealed: they describe the patient.
 */
import { and, asc, desc, eq, gte, inArray } from "drizzle-orm";
import { productBySlug } from "~/content/products";
import { applicationAreaIssues, claimLine, type ClaimLine } from "~/lib/clinical/claim-line";
import { sizeArea, sizeLabel } from "~/lib/clinical/graft-sizes";
import type { WoundLocation } from "~/lib/clinical/wound";
import { IVR_ORDERABLE_STATUSES, IVR_STATUS_LABELS, ivrReference, PAYER_TYPES, type PayerType } from "~/lib/ivr";
import { applicationReference, recallReference } from "~/lib/inventory/units";
import type { ApplicationInput } from "~/lib/schemas/graft-application";
import { audit, type Actor } from "~/.server/audit";
import { applicationsUsed, authorisationRefusal, currentTerms } from "~/.server/authorisations";
import { openJson, open, seal, sealJson } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { facilities, graftApplications, ivrs, orders, orderUnits, recalls } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { sizeOfMm } from "~/.server/orders/orders";
import { primaryPayerType } from "~/.server/patients/patients";
import { findStockUnit, StockRefused } from "./stock";

export const APPLICATION_SEALED = {
  wound: "graft_applications.wound",
  discardReason: "graft_applications.discard_reason",
  claim: "graft_applications.claim",
} as const;

type Wound = { lengthCm: number; widthCm: number; location: WoundLocation };

const isPayerType = (value: string | null): value is PayerType => PAYER_TYPES.some((p) => p.value === value);

/**
 * Records an application, in one transaction: the unit must be on the
 * practice's shelf and fit to apply that day (not used, not held by a
 * recall, not expired), the IVR the patient's and covered for that day and
 * product, inside its authorisation, and the areas must add up to the unit.
 * Each refusal sits beside the control it is about.
 */
export async function recordApplication(
  db: Db,
  { practiceId, actor, input, today }: { practiceId: string; actor: Actor; input: ApplicationInput; today: string },
): Promise<{ id: string; reference: string }> {
  const found = await findStockUnit(db, { practiceId, scan: input.unit });
  if ("error" in found) throw new StockRefused(found.error, "unit");
  return inTransaction(db, async (tx) => {
    const [unit] = await tx.select().from(orderUnits).where(eq(orderUnits.id, found.unit.id)).for("update");
    if (!unit) throw new StockRefused("This unit is not in your practice's stock", "unit");
    if (unit.disposition !== null) throw new StockRefused(`Unit ${unit.tissueId} is already recorded as ${unit.disposition}: scan another.`, "unit");
    if (unit.stockedAt === null) throw new StockRefused(`Unit ${unit.tissueId} is not in stock yet: confirm its order's receipt first.`, "unit");
    if (unit.recallId !== null) {
      const [recall] = await tx.select({ number: recalls.number }).from(recalls).where(eq(recalls.id, unit.recallId));
      throw new StockRefused(`Unit ${unit.tissueId} is held by recall ${recallReference(recall?.number ?? 0)}: it cannot be applied.`, "unit");
    }
    if (unit.expiresOn !== null && unit.expiresOn < input.appliedOn)
      throw new StockRefused(`Unit ${unit.tissueId} expired on ${unit.expiresOn}: it cannot be applied.`, "unit");

    const [ivr] = await tx.select().from(ivrs).where(and(eq(ivrs.id, input.ivrId.toLowerCase()), eq(ivrs.practiceId, practiceId)));
    if (!ivr || ivr.number === null || !ivr.patientId) throw new StockRefused("Choose one of your practice's covered IVRs", "ivrId");
    const reference = ivrReference(ivr.number);
    if (!(IVR_ORDERABLE_STATUSES as readonly string[]).includes(ivr.status))
      throw new StockRefused(`${reference} is ${IVR_STATUS_LABELS[ivr.status]}: only a covered or prior-auth-approved IVR allows an application.`, "ivrId");
    if (!ivr.validUntil || ivr.validUntil < input.appliedOn)
      throw new StockRefused(`${reference} was valid until ${ivr.validUntil ?? "its verification"}: it does not cover ${input.appliedOn}.`, "ivrId");
    if (ivr.productSlug !== unit.productSlug) {
      const verified = productBySlug(ivr.productSlug)?.name ?? "another product";
      const scanned = productBySlug(unit.productSlug)?.name ?? unit.productSlug;
      throw new StockRefused(`${reference} verified ${verified}; this unit is ${scanned}.`, "unit");
    }
    const [order] = await tx.select({ ivrId: orders.ivrId }).from(orders).where(eq(orders.id, unit.orderId));
    const auth = (await currentTerms(tx, [ivr.id])).get(ivr.id);
    if (auth) {
      const ownOrder = order?.ivrId === ivr.id;
      const used = (await applicationsUsed(tx, [ivr.id])).get(ivr.id) ?? 0;
      // A unit of the IVR's own order is the application that order already counted.
      const refusal = authorisationRefusal(auth, { used: ownOrder ? used - 1 : used, dateOfService: input.appliedOn, today, productSlug: unit.productSlug });
      if (refusal) throw new StockRefused(refusal.message.replace("This order would be", "This would be").replace("before ordering", "before applying"), refusal.field === "dateOfService" ? "appliedOn" : "ivrId");
    }

    const size = sizeOfMm(unit.lengthMm, unit.widthMm);
    const unitAreaCm2 = sizeArea(size);
    const areaIssue = applicationAreaIssues({ unitAreaCm2, appliedCm2: input.appliedCm2, discardedCm2: input.discardedCm2, discardReason: input.discardReason })[0];
    if (areaIssue) throw new StockRefused(areaIssue.message, areaIssue.field);

    const product = productBySlug(unit.productSlug);
    if (!product) throw new StockRefused("This unit's product is no longer in the catalogue: call us.", "unit");
    const payerType = await primaryPayerType(tx, ivr.patientId);
    const claim = claimLine({
      dateOfService: input.appliedOn,
      location: input.location,
      woundAreaCm2: Math.round(input.lengthCm * input.widthCm * 100) / 100,
      unitAreaCm2,
      appliedCm2: input.appliedCm2,
      discardedCm2: input.discardedCm2,
      product,
      payerType: isPayerType(payerType) ? payerType : null,
    });
    const wound: Wound = { lengthCm: input.lengthCm, widthCm: input.widthCm, location: input.location };
    const [row] = await tx
      .insert(graftApplications)
      .values({
        practiceId,
        unitId: unit.id,
        ivrId: ivr.id,
        patientId: ivr.patientId,
        appliedOn: input.appliedOn,
        woundSealed: sealJson(wound, APPLICATION_SEALED.wound),
        appliedHundredths: Math.round(input.appliedCm2 * 100),
        discardedHundredths: Math.round(input.discardedCm2 * 100),
        discardReasonSealed: seal(input.discardReason || null, APPLICATION_SEALED.discardReason),
        claimSealed: sealJson(claim, APPLICATION_SEALED.claim),
        signerName: input.signerName,
        createdBy: null,
      })
      .returning({ id: graftApplications.id, number: graftApplications.number });
    await tx.update(orderUnits).set({ disposition: "applied", disposedOn: input.appliedOn, disposedBy: actor.email }).where(eq(orderUnits.id, unit.id));
    await audit(tx, { actorEmail: actor.email, action: "application.record", target: row!.id, ip: actor.ip, detail: `${unit.tissueId} under ${reference}` });
    return { id: row!.id, reference: applicationReference(row!.number) };
  });
}

export type ApplicationRecord = {
  id: string;
  reference: string;
  ivr: { id: string; reference: string };
  patientId: string;
  /** The facility the unit was shipped to and kept at, by name. */
  facility: string;
  appliedOn: string;
  unit: { tissueId: string; lot: string | null; expiresOn: string | null; product: string; hcpcs: string; size: string; areaCm2: number };
  wound: Wound & { areaCm2: number };
  appliedCm2: number;
  discardedCm2: number;
  discardReason: string | null;
  claim: ClaimLine;
  signerName: string;
  recordedBy: string | null;
  recordedAt: Date;
};

/** One application of the practice, opened for its page and its PDF; null when not the practice's. */
export async function getApplication(db: Db, { id, practiceId }: { id: string; practiceId: string }): Promise<ApplicationRecord | null> {
  const [row] = await db
    .select({ a: graftApplications, unit: orderUnits, ivrNumber: ivrs.number, facility: facilities.name })
    .from(graftApplications)
    .innerJoin(orderUnits, eq(orderUnits.id, graftApplications.unitId))
    .innerJoin(ivrs, eq(ivrs.id, graftApplications.ivrId))
    .innerJoin(facilities, eq(facilities.id, orderUnits.facilityId))
    .where(and(eq(graftApplications.id, id), eq(graftApplications.practiceId, practiceId)));
  if (!row) return null;
  const size = sizeOfMm(row.unit.lengthMm, row.unit.widthMm);
  const product = productBySlug(row.unit.productSlug);
  const wound = openJson<Wound>(row.a.woundSealed, APPLICATION_SEALED.wound);
  return {
    id: row.a.id,
    reference: applicationReference(row.a.number),
    ivr: { id: row.a.ivrId, reference: ivrReference(row.ivrNumber) },
    patientId: row.a.patientId,
    facility: row.facility,
    appliedOn: row.a.appliedOn,
    unit: {
      tissueId: row.unit.tissueId,
      lot: row.unit.lot,
      expiresOn: row.unit.expiresOn,
      product: product?.name ?? row.unit.productSlug,
      hcpcs: product?.hcpcs ?? "",
      size: sizeLabel(size),
      areaCm2: sizeArea(size),
    },
    wound: { ...wound, areaCm2: Math.round(wound.lengthCm * wound.widthCm * 100) / 100 },
    appliedCm2: row.a.appliedHundredths / 100,
    discardedCm2: row.a.discardedHundredths / 100,
    discardReason: open(row.a.discardReasonSealed, APPLICATION_SEALED.discardReason),
    claim: openJson<ClaimLine>(row.a.claimSealed, APPLICATION_SEALED.claim),
    signerName: row.a.signerName,
    recordedBy: row.unit.disposedBy,
    recordedAt: row.a.createdAt,
  };
}

/** The applications of an IVR, oldest first, for its page: reference, day, unit and areas (nothing sealed is opened). */
export async function applicationsOfIvr(db: Db, { ivrId, practiceId }: { ivrId: string; practiceId: string }) {
  const rows = await db
    .select({
      id: graftApplications.id,
      number: graftApplications.number,
      appliedOn: graftApplications.appliedOn,
      tissueId: orderUnits.tissueId,
      applied: graftApplications.appliedHundredths,
      discarded: graftApplications.discardedHundredths,
    })
    .from(graftApplications)
    .innerJoin(orderUnits, eq(orderUnits.id, graftApplications.unitId))
    .where(and(eq(graftApplications.ivrId, ivrId), eq(graftApplications.practiceId, practiceId)))
    .orderBy(asc(graftApplications.appliedOn), asc(graftApplications.number));
  return rows.map((r) => ({ id: r.id, reference: applicationReference(r.number), appliedOn: r.appliedOn, tissueId: r.tissueId, appliedCm2: r.applied / 100, discardedCm2: r.discarded / 100 }));
}

/** The practice's covered IVRs still valid on `since` (a visit recorded late may be a few days back), newest first. */
export async function applicableIvrs(db: Db, { practiceId, since }: { practiceId: string; since: string }) {
  return db
    .select({ id: ivrs.id, number: ivrs.number, productSlug: ivrs.productSlug, patientId: ivrs.patientId, validUntil: ivrs.validUntil })
    .from(ivrs)
    .where(and(eq(ivrs.practiceId, practiceId), inArray(ivrs.status, [...IVR_ORDERABLE_STATUSES]), gte(ivrs.validUntil, since)))
    .orderBy(desc(ivrs.number))
    .limit(200);
}
