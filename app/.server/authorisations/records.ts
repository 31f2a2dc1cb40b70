import { and, asc, count, countDistinct, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import { productBySlug } from "~/content/products";
import { endsSoon, endsSoonText, usageText, type AuthorisationUsage, type AuthorisationView } from "~/lib/authorisations";
import { ORDER_COUNTED_STATUSES } from "~/lib/orders";
import type { AuthorisationInput } from "~/lib/schemas/authorisation";
import { audit, type Actor } from "~/.server/audit";
import { open, seal } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { graftApplications, ivrs, orders, orderUnits, priorAuthorisations } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { Refused } from "~/.server/refused";

/**
 * Prior authorisations as records of their own beside the IVR: recording one
 * (a verification that approved it, or staff's own form), correcting it (a
 * new row; the old one dated `replaced_at` and kept as history), counting the
 * applications used against it, and the rule an order must meet.
 */

/** Contexts of the sealed columns: a value copied into another column does not open. */
export const SEALED = {
  number: "prior_authorisations.number",
  trackingNumber: "prior_authorisations.tracking_number",
} as const;

type Row = typeof priorAuthorisations.$inferSelect;

/** An authorisation, opened. */
export type Authorisation = {
  id: string;
  ivrId: string;
  number: string;
  trackingNumber: string | null;
  validFrom: string;
  validTo: string;
  authorisedApplications: number | null;
  /** empty: every product of the IVR */
  productSlugs: string[];
  recordedBy: string | null;
  createdAt: Date;
  replacedAt: Date | null;
};

/** The plain part of an authorisation, what the order rules and the reminders read (nothing sealed). */
export type AuthorisationTerms = Pick<Row, "ivrId" | "validFrom" | "validTo" | "authorisedApplications" | "productSlugs">;

const opened = (r: Row): Authorisation => ({
  id: r.id,
  ivrId: r.ivrId,
  number: open(r.numberSealed, SEALED.number),
  trackingNumber: open(r.trackingNumberSealed, SEALED.trackingNumber),
  validFrom: r.validFrom,
  validTo: r.validTo,
  authorisedApplications: r.authorisedApplications,
  productSlugs: r.productSlugs,
  recordedBy: r.recordedBy,
  createdAt: r.createdAt,
  replacedAt: r.replacedAt,
});

const terms = {
  ivrId: priorAuthorisations.ivrId,
  validFrom: priorAuthorisations.validFrom,
  validTo: priorAuthorisations.validTo,
  authorisedApplications: priorAuthorisations.authorisedApplications,
  productSlugs: priorAuthorisations.productSlugs,
};

/** The current authorisation's terms of each IVR that has one (nothing is opened). */
export async function currentTerms(db: Db, ivrIds: readonly string[]): Promise<Map<string, AuthorisationTerms>> {
  if (ivrIds.length === 0) return new Map();
  const rows = await db
    .select(terms)
    .from(priorAuthorisations)
    .where(and(inArray(priorAuthorisations.ivrId, [...ivrIds]), isNull(priorAuthorisations.replacedAt)));
  return new Map(rows.map((r) => [r.ivrId, r]));
}

/**
 * Applications used of each IVR: its orders that are not cancelled, one
 * application each. An order is one application because its lines are not
 * applications but the sizes that together cover the wound once (the order
 * form offers the covering set of `lib/clinical/graft-sizes.ts`, and the
 * grafts of one order are applied on its one date of service); an order with
 * a 4 × 4 and two 2 × 2 is one application of three grafts. Applications
 * recorded from units of other orders (the practice's stock) count too.
 */
export async function applicationsUsed(db: Db, ivrIds: readonly string[]): Promise<Map<string, number>> {
  if (ivrIds.length === 0) return new Map();
  const fromStock = await applicationsFromStock(db, ivrIds);
  const rows = await db
    .select({ ivrId: orders.ivrId, n: count() })
    .from(orders)
    .where(and(inArray(orders.ivrId, [...ivrIds]), inArray(orders.status, ORDER_COUNTED_STATUSES)))
    .groupBy(orders.ivrId);
  const used = new Map(rows.flatMap((r) => (r.ivrId ? [[r.ivrId, Number(r.n)] as const] : [])));
  for (const [ivrId, n] of fromStock) used.set(ivrId, (used.get(ivrId) ?? 0) + n);
  return used;
}

/**
 * Applications of each IVR recorded from units that did not come from one of
 * its own orders, one per day applied (grafts applied on one visit are one
 * application). Units of the IVR's own orders are already counted: each order
 * is one application.
 */
async function applicationsFromStock(db: Db, ivrIds: readonly string[]): Promise<Map<string, number>> {
  if (ivrIds.length === 0) return new Map();
  const rows = await db
    .select({ ivrId: graftApplications.ivrId, n: countDistinct(graftApplications.appliedOn) })
    .from(graftApplications)
    .innerJoin(orderUnits, eq(orderUnits.id, graftApplications.unitId))
    .innerJoin(orders, eq(orders.id, orderUnits.orderId))
    .where(and(inArray(graftApplications.ivrId, [...ivrIds]), ne(orders.ivrId, graftApplications.ivrId)))
    .groupBy(graftApplications.ivrId);
  return new Map(rows.map((r) => [r.ivrId, Number(r.n)]));
}


const usageOf = (t: AuthorisationTerms, used: number): AuthorisationUsage => ({
  used,
  authorised: t.authorisedApplications,
  validFrom: t.validFrom,
  validTo: t.validTo,
});

/** Each IVR's current authorisation and the applications used against it (IVRs without one are left out). */
export async function usageByIvr(db: Db, ivrIds: readonly string[]): Promise<Map<string, AuthorisationUsage>> {
  const current = await currentTerms(db, ivrIds);
  if (current.size === 0) return new Map();
  const used = await applicationsUsed(db, [...current.keys()]);
  return new Map([...current].map(([ivrId, t]) => [ivrId, usageOf(t, used.get(ivrId) ?? 0)]));
}

/** The IVR's current authorisation: applications used and authorised, and its window; null when it has none. */
export async function authorisationUsage(db: Db, ivrId: string): Promise<AuthorisationUsage | null> {
  return (await usageByIvr(db, [ivrId])).get(ivrId) ?? null;
}

/** What a board row shows of its IVR's authorisation: the usage in words, and the mark when it ends soon with applications left. */
export type BoardAuthorisation = { usage: string; endsSoon: string | null };

export function boardAuthorisation(usage: AuthorisationUsage, today: string): BoardAuthorisation {
  return { usage: usageText(usage), endsSoon: endsSoon(usage, today) ? endsSoonText(usage.validTo) : null };
}

/** The board's words for each IVR of a page that has an authorisation (two reads for the page, nothing opened). */
export async function boardAuthorisations(db: Db, ivrIds: readonly string[], today: string): Promise<Map<string, BoardAuthorisation>> {
  const usage = await usageByIvr(db, ivrIds);
  return new Map([...usage].map(([id, u]) => [id, boardAuthorisation(u, today)]));
}

/** Every authorisation of the IVR, opened: the current one first, then the ones it replaced, newest first. */
export async function authorisationsOfIvr(db: Db, ivrId: string): Promise<Authorisation[]> {
  const rows = await db
    .select()
    .from(priorAuthorisations)
    .where(eq(priorAuthorisations.ivrId, ivrId))
    .orderBy(asc(priorAuthorisations.replacedAt), desc(priorAuthorisations.createdAt));
  // Nulls sort last ascending in PostgreSQL: the current one is put first here.
  return [...rows.filter((r) => r.replacedAt === null), ...rows.filter((r) => r.replacedAt !== null)].map(opened);
}

/** An authorisation as a page shows it, in words (the pages' type too: ~/lib/authorisations). */
export type { AuthorisationView };

const productNames = (slugs: readonly string[]) => (slugs.length === 0 ? "Every product of the IVR" : slugs.map((s) => productBySlug(s)?.name ?? s).join(", "));

/**
 * The IVR's authorisations for its page (the caller's read of the IVR is the
 * audited one): the current one first with its usage, then the ones it
 * replaced. Empty when it has none.
 */
export async function authorisationViews(db: Db, ivrId: string, today: string): Promise<AuthorisationView[]> {
  const [all, usage] = await Promise.all([authorisationsOfIvr(db, ivrId), authorisationUsage(db, ivrId)]);
  return all.map((a) => {
    const current = a.replacedAt === null && usage ? boardAuthorisation(usage, today) : null;
    return {
      number: a.number,
      trackingNumber: a.trackingNumber,
      validFrom: a.validFrom,
      validTo: a.validTo,
      authorisedApplications: a.authorisedApplications,
      usage: current?.usage ?? null,
      endsSoon: current?.endsSoon ?? null,
      products: productNames(a.productSlugs),
      productSlugs: a.productSlugs,
      recordedBy: a.recordedBy,
      createdAt: a.createdAt,
      replacedAt: a.replacedAt,
    };
  });
}

/** An authorisation staff cannot record as typed: the message, and the control it belongs beside. */
export class AuthorisationRecordRefused extends Refused {
  constructor(message: string, field: string | null = null) {
    super(message, field, field ? 400 : 404);
    this.name = "AuthorisationRecordRefused";
  }
}

/** What an authorisation is recorded with: staff's form always gives a count; a verification may not. */
export type AuthorisationValues = Omit<AuthorisationInput, "authorisedApplications"> & { authorisedApplications: number | null };

/**
 * Records the IVR's authorisation, in one transaction: the current one (if
 * any) is dated replaced and the new one written, numbers sealed, with an
 * audit row (`ivr.authorisation`). The IVR is locked while it happens, so two
 * corrections at once follow each other. Throws AuthorisationRecordRefused
 * for an IVR that does not exist or a product not in the catalogue.
 */
export async function recordAuthorisation(db: Db, { ivrId, actor, input }: { ivrId: string; actor: Actor; input: AuthorisationValues }): Promise<Authorisation> {
  for (const slug of input.productSlugs) if (!productBySlug(slug)) throw new AuthorisationRecordRefused(`${slug} is not a product of the catalogue.`, "products");
  if (input.validTo <= input.validFrom) throw new AuthorisationRecordRefused("The authorisation ends after it starts", "validTo");
  return inTransaction(db, async (tx) => {
    const [ivr] = await tx.select({ id: ivrs.id, patientId: ivrs.patientId }).from(ivrs).where(eq(ivrs.id, ivrId)).for("update");
    if (!ivr) throw new AuthorisationRecordRefused("This IVR does not exist.");
    const [replaced] = await tx
      .update(priorAuthorisations)
      .set({ replacedAt: new Date() })
      .where(and(eq(priorAuthorisations.ivrId, ivrId), isNull(priorAuthorisations.replacedAt)))
      .returning({ id: priorAuthorisations.id });
    const [row] = await tx
      .insert(priorAuthorisations)
      .values({
        ivrId,
        numberSealed: seal(input.number, SEALED.number),
        trackingNumberSealed: seal(input.trackingNumber, SEALED.trackingNumber),
        validFrom: input.validFrom,
        validTo: input.validTo,
        authorisedApplications: input.authorisedApplications,
        productSlugs: [...input.productSlugs],
        recordedBy: actor.email,
      })
      .returning();
    await audit(tx, {
      actorEmail: actor.email,
      action: "ivr.authorisation",
      target: ivrId,
      ip: actor.ip,
      // Plain terms only: the numbers are the payer's and stay sealed.
      detail: `${replaced ? "corrected" : "recorded"}: ${input.validFrom} to ${input.validTo}, ${input.authorisedApplications ?? "no count of"} applications`,
      patientId: ivr.patientId,
    });
    return opened(row!);
  });
}

/**
 * A verification approved a prior authorisation: its number, window and
 * applications become the IVR's current authorisation, in the verification's
 * transaction. The same number again keeps what staff added to it (the
 * tracking number, the products); another number starts afresh.
 */
export async function authoriseFromVerification(
  tx: Db,
  { ivrId, actor, number, validFrom, validTo, authorisedApplications }: { ivrId: string; actor: Actor; number: string; validFrom: string; validTo: string; authorisedApplications: number | null },
): Promise<Authorisation> {
  const [current] = await tx
    .select()
    .from(priorAuthorisations)
    .where(and(eq(priorAuthorisations.ivrId, ivrId), isNull(priorAuthorisations.replacedAt)));
  const same = current && open(current.numberSealed, SEALED.number) === number ? current : null;
  return recordAuthorisation(tx, {
    ivrId,
    actor,
    input: {
      number,
      trackingNumber: same ? open(same.trackingNumberSealed, SEALED.trackingNumber) : null,
      validFrom,
      validTo,
      authorisedApplications,
      productSlugs: same ? same.productSlugs : [],
    },
  });
}

// ---------------------------------------------------------------------------
// The rule an order meets

/** An order the IVR's authorisation does not allow: the message, and the order form's control it belongs beside. */
export class AuthorisationRefused extends Refused {
  constructor(message: string, field: string | null = null) {
    super(message, field);
    this.name = "AuthorisationRefused";
  }
}

/**
 * Why an order is outside the IVR's authorisation, or null: it would be
 * one application more than authorised (`used` are the applications already
 * ordered; this order is the next), its date of service is outside the
 * window or the window has ended (`today` after it), or the product is not
 * among those it covers. Ordering before the window opens is allowed: what
 * must fall inside it is the day the grafts are applied. Without a date of
 * service (the list of what can be ordered) only today, the count and the
 * product are judged.
 */
export function authorisationRefusal(
  auth: AuthorisationTerms,
  { used, dateOfService, today, productSlug }: { used: number; dateOfService?: string; today: string; productSlug: string | null },
): AuthorisationRefused | null {
  const window = `The authorisation is valid from ${auth.validFrom} to ${auth.validTo}.`;
  if (today > auth.validTo) return new AuthorisationRefused(window, "ivrId");
  if (dateOfService && (dateOfService < auth.validFrom || dateOfService > auth.validTo)) return new AuthorisationRefused(window, "dateOfService");
  if (auth.productSlugs.length > 0 && !(productSlug && auth.productSlugs.includes(productSlug))) {
    const name = productBySlug(productSlug ?? "")?.name ?? productSlug ?? "this product";
    return new AuthorisationRefused(`The authorisation does not cover ${name}: ask the payer to add it before ordering.`, "productSlug");
  }
  if (auth.authorisedApplications !== null && used + 1 > auth.authorisedApplications)
    return new AuthorisationRefused(
      `This order would be application ${used + 1} of ${auth.authorisedApplications} authorised: ask the payer for more before ordering.`,
      "ivrId",
    );
  return null;
}
