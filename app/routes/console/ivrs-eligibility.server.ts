import { ELIGIBILITY_ATTENTION_LABELS, ELIGIBILITY_OFF, ELIGIBILITY_WHY_LABELS } from "~/lib/eligibility";
import { formatCents } from "~/lib/format";
import type { VerificationInput } from "~/lib/schemas/verification";
import { benefitFilterOptions, filterBenefits, staffLine, type BenefitRow, type EligibilitySummary, type Network } from "~/.server/eligibility";
import type { IvrEligibility } from "~/.server/ivr";

/**
 * The eligibility part of the console's IVR page, in words: the payer's
 * answer summarised, its other coverages, its benefits filtered as the
 * page's GET form asks, the raw 271, and the checks' history. Pure: the
 * loader reads (and audits), these put it into words.
 */

const NETWORK_WORDS: Record<Network, string> = { in: "In network", out: "Out of network", both: "Both", unknown: "Not said" };
const NETWORKS = Object.keys(NETWORK_WORDS) as Network[];

/** The benefits filter of the page's URL: `benefitService` (an EQ01 code) and `benefitNetwork`. */
export function benefitFilterOf(params: URLSearchParams): { serviceType: string | null; network: Network | null } {
  const serviceType = params.get("benefitService")?.trim().toUpperCase() || null;
  const network = params.get("benefitNetwork");
  return {
    serviceType: serviceType && /^[A-Z0-9]{1,2}$/.test(serviceType) ? serviceType : null,
    network: NETWORKS.includes(network as Network) ? (network as Network) : null,
  };
}

const dollars = (cents: number) => formatCents(cents, { wholeDollars: true });
/** An amount as the verification form takes it: dollars, with cents only when there are any. */
const formDollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

