import { components, el, readInterchange, repeats, X12ReadError, type Segment, type Separators } from "./x12";

/**
 * The 271 eligibility answer (005010X279A1), read into its parties and
 * benefit rows, as the payer said them (codes, not words: the summary puts
 * them into words). Lenient by design: trailer counts that do not match,
 * missing GE/IEA, segments with or without line breaks, and any repetition
 * separator the ISA declares.
 */

/** A DTP: one date (D8) is `from` alone; a range (RD8) has both. ISO dates. */
export type DateRef = { qualifier: string; from: string | null; to: string | null };
export type Reference = { qualifier: string; value: string; description: string };
export type Contact = { name: string; channels: { qualifier: string; value: string }[] };
/** An AAA segment: AAA01 (was the request valid), AAA03 (the reason), AAA04 (what to do). */
export type Aaa = { valid: boolean; reason: string; followUp: string };

export type Entity = {
  /** NM101 */
  code: string;
  person: boolean;
  lastName: string;
  firstName: string;
  middleName: string;
  /** NM108 and NM109 */
  idQualifier: string;
  id: string;
  address: string[];
  contacts: Contact[];
  references: Reference[];
};

export type Party = Entity & {
  /** HL03: 20 payer, 21 receiver, 22 subscriber, 23 dependent */
  level: string;
  traces: { type: string; number: string; originator: string }[];
  dateOfBirth: string | null;
  sex: string | null;
  /** INS02 for a dependent */
  relationship: string | null;
  dates: DateRef[];
  rejections: Aaa[];
  messages: string[];
  benefits: Benefit[];
};

export type Benefit = {
  /** EB01 */
  code: string;
  /** EB02 */
  coverageLevel: string;
  /** EB03, split on the repetition separator */
  serviceTypes: string[];
  /** EB04 */
  insuranceType: string;
  /** EB05 */
  planDescription: string;
  /** EB06 */
  timePeriod: string;
  /** EB07, as written */
  amount: string;
  /** EB08, as written (a fraction: 0.2 is 20 %) */
  percent: string;
  /** EB09, EB10 */
  quantityQualifier: string;
  quantity: string;
  /** EB11: Y, N, U */
  authorization: string;
  /** EB12: Y in network, N out of network, W both, U unknown */
  network: string;
  /** EB13, its components joined with ":" */
  procedure: string;
  dates: DateRef[];
  references: Reference[];
  messages: string[];
  rejections: Aaa[];
  /** NM1 parties of the benefit's LS/LE loops (2120): another payer, a primary care provider... */
  entities: Entity[];
};

export type Answer271 = {
  /** ST02 */
  control: string;
  /** BHT04 and BHT05, as YYYY-MM-DDTHH:MM */
  answeredAt: string | null;
  payer: Party | null;
  receiver: Party | null;
  subscribers: (Party & { dependents: Party[] })[];
};

export type Response271 = {
  separators: Separators;
  answers: Answer271[];
  warnings: string[];
};

function dateOf(format: string, value: string): { from: string | null; to: string | null } {
  const iso = (d: string | undefined) => (d && /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : null);
  if (format === "RD8") {
    const [a, b] = value.split("-");
    return { from: iso(a), to: iso(b) };
  }
  return { from: iso(value.slice(0, 8)), to: null };
}

function entityOf(segment: Segment): Entity {
  return {
    code: el(segment, 1),
    person: el(segment, 2) === "1",
    lastName: el(segment, 3),
    firstName: el(segment, 4),
    middleName: el(segment, 5),
    idQualifier: el(segment, 8),
    id: el(segment, 9),
    address: [],
    contacts: [],
    references: [],
  };
}

function partyOf(level: string): Party {
  return {
    ...entityOf({ tag: "NM1", elements: [] }),
    level,
    traces: [],
    dateOfBirth: null,
    sex: null,
    relationship: null,
    dates: [],
    rejections: [],
    messages: [],
    benefits: [],
  };
}

function benefitOf(segment: Segment, separators: Separators): Benefit {
  return {
    code: el(segment, 1),
    coverageLevel: el(segment, 2),
    serviceTypes: repeats(segment, 3, separators),
    insuranceType: el(segment, 4),
    planDescription: el(segment, 5),
    timePeriod: el(segment, 6),
    amount: el(segment, 7),
    percent: el(segment, 8),
    quantityQualifier: el(segment, 9),
    quantity: el(segment, 10),
    authorization: el(segment, 11),
    network: el(segment, 12),
    procedure: components(segment, 13, separators)
      .filter((c) => c !== "")
      .join(":"),
    dates: [],
    references: [],
    messages: [],
    rejections: [],
    entities: [],
  };
}

