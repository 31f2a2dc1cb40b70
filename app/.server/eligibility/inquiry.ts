import { randomInt, randomUUID } from "node:crypto";
import { INQUIRY_SERVICE_TYPES } from "~/content/payers";
import { el, readInterchange, repeats, writeInterchange, X12ReadError, type Segment, type Separators } from "./x12";

/**
 * The 270 eligibility inquiry (005010X279A1): built from a typed inquiry, and
 * read back into one (a clearinghouse stand-in reads what it was sent; a test
 * reads what was built).
 */

export type Sex = "M" | "F" | "U";
/** The patient's relationship to the subscriber when the patient is a dependent (INS02: 01, 19, 34). */
export type DependentRelationship = "spouse" | "child" | "other";

export type InquiryPerson = {
  firstName: string;
  lastName: string;
  middleName?: string;
  /** YYYY-MM-DD */
  dateOfBirth?: string;
  sex?: Sex;
};

/** The information receiver: the rendering provider (a person) or the facility's group NPI (an organisation). */
export type InformationReceiver = { npi: string; organizationName: string } | { npi: string; firstName: string; lastName: string };

export type EligibilityInquiry = {
  /** The information source: the payer id the clearinghouse routes on, and its name. */
  payer: { id: string; name: string };
  receiver: InformationReceiver;
  /** The policy holder; the patient unless `dependent` is given. */
  subscriber: InquiryPerson & { memberId: string; groupNumber?: string };
  /** The patient, when they are a dependent on the subscriber's policy without a member id of their own. */
  dependent?: InquiryPerson & { relationship: DependentRelationship };
  /** YYYY-MM-DD */
  dateOfService: string;
  /** EQ01 service type codes; INQUIRY_SERVICE_TYPES when left out. */
  serviceTypes?: readonly string[];
  /** "all": one EQ with the codes repeated (the default); "one": an EQ per code. */
  serviceTypesPerEq?: "all" | "one";
};

export type Envelope = {
  /** ISA06/GS02 (ELIGIBILITY_SENDER_ID) */
  senderId: string;
  /** ISA08/GS03 (ELIGIBILITY_RECEIVER_ID) */
  receiverId: string;
  /** ISA13 and GS06, 1 to 999999999; a random one when left out. */
  controlNumber?: number;
  /** ISA15; production unless said. */
  usage?: "P" | "T";
  /** TRN02, which the payer returns in the 271's TRN; a fresh one when left out. */
  traceNumber?: string;
  /** TRN03: "1" and the sender's EIN, or "9" and an assigned number (10 characters); made from the sender id when left out. */
  traceOriginator?: string;
  at?: Date;
};

export type Built270 = { raw: string; controlNumber: number; traceNumber: string };

const RELATIONSHIP_CODES: Record<DependentRelationship, string> = { spouse: "01", child: "19", other: "34" };

/** The separators every 270 is written with: none of them may appear in a value. */
export const SEPARATORS_270: Separators = { element: "*", component: ":", repetition: "^", segment: "~" };

export class InquiryError extends Error {
  override name = "InquiryError";
}

/**
 * A value as X12 carries it: accents folded to their letters, the
 * separators and anything outside printable ASCII removed, spaces collapsed,
 * upper case (payers match names in upper case).
 */
function x12Text(value: string | undefined, max: number): string {
  if (!value) return "";
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7E]/g, " ")
    .replace(/[*:^~]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toUpperCase()
    .slice(0, max);
}

