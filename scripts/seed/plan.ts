import { chatSchedule } from "~/content/chat";
import { isOrderableBySize, productBySlug, products } from "~/content/products";
import { chatAvailability, localMoment, parseChatHours, type ChatSide, type ChatState } from "~/lib/chat";
import { coveringSet, sizeArea, sizeKey, sizeLabel, type GraftSize } from "~/lib/clinical/graft-sizes";
import { isValidMbi, isValidNpi } from "~/lib/clinical/identifiers";
import { applicationCodes, codesText, woundArea, type WoundLocation } from "~/lib/clinical/wound";
import { canTransitionIvr, DEFAULT_VALID_DAYS, ivrReference, type IvrStatus, type PayerType } from "~/lib/ivr";
import { canTransitionOrder, INVOICE_NET_DAYS, invoiceReference, MAX_UNITS_PER_SIZE, orderReference, type OrderActorKind, type OrderStatus } from "~/lib/orders";
import type { Role } from "~/lib/accounts";
import { latestUsToday } from "~/lib/schemas/patient";
import { defaultDueOn } from "~/.server/orders";
import { addBusinessDays, addDays, addYears } from "~/lib/calendar";
import { formatCents } from "~/lib/format";
import { todayUtc, type Clinical, type Verification } from "~/.server/ivr";
import type { Coverage, Patient } from "~/.server/patients";
import { Rng } from "./random";
import * as V from "./vocabulary";

/**
 * What the demo year holds, decided before any row is made: who works where,
 * which patients each practice has, and every IVR's and order's path through
 * its statuses with the time of each step. Every choice comes from a seeded
 * generator (one per practice, so one practice's draws never shift
 * another's), every status change is checked against the app's own
 * transition tables, and nothing happens after `now`.
 */

export type SeedOptions = {
  practices: number;
  seed: string;
  /** Patients of the first practice (0: it is sized like the others). */
  largePractice: number;
  now: Date;
  /** Patients of a practice on average (100 unless given: the demo practice of the live demo takes fewer). */
  patientsPerPractice?: number;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;
const YEAR_DAYS = 365;
const PATIENTS_PER_PRACTICE = 100;
const SUBMISSIONS_PER_PRACTICE = 400;
const MIN_PATIENTS = 20;

export type Actor = { email: string; ip: string | null };
const SYSTEM: Actor = { email: "system", ip: null };

export type UserPlan = {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: number;
  disabled: boolean;
  ip: string;
  practice: PracticePlan | null;
};

export type FacilityPlan = {
  id: string;
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zip: string;
  phone: string;
  groupNpi: string;
  ptan: string;
  taxId: string;
  placeOfService: string;
  createdAt: number;
};

export type ProviderPlan = {
  id: string;
  firstName: string;
  lastName: string;
  credentials: string;
  specialty: string;
  npi: string;
  ptan: string;
  createdAt: number;
};

export type PracticePlan = {
  index: number;
  id: string;
  name: string;
  taxId: string;
  createdAt: number;
  ip: string;
  facilities: FacilityPlan[];
  providers: ProviderPlan[];
  members: UserPlan[];
  patients: PatientPlan[];
  /** Null unless staff allowed the practice to hold stock. */
  stock: StockPlan | null;
};

/** A practice that holds stock: since when, its reorder settings and par levels (all at its main facility). */
export type StockPlan = {
  since: number;
  allowedBy: Actor;
  settingsBy: UserPlan;
  autoReorder: boolean;
  monthlyCents: number | null;
  /** Its stock orders wait for a practice admin's approval (set near the year's end). */
  approveStock: boolean;
  facility: FacilityPlan;
  parLevels: { productSlug: string; size: GraftSize; par: number; at: number; by: UserPlan }[];
};

/** A coverage as the app reads it back (`getPatient`), with its id. */
export type CoveragePlan = Omit<Coverage, "since" | "replacedAt" | "replacedBy"> & { id: string; payerType: PayerType };

/** A patient as the app reads it back (`getPatient`), with its practice, coverages and who added it when. */
export type PatientPlan = Pick<Patient, "id" | "firstName" | "lastName" | "birthDate" | "sex" | "address" | "phone"> & {
  practice: PracticePlan;
  coverages: CoveragePlan[];
  createdAt: number;
  createdBy: UserPlan;
};


export type IvrStep = { from: IvrStatus | null; to: IvrStatus; at: number; actor: Actor; note: string | null };

/** What staff recorded, as the app reads it back (`getIvrDetail`). */
export type VerificationResult = Omit<Verification, "verifiedBy" | "verifiedAt">;

export type IvrPlan = {
  id: string;
  practice: PracticePlan;
  patient: PatientPlan;
  creator: UserPlan;
  followers: UserPlan[];
  createdAt: number;
  requestType: string;
  previousIvrId: string | null;
  /** Null while a draft: the member's typed values are in `draft`. */
  sent: {
    provider: ProviderPlan;
    facility: FacilityPlan;
    dateOfService: string;
    productSlug: string;
    plannedApplications: number;
    clinical: Clinical;
    areaHundredths: number;
    cptCodes: string;
    priorAuthPermission: boolean;
    attestedAt: number;
    submittedAt: number;
  } | null;
  draft: Record<string, unknown> | null;
  steps: IvrStep[];
  verifications: { id: string; at: number; by: Actor; result: VerificationResult }[];
  requestMessage: string | null;
  validUntil: string | null;
  authorisedApplications: number | null;
  /** An approved prior authorization's window. */
  priorAuth: { from: string; to: string } | null;
  views: { at: number; actor: Actor }[];
  status: IvrStatus;
  updatedAt: number;
  /** When an order may be placed from it (covered or approved), and until which date. */
  orderable: { from: number; until: string } | null;
};

export type OrderStep = { from: OrderStatus | null; to: OrderStatus; at: number; actor: Actor; note: string | null };

export type OrderLinePlan = {
  id: string;
  position: number;
  hcpcs: string;
  size: GraftSize;
  quantity: number;
  tissueIds: string[];
  unitIds: string[];
  /** A short-dated lot's expiry; null: two years from packing, as most are. */
  expiresOn: string | null;
  /** How each unit left the shelf (by position), null while it is on it. */
  ends: (UnitEnd | null)[];
};

export type UnitDisposition = "applied" | "returned" | "damaged" | "expired";

/** How a unit left the shelf: when, who recorded it, and why (not for an application: its record says). */
export type UnitEnd = { disposition: UnitDisposition; at: number; on: string; by: Actor; note: string | null };

/** One unit applied to a patient under a covered IVR, as the portal's application form records it. */
export type ApplicationPlan = {
  id: string;
  order: OrderPlan;
  line: OrderLinePlan;
  index: number;
  ivr: IvrPlan;
  appliedOn: string;
  /** When it was recorded. */
  at: number;
  by: Actor;
  wound: { lengthCm: number; widthCm: number; location: WoundLocation };
  appliedHundredths: number;
  discardedHundredths: number;
  discardReason: string | null;
  signerName: string;
};

export type InvoicePlan = {
  id: string;
  order: OrderPlan;
  at: number;
  issuedOn: string;
  dueOn: string;
  issuedBy: Actor;
  lines: { id: string; position: number; hcpcs: string; product: string; size: GraftSize; units: number; unitPriceCents: number }[];
  totalCents: number;
  payment: { at: number; paidOn: string; reference: string; by: Actor } | null;
};

export type OrderPlan = {
  id: string;
  practice: PracticePlan;
  /** The patient's IVR it was ordered under; null for a reorder of the practice's stock. */
  ivr: IvrPlan | null;
  reorder: "suggested" | "automatic" | null;
  productSlug: string;
  createdAt: number;
  /** Null when the portal drafted or placed it (a reorder). */
  creator: UserPlan | null;
  followers: UserPlan[];
  dateOfService: string;
  facility: FacilityPlan;
  shippingSpeed: string;
  poNumber: string | null;
  notes: string | null;
  lines: OrderLinePlan[];
  steps: OrderStep[];
  status: OrderStatus;
  updatedAt: number;
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: number | null;
  deliveredAt: number | null;
  invoice: InvoicePlan | null;
  views: { at: number; actor: Actor }[];
};

export type SubmissionPlan = {
  id: string;
  kind: "contact" | "intake" | "application" | "callback";
  createdAt: number;
  firstName: string;
  lastName: string;
  email: string;
  clientKey: string;
  fields: Record<string, string | null>;
  experience: { company: string; title: string; startDate: string; endDate: string | null; currentRole: boolean; description: string; location: string }[];
  certifications: { name: string; issuingOrganization: string; issueDate: string; expirationDate: string | null; credentialId: string }[];
  files: { id: string; role: "resume" | "document"; fileName: string; title: string; lines: string[] }[];
  steps: { from: "new" | "in_progress" | "closed"; to: "new" | "in_progress" | "closed"; at: number; actor: Actor }[];
  notes: { id: string; at: number; author: Actor; body: string }[];
  views: { at: number; actor: Actor }[];
  status: "new" | "in_progress" | "closed";
  updatedAt: number;
};

/** A member who may open a chat: of a seeded practice, not disabled, since they joined. */
export type ChatMember = { id: string; practiceId: string; createdAt: number };

export type ChatMessagePlan = { id: string; side: ChatSide; authorId: string | null; at: number; body: string };

/**
 * A live chat as the domain's writers leave it (`app/.server/chat`): started
 * by a visitor or a member, waiting until staff take or answer it, open, then
 * closed by either side; one cut short by `now` is still waiting or open.
 */
export type ChatPlan = {
  id: string;
  /** CHT- number: the chats in the order they were started. */
  number: number;
  createdAt: number;
  visitor: { name: string; email: string; tokenHash: string } | null;
  member: ChatMember | null;
  status: ChatState;
  takenBy: UserPlan | null;
  takenAt: number | null;
  /** Staff took it before answering (the console's Take), rather than by answering. */
  tookFirst: boolean;
  firstAnsweredAt: number | null;
  lastMessageAt: number;
  closedAt: number | null;
  closedBy: "staff" | "asker" | null;
  messages: ChatMessagePlan[];
  /** Staff's reads of its page (each audited). */
  views: { at: number; actor: Actor }[];
};

export type AuditPlan = { at: number; actor: string | null; action: string; target: string | null; ip: string | null; detail: string | null };


// ---------------------------------------------------------------------------
// Small helpers

const dateOf = (ms: number) => todayUtc(new Date(ms));
const compareIds = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const actorOf = (user: UserPlan): Actor => ({ email: user.email, ip: user.ip });

/** The same moment, or the next weekday's office hours (14:00-23:00 UTC, a US working day) when it falls outside them. */
function officeHours(rng: Rng, ms: number): number {
  const d = new Date(ms);
  let day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const hour = (ms - day) / HOUR;
  const inHours = hour >= 14 && hour < 23;
  const weekday = (t: number) => {
    const w = new Date(t).getUTCDay();
    return w !== 0 && w !== 6;
  };
  if (inHours && weekday(day)) return ms;
  if (hour >= 23) day += DAY;
  while (!weekday(day)) day += DAY;
  return day + 14 * HOUR + rng.between(0, 9 * HOUR);
}

/** `officeHours`, unless that is later than `limit`: then the moment itself. */
function officeHoursBefore(rng: Rng, ms: number, limit: number): number {
  const snapped = officeHours(rng, ms);
  return snapped <= limit ? snapped : ms;
}

/** Each step's time, one delay after another from `start`; with `endBefore`, squeezed so that the last comes before it. */
function stepTimes(start: number, steps: readonly { delay: number }[], endBefore: number | null): number[] {
  let t = start;
  const times = steps.map((step) => (t += step.delay));
  const last = times.at(-1);
  if (endBefore === null || last === undefined || last <= endBefore) return times;
  const scale = (endBefore - start) / (last - start);
  return times.map((x) => start + (x - start) * scale);
}

const uniqueDraw = <T>(rng: Rng, seen: Set<string>, draw: (rng: Rng) => T, key: (value: T) => string): T => {
  for (;;) {
    const value = draw(rng);
    if (!seen.has(key(value))) {
      seen.add(key(value));
      return value;
    }
  }
};

/** A valid NPI: nine drawn digits (the first 1 or 2) and the one check digit the app's own check accepts. */
function drawNpi(rng: Rng, first: "1" | "2"): string {
  const stem = `${first}${rng.digits(8)}`;
  for (let d = 0; d <= 9; d++) if (isValidNpi(`${stem}${d}`)) return `${stem}${d}`;
  throw new Error("no NPI check digit found");
}

const MBI_LETTERS = "ACDEFGHJKMNPQRTUVWXY";
/** A Medicare Beneficiary Identifier in the pattern CMS publishes, checked with the app's own check. */
function drawMbi(rng: Rng): string {
  const letter = () => MBI_LETTERS[rng.int(0, MBI_LETTERS.length - 1)]!;
  const either = () => (rng.chance(0.5) ? letter() : String(rng.int(0, 9)));
  const mbi = `${rng.int(1, 9)}${letter()}${either()}${rng.int(0, 9)}${letter()}${either()}${rng.int(0, 9)}${letter()}${letter()}${rng.digits(2)}`;
  if (!isValidMbi(mbi)) throw new Error(`drew an invalid MBI ${mbi}`);
  return mbi;
}

const phoneIn = (rng: Rng, area: string) => `(${area}) 555-01${rng.digits(2)}`;
const taxIdOf = (rng: Rng) => `${rng.int(10, 99)}-${rng.digits(7)}`;
const ptanOf = (rng: Rng) => `${rng.pick(["P", "M", "G"])}${rng.digits(5)}`;

function personName(rng: Rng, sex: "female" | "male" = rng.chance(0.5) ? "female" : "male") {
  return { first: rng.pick(sex === "female" ? V.FEMALE_NAMES : V.MALE_NAMES), last: rng.pick(V.LAST_NAMES), sex };
}

// ---------------------------------------------------------------------------
// The company and its practices

function planCompany(rng: Rng, options: SeedOptions, start: number) {
  const staffCount = Math.max(3, Math.ceil(options.practices / 25));
  const made = start - 20 * DAY;
  const people = (role: Role, count: number, prefix: string): UserPlan[] =>
    Array.from({ length: count }, (_, i) => {
      const n = personName(rng);
      return {
        id: rng.uuid(),
        email: `${prefix}${i + 1}@demo.example`,
        name: `${n.first} ${n.last}`,
        role,
        createdAt: made + i * HOUR + rng.between(0, HOUR),
        disabled: false,
        ip: `192.0.2.${10 + (role === "admin" ? 0 : 20) + i}`,
        practice: null,
      };
    });
  const admins = people("admin", 2, "admin");
  const staff = people("staff", staffCount, "staff");
  return { admins, staff };
}

/** Patients of each practice: 100 on average, varied in size, exactly 100 × N in all, the first one `largePractice` when asked. */
function patientCounts(rng: Rng, options: SeedOptions): number[] {
  const total = (options.patientsPerPractice ?? PATIENTS_PER_PRACTICE) * options.practices;
  const large = options.largePractice > 0 ? options.largePractice : 0;
  const rest = total - large;
  const others = large ? options.practices - 1 : options.practices;
  if (others > 0 && rest < others * MIN_PATIENTS)
    throw new Error(`--large-practice ${large} leaves too few patients for the other practices: at most ${total - others * MIN_PATIENTS}.`);
  const weights = Array.from({ length: others }, () => rng.between(0.5, 1.5));
  const sum = weights.reduce((a, b) => a + b, 0);
  const spare = rest - others * MIN_PATIENTS;
  const raw = weights.map((w) => MIN_PATIENTS + (spare * w) / sum);
  const counts = raw.map(Math.floor);
  let missing = rest - counts.reduce((a, b) => a + b, 0);
  const byRemainder = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (missing-- <= 0) break;
    counts[i]!++;
  }
  return large ? [large, ...counts] : counts;
}

