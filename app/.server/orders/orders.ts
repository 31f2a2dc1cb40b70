import { and, asc, countDistinct, desc, eq, gte, inArray, notInArray, sql, sum } from "drizzle-orm";
import { isOrderableBySize, productBySlug } from "~/content/products";
import { formatCm2 } from "~/lib/format";
import { coveringSet, overOrderWarning, parseSizeKey, sizeArea, sizeKey, sizeLabel, totalArea, type GraftSize, type SizeLine } from "~/lib/clinical/graft-sizes";
import { IVR_ORDERABLE_STATUSES, IVR_STATUS_LABELS, ivrReference } from "~/lib/ivr";
import {
  ORDER_COUNTED_STATUSES,
  ORDER_HIDDEN_FROM_STAFF,
  ORDER_STATUS_LABELS,
  invoiceBalance,
  invoiceReference,
  invoiceState,
  orderReference,
  trackingUrl,
  type InvoiceState,
  type OrderStatus,
} from "~/lib/orders";
import type { OrderInput } from "~/lib/schemas/order";
import { OVER_ORDER_REASON_MISSING } from "~/lib/schemas/order-fields";
import { shippingRefusal } from "~/lib/shipping";
import type { Actor } from "~/.server/audit";
import { open, seal } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { encodeCursor, exactTime, keysetPage, type Cursor, type Direction, type KeysetPage } from "~/.server/db/keyset";
import {
  facilities,
  invoiceLines,
  invoicePayments,
  invoices,
  ivrFollowers,
  ivrs,
  orderHistory,
  orderLines,
  orders,
  orderUnits,
  practices,
  type ShipToSnapshot,
} from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { siteConfig } from "~/.server/env";
import { getPatient, initialsByPatient } from "~/.server/patients";
import { checkBeforeOrder } from "~/.server/ivr/eligibility";
import { approvalColumns, approvalReason, askForApproval, orderEstimateCents } from "./approvals";
import { notifyCompany, openOrder, transitionOrder, type OrderRow } from "./lifecycle";
import { SEALED } from "./sealed";
import { Refused } from "~/.server/refused";
import { authorisationRefusal, currentTerms, type AuthorisationTerms } from "~/.server/authorisations";

/**
 * Orders, the member's side: what can be ordered (a verified IVR of the
 * practice), placing an order under the rules below, reading it, and
 * cancelling it while it is submitted. Every query carries the practice.
 */

/** A shipped unit as the order's pages show it: its identifier, lot and expiry, and whether the practice's receipt found it. */
export type OrderUnitView = { position: number; tissueId: string; lot: string | null; expiresOn: string | null; received: boolean };

/** What a stock order shows where a patient's order shows its IVR. */
export const STOCK_ORDER_LABEL = "Stock reorder";

/** An order that breaks a rule: the message, and the form control it belongs beside (null: the whole order). */
export class OrderRefused extends Refused {
  constructor(message: string, field: string | null = null) {
    super(message, field);
    this.name = "OrderRefused";
  }
}

export const mmOf = (cm: number) => Math.round(cm * 10);
export const sizeOfMm = (lengthMm: number, widthMm: number): GraftSize => ({ lengthCm: lengthMm / 10, widthCm: widthMm / 10 });

// ---------------------------------------------------------------------------
// What can be ordered

export type OrderableIvr = {
  id: string;
  reference: string;
  status: string;
  statusLabel: string;
  patientId: string;
  initials: string;
  productSlug: string;
  product: string;
  hcpcs: string | null;
  /** the product's sizes; empty when it is ordered by request only */
  sizes: GraftSize[];
  areaCm2: number | null;
  dateOfService: string | null;
  facilityId: string | null;
  validUntil: string;
  /** the prior authorization's window, when one applies */
  priorAuthFrom: string | null;
  priorAuthTo: string | null;
  authorisedApplications: number | null;
  ordered: number;
  /** grafts the IVR authorises in all (null: not limited), and grafts ordered so far */
  graftsAuthorised: number | null;
  graftsOrdered: number;
  /** why it cannot be ordered now, or null */
  blockedBy: string | null;
};

type IvrForOrder = typeof ivrs.$inferSelect;

type Ordered = { orders: number; grafts: number };

