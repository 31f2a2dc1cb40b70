/**
 * Real-time eligibility (X12 005010X279A1 270/271): the inquiry built from a
 * typed request, the payer's answer read leniently and summarised, and the
 * connectors that carry one to a clearinghouse and bring the other back.
 * Nothing here touches the database: callers keep the raw 271 and its
 * summary (sealed), and may summarise the raw text again at any time.
 */
export { eligibilityChecksOff, eligibilityConnector } from "./connectors";
export { type CheckFailure, type CheckOptions, type CheckOutcome, type CheckSuccess, type EligibilityConnector } from "./connector";
export {
  CORE_REQUEST_FIELDS,
  CORE_RULE_VERSION,
  coreConnector,
  coreEnvelopeFields,
  PAYLOAD_TYPE_270,
  PAYLOAD_TYPE_271,
  PAYLOAD_TYPE_999,
  type CoreConfig,
} from "./core";
export { STEDI_ELIGIBILITY_URL, stediConnector, stediRequestOf, type StediConfig } from "./stedi";
export {
  build270,
  InquiryError,
  parse270,
  type Built270,
  type DependentRelationship,
  type EligibilityInquiry,
  type Envelope,
  type InformationReceiver,
  type InquiryPerson,
  type Read270,
  type Sex,
} from "./inquiry";
export { read271, type Response271 } from "./response";
export {
  benefitFilterOptions,
  filterBenefits,
  summarise,
  type Amounts,
  type BenefitFilter,
  type BenefitRow,
  type CostShare,
  type EligibilitySummary,
  type Network,
  type OtherCoverage,
  type OtherCoverageKind,
} from "./summary";
export { type Rejection } from "./rejections";
export { type Coded } from "./codes";
export { practiceLine, staffLine } from "./lines";
export { X12ReadError } from "./x12";