function planPractice(rng: Rng, index: number, options: SeedOptions, start: number, names: Set<string>, npis: Set<string>): PracticePlan {
  const large = index === 0 && options.largePractice > 0;
  const home = rng.pick(V.CITIES);
  const name = uniqueDraw(
    rng,
    names,
    (r) => `${r.pick(V.PRACTICE_PLACES)} ${r.pick(V.PRACTICE_KINDS)} (${home.city})`,
    (n) => n.toLowerCase(),
  );
  // Most practices were with the company from the start of the year; some joined later (but long enough ago to have a history).
  const createdAt = officeHours(rng, start + (rng.chance(0.8) ? rng.between(0, 25 * DAY) : rng.between(25 * DAY, 200 * DAY)));
  const ip = `${index % 2 ? "198.51.100" : "203.0.113"}.${(Math.floor(index / 2) % 254) + 1}`;
  const practice: PracticePlan = { index, id: rng.uuid(), name, taxId: taxIdOf(rng), createdAt, ip, facilities: [], providers: [], members: [], patients: [], stock: null };

  /** The practice's `k`-th member (pN.mK@demo.example), who joined `after` the practice did. */
  const member = (k: number, after: number, disabled: boolean): UserPlan => {
    const n = personName(rng);
    return { id: rng.uuid(), email: `p${index + 1}.m${k}@demo.example`, name: `${n.first} ${n.last}`, role: "member", createdAt: createdAt + after, disabled, ip, practice };
  };
  const memberCount = large ? 12 : rng.int(2, 4);
  for (let k = 0; k < memberCount; k++) practice.members.push(member(k + 1, (k + 1) * 10 * MINUTE, false));
  // Now and then someone left the practice: their account stays, disabled, and did nothing since.
  if (rng.chance(0.05)) practice.members.push(member(memberCount + 1, 5 * MINUTE, true));

  const cities = V.CITIES.filter((c) => c.state === home.state);
  const facilityCount = large ? 8 : rng.weighted([[1, 5], [2, 3], [3, 2]] as const);
  for (let k = 0; k < facilityCount; k++) {
    const city = k === 0 ? home : rng.pick(cities);
    practice.facilities.push({
      id: rng.uuid(),
      name: `${name.replace(/ \(.*\)$/, "")} ${V.FACILITY_KINDS[k % V.FACILITY_KINDS.length]}`,
      addressLine1: `${rng.int(100, 9899)} ${rng.pick(V.STREET_NAMES)}`,
      addressLine2: rng.chance(0.4) ? `Suite ${rng.int(100, 450)}` : null,
      city: city.city,
      state: city.state,
      zip: city.zip,
      phone: phoneIn(rng, city.area),
      groupNpi: uniqueDraw(rng, npis, (r) => drawNpi(r, r.chance(0.7) ? "1" : "2"), (v) => v),
      ptan: ptanOf(rng),
      taxId: practice.taxId,
      placeOfService: k === 0 ? "11" : rng.weighted([["11", 6], ["22", 2], ["24", 1], ["31", 1]] as const),
      createdAt: createdAt + 40 * MINUTE + k * 5 * MINUTE,
    });
  }
  const providerCount = large ? 30 : rng.int(2, 5);
  for (let k = 0; k < providerCount; k++) {
    const n = personName(rng);
    const kind = rng.pick(V.PROVIDER_KINDS);
    practice.providers.push({
      id: rng.uuid(),
      firstName: n.first,
      lastName: n.last,
      credentials: kind.credentials,
      specialty: kind.specialty,
      npi: uniqueDraw(rng, npis, (r) => drawNpi(r, "1"), (v) => v),
      ptan: ptanOf(rng),
      createdAt: createdAt + HOUR + k * 3 * MINUTE,
    });
  }
  return practice;
}

// ---------------------------------------------------------------------------
// Patients and their coverage

function planCoverages(rng: Rng, age: number, state: string, mbis: Set<string>): CoveragePlan[] {
  const type: PayerType =
    age >= 65 ? rng.weighted([["medicare", 68], ["medicare-advantage", 27], ["commercial", 5]] as const) : rng.weighted([["commercial", 70], ["medicaid", 30]] as const);
  const memberId = (t: PayerType) =>
    t === "medicare"
      ? uniqueDraw(rng, mbis, drawMbi, (v) => v)
      : t === "medicaid"
        ? `${state}${rng.digits(9)}`
        : `${rng.pick(["XW", "ZH", "QK", "MB", "YR"])}${rng.pick(["G", "P", "T"])}${rng.digits(9)}`;
  const payerName = (t: PayerType) => (t === "medicaid" ? `${state} Medicaid` : rng.pick(V.PAYERS[t]));
  const primary: CoveragePlan = {
    id: rng.uuid(),
    rank: "primary",
    payerType: type,
    payerName: payerName(type),
    memberId: memberId(type),
    groupNumber: type === "commercial" ? rng.digits(rng.int(5, 8)) : null,
    payerPhone: `1-800-555-01${rng.digits(2)}`,
    subscriber: null,
  };
  const list = [primary];
  if (type === "medicare" && rng.chance(0.35)) {
    const dual = rng.chance(0.3);
    list.push({
      id: rng.uuid(),
      rank: "secondary",
      payerType: dual ? "medicaid" : "commercial",
      payerName: dual ? `${state} Medicaid` : rng.pick(V.SUPPLEMENT_PAYERS),
      memberId: dual ? `${state}${rng.digits(9)}` : `${rng.pick(["MS", "GP"])}${rng.digits(9)}`,
      groupNumber: null,
      payerPhone: `1-800-555-01${rng.digits(2)}`,
      subscriber: null,
    });
  }
  return list;
}