/** How many orders (not cancelled) each IVR already has, and how many grafts they hold. */
async function orderedOf(db: Db, ivrIds: readonly string[]): Promise<Map<string, Ordered>> {
  if (ivrIds.length === 0) return new Map();
  const rows = await db
    .select({ ivrId: orders.ivrId, orders: countDistinct(orders.id), grafts: sum(orderLines.quantity) })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(inArray(orders.ivrId, [...ivrIds]), inArray(orders.status, ORDER_COUNTED_STATUSES)))
    .groupBy(orders.ivrId);
  return new Map(rows.flatMap((r) => (r.ivrId ? [[r.ivrId, { orders: r.orders, grafts: Number(r.grafts ?? 0) }] as const] : [])));
}

const NOTHING_ORDERED: Ordered = { orders: 0, grafts: 0 };

/**
 * The grafts an IVR authorises: each authorised application takes the
 * grafts that cover its verified wound (the least-area set of the product's
 * sizes, at least one), so the IVR authorises that many times its
 * applications. Null when its applications are not limited.
 */
export function graftAllowance(ivr: Pick<IvrForOrder, "authorisedApplications" | "areaHundredths" | "productSlug">): { perApplication: number; total: number } | null {
  if (ivr.authorisedApplications === null) return null;
  const sizes = productBySlug(ivr.productSlug)?.sizes ?? [];
  const set = ivr.areaHundredths === null ? [] : coveringSet(sizes, ivr.areaHundredths / 100);
  const perApplication = Math.max(1, set.reduce((n, l) => n + l.quantity, 0));
  return { perApplication, total: perApplication * ivr.authorisedApplications };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The IVR as the order rules read it: with a current authorisation (a record
 * of its own, which staff may have corrected since the verification), its
 * window and its count replace the verification's.
 */
function withAuthorisation(ivr: IvrForOrder, auth: AuthorisationTerms | undefined): IvrForOrder {
  return auth ? { ...ivr, authorisedApplications: auth.authorisedApplications, priorAuthFrom: auth.validFrom, priorAuthTo: auth.validTo } : ivr;
}

/**
 * Why this IVR cannot be ordered from for `dateOfService` (or today), or null
 * when it can. With an authorisation record, its rule (`authorisationRefusal`)
 * judges the window, the product and the applications instead of the IVR's
 * own prior-auth columns.
 */
function refusalOf(
  ivr: IvrForOrder,
  ordered: Ordered,
  auth: AuthorisationTerms | undefined,
  { dateOfService, today }: { dateOfService?: string; today: string },
): Refused | null {
  const reference = ivrReference(ivr.number);
  if (!(IVR_ORDERABLE_STATUSES as readonly string[]).includes(ivr.status))
    return new OrderRefused(`${reference} is ${IVR_STATUS_LABELS[ivr.status]}: only a covered or prior-auth-approved IVR can be ordered from.`, "ivrId");
  if (!ivr.validUntil || ivr.validUntil < today)
    return new OrderRefused(`${reference} was valid until ${ivr.validUntil ?? "its verification"}: start a re-verification before ordering.`, "ivrId");
  if (!auth && ivr.priorAuthTo && ivr.priorAuthTo < today)
    return new OrderRefused(`${reference}'s prior authorization ended on ${ivr.priorAuthTo}: ask us to verify again before ordering.`, "ivrId");
  if (dateOfService && ivr.validUntil < dateOfService)
    return new OrderRefused(`${reference} is valid until ${ivr.validUntil}: choose a date of service on or before it, or start a re-verification.`, "dateOfService");
  if (!auth && dateOfService && ivr.priorAuthFrom && ivr.priorAuthTo && (dateOfService < ivr.priorAuthFrom || dateOfService > ivr.priorAuthTo))
    return new OrderRefused(
      `${reference}'s prior authorization runs from ${ivr.priorAuthFrom} to ${ivr.priorAuthTo}: choose a date of service inside it.`,
      "dateOfService",
    );
  const product = productBySlug(ivr.productSlug);
  if (!product) return new OrderRefused(`${reference} names no product we supply.`, "ivrId");
  if (!isOrderableBySize(product)) {
    const site = siteConfig();
    return new OrderRefused(`${product.name} is ordered by request: call us at ${site.phone} or mail ${site.email} with ${reference}.`, "ivrId");
  }
  if (auth) {
    const outside = authorisationRefusal(auth, { used: ordered.orders, dateOfService, today, productSlug: ivr.productSlug });
    if (outside) return outside;
  } else if (ivr.authorisedApplications !== null && ordered.orders >= ivr.authorisedApplications)
    return new OrderRefused(
      `${reference} authorised ${plural(ivr.authorisedApplications, "application")} and ${ordered.orders} ${ordered.orders === 1 ? "is" : "are"} ordered: ask us to verify more before ordering again.`,
      "ivrId",
    );
  const allowance = graftAllowance(withAuthorisation(ivr, auth));
  if (allowance && ordered.grafts >= allowance.total)
    return new OrderRefused(`${reference} authorised ${plural(allowance.total, "graft")} and all are ordered: ask us to verify more before ordering again.`, "ivrId");
  return null;
}

/** Why an order of `pieces` grafts is more than the IVR authorises, or null. */
function graftRefusal(ivr: IvrForOrder, ordered: Ordered, pieces: number): OrderRefused | null {
  const allowance = graftAllowance(ivr);
  if (!allowance || ordered.grafts + pieces <= allowance.total) return null;
  const reference = ivrReference(ivr.number);
  const wound = ivr.areaHundredths === null ? "its wound" : `its ${formatCm2(ivr.areaHundredths / 100)} wound`;
  return new OrderRefused(
    `${reference} authorises ${plural(ivr.authorisedApplications!, "application")} of ${plural(allowance.perApplication, "graft")} (the set that covers ${wound}), ` +
      `${allowance.total} in all, and ${ordered.grafts} ${ordered.grafts === 1 ? "is" : "are"} ordered: this order may have ${allowance.total - ordered.grafts} at most, not ${pieces}.`,
    "lines",
  );
}

function orderableOf(row: IvrForOrder, ordered: Ordered, auth: AuthorisationTerms | undefined, initials: string, today: string): OrderableIvr {
  const ivr = withAuthorisation(row, auth);
  const product = productBySlug(ivr.productSlug);
  return {
    id: ivr.id,
    reference: ivrReference(ivr.number),
    status: ivr.status,
    statusLabel: IVR_STATUS_LABELS[ivr.status],
    patientId: ivr.patientId ?? "",
    initials,
    productSlug: ivr.productSlug ?? "",
    product: product?.name ?? ivr.productSlug ?? "",
    hcpcs: product?.hcpcs ?? null,
    sizes: product ? [...product.sizes] : [],
    areaCm2: ivr.areaHundredths === null ? null : ivr.areaHundredths / 100,
    dateOfService: ivr.dateOfService,
    facilityId: ivr.facilityId,
    validUntil: ivr.validUntil ?? "",
    priorAuthFrom: ivr.priorAuthFrom,
    priorAuthTo: ivr.priorAuthTo,
    authorisedApplications: ivr.authorisedApplications,
    ordered: ordered.orders,
    graftsAuthorised: graftAllowance(ivr)?.total ?? null,
    graftsOrdered: ordered.grafts,
    blockedBy: refusalOf(row, ordered, auth, { today })?.message ?? null,
  };
}

/** The ORDER FORM tab's IVRs per page. */
export const ORDERABLE_PAGE_SIZE = 50;

/**
 * One page of the practice's IVRs that are covered or approved and still
 * valid today, soonest to expire first (then by number): `at` is the cursor
 * of the page's URL, null for the first page.
 */
export async function orderableIvrs(
  db: Db,
  practiceId: string,
  today: string,
  { at = null, size = ORDERABLE_PAGE_SIZE }: { at?: { direction: Direction; cursor: Cursor } | null; size?: number } = {},
): Promise<KeysetPage<OrderableIvr>> {
  const page = await keysetPage(
    at,
    size,
    (direction, cursor, limit) => {
      const where = [eq(ivrs.practiceId, practiceId), inArray(ivrs.status, [...IVR_ORDERABLE_STATUSES]), gte(ivrs.validUntil, today)];
      if (cursor) {
        where.push(
          direction === "after"
            ? sql`(${ivrs.validUntil}, ${ivrs.number}) > (${cursor.key}::date, ${Number(cursor.id)})`
            : sql`(${ivrs.validUntil}, ${ivrs.number}) < (${cursor.key}::date, ${Number(cursor.id)})`,
        );
      }
      return db
        .select()
        .from(ivrs)
        .where(and(...where))
        .orderBy(...(direction === "after" ? [asc(ivrs.validUntil), asc(ivrs.number)] : [desc(ivrs.validUntil), desc(ivrs.number)]))
        .limit(limit);
    },
    (row) => encodeCursor(row.validUntil ?? today, row.number ?? 0),
  );
  const rows = page.rows;
  const [counts, auths, initials] = await Promise.all([
    orderedOf(
      db,
      rows.map((r) => r.id),
    ),
    currentTerms(
      db,
      rows.map((r) => r.id),
    ),
    initialsByPatient(
      db,
      rows.map((r) => r.patientId).filter((id): id is string => Boolean(id)),
    ),
  ]);
  return { ...page, rows: rows.map((r) => orderableOf(r, counts.get(r.id) ?? NOTHING_ORDERED, auths.get(r.id), (r.patientId && initials.get(r.patientId)) || "", today)) };
}

/** One IVR of the practice as the order list shows it (blocked or not), whatever its status; null when not the practice's or a draft. */
export async function orderableIvr(db: Db, { practiceId, ivrId, today }: { practiceId: string; ivrId: string; today: string }): Promise<OrderableIvr | null> {
  const [row] = await db
    .select()
    .from(ivrs)
    .where(and(eq(ivrs.id, ivrId), eq(ivrs.practiceId, practiceId)));
  if (!row || row.status === "draft") return null;
  const [counts, auths, initials] = await Promise.all([orderedOf(db, [row.id]), currentTerms(db, [row.id]), initialsByPatient(db, row.patientId ? [row.patientId] : [])]);
  return orderableOf(row, counts.get(row.id) ?? NOTHING_ORDERED, auths.get(row.id), (row.patientId && initials.get(row.patientId)) || "", today);
}

/** One IVR of the practice for the order form, with the patient's name and the practice's facilities; null when not the practice's. */
export async function orderFormContext(db: Db, { practiceId, ivrId, today }: { practiceId: string; ivrId: string; today: string }) {
  const [row] = await db
    .select()
    .from(ivrs)
    .where(and(eq(ivrs.id, ivrId), eq(ivrs.practiceId, practiceId)));
  if (!row || row.status === "draft") return null;
  const [counts, auths, patient, facilityRows] = await Promise.all([
    orderedOf(db, [row.id]),
    currentTerms(db, [row.id]),
    row.patientId ? getPatient(db, practiceId, row.patientId) : null,
    db.select().from(facilities).where(eq(facilities.practiceId, practiceId)).orderBy(asc(facilities.name)),
  ]);
  const initials = patient ? `${patient.firstName[0] ?? ""}.${patient.lastName[0] ?? ""}.`.toUpperCase() : "";
  return {
    ivr: orderableOf(row, counts.get(row.id) ?? NOTHING_ORDERED, auths.get(row.id), initials, today),
    patientName: patient ? `${patient.firstName} ${patient.lastName}` : null,
    facilities: facilityRows.map((f) => ({ value: f.id, label: `${f.name}, ${f.addressLine1}, ${f.city}, ${f.state} ${f.zip}` })),
  };
}

// ---------------------------------------------------------------------------
// Placing an order

/** The warning an order's sizes earn against the wound's area, or null. */
export function orderWarning(lines: readonly { lengthMm: number; widthMm: number; quantity: number }[], woundAreaHundredths: number | null): string | null {
  if (woundAreaHundredths === null) return null;
  return overOrderWarning(
    lines.map((l) => ({ size: sizeOfMm(l.lengthMm, l.widthMm), quantity: l.quantity })),
    woundAreaHundredths / 100,
  );
}

/**
 * Places an order from a verified IVR, in one transaction: the IVR is locked
 * while its orders are counted (two orders at once cannot both take its last
 * authorised application or graft), the order and its lines are written
 * through the lifecycle with its history, audit row, followers and status
 * event, and the company's inbox hears of it (reference only). Throws
 * OrderRefused (or AuthorisationRefused) for an order the rules do not allow.
 *
 * The rules: the IVR is the practice's, covered or prior-auth approved, and
 * valid on the date of service, which falls inside its prior authorization's
 * window when it has one (its authorisation record's, when it has one: the
 * record also limits the products and the applications, `authorisationRefusal`);
 * the shipping speed arrives by the date of service;
 * the order is for the IVR's patient and product; the product is made in the
 * sizes asked for; the IVR's authorised applications (one per order) and
 * grafts (`graftAllowance`) are not exceeded; an order that exceeds the
 * wound by more than its smallest size says why; the ship-to facility is the
 * practice's.
 *
 * The order keeps what it was placed with: the practice's and the facility's
 * names, the facility's address and the product's name are written on the
 * order, and its lines carry their HCPCS code, so a later change to any of
 * them leaves the order, its pages and its documents as they were.
 */
export async function placeOrder(
  db: Db,
  { practiceId, userId, actor, input, today }: { practiceId: string; userId: string; actor: Actor; input: OrderInput; today: string },
): Promise<{ id: string; reference: string; warning: string | null; awaitingApproval: string | null }> {
  return inTransaction(db, async (tx) => {
    const [ivr] = await tx
      .select()
      .from(ivrs)
      .where(and(eq(ivrs.id, input.ivrId), eq(ivrs.practiceId, practiceId)))
      .for("update");
    if (!ivr || ivr.status === "draft") throw new OrderRefused("Start the order from a verified IVR of your practice.", "ivrId");
    const reference = ivrReference(ivr.number);
    if (ivr.patientId !== input.patientId)
      throw new OrderRefused(`This order's patient is not the patient of ${reference}: start the order from that patient's IVR.`, "patientId");
    if (ivr.productSlug !== input.productSlug)
      throw new OrderRefused(`${reference} verified another product: start a new IVR to order this one.`, "productSlug");
    const ordered = (await orderedOf(tx, [ivr.id])).get(ivr.id) ?? NOTHING_ORDERED;
    const auth = (await currentTerms(tx, [ivr.id])).get(ivr.id);
    const refusal = refusalOf(ivr, ordered, auth, { dateOfService: input.dateOfService, today });
    if (refusal) throw refusal;
    const late = shippingRefusal(input.shippingSpeed, input.dateOfService, today);
    if (late) throw new OrderRefused(late, "shippingSpeed");
    const product = productBySlug(ivr.productSlug)!;
    const made = new Map(product.sizes.map((s) => [sizeKey(s), s]));
    for (const line of input.lines) {
      if (!made.has(line.sizeKey)) {
        const size = parseSizeKey(line.sizeKey);
        throw new OrderRefused(`${product.name} is not made in ${size ? sizeLabel(size) : line.sizeKey}.`, "lines");
      }
    }
    const tooMany = graftRefusal(
      withAuthorisation(ivr, auth),
      ordered,
      input.lines.reduce((n, l) => n + l.quantity, 0),
    );
    if (tooMany) throw tooMany;
    const [facility] = await tx
      .select()
      .from(facilities)
      .where(and(eq(facilities.id, input.facilityId), eq(facilities.practiceId, practiceId)));
    if (!facility) throw new OrderRefused("Choose a facility of your practice", "facilityId");
    // Its name for the order, and its approval rule, in one read.
    const [practice] = await tx.select({ name: practices.name, ...approvalColumns }).from(practices).where(eq(practices.id, practiceId));

    // Largest size first, as the packing list and the invoice read them.
    const lines = input.lines
      .map((l) => ({ size: made.get(l.sizeKey)!, quantity: l.quantity }))
      .sort((a, b) => sizeArea(b.size) - sizeArea(a.size));
    const woundAreaHundredths = input.woundArea !== undefined ? Math.round(input.woundArea * 100) : ivr.areaHundredths;
    const warning = woundAreaHundredths === null ? null : overOrderWarning(lines, woundAreaHundredths / 100);
    if (warning && !input.overOrderReason)
      throw new OrderRefused(OVER_ORDER_REASON_MISSING, "overOrderReason");

    const followers = await tx.select({ userId: ivrFollowers.userId }).from(ivrFollowers).where(eq(ivrFollowers.ivrId, ivr.id));
    const shipTo: ShipToSnapshot = {
      addressLine1: facility.addressLine1,
      addressLine2: facility.addressLine2,
      city: facility.city,
      state: facility.state,
      zip: facility.zip,
      phone: facility.phone,
    };
    const amountCents = orderEstimateCents(product.hcpcs, lines.map((l) => ({ lengthMm: mmOf(l.size.lengthCm), widthMm: mmOf(l.size.widthCm), quantity: l.quantity })), today);
    const held = approvalReason(practice!, { stock: false, amountCents });
    const row = await openOrder(tx, {
      actor,
      status: held ? "awaiting_approval" : "submitted",
      followers: [userId, ...followers.map((f) => f.userId)],
      values: {
        practiceId,
        ivrId: ivr.id,
        patientId: ivr.patientId!,
        productSlug: product.slug,
        createdBy: userId,
        dateOfService: input.dateOfService,
        facilityId: facility.id,
        shippingSpeed: input.shippingSpeed,
        poNumber: input.poNumber ?? null,
        notesSealed: seal(input.notes ?? null, SEALED.notes),
        woundAreaHundredths,
        overOrderReasonSealed: warning ? seal(input.overOrderReason ?? null, SEALED.overOrderReason) : null,
        practiceName: practice!.name,
        facilityName: facility.name,
        shipTo,
        productName: product.name,
      },
    });
    await tx.insert(orderLines).values(
      lines.map((l, i) => ({
        orderId: row.id,
        position: i + 1,
        hcpcs: product.hcpcs,
        lengthMm: mmOf(l.size.lengthCm),
        widthMm: mmOf(l.size.widthCm),
        quantity: l.quantity,
      })),
    );
    // Held for the practice's approval, the order is its admins' to decide; otherwise the supplier hears of it now.
    if (held) await askForApproval(tx, row);
    else await notifyCompany(tx, row, "received");
    // An old answer is asked again in the background: the order never waits for the payer.
    await checkBeforeOrder(tx, ivr.id);
    return { id: row.id, reference: orderReference(row.number), warning, awaitingApproval: held };
  });
}

/** The member cancels an order of their practice while it is submitted. */
export async function cancelOrderAsMember(db: Db, { practiceId, actor, id }: { practiceId: string; actor: Actor; id: string }) {
  return inTransaction(db, async (tx) => {
    const moved = await transitionOrder(tx, { id, to: "cancelled", actor, by: "member", practiceId });
    if (moved) await notifyCompany(tx, moved.row, "cancelled");
    return moved;
  });
}

// ---------------------------------------------------------------------------
// Reading

export type OrderBoardRow = {
  id: string;
  reference: string;
  /** Null for a stock order: `ivrReference` then says what it is ("Stock reorder"). */
  ivrId: string | null;
  ivrReference: string;
  initials: string;
  product: string;
  sizes: string;
  dateOfService: string;
  createdAt: Date;
  updatedAt: Date;
  status: OrderStatus;
  statusLabel: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
};

/** "2 × 2 cm × 1, 4 × 4 cm × 2" */
export function sizesText(lines: readonly { lengthMm: number; widthMm: number; quantity: number }[]): string {
  return lines.map((l) => `${sizeLabel(sizeOfMm(l.lengthMm, l.widthMm))} × ${l.quantity}`).join(", ");
}

async function linesByOrder(db: Db, orderIds: readonly string[]) {
  const map = new Map<string, (typeof orderLines.$inferSelect)[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.position));
  for (const r of rows) map.set(r.orderId, [...(map.get(r.orderId) ?? []), r]);
  return map;
}