function amountOf(row: BenefitRow): string | null {
  const parts = [
    row.amountCents === null ? null : dollars(row.amountCents),
    row.percent === null ? null : `${row.percent} %`,
    row.quantity ? `${row.quantity.value}${row.quantity.qualifier ? ` ${row.quantity.qualifier.label.toLowerCase()}` : ""}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(", ") : null;
}

const authWords = (v: boolean | null) => (v === null ? "" : v ? "Required" : "Not required");

/** What the verification form takes from the payer's in-network figures, by field name (amounts in dollars). */
export function payerVerificationValues(summary: EligibilitySummary | null | undefined): Record<string, string> {
  if (!summary || summary.coverage === "unknown") return {};
  const c = summary.inNetwork;
  const values: Record<string, string> = {};
  if (c.deductible.totalCents !== null) values.deductible = formDollars(c.deductible.totalCents);
  if (c.deductible.totalCents !== null && c.deductible.remainingCents !== null)
    values.deductibleMet = formDollars(Math.max(0, c.deductible.totalCents - c.deductible.remainingCents));
  if (c.coinsurancePercent !== null) values.coinsurancePercent = String(c.coinsurancePercent);
  if (c.copayCents !== null) values.copay = formDollars(c.copayCents);
  if (c.outOfPocket.totalCents !== null) values.outOfPocketMax = formDollars(c.outOfPocket.totalCents);
  if (c.outOfPocket.totalCents !== null && c.outOfPocket.remainingCents !== null)
    values.outOfPocketMet = formDollars(Math.max(0, c.outOfPocket.totalCents - c.outOfPocket.remainingCents));
  return values;
}

/** The fields of a recorded verification whose value is the payer's (staff kept what the form was prefilled with). */
export function fromPayerOf(input: VerificationInput, payer: Record<string, string>): string[] {
  return Object.entries(payer)
    .filter(([name, value]) => {
      const typed = input[name as keyof VerificationInput];
      return typed !== undefined && typed !== null && String(typed) === value;
    })
    .map(([name]) => name);
}

export const VERIFICATION_FIELD_LABELS: Record<string, string> = {
  deductible: "Deductible",
  deductibleMet: "Deductible met",
  coinsurancePercent: "Coinsurance",
  copay: "Copay",
  outOfPocketMax: "Out-of-pocket maximum",
  outOfPocketMet: "Out-of-pocket met",
};

const withoutStop = (reason: string) => reason.replace(/[.\s]+$/, "");

/** The state of the latest check, in words; `at` (a moment the page writes in the viewer's zone) follows the text. */
export type CheckState = { tone: "info" | "warning" | "error"; text: string; at: Date | null; after?: string };

export function checkStateOf(e: IvrEligibility): CheckState | null {
  if (!e.on) return { tone: "info", text: ELIGIBILITY_OFF, at: null };
  const last = e.checks[0];
  if (!last) return null;
  if (last.state === "waiting") {
    if (last.failureReason && last.retryAt)
      return { tone: "warning", text: `Eligibility check failed: ${withoutStop(last.failureReason)}, retrying at`, at: last.retryAt };
    return { tone: "info", text: "Asking the payer: the answer shows here once it comes. Asked", at: last.createdAt };
  }
  if (last.state === "failed") {
    const reason = last.failureReason ?? "no reason given";
    if (reason.startsWith("Not sent")) return { tone: "warning", text: reason, at: null };
    return { tone: "error", text: `Eligibility check failed: ${withoutStop(reason)}. It is not tried again: press Check eligibility again to ask once more.`, at: null };
  }
  return null;
}

/** Everything the page's eligibility panel shows. */
export function eligibilityView(e: IvrEligibility, filter: { serviceType: string | null; network: Network | null }) {
  const summary = e.latest?.summary ?? null;
  const options = summary ? benefitFilterOptions(summary.benefits) : { serviceTypes: [], networks: [] };
  const rows = summary ? filterBenefits(summary.benefits, filter) : [];
  return {
    on: e.on,
    state: checkStateOf(e),
    answer: summary
      ? {
          answeredAt: e.latest!.answeredAt,
          staffLine: staffLine(summary),
          attention: (() => {
            const a = e.checks.find((c) => c.id === e.latest!.checkId)?.attention ?? null;
            return a ? ELIGIBILITY_ATTENTION_LABELS[a] : null;
          })(),
          payer: summary.payer?.name ?? null,
          plan: [summary.plan.name, summary.plan.begin || summary.plan.end ? `${summary.plan.begin ?? "?"} to ${summary.plan.end ?? "?"}` : null].filter(Boolean).join(", ") || null,
          notes: [...summary.notes, ...summary.rejections.slice(summary.coverage === "unknown" ? 1 : 0).map((r) => r.message)],
          warnings: summary.warnings,
          otherCoverages: summary.otherCoverages.map((c) => ({
            label: c.label,
            payer: c.payerName ?? c.planName ?? "Named by the payer",
            details: [
              c.planName && c.planName !== c.payerName ? c.planName : null,
              c.payerId ? `payer id ${c.payerId}` : null,
              c.memberId ? `member id ${c.memberId}` : null,
              c.policyNumber ? `policy ${c.policyNumber}` : null,
              c.begin || c.end ? `${c.begin ?? "?"} to ${c.end ?? "?"}` : null,
            ]
              .filter(Boolean)
              .join(", "),
          })),
          benefits: rows.map((r) => ({
            benefit: r.benefit.label,
            serviceTypes: r.serviceTypes.map((s) => s.label).join(", ") || "All",
            network: NETWORK_WORDS[r.network],
            coverageLevel: r.coverageLevel?.label ?? "",
            amount: amountOf(r) ?? "",
            period: r.timePeriod?.label ?? "",
            authorisation: authWords(r.authorizationRequired),
          })),
          benefitCount: summary.benefits.length,
          raw271: e.latest!.raw271,
        }
      : null,
    filter: {
      serviceType: filter.serviceType ?? "",
      network: filter.network ?? "",
      serviceTypes: options.serviceTypes.map((s) => ({ value: s.code, label: `${s.label} (${s.code})` })),
      networks: options.networks.map((n) => ({ value: n, label: NETWORK_WORDS[n] })),
    },
    history: e.checks.map((c) => ({
      id: c.id,
      at: c.createdAt,
      why: ELIGIBILITY_WHY_LABELS[c.why],
      by: c.requestedBy ?? "The system",
      outcome:
        c.state === "answered"
          ? `Answered${c.attention ? `: ${ELIGIBILITY_ATTENTION_LABELS[c.attention].toLowerCase()}` : ""}`
          : c.state === "failed"
            ? `Failed: ${withoutStop(c.failureReason ?? "no reason given")}`
            : c.failureReason
              ? `Retrying: ${withoutStop(c.failureReason)}`
              : "Waiting for the payer",
      answeredAt: c.answeredAt,
    })),
  };
}

export type EligibilityView = ReturnType<typeof eligibilityView>;
