import { eq } from "drizzle-orm";
import { listPricePerCm2Cents } from "~/content/prices";
import { formatCents } from "~/lib/format";
import { orderReference } from "~/lib/orders";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { outbox, practices } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { siteOrigin } from "~/.server/env";
import { activeMemberEmails } from "~/.server/practices";
import { notifyCompany, transitionOrder, type OrderRow } from "./lifecycle";

/**
 * A practice's own approval of its orders: a practice admin may require it
 * for every order, for orders reckoned above an amount, or for stock orders.
 * Such an order waits in "awaiting practice approval", unseen by the
 * supplier, until a practice admin approves it (it is then submitted, and the
 * supplier hears of it) or declines it with a reason (cancelled).
 */

export type ApprovalRule = { approveAll: boolean; approveAboveCents: number | null; approveStock: boolean };

export const NO_APPROVAL: ApprovalRule = { approveAll: false, approveAboveCents: null, approveStock: false };

/** What an order is reckoned at before it is invoiced: its area at the list price of its product code on the day. */
export function orderEstimateCents(hcpcs: string | null, lines: readonly { lengthMm: number; widthMm: number; quantity: number }[], on: string): number {
  const perCm2 = listPricePerCm2Cents(hcpcs, on);
  // Millimetres squared to cm²: / 100.
  return lines.reduce((sum, l) => sum + Math.round(((l.lengthMm * l.widthMm) / 100) * perCm2) * l.quantity, 0);
}

/** Why the rule holds this order for approval, in words, or null when it does not. */
export function approvalReason(rule: ApprovalRule, order: { stock: boolean; amountCents: number }): string | null {
  if (rule.approveAll) return "Your practice approves every order.";
  if (rule.approveStock && order.stock) return "Your practice approves stock orders.";
  if (rule.approveAboveCents !== null && order.amountCents > rule.approveAboveCents)
    return `Reckoned at ${formatCents(order.amountCents)}, above your practice's ${formatCents(rule.approveAboveCents)} approval limit.`;
  return null;
}

/** The rule's columns, for a read of the practice that needs them with others (its name, say). */
export const approvalColumns = { approveAll: practices.approveAll, approveAboveCents: practices.approveAboveCents, approveStock: practices.approveStock };

export async function approvalRuleOf(db: Db, practiceId: string): Promise<ApprovalRule> {
  const [row] = await db.select(approvalColumns).from(practices).where(eq(practices.id, practiceId));
  return row ?? NO_APPROVAL;
}

/** A practice admin sets the rule (audited with what it was and what it is). */
export function setApprovalRule(db: Db, { practiceId, actor, rule }: { practiceId: string; actor: Actor; rule: ApprovalRule }) {
  return inTransaction(db, async (tx) => {
    const before = await approvalRuleOf(tx, practiceId);
    await tx.update(practices).set(rule).where(eq(practices.id, practiceId));
    await audit(tx, { actorEmail: actor.email, action: "practice.approvals", target: practiceId, ip: actor.ip, detail: `${describeRule(before)} -> ${describeRule(rule)}` });
  });
}

export function describeRule(rule: ApprovalRule): string {
  const parts = [
    rule.approveAll ? "every order" : null,
    rule.approveAboveCents !== null ? `orders above ${formatCents(rule.approveAboveCents)}` : null,
    rule.approveStock ? "stock orders" : null,
  ].filter(Boolean);
  return parts.length ? `approval for ${parts.join(", ")}` : "no approval";
}

/** The practice's admins hear that an order waits for them: its reference and where, nothing else. */
export async function askForApproval(tx: Db, row: Pick<OrderRow, "id" | "number" | "practiceId">) {
  const reference = orderReference(row.number);
  for (const { email } of await activeMemberEmails(tx, [row.practiceId], { roles: ["admin"] })) {
    await tx.insert(outbox).values({
      purpose: "order.approval",
      to: email,
      subject: `${reference} waits for your approval`,
      text: `${reference} was placed in your practice and waits for a practice admin to approve or decline it. We do not see it until then.\n\n${siteOrigin()}/members/orders/${row.id}\n`,
    });
  }
}

/** A practice admin approves an order that waits for it: it is submitted, and the supplier hears of it. */
export function approveOrder(db: Db, { practiceId, actor, id }: { practiceId: string; actor: Actor; id: string }) {
  return inTransaction(db, async (tx) => {
    const moved = await transitionOrder(tx, { id, to: "submitted", actor, by: "member", practiceId, expect: "awaiting_approval" });
    if (!moved) return null;
    await audit(tx, { actorEmail: actor.email, action: "order.approve", target: id, ip: actor.ip });
    await notifyCompany(tx, moved.row, "received");
    return moved;
  });
}

/** A practice admin declines it with a reason, kept (sealed) in the order's history: it is cancelled. */
export function declineOrder(db: Db, { practiceId, actor, id, reason }: { practiceId: string; actor: Actor; id: string; reason: string }) {
  return inTransaction(db, async (tx) => {
    const moved = await transitionOrder(tx, { id, to: "cancelled", actor, by: "member", practiceId, note: `Declined: ${reason}`, expect: "awaiting_approval" });
    if (!moved) return null;
    await audit(tx, { actorEmail: actor.email, action: "order.decline", target: id, ip: actor.ip });
    return moved;
  });
}