function planPatient(rng: Rng, practice: PracticePlan, createdAt: number, creator: UserPlan, seenKeys: Set<string>, mbis: Set<string>, now: number): PatientPlan {
  const sex = rng.weighted([["female", 49], ["male", 49], ["other", 1], ["unknown", 1]] as const);
  const age = rng.weighted([[rng.int(66, 94), 75], [rng.int(30, 64), 25]] as const);
  const nowYear = new Date(now).getUTCFullYear();
  // Last name and date of birth are unique in a practice: the app refuses a second entry of one patient.
  const { name, birthDate } = uniqueDraw(
    rng,
    seenKeys,
    (r) => {
      const n = personName(r, sex === "female" || sex === "male" ? sex : undefined);
      const birth = new Date(Date.UTC(nowYear - age, r.int(0, 11), r.int(1, 28))).toISOString().slice(0, 10);
      return { name: n, birthDate: birth };
    },
    (v) => `${v.name.last.toLowerCase()}|${v.birthDate}`,
  );
  const facility = practice.facilities[0]!;
  const city = V.CITIES.find((c) => c.city === facility.city && c.state === facility.state) ?? V.CITIES[0];
  const coverages = planCoverages(rng, age, facility.state, mbis);
  const primary = coverages[0]!;
  if (primary.payerType === "commercial" && rng.chance(0.25)) {
    const spouse = personName(rng);
    primary.subscriber = {
      name: `${spouse.first} ${name.last}`,
      birthDate: new Date(Date.UTC(nowYear - age + rng.int(-4, 4), rng.int(0, 11), rng.int(1, 28))).toISOString().slice(0, 10),
      relationship: "spouse",
    };
  }
  return {
    id: rng.uuid(),
    practice,
    firstName: name.first,
    lastName: name.last,
    birthDate,
    sex,
    address: { line1: `${rng.int(10, 9899)} ${rng.pick(V.STREET_NAMES)}`, city: city.city, state: city.state, zip: city.zip },
    phone: rng.chance(0.9) ? phoneIn(rng, city.area) : null,
    coverages,
    createdAt,
    createdBy: creator,
  };
}

// ---------------------------------------------------------------------------
// IVRs

type Wound = {
  picture: (typeof V.WOUND_PICTURES)[number];
  location: WoundLocation;
  laterality: Clinical["laterality"];
  lengthCm: number;
  widthCm: number;
  weeks: number;
  productSlug: string;
};

const PRODUCT_WEIGHTS: readonly (readonly [string, number])[] = products.map((p) => [p.slug, p.sizes.length === 0 ? 2 : p.slug.startsWith("membrane-wrap") ? 20 : 10] as const);

function newWound(rng: Rng): Wound {
  const picture = rng.weighted(V.WOUND_PICTURES.map((p) => [p, p.weight] as const));
  const location = rng.pick(picture.locations) as WoundLocation;
  return {
    picture,
    location,
    laterality: location === "trunk" ? "midline" : rng.pick(["left", "right"] as const),
    lengthCm: Math.round(rng.between(1, 7) * 10) / 10,
    widthCm: Math.round(rng.between(0.8, 5) * 10) / 10,
    weeks: rng.int(4, 20),
    productSlug: rng.weighted(PRODUCT_WEIGHTS),
  };
}

function clinicalOf(rng: Rng, wound: Wound, dateOfService: string): Clinical {
  const careWeeks = rng.int(4, 10);
  return {
    woundType: wound.picture.woundType,
    woundLocation: wound.location,
    laterality: wound.laterality,
    lengthCm: wound.lengthCm,
    widthCm: wound.widthCm,
    depthCm: rng.chance(0.7) ? Math.round(rng.between(0.1, 1.2) * 10) / 10 : undefined,
    durationWeeks: wound.weeks,
    standardOfCareStart: addDays(dateOfService, -7 * careWeeks),
    standardOfCare: [...wound.picture.care].filter((_, i) => i === 0 || rng.chance(0.7)),
    standardOfCareNotes: rng.chance(0.3) ? rng.pick(V.CARE_NOTES) : undefined,
    standardOfCareException: false,
    icdPrimary: rng.pick(wound.picture.primary),
    icdSecondary: [...rng.pick<readonly string[]>(wound.picture.secondary)],
    hospice: false,
    partAStay: false,
    snfOver100Days: false,
    postOpGlobal: false,
    surgeryCode: undefined,
    surgeryDate: undefined,
  };
}

type RawIvrStep = { to: IvrStatus; delay: number; by: "member" | "staff"; note?: string; verify?: boolean };

/** The statuses an IVR that rests in `target` went through, for the showcase IVRs every practice has one of each. */
const SHOWCASE_IVR_PATHS: Record<IvrStatus, { path: IvrStatus[]; daysAgo: number }> = {
  draft: { path: [], daysAgo: 1 },
  submitted: { path: ["submitted"], daysAgo: 0.3 },
  in_review: { path: ["submitted", "in_review"], daysAgo: 2 },
  needs_information: { path: ["submitted", "in_review", "needs_information"], daysAgo: 4 },
  covered: { path: ["submitted", "in_review", "covered"], daysAgo: 60 },
  prior_auth_required: { path: ["submitted", "in_review", "prior_auth_required"], daysAgo: 3 },
  prior_auth_submitted: { path: ["submitted", "in_review", "prior_auth_required", "prior_auth_submitted"], daysAgo: 8 },
  prior_auth_approved: { path: ["submitted", "in_review", "prior_auth_required", "prior_auth_submitted", "prior_auth_approved"], daysAgo: 32 },
  prior_auth_denied: { path: ["submitted", "in_review", "prior_auth_required", "prior_auth_submitted", "prior_auth_denied"], daysAgo: 26 },
  not_covered: { path: ["submitted", "in_review", "not_covered"], daysAgo: 15 },
  expired: { path: ["submitted", "in_review", "covered"], daysAgo: 115 },
  cancelled: { path: ["submitted", "cancelled"], daysAgo: 9 },
};
export const SHOWCASE_IVR_STATUSES: readonly IvrStatus[] = Object.keys(SHOWCASE_IVR_PATHS) as IvrStatus[];

function delayTo(rng: Rng, to: IvrStatus, from: IvrStatus): number {
  switch (to) {
    case "submitted":
      return from === "draft" ? rng.between(5 * MINUTE, 40 * MINUTE) : rng.between(2 * HOUR, 6 * DAY);
    case "in_review":
      return rng.between(HOUR, 36 * HOUR);
    case "prior_auth_submitted":
      return rng.between(4 * HOUR, 3 * DAY);
    case "prior_auth_approved":
    case "prior_auth_denied":
      return rng.between(2 * DAY, 14 * DAY);
    case "cancelled":
      return from === "needs_information" ? rng.between(30 * DAY, 40 * DAY) : rng.between(HOUR, 20 * HOUR);
    default:
      return rng.between(20 * MINUTE, 48 * HOUR);
  }
}

/** The moves of an IVR from draft: drawn, or (showcase) the given path. */
function ivrPath(rng: Rng, forced: IvrStatus[] | null): RawIvrStep[] {
  const steps: RawIvrStep[] = [];
  let status = "draft" as IvrStatus;
  const go = (to: IvrStatus, by: "member" | "staff", extra: Partial<RawIvrStep> = {}) => {
    steps.push({ to, delay: delayTo(rng, to, status), by, ...extra });
    status = to;
  };
  const verify = { verify: true };
  if (forced) {
    for (const to of forced) {
      const byMember = to === "submitted" || (to === "cancelled" && status === "submitted");
      const note = to === "needs_information" ? rng.pick(V.INFORMATION_REQUESTS) : undefined;
      const decided = to === "covered" || to === "not_covered" || to === "prior_auth_required" || to === "prior_auth_approved" || to === "prior_auth_denied";
      go(to, byMember ? "member" : "staff", { ...(note ? { note } : {}), ...(decided ? verify : {}) });
    }
    return steps;
  }
  go("submitted", "member");
  let asked = 0;
  for (;;) {
    if (rng.chance(0.02)) {
      go("cancelled", "member");
      return steps;
    }
    go("in_review", "staff");
    const outcome = rng.weighted([
      ["covered", 62],
      ["prior_auth_required", 16],
      ["not_covered", 6],
      ["needs_information", asked === 0 ? 13 : 3],
      ["cancelled", 1],
    ] as const);
    if (outcome === "needs_information") {
      asked++;
      go("needs_information", "staff", { note: rng.pick(V.INFORMATION_REQUESTS) });
      if (rng.chance(0.88)) {
        go("submitted", "member", { note: rng.pick(V.INFORMATION_ANSWERS) });
        continue;
      }
      go("cancelled", "staff");
      return steps;
    }
    if (outcome === "cancelled") {
      go("cancelled", "staff");
      return steps;
    }
    go(outcome, "staff", verify);
    if (outcome === "prior_auth_required") {
      if (rng.chance(0.05)) {
        go("cancelled", "staff");
        return steps;
      }
      go("prior_auth_submitted", "staff");
      go(rng.chance(0.8) ? "prior_auth_approved" : "prior_auth_denied", "staff", verify);
    }
    return steps;
  }
}

function verificationOf(rng: Rng, outcome: IvrStatus, payerType: PayerType, planned: number): Omit<VerificationResult, "validUntil"> {
  const base: Omit<VerificationResult, "validUntil"> = { outcome, networkStatus: "in-network", callReference: `REF-${rng.digits(8)}` };
  if (payerType === "medicare") Object.assign(base, { deductible: "257", deductibleMet: rng.pick(["257", "257", "120", "0"]), coinsurancePercent: 20 });
  else
    Object.assign(base, {
      networkStatus: rng.weighted([["in-network", 9], ["out-of-network", 1]] as const),
      deductible: String(rng.pick([500, 1000, 1500, 2000, 3000])),
      deductibleMet: String(rng.int(0, 5) * 100),
      coinsurancePercent: rng.pick([10, 20, 20, 30]),
      copay: String(rng.pick([0, 25, 40, 50])),
      outOfPocketMax: String(rng.pick([3000, 5000, 7500, 9100])),
      outOfPocketMet: String(rng.int(0, 20) * 100),
    });
  if (outcome === "prior_auth_approved") Object.assign(base, { priorAuthNumber: `PA${rng.digits(9)}`, authorisedApplications: Math.min(planned, rng.int(4, 8)) });
  if (outcome === "covered" && rng.chance(0.4)) base.authorisedApplications = planned;
  if (rng.chance(0.25)) base.noteToPractice = rng.pick(V.VERIFICATION_NOTES);
  return base;
}

type IvrContext = {
  rng: Rng;
  practice: PracticePlan;
  patient: PatientPlan;
  creator: UserPlan;
  staff: readonly UserPlan[];
  now: number;
  provider: ProviderPlan;
  facility: FacilityPlan;
};

function pickStaff(rng: Rng, staff: readonly UserPlan[]): Actor {
  return actorOf(rng.pick(staff));
}

