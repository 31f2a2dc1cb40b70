import type { PayerType } from "~/lib/ivr";

/**
 * Payers an eligibility check can be sent to, by the payer id a clearinghouse
 * routes on (the 270's NM1*PR identifier, Stedi's tradingPartnerServiceId).
 *
 * Where the ids come from: Medicare's eligibility answers come from CMS's
 * HETS system, which clearinghouses reach under the id "CMS"; the Medicare
 * Administrative Contractors' ids are CMS's A/B MAC contract numbers for Part
 * B by state, which clearinghouses use for claims and some use for
 * eligibility; the commercial, Medicare Advantage and Medicaid ids are the
 * ones published in clearinghouses' public payer lists when this file was
 * written (November 2026). Ids differ between clearinghouses and change when
 * payers merge or move: every id here must be checked with the clearinghouse
 * in use (its payer list or payers API) before it is relied on, and corrected
 * here, not in code. A coverage may carry an id that is not listed.
 */
export type Payer = {
  id: string;
  name: string;
  type: PayerType;
  /** The states or MAC jurisdiction it answers for, when not national. */
  region?: string;
  /**
   * How the service types go in the 270: all in one EQ, repeated (the
   * default), or one EQ each, for payers that answer only the first
   * repetition.
   */
  serviceTypesPerEq?: "all" | "one";
};

const medicare = (id: string, name: string, region: string): Payer => ({ id, name, type: "medicare", region });