/** Rows of orders for a board or a queue: initials only, sizes in words, tracking. */
export async function toOrderBoardRows(db: Db, rows: readonly (OrderRow & { ivrNumber: number | null })[]): Promise<OrderBoardRow[]> {
  const [lines, initials] = await Promise.all([
    linesByOrder(
      db,
      rows.map((r) => r.id),
    ),
    initialsByPatient(
      db,
      rows.flatMap((r) => (r.patientId ? [r.patientId] : [])),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    reference: orderReference(r.number),
    ivrId: r.ivrId,
    ivrReference: r.ivrId ? ivrReference(r.ivrNumber) : STOCK_ORDER_LABEL,
    initials: (r.patientId && initials.get(r.patientId)) || "",
    product: r.productName,
    sizes: sizesText(lines.get(r.id) ?? []),
    dateOfService: r.dateOfService,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    status: r.status,
    statusLabel: ORDER_STATUS_LABELS[r.status],
    carrier: r.carrier,
    trackingNumber: r.trackingNumber,
    trackingUrl: trackingUrl(r.carrier, r.trackingNumber),
  }));
}

/** The member's orders list's rows per page. */
export const ORDERS_PAGE_SIZE = 50;

/**
 * One page of the practice's orders, newest change first (then by id): `at`
 * is the cursor of the page's URL, null for the first page (the board shows
 * the first few with `size`). Only the rows shown are read.
 */