/** One IVR sent by the practice (or, with `showcase`, one resting in that status), every step timed and checked. */
function planSentIvr(ctx: IvrContext, createdAt: number, wound: Wound, requestType: string, previousIvrId: string | null, showcase: IvrStatus | null): IvrPlan {
  const { rng, now } = ctx;
  const raw = ivrPath(rng, showcase ? SHOWCASE_IVR_PATHS[showcase].path : null);
  // A step after now has not happened yet; a showcase IVR's steps all have.
  const times = stepTimes(createdAt, raw, showcase ? now - HOUR : null);
  // Still being typed when the first step is yet to come.
  if (times.length === 0 || times[0]! > now) return planDraftIvr(ctx, createdAt, wound);
  const kept = raw.filter((_, i) => times[i]! <= now);
  const submittedAt = times[0]!;
  const dateOfService = addDays(dateOf(submittedAt), rng.int(1, 14));
  const product = productBySlug(wound.productSlug)!;
  const clinical = clinicalOf(rng, wound, dateOfService);
  const area = woundArea(wound.lengthCm, wound.widthCm);
  // Most plans stay within the payers' usual 8 applications; a few ask for more (and the IVR warns).
  const planned = rng.chance(0.9) ? rng.int(4, 8) : rng.int(9, 12);
  const payerType = ctx.patient.coverages[0]!.payerType;

  const plan = newIvr(ctx, createdAt, {
    requestType,
    previousIvrId,
    sent: {
      provider: ctx.provider,
      facility: ctx.facility,
      dateOfService,
      productSlug: product.slug,
      plannedApplications: planned,
      clinical,
      areaHundredths: Math.round(area * 100),
      cptCodes: codesText(applicationCodes(wound.location, area)),
      priorAuthPermission: rng.chance(0.9),
      attestedAt: submittedAt,
      submittedAt,
    },
  });
  const other = ctx.practice.members.filter((m) => !m.disabled && m !== ctx.creator);
  if (other.length > 0 && rng.chance(0.25)) plan.followers.push(rng.pick(other));

  const move = (to: IvrStatus, at: number, actor: Actor, note: string | null) => {
    if (!canTransitionIvr(plan.status, to)) throw new Error(`demo data would move an IVR ${plan.status} -> ${to}`);
    plan.steps.push({ from: plan.status, to, at, actor, note });
    plan.status = to;
    plan.updatedAt = at;
    if (to === "submitted") plan.sent!.submittedAt = at;
  };
  kept.forEach((step, i) => {
    const at = times[i]!;
    const actor = step.by === "member" ? actorOf(ctx.creator) : pickStaff(rng, ctx.staff);
    if (step.by === "staff") plan.views.push({ at: at - rng.between(MINUTE, 20 * MINUTE), actor });
    let note = step.note ?? null;
    if (step.to === "needs_information") plan.requestMessage = note;
    if (step.verify) {
      const validDays = step.to === "prior_auth_approved" ? rng.int(90, 180) : showcase ? DEFAULT_VALID_DAYS : rng.weighted([[DEFAULT_VALID_DAYS, 8], [60, 1], [120, 1]] as const);
      const result: VerificationResult = { ...verificationOf(rng, step.to, payerType, planned), validUntil: addDays(dateOf(at), validDays) };
      // The showcase covered IVR carries one order in each status: no limit on its applications.
      if (showcase === "covered") delete result.authorisedApplications;
      if (step.to === "prior_auth_approved") Object.assign(result, { priorAuthFrom: dateOf(at), priorAuthTo: result.validUntil });
      plan.verifications.push({ id: rng.uuid(), at, by: actor, result });
      plan.validUntil = result.validUntil;
      plan.authorisedApplications = result.authorisedApplications ?? null;
      plan.priorAuth = result.priorAuthFrom && result.priorAuthTo ? { from: result.priorAuthFrom, to: result.priorAuthTo } : null;
      note = result.noteToPractice ?? null;
    }
    move(step.to, at, actor, note);
  });
  // Housekeeping expires a covered or approved IVR on the first run after its valid-until date.
  if ((plan.status === "covered" || plan.status === "prior_auth_approved") && plan.validUntil) {
    plan.orderable = { from: plan.updatedAt, until: plan.validUntil };
    const expiresAt = Date.parse(`${addDays(plan.validUntil, 1)}T00:00:00Z`) + rng.between(MINUTE, 10 * MINUTE);
    if (expiresAt <= now) move("expired", expiresAt, SYSTEM, null);
  }
  return plan;
}

/** A draft the member started and left, or is still typing (the portal keeps drafts until they are sent). */
function planDraftIvr(ctx: IvrContext, createdAt: number, wound: Wound): IvrPlan {
  const { rng } = ctx;
  return newIvr(ctx, createdAt, {
    requestType: "new-wound",
    draft: {
      requestType: "new-wound",
      patientId: ctx.patient.id,
      providerId: ctx.provider.id,
      facilityId: ctx.facility.id,
      placeOfService: ctx.facility.placeOfService,
      woundType: wound.picture.woundType,
      woundLocation: wound.location,
      ...(rng.chance(0.6) ? { lengthCm: String(wound.lengthCm), widthCm: String(wound.widthCm) } : {}),
      productSlug: wound.productSlug,
      standardOfCare: [...wound.picture.care].slice(0, 1),
      icdSecondary: [],
    },
    updatedAt: createdAt + rng.between(MINUTE, 15 * MINUTE),
  });
}

/**
 * An IVR as its draft begins: what it is about, by whom, nothing decided yet.
 * Its history starts as the app's does (`openIvr`): one row to draft, from
 * nothing, by the member who began it, when they began it.
 */
function newIvr(ctx: IvrContext, createdAt: number, what: Pick<IvrPlan, "requestType"> & Partial<IvrPlan>): IvrPlan {
  return {
    id: ctx.rng.uuid(),
    practice: ctx.practice,
    patient: ctx.patient,
    creator: ctx.creator,
    followers: [ctx.creator],
    createdAt,
    previousIvrId: null,
    sent: null,
    draft: null,
    steps: [{ from: null, to: "draft", at: createdAt, actor: actorOf(ctx.creator), note: null }],
    verifications: [],
    requestMessage: null,
    validUntil: null,
    authorisedApplications: null,
    priorAuth: null,
    views: [],
    status: "draft",
    updatedAt: createdAt,
    orderable: null,
    ...what,
  };
}

// ---------------------------------------------------------------------------
// Orders

const PRICE_PER_CM2_CENTS: Record<string, number> = {
  "amnioamp-mp": 11_800,
  "membrane-wrap": 9_600,
  "membrane-wrap-hydro": 12_400,
  "tri-membrane-wrap": 14_200,
  "xcell-amnio": 13_100,
  amniomaxx: 10_900,
  "derm-maxx": 8_700,
  simplimax: 9_900,
};

type OrderTarget = OrderStatus | "invoiced-overdue";

/** The showcase orders on a practice's showcase covered IVR: one resting in each status, and an overdue invoice; days before now. */
const SHOWCASE_ORDERS: readonly { target: OrderTarget; daysAgo: number }[] = [
  { target: "paid", daysAgo: 50 },
  { target: "invoiced-overdue", daysAgo: 48 },
  { target: "cancelled", daysAgo: 35 },
  { target: "invoiced", daysAgo: 16 },
  { target: "delivered", daysAgo: 7 },
  { target: "shipped", daysAgo: 3 },
  { target: "confirmed", daysAgo: 1 },
  { target: "submitted", daysAgo: 0.2 },
];

const ORDER_PATH: OrderStatus[] = ["submitted", "confirmed", "shipped", "delivered", "invoiced", "paid"];

function orderDelay(rng: Rng, to: OrderStatus, speed: string): number {
  switch (to) {
    case "confirmed":
      return rng.between(HOUR, 30 * HOUR);
    case "shipped":
      return rng.between(4 * HOUR, 2 * DAY);
    case "delivered":
      return speed === "same-day" ? rng.between(2 * HOUR, 8 * HOUR) : speed === "expedited" ? rng.between(18 * HOUR, 30 * HOUR) : rng.between(2 * DAY, 3.5 * DAY);
    case "invoiced":
      return rng.between(4 * HOUR, 5 * DAY);
    case "paid":
      // Net 30: most pay in time, some late (the invoice is overdue until they do).
      return rng.chance(0.85) ? rng.between(7 * DAY, 29 * DAY) : rng.between(31 * DAY, 60 * DAY);
    default:
      return rng.between(HOUR, 20 * HOUR);
  }
}

function trackingOf(rng: Rng, carrier: string): string {
  switch (carrier) {
    case "ups":
      return `1Z${rng.digits(3)}W${rng.digits(2)}${rng.digits(10)}`;
    case "fedex":
      return rng.digits(12);
    case "usps":
      return `9400${rng.digits(18)}`;
    default:
      return `CR-${rng.digits(6)}`;
  }
}

function planOrder(rng: Rng, ivr: IvrPlan, createdAt: number, staff: readonly UserPlan[], now: number, target: OrderTarget | null): OrderPlan | null {
  const sent = ivr.sent!;
  const product = productBySlug(sent.productSlug)!;
  const orderable = ivr.orderable!;
  if (createdAt < orderable.from) createdAt = orderable.from + rng.between(HOUR, 6 * HOUR);
  const today = dateOf(createdAt);
  if (today > orderable.until) return null;
  const dateOfService = [addDays(today, rng.int(1, 7)), orderable.until].sort()[0]!;
  const creator = rng.chance(0.85) || ivr.followers.length === 1 ? ivr.creator : ivr.followers[1]!;
  const speed = rng.weighted([["standard", 70], ["expedited", 25], ["same-day", 5]] as const);
  const covering = coveringSet(product.sizes, sent.areaHundredths / 100).sort((a, b) => sizeArea(b.size) - sizeArea(a.size));
  const plan: OrderPlan = {
    id: rng.uuid(),
    practice: ivr.practice,
    ivr,
    reorder: null,
    productSlug: sent.productSlug,
    createdAt,
    creator,
    followers: [...new Set([creator, ...ivr.followers])],
    dateOfService,
    facility: sent.facility,
    shippingSpeed: speed,
    poNumber: rng.chance(0.4) ? `PO-${rng.digits(5)}` : null,
    notes: rng.chance(0.15) ? rng.pick(V.ORDER_NOTES) : null,
    lines: covering.map((line, i) => ({
      id: rng.uuid(),
      position: i + 1,
      hcpcs: product.hcpcs,
      size: line.size,
      quantity: Math.min(line.quantity, MAX_UNITS_PER_SIZE),
      tissueIds: [],
      unitIds: [],
      expiresOn: null,
      ends: [],
    })),
    steps: [],
    status: "submitted",
    updatedAt: createdAt,
    carrier: null,
    trackingNumber: null,
    shippedAt: null,
    deliveredAt: null,
    invoice: null,
    views: [],
  };
  if (plan.lines.length === 0) return null;

  // The path: straight on to paid, or cancelled on the way; a showcase order stops at its target.
  const raw: RawOrderStep[] = [];
  const along = (to: OrderStatus) => raw.push({ to, by: "staff", delay: orderDelay(rng, to, speed) });
  const cancel = (by: OrderActorKind) =>
    raw.push({ to: "cancelled", by, delay: rng.between(HOUR, 20 * HOUR), ...(by === "staff" && rng.chance(0.5) ? { note: rng.pick(V.CANCEL_REASONS) } : {}) });
  if (target === "cancelled") {
    along("confirmed");
    cancel("staff");
  } else if (target) {
    const stopAt: OrderStatus = target === "invoiced-overdue" ? "invoiced" : target;
    for (const to of ORDER_PATH.slice(1, ORDER_PATH.indexOf(stopAt) + 1)) along(to);
  } else {
    const fate = rng.weighted([["cancelled by the practice", 3], ["cancelled before confirming", 2], ["cancelled before shipping", 2], ["never paid", 2], ["paid", 91]] as const);
    if (fate === "cancelled by the practice") cancel("member");
    else if (fate === "cancelled before confirming") cancel("staff");
    else if (fate === "cancelled before shipping") {
      along("confirmed");
      cancel("staff");
    } else for (const to of ORDER_PATH.slice(1, fate === "never paid" ? -1 : undefined)) along(to);
  }

  const times = stepTimes(createdAt, raw, target ? now - HOUR : null);
  const member = actorOf(creator);
  plan.steps.push({ from: null, to: "submitted", at: createdAt, actor: member, note: null });
  walkOrder(rng, plan, raw, times, member, staff, now, Boolean(target));
  return plan;
}