const addressLine = (segment: Segment) =>
  segment.tag === "N3"
    ? [el(segment, 1), el(segment, 2)].filter((v) => v).join(", ")
    : [el(segment, 1), el(segment, 2), el(segment, 3)].filter((v) => v).join(" ");

function contactOf(segment: Segment): Contact {
  const channels: Contact["channels"] = [];
  for (const n of [3, 5, 7]) if (el(segment, n)) channels.push({ qualifier: el(segment, n), value: el(segment, n + 1) });
  return { name: el(segment, 2), channels };
}

/** Reads one 271 transaction's segments into its parties. */
function answerOf(control: string, segments: Segment[], separators: Separators): Answer271 {
  const answer: Answer271 = { control, answeredAt: null, payer: null, receiver: null, subscribers: [] };
  let party: Party | null = null;
  let benefit: Benefit | null = null;
  let loopEntity: Entity | null = null;
  let inLoop = false;

  for (const segment of segments) {
    switch (segment.tag) {
      case "BHT": {
        const d = el(segment, 4);
        const t = el(segment, 5);
        if (/^\d{8}$/.test(d)) answer.answeredAt = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}${/^\d{4}/.test(t) ? `T${t.slice(0, 2)}:${t.slice(2, 4)}` : ""}`;
        break;
      }
      case "HL": {
        const level = el(segment, 3);
        benefit = null;
        loopEntity = null;
        inLoop = false;
        if (level === "22") {
          const subscriber = { ...partyOf(level), dependents: [] };
          answer.subscribers.push(subscriber);
          party = subscriber;
          break;
        }
        party = partyOf(level);
        if (level === "20") answer.payer ??= party;
        else if (level === "21") answer.receiver ??= party;
        else if (level === "23") answer.subscribers.at(-1)?.dependents.push(party);
        break;
      }
      case "TRN":
        party?.traces.push({ type: el(segment, 1), number: el(segment, 2), originator: el(segment, 3) });
        break;
      case "NM1":
        if (!party) break;
        if (inLoop && benefit) {
          loopEntity = entityOf(segment);
          benefit.entities.push(loopEntity);
        } else if (!benefit) Object.assign(party, entityOf(segment));
        break;
      case "N3":
      case "N4":
        (loopEntity ?? party)?.address.push(addressLine(segment));
        break;
      case "PER":
        (loopEntity ?? party)?.contacts.push(contactOf(segment));
        break;
      case "REF": {
        const ref = { qualifier: el(segment, 1), value: el(segment, 2), description: el(segment, 3) };
        if (loopEntity) loopEntity.references.push(ref);
        else (benefit ?? party)?.references.push(ref);
        break;
      }
      case "DMG":
        if (party && !benefit) {
          const d = dateOf(el(segment, 1), el(segment, 2));
          party.dateOfBirth = d.from;
          party.sex = el(segment, 3) || null;
        }
        break;
      case "INS":
        if (party && !benefit) party.relationship = el(segment, 2) || null;
        break;
      case "DTP": {
        const d = { qualifier: el(segment, 1), ...dateOf(el(segment, 2), el(segment, 3)) };
        (benefit ?? party)?.dates.push(d);
        break;
      }
      case "AAA": {
        const aaa = { valid: el(segment, 1) === "Y", reason: el(segment, 3), followUp: el(segment, 4) };
        (benefit ?? party)?.rejections.push(aaa);
        break;
      }
      case "MSG":
        (benefit ?? party)?.messages.push(el(segment, 1));
        break;
      case "EB":
        if (!party) break;
        benefit = benefitOf(segment, separators);
        party.benefits.push(benefit);
        loopEntity = null;
        inLoop = false;
        break;
      case "LS":
        inLoop = true;
        break;
      case "LE":
        inLoop = false;
        loopEntity = null;
        break;
      default:
        // HSD, III, PRV, HI, MPI...: not used by the summary; the raw 271 keeps them.
        break;
    }
  }
  return answer;
}

/** Reads a 271. Throws X12ReadError when the text is not X12 or holds no 271 (a 999 or TA1 says so). */
export function read271(raw: string): Response271 {
  const interchange = readInterchange(raw);
  const transactions = interchange.transactions.filter((t) => t.set === "271");
  if (transactions.length === 0) {
    const sets = [...new Set(interchange.transactions.map((t) => t.set))].join(", ");
    throw new X12ReadError(sets ? `The answer is a ${sets}, not a 271.` : "The answer holds no 271 transaction.");
  }
  return {
    separators: interchange.separators,
    answers: transactions.map((t) => answerOf(t.control, t.segments, interchange.separators)),
    warnings: interchange.warnings,
  };
}
