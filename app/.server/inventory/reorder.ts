/**
 * Par levels and automated reordering for a practice staff allow to hold
 * stock. When the usable units of a facility, product and size fall below
 * par, the portal drafts a stock order for the difference (status
 * "suggested", for a member to place or set aside) and, with "reorder
 * automatically" on, places what fits in the practice's monthly amount
 * itself. The arithmetic is `lib/inventory/reorder.ts`'s; this module reads
 * the shelf, writes the orders and tells the practice.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { productBySlug } from "~/content/products";
import { addBusinessDays } from "~/lib/calendar";
import { latestUsToday } from "~/lib/schemas/patient";
import { sizeKey, sizeLabel, type GraftSize } from "~/lib/clinical/graft-sizes";
import { formatCents } from "~/lib/format";
import { reorderPlan, type ParLevel, type ReorderLine, type ReorderPlan } from "~/lib/inventory/reorder";
import { orderReference, type OrderStatus } from "~/lib/orders";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { facilities, invoiceLines, invoices, orderLines, orders, orderUnits, outbox, parLevels, practiceMembers, practices } from "~/.server/db/schema";
import { activeMemberEmails } from "~/.server/practices";
import { afterCommit, inTransaction } from "~/.server/db/transaction";
import { mailQueued } from "~/.server/mail";
import { siteOrigin } from "~/.server/env";
import { approvalColumns, approvalReason, approvalRuleOf, askForApproval, orderEstimateCents } from "~/.server/orders/approvals";
import { mmOf, sizeOfMm } from "~/.server/orders/orders";
import { notifyCompany, openOrder, transitionOrder } from "~/.server/orders/lifecycle";
import { StockRefused } from "./stock";

/** The portal acting on the practice's behalf (automatic reorders, drafts), as the history and audit name it. */
export const REORDER_ACTOR: Actor = { email: "reorder@portal", ip: null };

/** Stock orders on their way: they count toward par, so a reorder is not drafted twice. */
const ON_ORDER: readonly OrderStatus[] = ["suggested", "submitted", "confirmed", "shipped"];

export type ParLevelRow = { facilityId: string; facility: string; productSlug: string; product: string; size: GraftSize; sizeLabel: string; par: number };

export async function parLevelsOf(db: Db, practiceId: string): Promise<ParLevelRow[]> {
  const rows = await db
    .select({ level: parLevels, facility: facilities.name })
    .from(parLevels)
    .innerJoin(facilities, eq(facilities.id, parLevels.facilityId))
    .where(eq(parLevels.practiceId, practiceId));
  return rows
    .map(({ level, facility }) => {
      const size = sizeOfMm(level.lengthMm, level.widthMm);
      return {
        facilityId: level.facilityId,
        facility,
        productSlug: level.productSlug,
        product: productBySlug(level.productSlug)?.name ?? level.productSlug,
        size,
        sizeLabel: sizeLabel(size),
        par: level.par,
      };
    })
    .sort((a, b) => a.facility.localeCompare(b.facility) || a.product.localeCompare(b.product) || a.size.lengthCm * a.size.widthCm - b.size.lengthCm * b.size.widthCm);
}

/**
 * Sets one par level (0 removes it). The facility must be the practice's and
 * the size one the product is sold in; only a practice that holds stock has
 * par levels.
 */
export async function setParLevel(
  db: Db,
  { practiceId, actor, facilityId, productSlug, size, par }: { practiceId: string; actor: Actor; facilityId: string; productSlug: string; size: GraftSize; par: number },
) {
  const [practice] = await db.select({ holdsStock: practices.holdsStock }).from(practices).where(eq(practices.id, practiceId));
  if (!practice?.holdsStock) throw new StockRefused("Your practice does not hold stock: ask us to allow it.");
  const [facility] = await db.select({ id: facilities.id }).from(facilities).where(and(eq(facilities.id, facilityId), eq(facilities.practiceId, practiceId)));
  if (!facility) throw new StockRefused("Choose one of your facilities", "facilityId");
  const product = productBySlug(productSlug);
  if (!product || !product.sizes.some((s) => sizeKey(s) === sizeKey(size))) throw new StockRefused("Choose a size the product is sold in", "size");
  const key = { practiceId, facilityId, productSlug, lengthMm: mmOf(size.lengthCm), widthMm: mmOf(size.widthCm) };
  await inTransaction(db, async (tx) => {
    if (par === 0)
      await tx
        .delete(parLevels)
        .where(
          and(eq(parLevels.practiceId, practiceId), eq(parLevels.facilityId, facilityId), eq(parLevels.productSlug, productSlug), eq(parLevels.lengthMm, key.lengthMm), eq(parLevels.widthMm, key.widthMm)),
        );
    else
      await tx
        .insert(parLevels)
        .values({ ...key, par, updatedBy: actor.email })
        .onConflictDoUpdate({ target: [parLevels.practiceId, parLevels.facilityId, parLevels.productSlug, parLevels.lengthMm, parLevels.widthMm], set: { par, updatedBy: actor.email, updatedAt: new Date() } });
    await audit(tx, { actorEmail: actor.email, action: "stock.par", target: practiceId, ip: actor.ip, detail: `${product.name} ${sizeLabel(size)}: ${par}` });
  });
}

