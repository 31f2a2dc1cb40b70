import { INQUIRY_SERVICE_TYPES, payersById } from "~/content/payers";
import { PAYER_TYPES, type PayerType } from "~/lib/ivr";
import {
  ACTIVE_BENEFIT_CODES,
  BENEFIT_CODES,
  coded,
  COMMERCIAL_TYPES,
  COVERAGE_LEVELS,
  DATE_QUALIFIERS,
  ENTITY_CODES,
  INACTIVE_BENEFIT_CODES,
  INSURANCE_TYPES,
  MEDICARE_SECONDARY_TYPES,
  PAYER_ENTITY_CODES,
  QUANTITY_QUALIFIERS,
  RELATIONSHIPS,
  SERVICE_TYPES,
  TIME_PERIODS,
  type Coded,
} from "./codes";
import { rejectionOf, type Rejection } from "./rejections";
import { read271, type Benefit, type DateRef, type Entity, type Party } from "./response";

/**
 * The summary of a 271: what staff and the practice read first, the other
 * coverages, and the benefits table. A pure function of the raw 271, so a
 * kept answer can be summarised again whenever this code learns more.
 * Amounts are in cents, percentages in percent (20 for 20 %), dates ISO.
 */

export type Network = "in" | "out" | "both" | "unknown";
export type Amounts = { totalCents: number | null; remainingCents: number | null };
export type CostShare = { deductible: Amounts; outOfPocket: Amounts; coinsurancePercent: number | null; copayCents: number | null };

export type BenefitRow = {
  benefit: Coded;
  serviceTypes: Coded[];
  network: Network;
  coverageLevel: Coded | null;
  insuranceType: Coded | null;
  planName: string | null;
  timePeriod: Coded | null;
  amountCents: number | null;
  percent: number | null;
  quantity: { qualifier: Coded | null; value: number } | null;
  authorizationRequired: boolean | null;
  /** EB13, e.g. "HC:15275" */
  procedure: string | null;
  dates: { label: string; from: string | null; to: string | null }[];
  messages: string[];
  /** The parties the row names (LS/LE loops): "Primary care provider: JANE ROE". */
  entities: string[];
};

export type OtherCoverageKind =
  | "medicare-advantage"
  | "medicaid"
  | "medicaid-managed-care"
  | "medicare-part-d"
  | "primary"
  | "secondary"
  | "tertiary"
  | "other";

export type OtherCoverage = {
  kind: OtherCoverageKind;
  label: string;
  payerName: string | null;
  payerId: string | null;
  planName: string | null;
  planNumber: string | null;
  groupNumber: string | null;
  policyNumber: string | null;
  memberId: string | null;
  begin: string | null;
  end: string | null;
  insuranceType: Coded | null;
  serviceTypes: Coded[];
  /** "Phone 8005550123", "Website www.example.com" */
  contacts: string[];
  messages: string[];
};

export type EligibilitySummary = {
  version: 1;
  coverage: "active" | "inactive" | "unknown";
  /** When the payer answered (BHT), YYYY-MM-DDTHH:MM or a date */
  answeredAt: string | null;
  payer: { name: string; id: string | null } | null;
  patient: {
    role: "subscriber" | "dependent";
    name: string;
    memberId: string | null;
    dateOfBirth: string | null;
    sex: string | null;
    relationship: Coded | null;
  } | null;
  plan: { name: string | null; groupNumber: string | null; begin: string | null; end: string | null };
  insurance: { type: PayerType | null; label: string | null; medicareParts: ("A" | "B")[] };
  inNetwork: CostShare;
  outOfNetwork: CostShare;
  /** EB11 on the plan or the service types asked about: true if any says yes, false if they say no, null if none says. */
  authorizationRequired: boolean | null;
  /** Every other payer or plan the answer names, each once. */
  otherCoverages: OtherCoverage[];
  benefits: BenefitRow[];
  rejections: Rejection[];
  /** No answer about coverage, only rejections that clear by themselves: check again later. */
  tryLater: boolean;
  /** What staff should know that the figures do not say. */
  notes: string[];
  /** What did not add up in the file (trailer counts...); the answer was read all the same. */
  warnings: string[];
};