export async function practiceOrdersPage(
  db: Db,
  practiceId: string,
  { at = null, size = ORDERS_PAGE_SIZE }: { at?: { direction: Direction; cursor: Cursor } | null; size?: number } = {},
): Promise<KeysetPage<OrderBoardRow>> {
  const page = await keysetPage(
    at,
    size,
    (direction, cursor, limit) => {
      const where = [eq(orders.practiceId, practiceId)];
      if (cursor) {
        where.push(
          direction === "after"
            ? sql`(${orders.updatedAt}, ${orders.id}) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`
            : sql`(${orders.updatedAt}, ${orders.id}) > (${cursor.key}::timestamptz, ${cursor.id}::uuid)`,
        );
      }
      return db
        .select({ order: orders, ivrNumber: ivrs.number, key: exactTime(orders.updatedAt) })
        .from(orders)
        // A stock order has no IVR: it is listed all the same.
        .leftJoin(ivrs, eq(ivrs.id, orders.ivrId))
        .where(and(...where))
        .orderBy(...(direction === "after" ? [desc(orders.updatedAt), desc(orders.id)] : [asc(orders.updatedAt), asc(orders.id)]))
        .limit(limit);
    },
    (row) => encodeCursor(row.key, row.order.id),
  );
  return {
    ...page,
    rows: await toOrderBoardRows(
      db,
      page.rows.map((r) => ({ ...r.order, ivrNumber: r.ivrNumber })),
    ),
  };
}

