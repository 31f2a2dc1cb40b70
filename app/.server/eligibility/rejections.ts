import { coded, FOLLOW_UP_ACTIONS, REJECT_REASONS, type Coded } from "./codes";

/**
 * A payer's AAA rejection, as a person reads it: what is wrong and what to
 * do about it, rather than the standard's code.
 */
export type Rejection = {
  /** Where the payer put it: about the payer itself, the provider, the subscriber, the dependent, or one benefit. */
  level: "payer" | "provider" | "subscriber" | "dependent" | "benefit";
  /** AAA03 and its words in the standard. */
  reason: Coded;
  /** What to do, in words for staff and the practice. */
  message: string;
  /** AAA04 */
  followUp: Coded | null;
  /** True when the same inquiry may get an answer later (the payer could not answer now); false when something must be corrected first. */
  retryable: boolean;
};

/** Reasons that clear by themselves: the same inquiry, sent again later, may be answered. */
const RETRYABLE_REASONS = new Set(["42", "80"]);

/** The words for one reason; `memberId` is the id the payer echoed (or was sent). */
function messageFor(reason: string, memberId: string | null): string | null {
  const id = memberId ? `member id ${memberId}` : "the member id";
  switch (reason) {
    case "42":
      return "The payer cannot answer right now: the check will be tried again later.";
    case "80":
      return "The payer did not answer: the check will be tried again later.";
    case "72":
    case "64":
      return `The payer does not recognise ${id}: check the card.`;
    case "73":
    case "65":
      return "The payer does not recognise the name: enter it exactly as printed on the card.";
    case "58":
      return "The date of birth is missing or not valid: check it against the card.";
    case "71":
      return "The date of birth does not match the payer's record: check it against the card.";
    case "60":
      return "The date of birth is after the date of service: check both.";
    case "75":
    case "67":
      return `The payer found no patient with ${id}, this name and date of birth: check all three against the card, and that this is the right payer.`;
    case "76":
    case "68":
      return `The payer holds more than one member with ${id}: check the name and date of birth exactly as on the card.`;
    case "77":
      return "The payer found the subscriber but not this patient: check the patient's name, date of birth and relationship to the subscriber.";
    case "78":
      return "The payer does not find the patient in the group or plan given: check the group number on the card.";
    case "74":
    case "66":
      return "The payer needs the patient's sex as it holds it: check it.";
    case "15":
    case "33":
      return `The payer says information it needs is missing or wrong: check ${id}, name and date of birth against the card.`;
    case "79":
      return "The payer does not accept inquiries under this payer id: check the payer id of the coverage with the clearinghouse's payer list.";
    case "T4":
      return "The payer id or name is missing: choose the payer on the coverage.";
    case "41":
      return "The payer refuses inquiries from this provider: the provider may need to enrol with the payer for eligibility checks.";
    case "43":
      return "The payer does not recognise the provider's NPI: check the NPI, or enrol the provider with this payer.";
    case "44":
      return "The provider's name does not match the payer's record for this NPI: check the name registered with the payer.";
    case "50":
    case "51":
      return "The payer has no record of this provider for inquiries: check the provider's enrolment with the payer.";
    case "52":
      return "The provider was not enrolled with the plan on the date of service: check the provider's enrolment dates.";
    case "56":
    case "57":
    case "62":
      return "The payer does not answer for this date of service: check it (payers answer for dates from about a year back to the end of the current month).";
    case "63":
      return "The date of service is in the future further than the payer answers for: check it, or check again nearer the date.";
    case "61":
      return "The payer records a date of death before the date of service: check the patient with the payer.";
    default:
      return null;
  }
}

export function rejectionOf(level: Rejection["level"], aaa: { reason: string; followUp: string }, memberId: string | null): Rejection {
  const reason = coded(REJECT_REASONS, aaa.reason) ?? { code: "", label: "No reason given" };
  const message =
    messageFor(aaa.reason, memberId) ??
    `The payer did not answer this inquiry (${reason.label}${aaa.reason ? `, code ${aaa.reason}` : ""}): check the patient's and provider's details, or call the payer.`;
  return {
    level,
    reason,
    message,
    followUp: coded(FOLLOW_UP_ACTIONS, aaa.followUp),
    retryable: RETRYABLE_REASONS.has(aaa.reason),
  };
}