/** The practice's reorder settings: whether reorders are placed automatically, and within what each month. */
export async function setReorderSettings(
  db: Db,
  { practiceId, actor, autoReorder, monthlyCents }: { practiceId: string; actor: Actor; autoReorder: boolean; monthlyCents: number | null },
) {
  const [practice] = await db.select({ holdsStock: practices.holdsStock }).from(practices).where(eq(practices.id, practiceId));
  if (!practice?.holdsStock) throw new StockRefused("Your practice does not hold stock: ask us to allow it.");
  if (autoReorder && (monthlyCents === null || monthlyCents <= 0)) throw new StockRefused("Set the monthly amount automatic reorders may spend", "monthlyAmount");
  await inTransaction(db, async (tx) => {
    await tx.update(practices).set({ autoReorder, reorderMonthlyCents: monthlyCents }).where(eq(practices.id, practiceId));
    await audit(tx, {
      actorEmail: actor.email,
      action: "stock.reorder-settings",
      target: practiceId,
      ip: actor.ip,
      detail: autoReorder ? `automatic within ${formatCents(monthlyCents ?? 0)} a month` : "confirm each reorder",
    });
  });
}

/** Staff allow (or stop allowing) a practice to hold stock. */
export async function setHoldsStock(db: Db, { practiceId, actor, holdsStock }: { practiceId: string; actor: Actor; holdsStock: boolean }) {
  await inTransaction(db, async (tx) => {
    await tx.update(practices).set(holdsStock ? { holdsStock } : { holdsStock, autoReorder: false }).where(eq(practices.id, practiceId));
    await audit(tx, { actorEmail: actor.email, action: "practice.holds-stock", target: practiceId, ip: actor.ip, detail: holdsStock ? "allowed" : "stopped" });
  });
}

/** The first day of today's month. */
const monthStart = (today: string) => `${today.slice(0, 7)}-01`;

/** How far back a reorder's price is looked for: the practice's latest invoices. */
const PRICE_INVOICES = 200;

/**
 * The unit price last invoiced to the practice for each product code and
 * size, among its latest PRICE_INVOICES invoices (a bounded read through the
 * practice's invoice index): what a reorder is reckoned at. A size never
 * invoiced to it has no price, so its reorder is drafted for a member and
 * never placed automatically.
 */
async function reorderPrices(db: Db, practiceId: string, levels: readonly ParLevel[]) {
  const latest = db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.practiceId, practiceId))
    .orderBy(desc(invoices.number))
    .limit(PRICE_INVOICES)
    .as("latest");
  const lines = await db
    .select({ hcpcs: invoiceLines.hcpcs, lengthMm: invoiceLines.lengthMm, widthMm: invoiceLines.widthMm, cents: invoiceLines.unitPriceCents, number: latest.number })
    .from(latest)
    .innerJoin(invoiceLines, eq(invoiceLines.invoiceId, latest.id))
    .orderBy(desc(latest.number));
  const prices: { productSlug: string; size: GraftSize; unitPriceCents: number }[] = [];
  for (const level of levels) {
    const hcpcs = productBySlug(level.productSlug)?.hcpcs;
    const line = lines.find((l) => l.hcpcs === hcpcs && l.lengthMm === mmOf(level.size.lengthCm) && l.widthMm === mmOf(level.size.widthCm));
    if (line) prices.push({ productSlug: level.productSlug, size: level.size, unitPriceCents: line.cents });
  }
  return prices;
}

/** Units of stock orders on their way (suggested, placed, confirmed or shipped), by facility, product and size. */
export async function stockOnOrder(db: Db, practiceId: string) {
  const rows = await db
    .select({ facilityId: orders.facilityId, productSlug: orders.productSlug, lengthMm: orderLines.lengthMm, widthMm: orderLines.widthMm, quantity: orderLines.quantity })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.practiceId, practiceId), isNotNull(orders.reorder), inArray(orders.status, [...ON_ORDER])));
  return rows.map((o) => ({ facilityId: o.facilityId, productSlug: o.productSlug, size: sizeOfMm(o.lengthMm, o.widthMm), quantity: o.quantity }));
}