/** The orders made from one IVR (of the practice, when one is given), oldest first. */
export async function ordersOfIvr(db: Db, { ivrId, practiceId }: { ivrId: string; practiceId: string | null }): Promise<OrderBoardRow[]> {
  // Staff (no practice given) do not see an order that awaits its practice's approval.
  const where = practiceId ? and(eq(orders.ivrId, ivrId), eq(orders.practiceId, practiceId)) : and(eq(orders.ivrId, ivrId), notInArray(orders.status, [...ORDER_HIDDEN_FROM_STAFF]));
  const rows = await db
    .select({ order: orders, ivrNumber: ivrs.number })
    .from(orders)
    .innerJoin(ivrs, eq(ivrs.id, orders.ivrId))
    .where(where)
    .orderBy(asc(orders.number));
  return toOrderBoardRows(
    db,
    rows.map((r) => ({ ...r.order, ivrNumber: r.ivrNumber })),
  );
}

export type OrderInvoiceSummary = {
  id: string;
  number: string;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  /** the day the last payment made it paid, and that payment's reference */
  paidOn: string | null;
  paymentReference: string | null;
  state: InvoiceState;
  payments: { paidOn: string; amountCents: number; reference: string; recordedBy: string | null }[];
  lines: { position: number; hcpcs: string; product: string; size: string; units: number; unitPriceCents: number; totalCents: number }[];
};

