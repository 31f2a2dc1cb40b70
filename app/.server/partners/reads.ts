import { and, asc, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { invoices, ivrs, orders, partnerPractices, partners, practices } from "~/.server/db/schema";
import { IVR_OPEN_STATUSES, type IvrStatus } from "~/lib/ivr";
import type { OrderStatus } from "~/lib/orders";

/**
 * What a sales partner reads: their practices and each practice's pipeline.
 * Minimum necessary, by design: every query here names the columns it reads,
 * and none is a patient's or a sealed one (no patients, coverages, files,
 * clinical answers, notes, dates of service); `reads.test.ts` checks this file
 * against the schema's patient and sealed columns. Every read is audited.
 */

/** This partner and their sub-partners at any depth (a sub-partner's practices are their upline's to see). */
export async function partnerTree(db: Db, partnerId: string): Promise<{ id: string; name: string; depth: number }[]> {
  const result = await db.execute(sql`
    with recursive down(id, name, depth) as (
      select ${partners.id}, ${partners.name}, 0 from ${partners} where ${partners.id} = ${partnerId}
      union all
      select p.id, p.name, down.depth + 1 from ${partners} p join down on p.parent_id = down.id where down.depth < 100
    )
    select id, name, depth from down`);
  return (result as unknown as { rows: { id: string; name: string; depth: number }[] }).rows.map((r) => ({ ...r, depth: Number(r.depth) }));
}

export type PartnerPracticeRow = { id: string; name: string; via: string | null; openIvrs: number; openOrders: number; assignedAt: string };

/** IVRs still in verification (sent, not decided) and orders still moving, for the practices list. */
const OPEN_IVR = sql.raw(`status in (${IVR_OPEN_STATUSES.filter((s) => s !== "draft").map((s) => `'${s}'`).join(", ")})`);
const OPEN_ORDER = sql.raw(`status not in ('paid', 'cancelled', 'suggested')`);

/** The practices a partner sees: their own and their sub-partners' (`via` names the sub-partner). */
export async function practicesOfPartner(db: Db, partnerId: string): Promise<PartnerPracticeRow[]> {
  const tree = await partnerTree(db, partnerId);
  const nameOf = new Map(tree.map((t) => [t.id, t.depth === 0 ? null : t.name]));
  const rows = await db
    .select({
      id: practices.id,
      name: practices.name,
      partnerId: partnerPractices.partnerId,
      assignedAt: partnerPractices.createdAt,
      openIvrs: sql<number>`(select count(*) from ${ivrs} where ${ivrs.practiceId} = ${practices.id} and ${OPEN_IVR})`.mapWith(Number),
      openOrders: sql<number>`(select count(*) from ${orders} where ${orders.practiceId} = ${practices.id} and ${OPEN_ORDER})`.mapWith(Number),
    })
    .from(partnerPractices)
    .innerJoin(practices, eq(practices.id, partnerPractices.practiceId))
    .where(inArray(partnerPractices.partnerId, [...nameOf.keys()]))
    .orderBy(asc(practices.nameKey));
  return rows.map(({ partnerId: owner, assignedAt, ...r }) => ({ ...r, via: nameOf.get(owner) ?? null, assignedAt: assignedAt.toISOString() }));
}

/** One of the partner's practices (theirs or a sub-partner's), or null: anything else is not found. */
export async function practiceOfPartner(db: Db, partnerId: string, practiceId: string): Promise<PartnerPracticeRow | null> {
  return (await practicesOfPartner(db, partnerId)).find((p) => p.id === practiceId) ?? null;
}

/** The newest this many of each list; the counts by status cover them all. */
export const PIPELINE_LIMIT = 200;

export type PipelineIvr = { number: number; status: IvrStatus; productSlug: string | null; submittedAt: string | null; updatedAt: string };
export type PipelineOrder = {
  number: number;
  status: OrderStatus;
  productName: string;
  placedAt: string;
  updatedAt: string;
  invoice: { number: number; totalCents: number; paidCents: number } | null;
};
export type Pipeline = {
  ivrCounts: Partial<Record<IvrStatus, number>>;
  orderCounts: Partial<Record<OrderStatus, number>>;
  ivrs: PipelineIvr[];
  orders: PipelineOrder[];
};

/** A practice's IVRs and orders by status, and the newest of each: references, dates, product, amounts. */
export async function pipelineOf(db: Db, practiceId: string): Promise<Pipeline> {
  const [ivrCounts, orderCounts, ivrRows, orderRows] = await Promise.all([
    db
      .select({ status: ivrs.status, n: count() })
      .from(ivrs)
      .where(and(eq(ivrs.practiceId, practiceId), isNotNull(ivrs.number)))
      .groupBy(ivrs.status),
    db.select({ status: orders.status, n: count() }).from(orders).where(eq(orders.practiceId, practiceId)).groupBy(orders.status),
    db
      .select({ number: ivrs.number, status: ivrs.status, productSlug: ivrs.productSlug, submittedAt: ivrs.submittedAt, updatedAt: ivrs.updatedAt })
      .from(ivrs)
      .where(and(eq(ivrs.practiceId, practiceId), isNotNull(ivrs.number)))
      .orderBy(desc(ivrs.updatedAt), desc(ivrs.id))
      .limit(PIPELINE_LIMIT),
    db
      .select({
        number: orders.number,
        status: orders.status,
        productName: orders.productName,
        placedAt: orders.createdAt,
        updatedAt: orders.updatedAt,
        invoiceNumber: invoices.number,
        totalCents: invoices.totalCents,
        paidCents: invoices.paidCents,
      })
      .from(orders)
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .where(eq(orders.practiceId, practiceId))
      .orderBy(desc(orders.updatedAt), desc(orders.id))
      .limit(PIPELINE_LIMIT),
  ]);
  return {
    ivrCounts: Object.fromEntries(ivrCounts.map((c) => [c.status, c.n])),
    orderCounts: Object.fromEntries(orderCounts.map((c) => [c.status, c.n])),
    ivrs: ivrRows.map((r) => ({
      number: r.number!,
      status: r.status,
      productSlug: r.productSlug,
      submittedAt: r.submittedAt ? r.submittedAt.toISOString() : null,
      updatedAt: r.updatedAt.toISOString(),
    })),
    orders: orderRows.map((r) => ({
      number: r.number,
      status: r.status,
      productName: r.productName,
      placedAt: r.placedAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      invoice: r.invoiceNumber !== null && r.totalCents !== null ? { number: r.invoiceNumber, totalCents: r.totalCents, paidCents: r.paidCents ?? 0 } : null,
    })),
  };
}

/**
 * A partner's read, audited: their practices, a practice's pipeline, a
 * statement or its download. Staff reads of a partner's statement are
 * audited the same way.
 */
export async function auditPartnerRead(db: Db, actor: Actor, action: "practices" | "practice" | "statements" | "statement" | "statement.csv" | "statement.pdf", target: string, detail?: string) {
  await audit(db, { actorEmail: actor.email, action: `partner.read.${action}`, target, ip: actor.ip, detail: detail ?? null });
}