/** What the practice's shelf and par levels call for today, with what the monthly amount allows to place automatically. */
export async function practiceReorderPlan(db: Db, { practiceId, today }: { practiceId: string; today: string }): Promise<ReorderPlan | null> {
  const [practice] = await db.select().from(practices).where(eq(practices.id, practiceId));
  if (!practice?.holdsStock) return null;
  const levels: ParLevel[] = (await db.select().from(parLevels).where(eq(parLevels.practiceId, practiceId))).map((l) => ({
    facilityId: l.facilityId,
    productSlug: l.productSlug,
    size: sizeOfMm(l.lengthMm, l.widthMm),
    par: l.par,
  }));
  if (levels.length === 0) return null;
  const [units, onOrder, automatic] = await Promise.all([
    db
      .select({ facilityId: orderUnits.facilityId, productSlug: orderUnits.productSlug, lengthMm: orderUnits.lengthMm, widthMm: orderUnits.widthMm, expiresOn: orderUnits.expiresOn, recallId: orderUnits.recallId })
      .from(orderUnits)
      .where(and(eq(orderUnits.practiceId, practiceId), isNotNull(orderUnits.stockedAt), isNull(orderUnits.disposition))),
    stockOnOrder(db, practiceId),
    // What automatic reorders placed this month (not cancelled) count against the monthly amount, at today's prices.
    db
      .select({ productSlug: orders.productSlug, lengthMm: orderLines.lengthMm, widthMm: orderLines.widthMm, quantity: orderLines.quantity })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.practiceId, practiceId), eq(orders.reorder, "automatic"), sql`${orders.status} <> 'cancelled'`, gte(orders.createdAt, new Date(`${monthStart(today)}T00:00:00Z`)))),
  ]);
  const prices = await reorderPrices(db, practiceId, levels);
  const priceOf = (slug: string, size: GraftSize) => prices.find((p) => p.productSlug === slug && sizeKey(p.size) === sizeKey(size))?.unitPriceCents ?? 0;
  return reorderPlan({
    parLevels: levels,
    units: units.map((u) => ({
      facilityId: u.facilityId,
      productSlug: u.productSlug,
      size: sizeOfMm(u.lengthMm, u.widthMm),
      expiresOn: u.expiresOn ?? "9999-12-31",
      disposition: null,
      quarantined: u.recallId !== null,
    })),
    onOrder,
    today,
    prices,
    monthlyLimitCents: practice.autoReorder ? practice.reorderMonthlyCents : null,
    spentThisMonthCents: automatic.reduce((sum, a) => sum + a.quantity * priceOf(a.productSlug, sizeOfMm(a.lengthMm, a.widthMm)), 0),
  });
}

export type ReorderResult = { suggested: string[]; placed: string[] };

/**
 * Brings the practice's stock back toward par: for each facility and product
 * below par, one stock order placed automatically for the units that fit in
 * the monthly amount, and one suggested for a member to place for the rest.
 * Members are told by mail (references and counts only). Run after anything
 * that takes a unit off the shelf, and daily (units expire).
 */
