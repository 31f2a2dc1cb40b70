/**
 * A recorded verification in words, for the console's IVR page and the
 * practice's: one place that says what the payer's amounts mean, money as
 * money ("$257 of $1,500 met", "Copay $0") and choices by their labels
 * ("In network"). Browser-safe and zod-free.
 */
import { centsOf, formatCents } from "./format";
import { NETWORK_OPTIONS, VERIFICATION_OUTCOMES } from "./schemas/verification-fields";

/** What staff recorded, as it is stored (amounts as the dollars typed). */
export type VerificationResult = {
  outcome: string;
  networkStatus?: string;
  deductible?: string;
  deductibleMet?: string;
  coinsurancePercent?: number;
  copay?: string;
  outOfPocketMax?: string;
  outOfPocketMet?: string;
  priorAuthNumber?: string;
  priorAuthFrom?: string;
  priorAuthTo?: string;
  authorisedApplications?: number;
  validUntil: string;
  /** The fields whose value staff kept from the payer's eligibility answer (the form was prefilled with it). */
  fromPayer?: string[];
};

export type VerificationFact = { label: string; value: string | null };

/** "$1,500", "$1,500.50"; a value that is not an amount is shown as it was stored. */
export function dollars(value: string | undefined): string | null {
  if (value === undefined || value === "") return null;
  const cents = centsOf(value);
  return cents === null ? value : formatCents(cents, { wholeDollars: true });
}

/** "$257 of $1,500 met", "$1,500", "$257 met": an amount and how much of it is met. */
function ofMet(total: string | undefined, met: string | undefined): string | null {
  const all = dollars(total);
  const done = dollars(met);
  if (all && done) return `${done} of ${all} met`;
  if (done) return `${done} met`;
  return all;
}

const labelOf = (options: readonly { value: string; label: string }[], value: string | undefined) =>
  value ? (options.find((o) => o.value === value)?.label ?? value) : null;

/** The verification's facts in words; a fact not recorded has a null value. */
export function verificationFacts(v: VerificationResult): VerificationFact[] {
  return [
    { label: "Outcome", value: labelOf(VERIFICATION_OUTCOMES, v.outcome) },
    { label: "Network", value: labelOf(NETWORK_OPTIONS, v.networkStatus) },
    { label: "Deductible", value: ofMet(v.deductible, v.deductibleMet) },
    { label: "Coinsurance", value: v.coinsurancePercent === undefined ? null : `${v.coinsurancePercent}%` },
    { label: "Copay", value: dollars(v.copay) },
    { label: "Out-of-pocket maximum", value: ofMet(v.outOfPocketMax, v.outOfPocketMet) },
    { label: "Prior authorization", value: v.priorAuthNumber ?? null },
    { label: "Authorization window", value: v.priorAuthFrom || v.priorAuthTo ? `${v.priorAuthFrom ?? "?"} to ${v.priorAuthTo ?? "?"}` : null },
    { label: "Authorised applications", value: v.authorisedApplications === undefined ? null : String(v.authorisedApplications) },
    { label: "Valid until", value: v.validUntil },
  ];
}

/**
 * The verification form's first values from the last verification: the
 * payer's amounts and network do not change between a prior-auth request
 * and its approval, so staff confirm them instead of typing them again.
 */
export function verificationFormDefaults(last: VerificationResult | null | undefined): Record<string, string> {
  if (!last) return {};
  const text = (v: string | number | undefined) => (v === undefined ? "" : String(v));
  return {
    networkStatus: text(last.networkStatus),
    deductible: text(last.deductible),
    deductibleMet: text(last.deductibleMet),
    coinsurancePercent: text(last.coinsurancePercent),
    copay: text(last.copay),
    outOfPocketMax: text(last.outOfPocketMax),
    outOfPocketMet: text(last.outOfPocketMet),
    priorAuthNumber: text(last.priorAuthNumber),
    priorAuthFrom: text(last.priorAuthFrom),
    priorAuthTo: text(last.priorAuthTo),
    authorisedApplications: text(last.authorisedApplications),
  };
}
