import type { PartnerPlan } from "~/lib/partners";

/**
 * A partner's statement for one month, reckoned from their plan and the
 * invoice payments of practices, without the database: the arithmetic the
 * unit tests hold.
 *
 * - plan none: nothing is owed;
 * - fixed: the monthly fee, one line;
 * - percentage: percentBps of each payment (rounded to the cent, half away
 *   from zero), one line per payment of the partner's own practices.
 *
 * A sub-partner's practices earn on the sub-partner's plan. The sub-partner
 * keeps splitBps of each payment's commission (rounded to the cent); their
 * upline's statement gets the rest of that same commission as an "override"
 * line, so the two always add up to the commission exactly. An override goes
 * one level up (to the direct upline); a fixed fee is the partner's own and
 * is not split.
 */

export type PaymentOfPractice = {
  invoiceNumber: number;
  practiceName: string;
  /** "YYYY-MM-DD" */
  paidOn: string;
  amountCents: number;
};

export type PlanTerms = { plan: PartnerPlan; monthlyFeeCents: number | null; percentBps: number | null };

export type StatementLine =
  | { kind: "fee"; description: string; commissionCents: number }
  | ({ kind: "commission"; rateBps: number; commissionCents: number } & PaymentOfPractice)
  | ({ kind: "override"; subPartner: string; rateBps: number; commissionCents: number } & PaymentOfPractice);

export type StatementInput = {
  month: string;
  partner: PlanTerms & {
    /** The share this partner keeps when they are a sub-partner (basis points); null: they keep it all. */
    splitBps: number | null;
    /** Whether they have an upline: only then is their split applied. */
    hasUpline: boolean;
  };
  /** Payments in the month of invoices of the partner's own practices. */
  payments: readonly PaymentOfPractice[];
  /** Their direct sub-partners, with their plans and splits and their practices' payments in the month. */
  subPartners: readonly (PlanTerms & { name: string; splitBps: number | null; payments: readonly PaymentOfPractice[] })[];
};

export type Statement = { month: string; lines: StatementLine[]; totalCents: number };

/** `cents` × `bps` / 10 000, rounded to the cent, half away from zero (integers only: no float drift). */
export function shareOf(cents: number, bps: number): number {
  const product = cents * bps;
  const sign = product < 0 ? -1 : 1;
  const magnitude = Math.abs(product);
  return sign * Math.floor((magnitude + 5_000) / 10_000);
}

/** What one payment earns on a plan (only a percentage plan earns by payment). */
function commissionOf(terms: PlanTerms, amountCents: number): number | null {
  if (terms.plan !== "percentage" || terms.percentBps === null) return null;
  return shareOf(amountCents, terms.percentBps);
}

/** The split a sub-partner keeps: all of it when none is set. */
const kept = (splitBps: number | null) => splitBps ?? 10_000;

const byPaid = (a: PaymentOfPractice, b: PaymentOfPractice) => a.paidOn.localeCompare(b.paidOn) || a.invoiceNumber - b.invoiceNumber;

export function computeStatement(input: StatementInput): Statement {
  const lines: StatementLine[] = [];
  const { partner } = input;
  if (partner.plan === "fixed" && partner.monthlyFeeCents) {
    lines.push({ kind: "fee", description: "Fixed monthly fee", commissionCents: partner.monthlyFeeCents });
  }
  const ownShare = partner.hasUpline ? kept(partner.splitBps) : 10_000;
  for (const payment of [...input.payments].sort(byPaid)) {
    const commission = commissionOf(partner, payment.amountCents);
    if (commission === null) continue;
    // A sub-partner keeps their split of it; the upline's override is the rest of the same commission.
    const mine = ownShare === 10_000 ? commission : shareOf(commission, ownShare);
    lines.push({ kind: "commission", ...payment, rateBps: partner.percentBps!, commissionCents: mine });
  }
  for (const sub of input.subPartners) {
    for (const payment of [...sub.payments].sort(byPaid)) {
      const commission = commissionOf(sub, payment.amountCents);
      if (commission === null) continue;
      const theirs = shareOf(commission, kept(sub.splitBps));
      const override = commission - theirs;
      if (override === 0) continue;
      lines.push({ kind: "override", ...payment, subPartner: sub.name, rateBps: 10_000 - kept(sub.splitBps), commissionCents: override });
    }
  }
  return { month: input.month, lines, totalCents: lines.reduce((sum, line) => sum + line.commissionCents, 0) };
}