/** Where the order goes, as it was when placed. */
export type OrderShipTo = ShipToSnapshot & { facilityName: string };

export type OrderDetail = {
  row: OrderRow;
  reference: string;
  statusLabel: string;
  /** Null for a stock order. */
  ivr: { id: string; reference: string; validUntil: string | null; authorisedApplications: number | null } | null;
  /** the practice's id, and its name as the order was placed */
  practice: { id: string; name: string };
  patient: { name: string; initials: string; birthDate: string } | null;
  product: { slug: string; name: string; hcpcs: string | null };
  shipTo: OrderShipTo;
  notes: string | null;
  /** why the order exceeds the wound, when it does */
  overOrderReason: string | null;
  lines: { id: string; position: number; hcpcs: string; size: string; lengthMm: number; widthMm: number; areaCm2: number; quantity: number; units: OrderUnitView[] }[];
  totalAreaCm2: number;
  woundAreaCm2: number | null;
  warning: string | null;
  trackingUrl: string | null;
  history: { id: string; from: OrderStatus | null; to: OrderStatus; actorEmail: string | null; note: string | null; at: Date }[];
  invoice: OrderInvoiceSummary | null;
};

/** The address lines of where an order goes: street, the second line when there is one, city, state and ZIP. */
export function shipToLines(shipTo: ShipToSnapshot): string[] {
  return [shipTo.addressLine1, ...(shipTo.addressLine2 ? [shipTo.addressLine2] : []), `${shipTo.city}, ${shipTo.state} ${shipTo.zip}`];
}