export async function runReorder(db: Db, { practiceId, today }: { practiceId: string; today: string }): Promise<ReorderResult> {
  return inTransaction(db, async (tx) => {
    // One run at a time per practice: two applications recorded at once must not draft the same reorder twice.
    const [locked] = await tx.select({ demo: practices.demo }).from(practices).where(eq(practices.id, practiceId)).for("update");
    const result: ReorderResult = { suggested: [], placed: [] };
    // The live demo's stock stays as seeded: no reorder is ever drafted or placed for it.
    if (!locked || locked.demo) return result;
    const plan = await practiceReorderPlan(tx, { practiceId, today });
    if (!plan || plan.lines.length === 0) return result;
    // Its name for the orders, and its approval rule, in one read.
    const [practice] = await tx.select({ name: practices.name, ...approvalColumns }).from(practices).where(eq(practices.id, practiceId));
    const groups = new Map<string, ReorderLine[]>();
    for (const line of plan.lines) {
      const key = `${line.facilityId}\u0000${line.productSlug}`;
      groups.set(key, [...(groups.get(key) ?? []), line]);
    }
    const members = await tx.select({ id: practiceMembers.userId }).from(practiceMembers).where(eq(practiceMembers.practiceId, practiceId));
    for (const lines of groups.values()) {
      const first = lines[0]!;
      const product = productBySlug(first.productSlug);
      const [facility] = await tx.select().from(facilities).where(eq(facilities.id, first.facilityId));
      if (!product || !facility) continue;
      const open = async (kind: "automatic" | "suggested", quantities: { size: GraftSize; quantity: number }[]) => {
        const wanted = quantities.filter((q) => q.quantity > 0);
        if (wanted.length === 0) return null;
        const amountCents = orderEstimateCents(product.hcpcs, wanted.map((q) => ({ lengthMm: mmOf(q.size.lengthCm), widthMm: mmOf(q.size.widthCm), quantity: q.quantity })), today);
        // An automatic reorder the practice's rule holds waits for its admins like any order.
        const held = kind === "automatic" && approvalReason(practice!, { stock: true, amountCents }) !== null;
        const row = await openOrder(tx, {
          actor: REORDER_ACTOR,
          status: kind === "suggested" ? "suggested" : held ? "awaiting_approval" : "submitted",
          followers: members.map((m) => m.id),
          values: {
            practiceId,
            ivrId: null,
            patientId: null,
            reorder: kind,
            productSlug: product.slug,
            createdBy: null,
            dateOfService: addBusinessDays(today, 5),
            facilityId: facility.id,
            shippingSpeed: "standard",
            practiceName: practice!.name,
            facilityName: facility.name,
            shipTo: { addressLine1: facility.addressLine1, addressLine2: facility.addressLine2, city: facility.city, state: facility.state, zip: facility.zip, phone: facility.phone },
            productName: product.name,
          },
        });
        await tx.insert(orderLines).values(
          wanted.map((q, i) => ({ orderId: row.id, position: i + 1, hcpcs: product.hcpcs, lengthMm: mmOf(q.size.lengthCm), widthMm: mmOf(q.size.widthCm), quantity: q.quantity })),
        );
        if (held) await askForApproval(tx, row);
        else if (kind === "automatic") await notifyCompany(tx, row, "received");
        return row;
      };
      const placed = await open("automatic", lines.map((l) => ({ size: l.size, quantity: l.automatic })));
      const suggested = await open("suggested", lines.map((l) => ({ size: l.size, quantity: l.quantity - l.automatic })));
      for (const [row, kind] of [[placed, "placed"], [suggested, "suggested"]] as const) {
        if (!row) continue;
        result[kind].push(orderReference(row.number));
        afterCommit(tx, mailQueued);
        await tellPractice(tx, { practiceId, reference: orderReference(row.number), orderId: row.id, kind, facility: facility.name, product: product.name });
      }
    }
    return result;
  });
}

/** Members of the practice hear of a reorder by mail: its reference and what to do, nothing else. */
async function tellPractice(tx: Db, { practiceId, reference, orderId, kind, facility, product }: { practiceId: string; reference: string; orderId: string; kind: "placed" | "suggested"; facility: string; product: string }) {
  const to = await activeMemberEmails(tx, [practiceId]);
  const link = `${siteOrigin()}/members/orders/${orderId}`;
  const text =
    kind === "placed"
      ? `Your stock of ${product} at ${facility} fell below its par level, so ${reference} was placed automatically within your monthly amount.\n\n${link}\n`
      : `Your stock of ${product} at ${facility} fell below its par level. ${reference} is drafted for you: open it to place it or set it aside.\n\n${link}\n`;
  for (const { email } of to)
    await tx.insert(outbox).values({
      purpose: kind === "placed" ? "inventory.reorder-placed" : "inventory.reorder-suggested",
      to: email,
      subject: kind === "placed" ? `${reference}: reorder placed` : `${reference}: reorder suggested`,
      text,
    });
}

/**
 * A member places a suggested reorder as drafted: it becomes a submitted
 * order, and the company hears of it; or, when the practice's approval rule
 * holds stock orders (or this one's amount), it waits for a practice admin.
 */
export async function placeSuggestedReorder(db: Db, { practiceId, actor, id }: { practiceId: string; actor: Actor; id: string }) {
  return inTransaction(db, async (tx) => {
    const [order] = await tx.select({ productSlug: orders.productSlug }).from(orders).where(and(eq(orders.id, id), eq(orders.practiceId, practiceId)));
    if (!order) return null;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id));
    const amountCents = orderEstimateCents(productBySlug(order.productSlug)?.hcpcs ?? null, lines, latestUsToday());
    const held = approvalReason(await approvalRuleOf(tx, practiceId), { stock: true, amountCents });
    const moved = await transitionOrder(tx, { id, to: held ? "awaiting_approval" : "submitted", actor, by: "member", practiceId, expect: "suggested" });
    if (!moved) return null;
    if (held) await askForApproval(tx, moved.row);
    else await notifyCompany(tx, moved.row, "received");
    return { ...moved, awaitingApproval: held };
  });
}

/** A member sets a suggested reorder aside: it is cancelled, and the next run may suggest again. */
export async function setAsideSuggestedReorder(db: Db, { practiceId, actor, id }: { practiceId: string; actor: Actor; id: string }) {
  return transitionOrder(db, { id, to: "cancelled", actor, by: "member", practiceId, note: "Set aside by the practice" });
}