type RawOrderStep = { to: OrderStatus; by: OrderActorKind; delay: number; note?: string };

/**
 * Moves an order along its steps up to now, each checked against the
 * transition table: staff's views, the units and their lot on shipping, the
 * invoice, its payment. `fixedTerms`: the invoice is due in the usual 30 days.
 */
function walkOrder(rng: Rng, plan: OrderPlan, raw: readonly RawOrderStep[], times: readonly number[], member: Actor, staff: readonly UserPlan[], now: number, fixedTerms: boolean) {
  const product = productBySlug(plan.productSlug)!;
  for (const [i, step] of raw.entries()) {
    const at = times[i]!;
    if (at > now) break;
    if (!canTransitionOrder(plan.status, step.to, step.by)) throw new Error(`demo data would move an order ${plan.status} -> ${step.to} (${step.by})`);
    const actor = step.by === "member" ? member : pickStaff(rng, staff);
    if (step.by === "staff") plan.views.push({ at: at - rng.between(MINUTE, 15 * MINUTE), actor });
    plan.steps.push({ from: plan.status, to: step.to, at, actor, note: step.note ?? null });
    plan.status = step.to;
    plan.updatedAt = at;
    if (step.to === "shipped") {
      plan.carrier = rng.weighted([["ups", 45], ["fedex", 40], ["usps", 10], ["courier", 5]] as const);
      plan.trackingNumber = trackingOf(rng, plan.carrier);
      plan.shippedAt = at;
      const lot = `${product.hcpcs.slice(1)}-${dateOf(at).slice(2, 4)}${rng.digits(4)}`;
      for (const line of plan.lines)
        for (let u = 0; u < line.quantity; u++) {
          line.tissueIds.push(`${lot}-${rng.digits(3)}`);
          line.unitIds.push(rng.uuid());
        }
    }
    if (step.to === "delivered") plan.deliveredAt = at;
    if (step.to === "invoiced") {
      const issuedOn = latestUsToday(new Date(at));
      const lines = plan.lines.map((line) => {
        const unitPriceCents = Math.round((sizeArea(line.size) * (PRICE_PER_CM2_CENTS[product.slug] ?? 10_000)) / 100) * 100;
        return { id: rng.uuid(), position: line.position, hcpcs: line.hcpcs, product: product.name, size: line.size, units: line.quantity, unitPriceCents };
      });
      plan.invoice = {
        id: rng.uuid(),
        order: plan,
        at,
        issuedOn,
        // Net 30 (the showcase's overdue invoice among them), now and then longer.
        dueOn: fixedTerms || rng.chance(0.9) ? defaultDueOn(issuedOn) : addDays(issuedOn, INVOICE_NET_DAYS + 15),
        issuedBy: actor,
        lines,
        totalCents: lines.reduce((sum, l) => sum + l.unitPriceCents * l.units, 0),
        payment: null,
      };
    }
    if (step.to === "paid") {
      const day = latestUsToday(new Date(at));
      plan.invoice!.payment = {
        at,
        paidOn: day < plan.invoice!.issuedOn ? plan.invoice!.issuedOn : day,
        reference: rng.chance(0.6) ? `ACH ${rng.digits(10)}` : `Check ${rng.int(1000, 99999)}`,
        by: actor,
      };
    }
  }
}

// ---------------------------------------------------------------------------
// A practice's year

function planPracticeYear(
  rng: Rng,
  practice: PracticePlan,
  patientCount: number,
  staff: readonly UserPlan[],
  options: SeedOptions,
  start: number,
  mbis: Set<string>,
  out: Pick<PracticeYear, "patients" | "ivrs" | "orders">,
) {
  const now = options.now.getTime();
  const active = practice.members.filter((m) => !m.disabled);
  const keys = new Set<string>();
  const firstDay = Math.max(start, practice.createdAt + DAY);
  for (let j = 0; j < patientCount; j++) {
    const prng = rng.fork(`patient ${j}`);
    const showcase = j < SHOWCASE_IVR_STATUSES.length ? SHOWCASE_IVR_STATUSES[j]! : null;
    const member = prng.pick(active);
    // A showcase patient's one IVR is placed so that it rests in its status now; any other patient's first IVR is any time in the year.
    const firstIvrAt = showcase
      ? now - SHOWCASE_IVR_PATHS[showcase].daysAgo * DAY * prng.between(0.97, 1.03)
      : officeHoursBefore(prng, prng.between(firstDay, now - HOUR), now - HOUR);
    const patient = planPatient(prng, practice, firstIvrAt - prng.between(2 * MINUTE, 20 * MINUTE), member, keys, mbis, now);
    practice.patients.push(patient);
    out.patients.push(patient);
    const provider = prng.pick(practice.providers);
    const facility = prng.weighted(practice.facilities.map((f, i) => [f, i === 0 ? 3 : 1] as const));
    let wound = newWound(prng);
    if (showcase === "covered" || showcase === "expired" || showcase === "prior_auth_approved") wound = { ...wound, productSlug: "membrane-wrap" };
    let at = firstIvrAt;
    let previous: IvrPlan | null = null;
    while (at < now) {
      const creator = at === firstIvrAt || prng.chance(0.8) ? member : prng.pick(active);
      const ctx: IvrContext = { rng: prng, practice, patient, creator, staff, now, provider, facility };
      let ivr: IvrPlan;
      if (showcase === "draft") ivr = planDraftIvr(ctx, at, wound);
      else if (!showcase && previous && prng.chance(0.02)) ivr = planDraftIvr(ctx, at, wound);
      else {
        let requestType = "new-wound";
        let previousId: string | null = null;
        if (previous?.orderable) {
          requestType = prng.weighted([["re-verification", 50], ["additional-applications", 30], ["new-wound", 15], ["new-insurance", 5]] as const);
          if (requestType === "re-verification") previousId = previous.id;
        } else if (previous) requestType = prng.weighted([["new-wound", 70], ["new-insurance", 30]] as const);
        if (requestType === "new-wound" && previous) wound = newWound(prng);
        else if (previous) wound = { ...wound, lengthCm: Math.max(0.5, Math.round(wound.lengthCm * 8) / 10), weeks: wound.weeks + 8 };
        ivr = planSentIvr(ctx, at, wound, requestType, previousId, showcase);
      }
      out.ivrs.push(ivr);
      planOrdersOf(prng, ivr, staff, now, showcase === "covered", out.orders);
      if (ivr.sent) previous = ivr;
      if (showcase) break;
      at = officeHoursBefore(prng, at + prng.between(20 * DAY, 70 * DAY), now);
    }
  }
}

function planOrdersOf(rng: Rng, ivr: IvrPlan, staff: readonly UserPlan[], now: number, showcase: boolean, orders: OrderPlan[]) {
  if (!ivr.orderable || !isOrderableBySize(productBySlug(ivr.sent!.productSlug)!)) return;
  if (showcase) {
    for (const { target, daysAgo } of SHOWCASE_ORDERS) {
      const order = planOrder(rng, ivr, now - daysAgo * DAY, staff, now, target);
      if (order) orders.push(order);
    }
    return;
  }
  const limit = ivr.authorisedApplications ?? Infinity;
  const wanted = Math.min(limit, rng.weighted([[0, 30], [1, 50], [2, 14], [3, 4], [4, 2]] as const));
  let at = ivr.orderable.from;
  let counted = 0;
  for (let k = 0; k < wanted * 2 && counted < wanted; k++) {
    at = officeHoursBefore(rng, at + (k === 0 ? rng.between(2 * HOUR, 3 * DAY) : rng.between(5 * DAY, 10 * DAY)), now);
    if (at > now) return;
    const order = planOrder(rng, ivr, at, staff, now, null);
    if (!order) return;
    orders.push(order);
    if (order.status !== "cancelled") counted++;
  }
}

// ---------------------------------------------------------------------------
// The shelf: units applied to patients, returned, damaged or expired, and the stock some practices hold

/** The portal acting on the practice's behalf: it drafts and places reorders below par. */
const REORDER_ACTOR: Actor = { email: "reorder@portal", ip: null };

const signerOf = (p: ProviderPlan) => `${p.firstName} ${p.lastName}, ${p.credentials}`;

/** A visit on `day` (or the next weekday) in office hours. */
const visitOn = (rng: Rng, day: string) => officeHours(rng, Date.parse(`${day}T14:00:00Z`) + rng.between(0, 9 * HOUR));

/** The wound as measured at the visit: the IVR's, a little smaller as it heals. */
function measuredWound(rng: Rng, ivr: IvrPlan): ApplicationPlan["wound"] {
  const c = ivr.sent!.clinical;
  const healed = rng.between(0.7, 1);
  const cm = (v: number | undefined) => Math.max(0.2, Math.round((v ?? 1) * healed * 10) / 10);
  return { lengthCm: cm(c.lengthCm), widthCm: cm(c.widthCm), location: c.woundLocation as WoundLocation };
}

/** One unit applied at a visit: the whole unit most of the time, now and then a trimmed edge discarded, with its reason. */
function applicationOf(rng: Rng, order: OrderPlan, line: OrderLinePlan, index: number, ivr: IvrPlan, visit: number, recorded: number, by: Actor): ApplicationPlan {
  const unit = Math.round(sizeArea(line.size) * 100);
  // 0.5 to 3 cm² in quarters, never more than half a small unit.
  const discarded = rng.chance(0.8) ? 0 : Math.min(Math.round(rng.between(0.5, 3) * 4) * 25, Math.floor(unit / 2));
  return {
    id: rng.uuid(),
    order,
    line,
    index,
    ivr,
    // The day in the United States when it was recorded, at the latest: never a day that has not begun there.
    appliedOn: [dateOf(visit), latestUsToday(new Date(recorded))].sort()[0]!,
    at: recorded,
    by,
    wound: measuredWound(rng, ivr),
    appliedHundredths: unit - discarded,
    discardedHundredths: discarded,
    discardReason: discarded > 0 ? rng.pick(V.DISCARD_REASONS) : null,
    signerName: signerOf(ivr.sent!.provider),
  };
}

const unitsOf = (order: OrderPlan) => order.lines.flatMap((line) => line.unitIds.map((_, index) => ({ line, index })));

/**
 * What became of the units of the practice's delivered patient orders: most
 * applied to the order's patient under its IVR at the visit on (or shortly
 * after) the date of service, all of an order's units at one visit; a few
 * returned or damaged; those of orders delivered for a visit yet to come
 * still on the shelf.
 */