/**
 * One order with everything about it, opened; null when not found (or not the
 * practice's, when a practice is given). `withPatient: false` leaves the
 * patient out (a staff page that shows initials only need not open the name).
 */
export async function getOrderDetail(
  db: Db,
  { id, practiceId, today, withPatient = true }: { id: string; practiceId: string | null; today: string; withPatient?: boolean },
): Promise<OrderDetail | null> {
  const where = practiceId ? and(eq(orders.id, id), eq(orders.practiceId, practiceId)) : eq(orders.id, id);
  const [found] = await db
    .select({ order: orders, ivr: ivrs })
    .from(orders)
    .leftJoin(ivrs, eq(ivrs.id, orders.ivrId))
    .where(where);
  if (!found) return null;
  const { order: row, ivr } = found;
  const [lineRows, units, history, invoice, initials] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position)),
    db.select().from(orderUnits).where(eq(orderUnits.orderId, id)).orderBy(asc(orderUnits.position)),
    db.select().from(orderHistory).where(eq(orderHistory.orderId, id)).orderBy(asc(orderHistory.at)),
    invoiceOfOrder(db, id, today),
    initialsByPatient(db, row.patientId ? [row.patientId] : []),
  ]);
  const patient = withPatient && row.patientId ? await getPatient(db, row.practiceId, row.patientId) : null;
  const lines = lineRows.map((l) => {
    const size = sizeOfMm(l.lengthMm, l.widthMm);
    return {
      id: l.id,
      position: l.position,
      hcpcs: l.hcpcs,
      size: sizeLabel(size),
      lengthMm: l.lengthMm,
      widthMm: l.widthMm,
      areaCm2: sizeArea(size),
      quantity: l.quantity,
      units: units.filter((u) => u.lineId === l.id).map((u) => ({ position: u.position, tissueId: u.tissueId, lot: u.lot, expiresOn: u.expiresOn, received: u.receivedAt !== null })),
    };
  });
  const sizeLines: SizeLine[] = lineRows.map((l) => ({ size: sizeOfMm(l.lengthMm, l.widthMm), quantity: l.quantity }));
  return {
    row,
    reference: orderReference(row.number),
    statusLabel: ORDER_STATUS_LABELS[row.status],
    ivr: ivr ? { id: ivr.id, reference: ivrReference(ivr.number), validUntil: ivr.validUntil, authorisedApplications: ivr.authorisedApplications } : null,
    practice: { id: row.practiceId, name: row.practiceName },
    patient: patient
      ? { name: `${patient.firstName} ${patient.lastName}`, initials: initials.get(patient.id) ?? "", birthDate: patient.birthDate }
      : null,
    product: { slug: row.productSlug, name: row.productName, hcpcs: lineRows[0]?.hcpcs ?? productBySlug(row.productSlug)?.hcpcs ?? null },
    shipTo: { facilityName: row.facilityName, ...row.shipTo },
    notes: open(row.notesSealed, SEALED.notes),
    overOrderReason: open(row.overOrderReasonSealed, SEALED.overOrderReason),
    lines,
    totalAreaCm2: totalArea(sizeLines),
    woundAreaCm2: row.woundAreaHundredths === null ? null : row.woundAreaHundredths / 100,
    warning: orderWarning(lineRows, row.woundAreaHundredths),
    trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
    history: history.map((h) => ({ id: h.id, from: h.fromStatus, to: h.toStatus, actorEmail: h.actorEmail, note: open(h.noteSealed, SEALED.note), at: h.at })),
    invoice,
  };
}

