import { formatCents } from "~/lib/format";
import type { Amounts, CostShare, EligibilitySummary } from "./summary";

/** The summary in one line each for staff and for the practice, as the IVR pages and the board show them. */

const money = (cents: number) => formatCents(cents).replace(/\.00$/, "");
const COVERAGE_WORDS: Record<EligibilitySummary["coverage"], string> = { active: "Active", inactive: "Inactive", unknown: "Coverage unknown" };

function amountsLine(name: string, a: Amounts): string | null {
  if (a.totalCents === null && a.remainingCents === null) return null;
  if (a.totalCents === null) return `${name} ${money(a.remainingCents!)} remaining`;
  return a.remainingCents === null ? `${name} ${money(a.totalCents)}` : `${name} ${money(a.totalCents)}, ${money(a.remainingCents)} remaining`;
}

function costLine(c: CostShare): string[] {
  return [
    amountsLine("deductible", c.deductible),
    c.coinsurancePercent === null ? null : `coinsurance ${c.coinsurancePercent} %`,
    c.copayCents === null ? null : `copay ${money(c.copayCents)}`,
    amountsLine("out-of-pocket maximum", c.outOfPocket),
  ].filter((p): p is string => p !== null);
}

/** "Active · Medicare Part B · deductible $257, $0 remaining · coinsurance 20 % · authorisation not required" (in-network figures). */
export function staffLine(summary: EligibilitySummary): string {
  if (summary.coverage === "unknown" && summary.rejections.length > 0) return summary.rejections[0]!.message;
  const auth =
    summary.authorizationRequired === null ? null : summary.authorizationRequired ? "authorisation required" : "authorisation not required";
  return [COVERAGE_WORDS[summary.coverage], summary.insurance.label ?? summary.plan.name, ...costLine(summary.inNetwork), auth]
    .filter((p): p is string => !!p)
    .join(" · ");
}

/** "Coverage found: active, Medicare Part B", or what the practice must do. */
export function practiceLine(summary: EligibilitySummary): string {
  if (summary.coverage === "unknown") {
    return summary.rejections[0]?.message ?? "The payer's answer does not say whether the coverage is active: staff will verify it.";
  }
  const kind = summary.insurance.label ?? summary.plan.name;
  const others = summary.otherCoverages
    .filter((c) => c.kind !== "other" && c.kind !== "medicare-part-d")
    .map((c) => `${c.label}: ${c.payerName ?? c.planName ?? "named by the payer"}`);
  return `Coverage found: ${summary.coverage}${kind ? `, ${kind}` : ""}${others.length > 0 ? `. Also ${others.join("; ")}` : ""}`;
}