/** An identifier: no spaces or separators, upper case. */
function x12Id(value: string, max: number): string {
  return x12Text(value, 200).replace(/\s/g, "").slice(0, max);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function d8(value: string, what: string): string {
  const m = ISO_DATE.exec(value);
  if (!m) throw new InquiryError(`${what} must be a date (YYYY-MM-DD).`);
  return `${m[1]}${m[2]}${m[3]}`;
}

function fromD8(value: string): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

function required(value: string, what: string): string {
  if (value === "") throw new InquiryError(`${what} is missing.`);
  return value;
}

function personSegments(code: "IL" | "03", person: InquiryPerson, memberId: string | null, dateOfService: string): Segment[] {
  const name = ["1", required(x12Text(person.lastName, 60), "The patient's last name"), x12Text(person.firstName, 35), x12Text(person.middleName, 25)];
  const nm1: Segment = { tag: "NM1", elements: [code, ...name, "", "", ...(memberId ? ["MI", memberId] : [])] };
  const segments: Segment[] = [nm1];
  // DMG needs the date of birth; the sex goes with it.
  if (person.dateOfBirth) segments.push({ tag: "DMG", elements: ["D8", d8(person.dateOfBirth, "The date of birth"), person.sex ?? ""] });
  segments.push({ tag: "DTP", elements: ["291", "D8", dateOfService] });
  return segments;
}

/** Builds the 270 of an inquiry. Throws InquiryError (a message for staff) when something it needs is missing. */
export function build270(inquiry: EligibilityInquiry, envelope: Envelope): Built270 {
  const at = envelope.at ?? new Date();
  const controlNumber = envelope.controlNumber ?? randomInt(1, 1_000_000_000);
  const traceNumber = x12Id(envelope.traceNumber ?? randomUUID().replace(/-/g, ""), 50);
  const senderId = required(x12Id(envelope.senderId, 15), "ELIGIBILITY_SENDER_ID");
  const receiverId = required(x12Id(envelope.receiverId, 15), "ELIGIBILITY_RECEIVER_ID");
  const originator = x12Id(envelope.traceOriginator ?? `9${senderId.replace(/[^0-9A-Z]/g, "").padEnd(9, "0")}`, 10);
  const dateOfService = d8(inquiry.dateOfService, "The date of service");
  const stamp = at.toISOString().replace(/[-:T]/g, "");

  const receiver = inquiry.receiver;
  const npi = required(x12Id(receiver.npi, 80), "The provider's NPI");
  const receiverName =
    "organizationName" in receiver
      ? ["2", required(x12Text(receiver.organizationName, 60), "The facility's name"), "", ""]
      : ["1", required(x12Text(receiver.lastName, 60), "The provider's last name"), x12Text(receiver.firstName, 35), ""];

  const sub = inquiry.subscriber;
  const memberId = required(x12Id(sub.memberId, 80), "The member id");
  const dependent = inquiry.dependent;
  const trn: Segment = { tag: "TRN", elements: ["1", traceNumber, originator] };

  const codes = (inquiry.serviceTypes ?? INQUIRY_SERVICE_TYPES).map((c) => x12Id(c, 2)).filter((c) => c !== "");
  if (codes.length === 0) throw new InquiryError("At least one service type is needed.");
  const eqs: Segment[] =
    inquiry.serviceTypesPerEq === "one" ? codes.map((c) => ({ tag: "EQ", elements: [c] })) : [{ tag: "EQ", elements: [codes.slice(0, 99).join(SEPARATORS_270.repetition!)] }];

  const subscriberSegments = personSegments("IL", sub, memberId, dateOfService);
  const group = x12Id(sub.groupNumber ?? "", 50);
  if (group) subscriberSegments.splice(1, 0, { tag: "REF", elements: ["6P", group] });

  const segments: Segment[] = [
    { tag: "BHT", elements: ["0022", "13", traceNumber.slice(0, 50), stamp.slice(0, 8), stamp.slice(8, 12)] },
    { tag: "HL", elements: ["1", "", "20", "1"] },
    { tag: "NM1", elements: ["PR", "2", required(x12Text(inquiry.payer.name, 60), "The payer's name"), "", "", "", "", "PI", required(x12Id(inquiry.payer.id, 80), "The payer id")] },
    { tag: "HL", elements: ["2", "1", "21", "1"] },
    { tag: "NM1", elements: ["1P", ...receiverName, "", "", "XX", npi] },
    { tag: "HL", elements: ["3", "2", "22", dependent ? "1" : "0"] },
  ];
  if (dependent) {
    // The subscriber identifies the policy; the dependent is the patient, with the trace, dates and questions.
    segments.push(...subscriberSegments.filter((s) => s.tag !== "DTP"));
    segments.push({ tag: "HL", elements: ["4", "3", "23", "0"] }, trn);
    const dependentSegments = personSegments("03", dependent, null, dateOfService);
    dependentSegments.splice(dependentSegments.length - 1, 0, { tag: "INS", elements: ["N", RELATIONSHIP_CODES[dependent.relationship]] });
    segments.push(...dependentSegments, ...eqs);
  } else {
    segments.push(trn, ...subscriberSegments, ...eqs);
  }

  const raw = writeInterchange({
    separators: SEPARATORS_270,
    sender: senderId,
    receiver: receiverId,
    control: controlNumber,
    usage: envelope.usage ?? "P",
    at,
    functionalId: "HS",
    set: "270",
    version: "005010X279A1",
    segments,
  });
  return { raw, controlNumber, traceNumber };
}

export type Read270 = { inquiry: EligibilityInquiry; traceNumber: string | null; sender: string; receiver: string };

function personOf(segments: Segment[]): InquiryPerson & { memberId: string } {
  const nm1 = segments.find((s) => s.tag === "NM1");
  const dmg = segments.find((s) => s.tag === "DMG");
  const person: InquiryPerson & { memberId: string } = {
    lastName: nm1 ? el(nm1, 3) : "",
    firstName: nm1 ? el(nm1, 4) : "",
    memberId: nm1 && el(nm1, 8) === "MI" ? el(nm1, 9) : "",
  };
  if (nm1 && el(nm1, 5)) person.middleName = el(nm1, 5);
  const dob = dmg && el(dmg, 1) === "D8" ? fromD8(el(dmg, 2)) : undefined;
  if (dob) person.dateOfBirth = dob;
  const sex = dmg ? el(dmg, 3) : "";
  if (sex === "M" || sex === "F" || sex === "U") person.sex = sex;
  return person;
}

/** Reads a 270 back into the inquiry it asks. Throws X12ReadError when the text is not a 270. */
export function parse270(raw: string): Read270 {
  const interchange = readInterchange(raw);
  const tx = interchange.transactions.find((t) => t.set === "270");
  if (!tx) throw new X12ReadError("The interchange holds no 270 inquiry.");
  // Split the transaction at its HL segments: 20 payer, 21 receiver, 22 subscriber, 23 dependent.
  const levels = new Map<string, Segment[]>();
  let current: Segment[] | null = null;
  for (const segment of tx.segments) {
    if (segment.tag === "HL") {
      current = [];
      const code = el(segment, 3);
      if (!levels.has(code)) levels.set(code, current);
    } else current?.push(segment);
  }
  const source = levels.get("20") ?? [];
  const receiverLevel = levels.get("21") ?? [];
  const subscriberLevel = levels.get("22") ?? [];
  const dependentLevel = levels.get("23");
  const patientLevel = dependentLevel ?? subscriberLevel;

  const payer = source.find((s) => s.tag === "NM1");
  const rec = receiverLevel.find((s) => s.tag === "NM1");
  const receiver: InformationReceiver =
    rec && el(rec, 2) === "1" ? { npi: el(rec, 9), lastName: el(rec, 3), firstName: el(rec, 4) } : { npi: rec ? el(rec, 9) : "", organizationName: rec ? el(rec, 3) : "" };

  const { memberId, ...subscriberPerson } = personOf(subscriberLevel);
  const inquiry: EligibilityInquiry = {
    payer: { id: payer ? el(payer, 9) : "", name: payer ? el(payer, 3) : "" },
    receiver,
    subscriber: { ...subscriberPerson, memberId },
    dateOfService: "",
  };
  const group = subscriberLevel.find((s) => s.tag === "REF" && el(s, 1) === "6P");
  if (group) inquiry.subscriber.groupNumber = el(group, 2);
  if (dependentLevel) {
    const { memberId: _none, ...person } = personOf(dependentLevel);
    const ins = dependentLevel.find((s) => s.tag === "INS");
    const code = ins ? el(ins, 2) : "";
    const relationship = (Object.keys(RELATIONSHIP_CODES) as DependentRelationship[]).find((k) => RELATIONSHIP_CODES[k] === code) ?? "other";
    inquiry.dependent = { ...person, relationship };
  }
  const dtp = patientLevel.find((s) => s.tag === "DTP" && el(s, 1) === "291");
  const date = dtp ? fromD8(el(dtp, 3).slice(0, 8)) : undefined;
  inquiry.dateOfService = date ?? "";
  const eqs = patientLevel.filter((s) => s.tag === "EQ");
  inquiry.serviceTypes = eqs.flatMap((s) => repeats(s, 1, interchange.separators));
  inquiry.serviceTypesPerEq = eqs.length > 1 ? "one" : "all";
  const trn = patientLevel.find((s) => s.tag === "TRN");
  return { inquiry, traceNumber: trn ? el(trn, 2) : null, sender: interchange.sender, receiver: interchange.receiver };
}