/** Initials of the order's patient, for staff pages that show no more. */
export async function orderInitials(db: Db, patientId: string | null): Promise<string> {
  if (!patientId) return "";
  return (await initialsByPatient(db, [patientId])).get(patientId) ?? "";
}

async function invoiceOfOrder(db: Db, orderId: string, today: string): Promise<OrderInvoiceSummary | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice) return null;
  const [lines, payments] = await Promise.all([
    db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(asc(invoiceLines.position)),
    db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id)).orderBy(asc(invoicePayments.createdAt)),
  ]);
  return {
    id: invoice.id,
    number: invoiceReference(invoice.number),
    issuedOn: invoice.issuedOn,
    dueOn: invoice.dueOn,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    balanceCents: invoiceBalance(invoice),
    paidOn: invoice.paidOn,
    paymentReference: invoice.paymentReference,
    state: invoiceState(invoice, today),
    payments: payments.map((p) => ({ paidOn: p.paidOn, amountCents: p.amountCents, reference: p.reference, recordedBy: p.recordedBy })),
    lines: lines.map((l) => ({
      position: l.position,
      hcpcs: l.hcpcs,
      product: l.product,
      size: sizeLabel(sizeOfMm(l.lengthMm, l.widthMm)),
      units: l.units,
      unitPriceCents: l.unitPriceCents,
      totalCents: l.totalCents,
    })),
  };
}