function planPatientUnits(rng: Rng, year: PracticeYear, now: number) {
  for (const order of year.orders) {
    const ivr = order.ivr;
    if (!ivr || order.deliveredAt === null) continue;
    const by = actorOf(order.creator!);
    const delivered = dateOf(order.deliveredAt);
    const fate = rng.weighted([["applied", 94], ["returned", 3], ["damaged", 1], ["kept", 2]] as const);
    if (fate === "kept") continue;
    if (fate === "applied") {
      const day = order.dateOfService > delivered ? order.dateOfService : delivered;
      const visit = Math.max(visitOn(rng, rng.chance(0.7) ? day : addDays(day, rng.int(1, 3))), order.deliveredAt + rng.between(30 * MINUTE, 2 * HOUR));
      const recorded = visit + rng.between(5 * MINUTE, 2 * HOUR);
      // The patient is yet to be seen: the grafts wait on the shelf.
      if (recorded > now) continue;
      if (dateOf(visit) <= ivr.orderable!.until) {
        for (const { line, index } of unitsOf(order)) {
          const application = applicationOf(rng, order, line, index, ivr, visit, recorded, by);
          year.applications.push(application);
          line.ends[index] = { disposition: "applied", at: recorded, on: application.appliedOn, by, note: null };
        }
        continue;
      }
    }
    // Returned unopened (or, past the IVR's dates, unusable for it), or damaged on arrival.
    const damaged = fate === "damaged";
    const at = officeHours(rng, order.deliveredAt + (damaged ? rng.between(HOUR, 2 * DAY) : rng.between(2 * DAY, 12 * DAY)));
    if (at > now) continue;
    const note = rng.pick(damaged ? V.DAMAGE_NOTES : V.RETURN_NOTES);
    for (const { line, index } of unitsOf(order)) line.ends[index] = { disposition: damaged ? "damaged" : "returned", at, on: dateOf(at), by, note };
  }
}

/**
 * About one practice in three holds stock (the first always does, so that a
 * small demo shows it): staff allowed it some months ago, a member set par
 * levels at the main facility for a few sizes of the one or two products it
 * orders most, and half of them let the portal reorder automatically within a
 * monthly amount. From then on the portal reorders what is below par every
 * week or few (a suggested reorder a member places, or an automatic one), the
 * orders go their way like any other, and the delivered units are applied to
 * the practice's covered patients, now and then returned or damaged, or expire
 * (a short-dated lot) on the shelf. The newest reorder is a suggestion still
 * waiting for a member.
 */
function planStock(rng: Rng, year: PracticeYear, staff: readonly UserPlan[], now: number, start: number) {
  const { practice } = year;
  if (practice.index !== 0 && !rng.chance(1 / 3)) return;
  const uses = new Map<string, number>();
  for (const ivr of year.ivrs) {
    const slug = ivr.sent?.productSlug;
    if (ivr.orderable && slug && isOrderableBySize(productBySlug(slug)!)) uses.set(slug, (uses.get(slug) ?? 0) + 1);
  }
  const ranked = [...uses].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([slug]) => productBySlug(slug)!);
  if (ranked.length === 0) return;
  const stocked = ranked.slice(0, rng.chance(0.6) ? 1 : 2);
  const active = practice.members.filter((m) => !m.disabled);
  const since = officeHours(rng, Math.max(practice.createdAt + 14 * DAY, start + rng.between(20 * DAY, 120 * DAY)));
  const autoReorder = rng.chance(0.5);
  const stock: StockPlan = {
    since,
    allowedBy: pickStaff(rng, staff),
    settingsBy: active[0]!,
    autoReorder,
    monthlyCents: autoReorder ? rng.int(10, 40) * 50_000 : null,
    approveStock: false,
    facility: practice.facilities[0]!,
    parLevels: [],
  };
  practice.stock = stock;
  const a = (at: number, actor: Actor, action: string, detail: string) => year.audit.push({ at, actor: actor.email, action, target: practice.id, ip: actor.ip, detail });
  a(since, stock.allowedBy, "practice.holds-stock", "allowed");
  const settings = actorOf(stock.settingsBy);
  let at = since + rng.between(HOUR, 4 * HOUR);
  if (autoReorder) a(at, settings, "stock.reorder-settings", `automatic within ${formatCents(stock.monthlyCents!)} a month`);
  for (const product of stocked) {
    const sizes = [...product.sizes].sort((x, y) => sizeArea(x) - sizeArea(y)).slice(0, 6);
    const count = rng.int(2, Math.min(4, sizes.length));
    for (let k = 0; k < count; k++) {
      const size = sizes.splice(rng.int(0, sizes.length - 1), 1)[0]!;
      at += rng.between(MINUTE, 4 * MINUTE);
      const level = { productSlug: product.slug, size, par: rng.int(2, 6), at, by: stock.settingsBy };
      stock.parLevels.push(level);
      a(at, settings, "stock.par", `${product.name} ${sizeLabel(size)}: ${level.par}`);
    }
  }

  // The shelf as it was at any moment: each unit from its delivery until it left (Infinity: still there).
  const shelf: { slug: string; key: string; from: number; until: number }[] = [];
  const orders: { order: OrderPlan; closed: number }[] = [];
  const today = dateOf(now);
  const deficits = (t: number) =>
    stock.parLevels.map((level) => {
      const key = sizeKey(level.size);
      const usable = shelf.filter((u) => u.slug === level.productSlug && u.key === key && u.from <= t && u.until > t).length;
      const onOrder = orders
        .filter((o) => o.order.productSlug === level.productSlug && o.order.createdAt <= t && o.closed > t)
        .reduce((n, o) => n + o.order.lines.filter((l) => sizeKey(l.size) === key).reduce((q, l) => q + l.quantity, 0), 0);
      return { level, missing: Math.max(0, level.par - usable - onOrder) };
    });

  /** A reorder run at `t`: past ones walk on to their end; the open one waits for a member, or (`held`) for a practice admin's approval. */
  const reorder = (t: number, open: boolean, held = false) => {
    const wanted = held ? [{ level: stock.parLevels[0]!, missing: 1 }] : deficits(t).filter((d) => d.missing > 0);
    // The newest suggestion is there however full the shelf: a member has it to place or set aside.
    if (open && wanted.length === 0) wanted.push({ level: stock.parLevels[0]!, missing: 1 });
    for (const product of stocked) {
      const lines = wanted.filter((d) => d.level.productSlug === product.slug);
      if (lines.length === 0) continue;
      const kind = held || (!open && autoReorder && rng.chance(0.85)) ? "automatic" : "suggested";
      const first: OrderStatus = held ? "awaiting_approval" : kind === "automatic" ? "submitted" : "suggested";
      const plan: OrderPlan = {
        id: rng.uuid(),
        practice,
        ivr: null,
        reorder: kind,
        productSlug: product.slug,
        createdAt: t,
        creator: null,
        followers: [...practice.members],
        dateOfService: addBusinessDays(dateOf(t), 5),
        facility: stock.facility,
        shippingSpeed: "standard",
        poNumber: null,
        notes: null,
        lines: lines.map((d, i) => ({
          id: rng.uuid(),
          position: i + 1,
          hcpcs: product.hcpcs,
          size: d.level.size,
          quantity: Math.min(d.missing, MAX_UNITS_PER_SIZE),
          tissueIds: [],
          unitIds: [],
          expiresOn: null,
          ends: [],
        })),
        steps: [{ from: null, to: first, at: t, actor: REORDER_ACTOR, note: null }],
        status: first,
        updatedAt: t,
        carrier: null,
        trackingNumber: null,
        shippedAt: null,
        deliveredAt: null,
        invoice: null,
        views: [],
      };
      const raw: RawOrderStep[] = [];
      const along = (to: OrderStatus) => raw.push({ to, by: "staff", delay: orderDelay(rng, to, plan.shippingSpeed) });
      if (!open) {
        const setAside = kind === "suggested" && rng.chance(0.1);
        if (setAside) raw.push({ to: "cancelled", by: "member", delay: rng.between(2 * HOUR, 3 * DAY), note: "Set aside by the practice" });
        else {
          if (kind === "suggested") raw.push({ to: "submitted", by: "member", delay: rng.between(30 * MINUTE, 2 * DAY) });
          const fate = rng.weighted([["cancelled before confirming", 2], ["cancelled before shipping", 2], ["never paid", 2], ["paid", 94]] as const);
          if (fate === "cancelled before confirming") raw.push({ to: "cancelled", by: "staff", delay: rng.between(HOUR, 20 * HOUR), note: rng.pick(V.CANCEL_REASONS) });
          else if (fate === "cancelled before shipping") {
            along("confirmed");
            raw.push({ to: "cancelled", by: "staff", delay: rng.between(HOUR, 20 * HOUR), note: rng.pick(V.CANCEL_REASONS) });
          } else for (const to of ORDER_PATH.slice(1, fate === "never paid" ? -1 : undefined)) along(to);
        }
      }
      walkOrder(rng, plan, raw, stepTimes(t, raw, null), actorOf(rng.pick(active)), staff, now, false);
      year.orders.push(plan);
      const cancelled = plan.status === "cancelled" ? plan.updatedAt : Infinity;
      orders.push({ order: plan, closed: plan.deliveredAt ?? cancelled });
      if (plan.shippedAt === null) continue;
      for (const line of plan.lines) if (rng.chance(0.12)) line.expiresOn = addDays(dateOf(plan.shippedAt), rng.int(90, 240));
      if (plan.deliveredAt !== null) shelveUnits(plan, plan.deliveredAt);
    }
  };

  const sameProduct = year.ivrs.filter((ivr) => ivr.orderable && ivr.authorisedApplications === null && stocked.some((p) => p.slug === ivr.sent!.productSlug));
  /** Each delivered unit's use: applied to a covered patient within weeks, now and then returned or damaged, or left to expire. */
  const shelveUnits = (order: OrderPlan, delivered: number) => {
    for (const { line, index } of unitsOf(order)) {
      const expires = line.expiresOn ?? addYears(dateOf(order.shippedAt!), 2);
      const by = actorOf(rng.pick(active));
      const fate = rng.weighted([["applied", 45], ["returned", 2], ["damaged", 2], ["kept", 51]] as const);
      let end: UnitEnd | null = null;
      if (fate === "applied") {
        const visit = visitOn(rng, addDays(dateOf(delivered), rng.int(1, 60)));
        const recorded = visit + rng.between(5 * MINUTE, 2 * HOUR);
        const day = dateOf(visit);
        const covered = sameProduct.filter((ivr) => ivr.sent!.productSlug === order.productSlug && ivr.orderable!.from <= visit && ivr.orderable!.until >= day);
        if (recorded <= now && day <= expires && covered.length > 0) {
          const application = applicationOf(rng, order, line, index, rng.pick(covered), visit, recorded, by);
          year.applications.push(application);
          end = { disposition: "applied", at: recorded, on: day, by, note: null };
        }
      } else if (fate !== "kept") {
        const at = officeHours(rng, delivered + rng.between(HOUR, 20 * DAY));
        if (at <= now) end = { disposition: fate, at, on: dateOf(at), by, note: rng.pick(fate === "damaged" ? V.DAMAGE_NOTES : V.RETURN_NOTES) };
      }
      if (!end && expires < today) {
        const at = visitOn(rng, addDays(expires, rng.int(1, 5)));
        if (at <= now) end = { disposition: "expired", at, on: dateOf(at), by, note: rng.pick(V.EXPIRY_NOTES) };
      }
      line.ends[index] = end;
      const lapsed = Date.parse(`${addDays(expires, 1)}T00:00:00Z`);
      shelf.push({ slug: order.productSlug, key: sizeKey(line.size), from: delivered, until: Math.min(end ? end.at : Infinity, lapsed) });
    }
  };

  // The first reorder fills the new par levels; then the portal's checks every week or few, and the newest suggestion.
  let t = at + rng.between(10 * MINUTE, 2 * HOUR);
  let last = t;
  while (t < now - 3 * DAY) {
    reorder(t, false);
    last = t;
    t = officeHours(rng, t + rng.between(7 * DAY, 21 * DAY));
  }
  const newest = Math.min(now - 10 * MINUTE, Math.max(last + HOUR, now - rng.between(2 * HOUR, 2 * DAY)));
  reorder(newest, true);
  // Some practices (the first always) came to approve their stock orders; the automatic reorder since waits for a practice admin.
  if (practice.index === 0 || rng.chance(0.3)) {
    stock.approveStock = true;
    const decided = newest - rng.between(HOUR, 3 * DAY);
    a(decided, settings, "practice.approvals", "no approval -> approval for stock orders");
    reorder(Math.min(now - 5 * MINUTE, newest + rng.between(MINUTE, HOUR)), true, true);
  }
}