export const PAYERS: readonly Payer[] = [
  { id: "CMS", name: "Medicare (CMS HETS)", type: "medicare" },
  // Part B MACs (A/B MAC contract numbers).
  medicare("01112", "Noridian JE Part B, Northern California", "JE: CA (north)"),
  medicare("01182", "Noridian JE Part B, Southern California", "JE: CA (south)"),
  medicare("01212", "Noridian JE Part B, Hawaii", "JE: HI"),
  medicare("01312", "Noridian JE Part B, Nevada", "JE: NV"),
  medicare("02102", "Noridian JF Part B, Alaska", "JF: AK"),
  medicare("02202", "Noridian JF Part B, Idaho", "JF: ID"),
  medicare("02302", "Noridian JF Part B, Washington", "JF: WA"),
  medicare("02402", "Noridian JF Part B, Oregon", "JF: OR"),
  medicare("03102", "Noridian JF Part B, Arizona", "JF: AZ"),
  medicare("03202", "Noridian JF Part B, Montana", "JF: MT"),
  medicare("03302", "Noridian JF Part B, North Dakota", "JF: ND"),
  medicare("03402", "Noridian JF Part B, South Dakota", "JF: SD"),
  medicare("03502", "Noridian JF Part B, Utah", "JF: UT"),
  medicare("03602", "Noridian JF Part B, Wyoming", "JF: WY"),
  medicare("04112", "Novitas JH Part B, Colorado", "JH: CO"),
  medicare("04212", "Novitas JH Part B, New Mexico", "JH: NM"),
  medicare("04312", "Novitas JH Part B, Oklahoma", "JH: OK"),
  medicare("04412", "Novitas JH Part B, Texas", "JH: TX"),
  medicare("05102", "WPS J5 Part B, Iowa", "J5: IA"),
  medicare("05202", "WPS J5 Part B, Kansas", "J5: KS"),
  medicare("05302", "WPS J5 Part B, Missouri", "J5: MO"),
  medicare("05402", "WPS J5 Part B, Nebraska", "J5: NE"),
  medicare("06102", "NGS J6 Part B, Illinois", "J6: IL"),
  medicare("06202", "NGS J6 Part B, Minnesota", "J6: MN"),
  medicare("06302", "NGS J6 Part B, Wisconsin", "J6: WI"),
  medicare("07102", "Novitas JH Part B, Arkansas", "JH: AR"),
  medicare("07202", "Novitas JH Part B, Louisiana", "JH: LA"),
  medicare("07302", "Novitas JH Part B, Mississippi", "JH: MS"),
  medicare("08102", "WPS J8 Part B, Indiana", "J8: IN"),
  medicare("08202", "WPS J8 Part B, Michigan", "J8: MI"),
  medicare("09102", "First Coast JN Part B, Florida", "JN: FL"),
  medicare("10112", "Palmetto JJ Part B, Alabama", "JJ: AL"),
  medicare("10212", "Palmetto JJ Part B, Georgia", "JJ: GA"),
  medicare("10312", "Palmetto JJ Part B, Tennessee", "JJ: TN"),
  medicare("11202", "Palmetto JM Part B, South Carolina", "JM: SC"),
  medicare("11302", "Palmetto JM Part B, Virginia", "JM: VA"),
  medicare("11402", "Palmetto JM Part B, West Virginia", "JM: WV"),
  medicare("11502", "Palmetto JM Part B, North Carolina", "JM: NC"),
  medicare("12102", "Novitas JL Part B, Delaware", "JL: DE"),
  medicare("12202", "Novitas JL Part B, District of Columbia", "JL: DC"),
  medicare("12302", "Novitas JL Part B, Maryland", "JL: MD"),
  medicare("12402", "Novitas JL Part B, New Jersey", "JL: NJ"),
  medicare("12502", "Novitas JL Part B, Pennsylvania", "JL: PA"),
  medicare("13102", "NGS JK Part B, Connecticut", "JK: CT"),
  medicare("13202", "NGS JK Part B, New York (upstate)", "JK: NY"),
  medicare("13282", "NGS JK Part B, New York (downstate)", "JK: NY"),
  medicare("14112", "NGS JK Part B, Maine", "JK: ME"),
  medicare("14212", "NGS JK Part B, Massachusetts", "JK: MA"),
  medicare("14312", "NGS JK Part B, New Hampshire", "JK: NH"),
  medicare("14412", "NGS JK Part B, Rhode Island", "JK: RI"),
  medicare("14512", "NGS JK Part B, Vermont", "JK: VT"),
  medicare("15102", "CGS J15 Part B, Kentucky", "J15: KY"),
  medicare("15202", "CGS J15 Part B, Ohio", "J15: OH"),
  // Commercial.
  { id: "60054", name: "Aetna", type: "commercial" },
  { id: "62308", name: "Cigna", type: "commercial" },
  { id: "87726", name: "UnitedHealthcare", type: "commercial" },
  { id: "61101", name: "Humana", type: "commercial" },
  { id: "54771", name: "Highmark Blue Cross Blue Shield (Pennsylvania)", type: "commercial", region: "PA" },
  { id: "BCSNC", name: "Blue Cross and Blue Shield of North Carolina", type: "commercial", region: "NC" },
  { id: "84980", name: "Blue Cross and Blue Shield of Texas", type: "commercial", region: "TX" },
  { id: "00621", name: "Blue Cross and Blue Shield of Illinois", type: "commercial", region: "IL" },
  { id: "00590", name: "Florida Blue", type: "commercial", region: "FL" },
  // Medicare Advantage (several share the commercial plan's id at the clearinghouse).
  { id: "87726", name: "UnitedHealthcare Medicare Advantage (AARP)", type: "medicare-advantage" },
  { id: "61101", name: "Humana Medicare Advantage", type: "medicare-advantage" },
  { id: "60054", name: "Aetna Medicare Advantage", type: "medicare-advantage" },
  { id: "14163", name: "Wellcare Medicare Advantage", type: "medicare-advantage" },
  // Medicaid and Medicaid managed care: examples; each state's program has its own id.
  { id: "610442", name: "Medi-Cal (California Medicaid)", type: "medicaid", region: "CA" },
  { id: "77027", name: "Florida Medicaid", type: "medicaid", region: "FL" },
  { id: "87726", name: "UnitedHealthcare Community Plan (Medicaid)", type: "medicaid" },
];

/** The payers a payer id is listed under (one id may serve a payer's commercial, Medicare Advantage and Medicaid plans). */
export function payersById(id: string): Payer[] {
  const wanted = id.trim().toUpperCase();
  return PAYERS.filter((p) => p.id.toUpperCase() === wanted);
}

/** Service types every eligibility check asks about: plan coverage first, then the care a wound-care graft is part of. */
export const INQUIRY_SERVICE_TYPES: readonly string[] = ["30", "2", "98", "93", "94", "AG", "42", "45"];