const PLAN_SERVICE_TYPE = "30";
/** Service types in the order the headline figures prefer them. */
const PREFERRED_SERVICE_TYPES = [PLAN_SERVICE_TYPE, ...INQUIRY_SERVICE_TYPES.filter((c) => c !== PLAN_SERVICE_TYPE)];
/** EB06 periods that state a total, and those that state what is left. */
const TOTAL_PERIODS = new Set(["", "21", "22", "23", "25", "26", "32", "36"]);
const REMAINING_PERIODS = new Set(["29", "33"]);
const YEAR_TO_DATE = "24";

function cents(value: string): number | null {
  if (value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** EB08 is a fraction (0.2); a payer that writes 20 means 20 %. */
function percentOf(value: string): number | null {
  if (value === "") return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  return Math.round((n <= 1 ? n * 100 : n) * 100) / 100;
}

function networkOf(code: string): Network {
  if (code === "Y") return "in";
  if (code === "N") return "out";
  if (code === "U") return "unknown";
  return "both";
}

function entityName(e: Pick<Entity, "person" | "firstName" | "middleName" | "lastName">): string {
  return e.person ? [e.firstName, e.middleName, e.lastName].filter((v) => v).join(" ") : e.lastName;
}

function rowOf(b: Benefit): BenefitRow {
  const quantity = b.quantity !== "" && Number.isFinite(Number(b.quantity)) ? { qualifier: coded(QUANTITY_QUALIFIERS, b.quantityQualifier), value: Number(b.quantity) } : null;
  return {
    benefit: coded(BENEFIT_CODES, b.code) ?? { code: "", label: "Benefit" },
    serviceTypes: b.serviceTypes.map((c) => coded(SERVICE_TYPES, c)!),
    network: networkOf(b.network),
    coverageLevel: coded(COVERAGE_LEVELS, b.coverageLevel),
    insuranceType: coded(INSURANCE_TYPES, b.insuranceType),
    planName: b.planDescription || null,
    timePeriod: coded(TIME_PERIODS, b.timePeriod),
    amountCents: cents(b.amount),
    percent: percentOf(b.percent),
    quantity,
    authorizationRequired: b.authorization === "Y" ? true : b.authorization === "N" ? false : null,
    procedure: b.procedure || null,
    dates: b.dates.map((d) => ({ label: DATE_QUALIFIERS[d.qualifier] ?? d.qualifier, from: d.from, to: d.to })),
    messages: b.messages,
    entities: b.entities.map((e) => `${ENTITY_CODES[e.code] ?? e.code}: ${entityName(e)}`),
  };
}

/** Rows about the plan or a service type asked about (not pharmacy-only or dental-only rows). */
function aboutThePlan(b: Benefit): boolean {
  return b.serviceTypes.length === 0 || b.serviceTypes.some((c) => PREFERRED_SERVICE_TYPES.includes(c));
}

function coverageOf(benefits: Benefit[]): EligibilitySummary["coverage"] {
  const relevant = benefits.filter(aboutThePlan);
  for (const set of [relevant, benefits]) {
    if (set.some((b) => ACTIVE_BENEFIT_CODES.has(b.code))) return "active";
    if (set.some((b) => INACTIVE_BENEFIT_CODES.has(b.code))) return "inactive";
  }
  return "unknown";
}

function insuranceOf(benefits: Benefit[], payer: Party | null): EligibilitySummary["insurance"] {
  const active = benefits.filter((b) => ACTIVE_BENEFIT_CODES.has(b.code));
  const types = new Set(active.map((b) => b.insuranceType).filter((t) => t !== ""));
  const medicareParts = (["A", "B"] as const).filter((p) => types.has(`M${p}`));
  if (medicareParts.length > 0) {
    return { type: "medicare", label: medicareParts.length === 2 ? "Medicare Part A and Part B" : `Medicare Part ${medicareParts[0]}`, medicareParts: [...medicareParts] };
  }
  if (types.has("HN")) return { type: "medicare-advantage", label: "Medicare Advantage", medicareParts: [] };
  if (types.has("MC")) return { type: "medicaid", label: "Medicaid", medicareParts: [] };
  if (types.has("QM")) return { type: "medicaid", label: "Medicaid (Qualified Medicare Beneficiary)", medicareParts: [] };
  const commercial = [...types].find((t) => COMMERCIAL_TYPES.has(t));
  if (commercial) return { type: "commercial", label: `Commercial: ${INSURANCE_TYPES[commercial]}`, medicareParts: [] };
  // The answer does not say: the payer list may (when the id is listed under one kind of plan only).
  const listed = new Set(payer?.id ? payersById(payer.id).map((p) => p.type) : []);
  const only = listed.size === 1 ? [...listed][0]! : null;
  const type = only ?? (/\bMEDICARE\b|^CMS$/i.test(`${payer?.lastName ?? ""}`) ? "medicare" : null);
  return { type, label: type ? PAYER_TYPES.find((p) => p.value === type)!.label : null, medicareParts: [] };
}

type Score = number[];
const compare = (a: Score, b: Score) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
};

/**
 * How well a row stands for the headline figure on one side of the network:
 * that side's own row before one for both, the plan (30) before the services
 * asked about, the individual before the family, and for Medicare the Part B
 * row (a graft is a Part B service) before Part A's.
 */
function scoreOf(b: Benefit, side: "in" | "out", partB: boolean): Score | null {
  const network = networkOf(b.network);
  const networkScore = network === side ? 0 : network === "both" ? 1 : network === "unknown" ? 2 : null;
  if (networkScore === null) return null;
  const st = b.serviceTypes.length === 0 ? 1 : Math.min(...b.serviceTypes.map((c) => (c === PLAN_SERVICE_TYPE ? 0 : PREFERRED_SERVICE_TYPES.includes(c) ? 2 : 9)));
  const level = ["IND", "", "EMP"].includes(b.coverageLevel) ? 0 : b.coverageLevel === "FAM" ? 1 : 2;
  const medicare = !partB ? 0 : b.insuranceType === "MB" ? 0 : b.insuranceType === "" ? 1 : 2;
  return [medicare, networkScore, st, level];
}

/** The rows of one kind (EB01) that best stand for one side of the network, best first, grouped by equal score. */
function bestGroup(benefits: Benefit[], code: string, side: "in" | "out", partB: boolean, fits: (b: Benefit) => boolean): Benefit[] {
  const scored = benefits
    .filter((b) => b.code === code && fits(b))
    .map((b) => ({ b, score: scoreOf(b, side, partB) }))
    .filter((x): x is { b: Benefit; score: Score } => x.score !== null)
    .sort((x, y) => compare(x.score, y.score));
  const first = scored[0];
  return first ? scored.filter((x) => compare(x.score, first.score) === 0).map((x) => x.b) : [];
}

function amountsOf(benefits: Benefit[], code: string, side: "in" | "out", partB: boolean): Amounts {
  const group = bestGroup(benefits, code, side, partB, (b) => b.amount !== "");
  const total = group.find((b) => TOTAL_PERIODS.has(b.timePeriod));
  const remaining = group.find((b) => REMAINING_PERIODS.has(b.timePeriod));
  const met = group.find((b) => b.timePeriod === YEAR_TO_DATE);
  const totalCents = total ? cents(total.amount) : null;
  let remainingCents = remaining ? cents(remaining.amount) : null;
  if (remainingCents === null && totalCents !== null && met) remainingCents = Math.max(0, totalCents - (cents(met.amount) ?? 0));
  return { totalCents, remainingCents };
}

function costShareOf(benefits: Benefit[], side: "in" | "out", partB: boolean): CostShare {
  const coinsurance = bestGroup(benefits, "A", side, partB, (b) => b.percent !== "")[0];
  const copay = bestGroup(benefits, "B", side, partB, (b) => b.amount !== "")[0];
  return {
    deductible: amountsOf(benefits, "C", side, partB),
    outOfPocket: amountsOf(benefits, "G", side, partB),
    coinsurancePercent: coinsurance ? percentOf(coinsurance.percent) : null,
    copayCents: copay ? cents(copay.amount) : null,
  };
}

const STRONG_BEGIN = ["346", "356", "291", "292"];
const STRONG_END = ["347", "357", "291", "292"];

function planDatesOf(levelDates: DateRef[], rowDates: DateRef[]): { begin: string | null; end: string | null } {
  const pick = (dates: DateRef[], order: string[], part: "from" | "to") => {
    for (const q of order) {
      const d = dates.find((x) => x.qualifier === q);
      // A single end date (347, 357) is written in `from`.
      const value = part === "to" && (q === "347" || q === "357") ? d?.from : d?.[part];
      if (value) return value;
    }
    return null;
  };
  // An eligibility range of one day is the day the payer answered for (Medicare's answers), not the plan's dates.
  const eligibility = levelDates.filter((d) => d.qualifier === "307" && d.from !== null && d.to !== null && d.from !== d.to);
  const begin = pick(levelDates, STRONG_BEGIN, "from") ?? pick(rowDates, STRONG_BEGIN, "from") ?? pick(eligibility, ["307"], "from");
  const end = pick(levelDates, STRONG_END, "to") ?? pick(rowDates, STRONG_END, "to") ?? pick(eligibility, ["307"], "to");
  return { begin, end };
}

function authorizationOf(benefits: Benefit[]): boolean | null {
  const stated = benefits.filter((b) => aboutThePlan(b) && (b.authorization === "Y" || b.authorization === "N"));
  if (stated.some((b) => b.authorization === "Y")) return true;
  return stated.length > 0 ? false : null;
}

const KIND_LABELS: Record<OtherCoverageKind, string> = {
  "medicare-advantage": "Medicare Advantage",
  medicaid: "Medicaid",
  "medicaid-managed-care": "Medicaid managed care",
  "medicare-part-d": "Medicare Part D (drugs)",
  primary: "Primary payer",
  secondary: "Secondary payer",
  tertiary: "Tertiary payer",
  other: "Other payer",
};

function kindOf(b: Benefit, entity: Entity | null, planNumber: string): OtherCoverageKind {
  const ins = b.insuranceType;
  const words = `${entity ? entityName(entity) : ""} ${b.planDescription}`.toUpperCase();
  if (ins === "HN" || /^[HR]\d{4}/.test(planNumber) || /MEDICARE ADVANTAGE/.test(words)) return "medicare-advantage";
  if (/^S\d{4}/.test(planNumber) || (b.serviceTypes.length > 0 && b.serviceTypes.every((c) => c === "88")) || /\bPART D\b|\bPDP\b/.test(words)) return "medicare-part-d";
  if (ins === "MC" || ins === "QM" || /MEDICAID|MEDI-CAL/.test(words)) {
    return entity?.code === "Y2" || /MANAGED|\bMCO\b|\bHMO\b|COMMUNITY PLAN/.test(words) ? "medicaid-managed-care" : "medicaid";
  }
  if (MEDICARE_SECONDARY_TYPES.has(ins) || entity?.code === "PRP") return "primary";
  if (entity?.code === "SEP") return "secondary";
  if (entity?.code === "TTP") return "tertiary";
  return "other";
}

const CONTACT_WORDS: Record<string, string> = { TE: "Phone", UR: "Website", FX: "Fax", EM: "Email", EX: "Extension", WP: "Work phone" };

function otherCoveragesOf(benefits: Benefit[], payer: Party | null): OtherCoverage[] {
  const answering = new Set([payer?.lastName.toUpperCase(), payer?.id.toUpperCase()].filter((v): v is string => !!v));
  const found = new Map<string, OtherCoverage>();
  for (const b of benefits) {
    const payers = b.entities.filter((e) => PAYER_ENTITY_CODES.has(e.code) && !(answering.has(e.lastName.toUpperCase()) || (e.id && answering.has(e.id.toUpperCase()))));
    if (b.code !== "R" && payers.length === 0) continue;
    for (const entity of payers.length > 0 ? payers : [null]) {
      const refs = [...b.references, ...(entity?.references ?? [])];
      const ref = (q: string) => refs.find((r) => r.qualifier === q) ?? null;
      const planNumber = ref("18")?.value ?? "";
      const kind = kindOf(b, entity, planNumber);
      const insurance = coded(INSURANCE_TYPES, b.insuranceType);
      const dates = planDatesOf(b.dates.map((d) => (d.qualifier === "290" ? { ...d, qualifier: "291" } : d)), []);
      const coverage: OtherCoverage = {
        kind,
        label: kind === "medicaid" && b.insuranceType === "QM" ? "Medicaid (Qualified Medicare Beneficiary)" : kind === "primary" && insurance && MEDICARE_SECONDARY_TYPES.has(insurance.code) ? `Primary payer: ${insurance.label}` : KIND_LABELS[kind],
        payerName: entity ? entityName(entity) : null,
        payerId: entity && entity.idQualifier !== "MI" && entity.id ? entity.id : null,
        planName: b.planDescription || ref("18")?.description || ref("N6")?.description || null,
        planNumber: planNumber || null,
        groupNumber: ref("6P")?.value ?? null,
        policyNumber: ref("IG")?.value ?? null,
        memberId: entity?.idQualifier === "MI" ? entity.id : (ref("1W")?.value ?? ref("NQ")?.value ?? null),
        begin: dates.begin,
        end: dates.end,
        insuranceType: insurance,
        serviceTypes: b.serviceTypes.map((c) => coded(SERVICE_TYPES, c)!),
        contacts: (entity?.contacts ?? []).flatMap((c) => c.channels.map((ch) => `${CONTACT_WORDS[ch.qualifier] ?? ch.qualifier} ${ch.value}`)),
        messages: b.messages,
      };
      const key = [coverage.kind, coverage.payerName, coverage.payerId, coverage.planName, coverage.planNumber].join("|").toUpperCase();
      const same = found.get(key);
      if (same) {
        for (const st of coverage.serviceTypes) if (!same.serviceTypes.some((s) => s.code === st.code)) same.serviceTypes.push(st);
        same.messages.push(...coverage.messages.filter((m) => !same.messages.includes(m)));
      } else found.set(key, coverage);
    }
  }
  return [...found.values()];
}

function notesOf(summary: Pick<EligibilitySummary, "insurance" | "otherCoverages">): string[] {
  const notes: string[] = [];
  const named = (c: OtherCoverage) => c.payerName ?? c.planName ?? "not named";
  for (const c of summary.otherCoverages) {
    if (c.kind === "medicare-advantage" && summary.insurance.type === "medicare") {
      notes.push(`A Medicare Advantage plan (${named(c)}) covers this patient in place of Original Medicare: verify benefits with that plan and bill it.`);
    } else if (c.kind === "medicaid" || c.kind === "medicaid-managed-care") {
      notes.push(`${c.label} (${named(c)}) also covers this patient: it may pay after the primary payer.`);
    } else if (c.kind === "primary") {
      notes.push(`Another payer (${named(c)}) pays before this one: verify coverage with it first.`);
    }
  }
  return notes;
}

/** The summary of a raw 271. Throws X12ReadError when the text is not a 271. */
export function summarise(raw271: string): EligibilitySummary {
  const response = read271(raw271);
  const answer = response.answers.find((a) => a.subscribers.length > 0) ?? response.answers[0]!;
  const subscriber = answer.subscribers[0] ?? null;
  const dependent = subscriber?.dependents[0] ?? null;
  const patientParty = dependent ?? subscriber;
  const benefits = dependent && dependent.benefits.length > 0 ? dependent.benefits : (subscriber?.benefits ?? []);
  const memberId = subscriber?.idQualifier === "MI" && subscriber.id ? subscriber.id : null;

  const rejections: Rejection[] = [
    ...(answer.payer?.rejections ?? []).map((a) => rejectionOf("payer", a, memberId)),
    ...(answer.receiver?.rejections ?? []).map((a) => rejectionOf("provider", a, memberId)),
    ...(subscriber?.rejections ?? []).map((a) => rejectionOf("subscriber", a, memberId)),
    ...(dependent?.rejections ?? []).map((a) => rejectionOf("dependent", a, memberId)),
    ...benefits.flatMap((b) => b.rejections.map((a) => rejectionOf("benefit", a, memberId))),
  ];

  const coverage = coverageOf(benefits);
  const insurance = insuranceOf(benefits, answer.payer);
  const partB = insurance.medicareParts.includes("B");
  const active = benefits.filter((b) => ACTIVE_BENEFIT_CODES.has(b.code) && aboutThePlan(b));
  const mainActive = active.find((b) => b.serviceTypes.includes(PLAN_SERVICE_TYPE) && (!partB || b.insuranceType === "MB")) ?? active[0] ?? null;
  const refs = [...(patientParty?.references ?? []), ...(dependent ? (subscriber?.references ?? []) : [])];
  const ref = (q: string) => refs.find((r) => r.qualifier === q) ?? null;
  const levelDates = [...(patientParty?.dates ?? []), ...(dependent ? (subscriber?.dates ?? []) : [])];
  const otherCoverages = otherCoveragesOf(benefits, answer.payer);

  const summary: EligibilitySummary = {
    version: 1,
    coverage,
    answeredAt: answer.answeredAt,
    payer: answer.payer ? { name: entityName(answer.payer), id: answer.payer.id || null } : null,
    patient: patientParty
      ? {
          role: dependent ? "dependent" : "subscriber",
          name: entityName(patientParty),
          memberId: patientParty.idQualifier === "MI" && patientParty.id ? patientParty.id : memberId,
          dateOfBirth: patientParty.dateOfBirth,
          sex: patientParty.sex,
          relationship: dependent ? coded(RELATIONSHIPS, dependent.relationship) : null,
        }
      : null,
    plan: {
      name: active.find((b) => b.planDescription)?.planDescription ?? ref("18")?.description ?? ref("6P")?.description ?? null,
      groupNumber: ref("6P")?.value ?? null,
      // Without benefits (a rejection), the dates are the inquiry's echoed back, not the plan's.
      ...(benefits.length > 0 ? planDatesOf(levelDates, mainActive?.dates ?? []) : { begin: null, end: null }),
    },
    insurance,
    inNetwork: costShareOf(benefits, "in", partB),
    outOfNetwork: costShareOf(benefits, "out", partB),
    authorizationRequired: authorizationOf(benefits),
    otherCoverages,
    benefits: benefits.map(rowOf),
    rejections,
    tryLater: coverage === "unknown" && rejections.length > 0 && rejections.every((r) => r.retryable),
    notes: [],
    warnings: response.warnings,
  };
  summary.notes = notesOf(summary);
  return summary;
}

export type BenefitFilter = { serviceType?: string | null; network?: Network | null };

/** The rows a page shows for a service type and a side of the network (a row for both sides shows on either). */
export function filterBenefits(rows: readonly BenefitRow[], filter: BenefitFilter): BenefitRow[] {
  return rows.filter((r) => {
    if (filter.serviceType && !r.serviceTypes.some((s) => s.code === filter.serviceType)) return false;
    if (filter.network && filter.network !== "both" && r.network !== filter.network && r.network !== "both") return false;
    return true;
  });
}

/** The service types and network sides the rows hold: the choices of the table's filters. */
export function benefitFilterOptions(rows: readonly BenefitRow[]): { serviceTypes: Coded[]; networks: Network[] } {
  const serviceTypes = new Map<string, Coded>();
  for (const r of rows) for (const s of r.serviceTypes) if (!serviceTypes.has(s.code)) serviceTypes.set(s.code, s);
  const networks = (["in", "out", "both", "unknown"] as const).filter((n) => rows.some((r) => r.network === n));
  return { serviceTypes: [...serviceTypes.values()], networks };
}