// ---------------------------------------------------------------------------
// Form submissions from the public site

function planSubmission(rng: Rng, index: number, staff: readonly UserPlan[], start: number, now: number): SubmissionPlan {
  const kind = rng.weighted([["contact", 45], ["intake", 25], ["callback", 20], ["application", 10]] as const);
  const person = personName(rng);
  const createdAt = start + rng.between(0, now - start);
  const city = rng.pick(V.CITIES);
  const email = `${person.first}.${person.last}${index % 97}@${rng.pick(["example.com", "example.org", "example.net"])}`.toLowerCase();
  const phone = phoneIn(rng, city.area);
  const company = `${rng.pick(V.COMPANY_WORDS)} ${rng.pick(V.COMPANY_KINDS)}`;
  const plan: SubmissionPlan = {
    id: rng.uuid(),
    kind,
    createdAt,
    firstName: person.first,
    lastName: person.last,
    email,
    clientKey: rng.uuid(),
    fields: {},
    experience: [],
    certifications: [],
    files: [],
    steps: [],
    notes: [],
    views: [],
    status: "new",
    updatedAt: createdAt,
  };
  switch (kind) {
    case "contact":
      plan.fields = { company: rng.chance(0.6) ? company : null, message: rng.pick(V.CONTACT_MESSAGES) };
      break;
    case "intake":
      plan.fields = { phone, organization: company, role: rng.pick(["physician", "practice-manager", "administrator", "nurse", "billing", "other"]), query: rng.pick(V.INTAKE_QUERIES) };
      break;
    case "callback":
      plan.fields = {
        phone,
        currentRole: rng.chance(0.8) ? rng.pick(V.CALLBACK_ROLES) : null,
        experience: rng.chance(0.8) ? rng.pick(["0-2", "3-5", "6-10", "10+"]) : null,
        territory: rng.chance(0.7) ? rng.pick(V.TERRITORIES) : null,
        bestTimeToCall: rng.chance(0.7) ? rng.pick(["morning", "afternoon", "evening", "anytime"]) : null,
        additionalInfo: rng.chance(0.4) ? rng.pick(V.CALLBACK_NOTES) : null,
      };
      break;
    case "application": {
      const position = rng.pick(["partner-representative", "administrative-executive", "shipping-receiving", "other"]);
      plan.fields = {
        phone,
        address: `${rng.int(10, 9899)} ${rng.pick(V.STREET_NAMES)}`,
        city: city.city,
        state: city.state,
        zipCode: city.zip,
        positionAppliedFor: position,
        expectedSalary: rng.chance(0.6) ? `$${rng.int(40, 95)},000` : null,
        availableStartDate: rng.chance(0.7) ? addDays(dateOf(createdAt), rng.int(14, 60)) : null,
      };
      const jobs = rng.int(1, 3);
      let year = new Date(createdAt).getUTCFullYear();
      for (let k = 0; k < jobs; k++) {
        const from = year - rng.int(1, 5);
        plan.experience.push({
          company: `${rng.pick(V.COMPANY_WORDS)} ${rng.pick(V.COMPANY_KINDS)}`,
          title: rng.pick(V.JOB_TITLES),
          startDate: `${from}-${String(rng.int(1, 12)).padStart(2, "0")}`,
          endDate: k === 0 ? null : `${year}-${String(rng.int(1, 12)).padStart(2, "0")}`,
          currentRole: k === 0,
          description: "Worked with clinics and the warehouse team on orders and deliveries.",
          location: `${rng.pick(V.CITIES).city}`,
        });
        year = from;
      }
      if (rng.chance(0.4)) {
        const c = rng.pick(V.CERTIFICATIONS);
        plan.certifications.push({ name: c.name, issuingOrganization: c.organization, issueDate: `${year}-0${rng.int(1, 9)}`, expirationDate: null, credentialId: `C-${rng.digits(6)}` });
      }
      // The application form requires a resume (PDF or Word): each has one, a generated PDF, and some a further document.
      const title = `${person.first} ${person.last}`;
      plan.files.push({ id: rng.uuid(), role: "resume", fileName: `resume-${person.last.toLowerCase()}.pdf`, title: `Resume: ${title}`, lines: plan.experience.map((e) => `${e.title}, ${e.company} (${e.startDate} to ${e.endDate ?? "now"})`) });
      if (rng.chance(0.2))
        plan.files.push({ id: rng.uuid(), role: "document", fileName: "reference-letter.pdf", title: `Reference letter for ${title}`, lines: ["A reliable and careful colleague."] });
      break;
    }
  }
  // Staff triage: older submissions are mostly closed; the last weeks' are still new or being worked.
  const age = (now - createdAt) / DAY;
  const close = age > 21 ? rng.chance(0.85) : age > 3 ? rng.chance(0.4) : rng.chance(0.1);
  const pickUp = close ? rng.chance(0.6) : age > 1 ? rng.chance(0.5) : rng.chance(0.2);
  let t = createdAt;
  const actor = pickStaff(rng, staff);
  const step = (to: SubmissionPlan["status"]) => {
    t += rng.between(HOUR, 4 * DAY);
    if (t > now) return false;
    plan.views.push({ at: t - rng.between(MINUTE, 10 * MINUTE), actor });
    plan.steps.push({ from: plan.status, to, at: t, actor });
    plan.status = to;
    plan.updatedAt = t;
    return true;
  };
  if (pickUp && step("in_progress") && rng.chance(0.5)) {
    t += rng.between(10 * MINUTE, 2 * DAY);
    if (t <= now) plan.notes.push({ id: rng.uuid(), at: t, author: actor, body: rng.pick(V.STAFF_NOTES) });
  }
  if (close) step("closed");
  if (plan.views.length === 0 && age > 2 && rng.chance(0.5)) plan.views.push({ at: Math.min(now, createdAt + rng.between(HOUR, 2 * DAY)), actor });
  return plan;
}

// ---------------------------------------------------------------------------
// Live chat

const CHATS_PER_DAY = { min: 6, max: 15 } as const;
const CHAT_HOURS = parseChatHours(chatSchedule.hours);
/** Whether chat is answered at `at` (the company's hours and holidays in content/chat.ts, not this machine's settings). */
const chatOpenAt = (at: number) =>
  CHAT_HOURS !== null && chatAvailability(new Date(at), { hours: CHAT_HOURS, timeZone: chatSchedule.timeZone, holidays: chatSchedule.holidays }).open;

/** When chat opens and closes on the UTC date starting at `day`, in the chat's own time zone; null on a day it stays closed. */
function chatDay(day: number): { opens: number; closes: number } | null {
  if (CHAT_HOURS === null || CHAT_HOURS === "none") return null;
  // Noon UTC falls on the same date in the Americas: its time there gives the day's offset from UTC (a change of clocks is on a Sunday).
  const offset = 12 * 60 - localMoment(new Date(day + 12 * HOUR), chatSchedule.timeZone).minute;
  const opens = day + (CHAT_HOURS.opens + offset) * MINUTE;
  return chatOpenAt(opens) ? { opens, closes: day + (CHAT_HOURS.closes + offset) * MINUTE } : null;
}

const SCRIPTS_OF = {
  visitor: V.CHAT_SCRIPTS.filter((s) => s.from !== "member"),
  member: V.CHAT_SCRIPTS.filter((s) => s.from !== "visitor"),
};

/** A member who had been with a practice for a day by `at` (members sorted by when they joined), or null when there is none yet. */
function memberBy(rng: Rng, members: readonly ChatMember[], at: number): ChatMember | null {
  let lo = 0;
  let hi = members.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (members[mid]!.createdAt + DAY <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : members[rng.int(0, lo - 1)]!;
}

/**
 * One chat started at `createdAt`, played to its end: staff answer mostly
 * within 4 minutes, now and then after 5 to 15, and a few chats nobody
 * answers (the asker gives up); then turns alternate until one side closes
 * it. `cutChat` then takes away what had not happened by now.
 */
function planChat(rng: Rng, number: number, createdAt: number, members: readonly ChatMember[], staff: readonly UserPlan[]): ChatPlan {
  const member = rng.chance(1 / 3) ? memberBy(rng, members, createdAt) : null;
  const side: ChatSide = member ? "member" : "visitor";
  let visitor: ChatPlan["visitor"] = null;
  if (!member) {
    const n = personName(rng);
    const tokenHash = Array.from({ length: 8 }, () => rng.uint32().toString(16).padStart(8, "0")).join("");
    visitor = { name: `${n.first} ${n.last}`, email: `${n.first}.${n.last}${number % 89}@${rng.pick(["example.com", "example.org", "example.net"])}`.toLowerCase(), tokenHash };
  }
  const script = rng.pick(SCRIPTS_OF[side]);
  const references: Record<string, string> = { ivr: ivrReference(rng.int(1, 99_999)), order: orderReference(rng.int(1, 99_999)), invoice: invoiceReference(rng.int(1, 99_999)) };
  const messages: ChatMessagePlan[] = [];
  const say = (from: ChatSide, authorId: string | null, at: number, body: string) =>
    messages.push({ id: rng.uuid(), side: from, authorId, at, body: body.replace(/\{(ivr|order|invoice)\}/g, (_, key: string) => references[key]!) });
  const chat: ChatPlan = {
    id: rng.uuid(),
    number,
    createdAt,
    visitor,
    member,
    status: "closed",
    takenBy: null,
    takenAt: null,
    tookFirst: false,
    firstAnsweredAt: null,
    lastMessageAt: createdAt,
    closedAt: null,
    closedBy: null,
    messages,
    views: [],
  };
  say(side, member?.id ?? null, createdAt, script.asks[0]!);
  const wait = rng.weighted([["quick", 80], ["slow", 16], ["never", 4]] as const);
  if (wait === "never") {
    chat.lastMessageAt = createdAt + rng.between(3 * MINUTE, 10 * MINUTE);
    say(side, member?.id ?? null, chat.lastMessageAt, rng.pick(V.CHAT_FILLERS.unanswered));
    chat.closedAt = chat.lastMessageAt + rng.between(MINUTE, 10 * MINUTE);
    chat.closedBy = "asker";
    return chat;
  }
  const taker = rng.pick(staff);
  chat.takenBy = taker;
  chat.firstAnsweredAt = createdAt + (wait === "quick" ? rng.between(30_000, 4 * MINUTE) : rng.between(5 * MINUTE, 15 * MINUTE));
  // Half the time staff press Take first and answer a few seconds later; otherwise answering takes the chat.
  chat.tookFirst = rng.chance(0.5);
  chat.takenAt = chat.tookFirst ? chat.firstAnsweredAt - rng.between(5_000, 20_000) : chat.firstAnsweredAt;
  chat.views.push({ at: Math.max(createdAt + 1_000, chat.takenAt - rng.between(3_000, 15_000)), actor: actorOf(taker) });
  const length = Math.min(12, Math.max(2, script.asks.length + script.answers.length + rng.int(-1, 3)));
  let t = chat.firstAnsweredAt;
  // Past the script: the asker's further turn, with the answer it calls for.
  let answer: string | null = null;
  for (let k = 1; k < length; k++) {
    const turn = Math.floor(k / 2);
    const last = k === length - 1;
    if (k % 2 === 1) {
      if (k > 1) t += rng.between(30_000, 3 * MINUTE);
      say("staff", taker.id, t, script.answers[turn] ?? answer ?? rng.pick(last ? V.CHAT_FILLERS.close : V.CHAT_FILLERS.staff));
      answer = null;
    } else {
      t += rng.between(20_000, 3 * MINUTE);
      const scripted = script.asks[turn];
      const [ask, reply]: readonly [string, string | null] =
        scripted !== undefined ? [scripted, null] : last ? [rng.pick(V.CHAT_FILLERS.bye), null] : rng.pick(V.CHAT_FILLERS.more);
      answer = reply;
      say(side, member?.id ?? null, t, ask);
    }
  }
  chat.lastMessageAt = t;
  chat.closedAt = t + rng.between(30_000, 5 * MINUTE);
  chat.closedBy = rng.chance(0.65) ? "staff" : "asker";
  return chat;
}

/**
 * What of a chat had happened by `now`: one still going is waiting (nobody
 * took it yet) or open; with `end`, it was closed since its last message
 * instead (by staff once they had taken it, else by the asker).
 */
function cutChat(chat: ChatPlan, now: number, end = false) {
  if (chat.closedAt! <= now) return;
  chat.messages = chat.messages.filter((m) => m.at <= now);
  chat.views = chat.views.filter((v) => v.at <= now);
  if (chat.firstAnsweredAt !== null && chat.firstAnsweredAt > now) chat.firstAnsweredAt = null;
  if (chat.takenAt !== null && chat.takenAt > now) Object.assign(chat, { takenAt: null, takenBy: null, tookFirst: false });
  chat.lastMessageAt = chat.messages.at(-1)!.at;
  if (end) Object.assign(chat, { status: "closed", closedAt: (chat.lastMessageAt + now) / 2, closedBy: chat.takenAt === null ? "asker" : "staff" });
  else Object.assign(chat, { status: chat.takenAt === null ? "waiting" : "open", closedAt: null, closedBy: null });
}

// ---------------------------------------------------------------------------
// Onboarding and sign-ins

function planOnboarding(practice: PracticePlan, admin: UserPlan, audit: AuditPlan[]) {
  const a = (at: number, actor: Actor | null, action: string, target: string | null, detail: string | null) =>
    audit.push({ at, actor: actor?.email ?? null, action, target, ip: actor?.ip ?? null, detail });
  a(practice.createdAt, actorOf(admin), "practice.create", practice.id, practice.name);
  for (const m of practice.members) {
    a(m.createdAt, actorOf(admin), "user.invite", m.email, `role member; practice ${practice.id}`);
    a(m.createdAt + 30 * MINUTE, actorOf(m), "password.set", m.email, "invite");
  }
  const first = practice.members.find((m) => !m.disabled)!;
  for (const f of practice.facilities) a(f.createdAt, actorOf(first), "facility.create", f.id, `practice ${practice.id}`);
  for (const p of practice.providers) a(p.createdAt, actorOf(first), "provider.create", p.id, `practice ${practice.id}`);
  for (const m of practice.members.filter((x) => x.disabled)) a(m.createdAt + 60 * DAY, actorOf(admin), "user.disable", m.email, null);
}

function planSignIns(rng: Rng, user: UserPlan, from: number, now: number, rate: number, audit: AuditPlan[]) {
  for (let day = Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth(), new Date(from).getUTCDate()) + DAY; day < now; day += DAY) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6 || !rng.chance(rate)) continue;
    const at = day + 13 * HOUR + rng.between(0, 4 * HOUR);
    if (at > now) break;
    if (rng.chance(0.03)) audit.push({ at: at - rng.between(MINUTE, 5 * MINUTE), actor: null, action: "sign-in.failed", target: user.email, ip: user.ip, detail: null });
    audit.push({ at, actor: user.email, action: "sign-in", target: null, ip: user.ip, detail: null });
    if (rng.chance(0.3)) {
      const out = at + rng.between(HOUR, 8 * HOUR);
      if (out <= now) audit.push({ at: out, actor: user.email, action: "sign-out", target: null, ip: user.ip, detail: null });
    }
  }
}

// ---------------------------------------------------------------------------

/** One practice's year: the practice and everything its people did. */
export type PracticeYear = {
  practice: PracticePlan;
  patients: PatientPlan[];
  ivrs: IvrPlan[];
  orders: OrderPlan[];
  invoices: InvoicePlan[];
  /** Units applied to patients, from their own orders and from the practice's stock. */
  applications: ApplicationPlan[];
  /** Onboarding and its members' sign-ins. */
  audit: AuditPlan[];
};

/**
 * The demo year, handed out a practice at a time so that a large run never
 * holds more than one practice's plan: `practiceYears()` plans them afresh on
 * every call, and gives the same plans every time.
 */
export class DemoYear {
  readonly admins: UserPlan[];
  readonly staff: UserPlan[];
  private readonly rng: Rng;
  private readonly start: number;
  private readonly now: number;
  private readonly patientCounts: number[];

  constructor(readonly options: SeedOptions) {
    this.rng = new Rng(`seed:demo ${options.seed}`);
    this.now = options.now.getTime();
    this.start = this.now - YEAR_DAYS * DAY;
    ({ admins: this.admins, staff: this.staff } = planCompany(this.rng.fork("company"), options, this.start));
    this.patientCounts = patientCounts(this.rng.fork("sizes"), options);
  }

  /** Who works for the company: admins and staff. */
  get workers(): UserPlan[] {
    return [...this.staff, ...this.admins];
  }

  /** The company's own accounts: the first admin made from the command line, the others invited, and their sign-ins. */
  companyAudit(): AuditPlan[] {
    const audit: AuditPlan[] = [];
    const first = this.admins[0]!;
    audit.push({ at: first.createdAt, actor: "command line", action: "user.create", target: first.email, ip: null, detail: "role admin" });
    for (const user of [...this.admins.slice(1), ...this.staff]) {
      audit.push({ at: user.createdAt, actor: first.email, action: "user.invite", target: user.email, ip: first.ip, detail: `role ${user.role}` });
      audit.push({ at: user.createdAt + 20 * MINUTE, actor: user.email, action: "password.set", target: user.email, ip: user.ip, detail: "invite" });
    }
    const signIns = this.rng.fork("sign-ins");
    for (const user of this.admins) planSignIns(signIns, user, user.createdAt, this.now, 0.6, audit);
    for (const user of this.staff) planSignIns(signIns, user, user.createdAt, this.now, 0.9, audit);
    return audit;
  }

  *practiceYears(): Generator<PracticeYear> {
    // Names, NPIs and MBIs are unique across the run: each pass draws them afresh, in the same order.
    const names = new Set<string>();
    const npis = new Set<string>();
    const mbis = new Set<string>();
    for (let i = 0; i < this.options.practices; i++) {
      const prng = this.rng.fork(`practice ${i}`);
      const admin = prng.pick(this.admins);
      const practice = planPractice(prng, i, this.options, this.start, names, npis);
      const year: PracticeYear = { practice, patients: [], ivrs: [], orders: [], invoices: [], applications: [], audit: [] };
      planOnboarding(practice, admin, year.audit);
      planPracticeYear(prng.fork("year"), practice, this.patientCounts[i]!, this.workers, this.options, this.start, mbis, year);
      // What came after this release's stock: drawn apart, so the year above comes out as it always did.
      planPatientUnits(prng.fork("units"), year, this.now);
      planStock(prng.fork("stock"), year, this.workers, this.now, this.start);
      year.invoices = year.orders.flatMap((o) => (o.invoice ? [o.invoice] : []));
      const signIns = prng.fork("sign-ins");
      for (const user of practice.members.filter((m) => !m.disabled)) planSignIns(signIns, user, user.createdAt + HOUR, this.now, 0.5, year.audit);
      yield year;
    }
  }

  /**
   * A year of live chats: 6 to 15 each day chat is answered (weekdays, 8 AM
   * to 6 PM Eastern, not on holidays), at any time of those hours, a third
   * from members (of `members`, the seeded practices' people), the rest from
   * visitors; numbered in the order they were started. At most the newest
   * three are still going at `now`.
   */
  *chats(members: readonly ChatMember[]): Generator<ChatPlan> {
    const rng = this.rng.fork("chats");
    const joined = [...members].sort((a, b) => a.createdAt - b.createdAt || compareIds(a, b));
    const staff = this.staff;
    let number = 0;
    for (let day = Date.parse(`${dateOf(this.start)}T00:00:00Z`); day <= this.now; day += DAY) {
      const hours = chatDay(day);
      if (!hours || hours.opens < this.start) continue;
      const drng = rng.fork(dateOf(day));
      const count = drng.int(CHATS_PER_DAY.min, CHATS_PER_DAY.max);
      const starts = Array.from({ length: count }, () => drng.between(hours.opens, hours.closes))
        .sort((a, b) => a - b)
        .filter((at) => at <= this.now);
      const chats = starts.map((at, k) => planChat(drng.fork(k), ++number, at, joined, staff));
      const ended = new Set(chats.filter((c) => c.closedAt! > this.now).slice(0, -3));
      for (const c of chats) {
        cutChat(c, this.now, ended.has(c));
        yield c;
      }
    }
  }

  get submissionCount(): number {
    return SUBMISSIONS_PER_PRACTICE * this.options.practices;
  }

  *submissions(): Generator<SubmissionPlan> {
    const rng = this.rng.fork("submissions");
    for (let i = 0; i < this.submissionCount; i++) yield planSubmission(rng.fork(i), i, this.workers, this.start, this.now);
  }
}
