import { readFileSync } from "node:fs";
import type { EligibilityInquiry } from "../inquiry";

/** A sample file's text, byte for byte (tests only). */
export function sample(name: string): string {
  return readFileSync(new URL(`./${name}`, import.meta.url), "utf8");
}

/** What an IVR holds for a Medicare patient seen at the practice's facility (the patient of the Medicare sample). */
export const medicareInquiry = (memberId = "1EG4TE5MK73"): EligibilityInquiry => ({
  payer: { id: "CMS", name: "Medicare" },
  receiver: { npi: "1234567893", organizationName: "Desert Wound Care Clinic" },
  subscriber: { firstName: "Margaret", middleName: "E", lastName: "Holloway", memberId, dateOfBirth: "1948-03-12", sex: "F" },
  dateOfService: "2025-11-05",
});

/** A child on a parent's policy, asked about by the rendering provider (the patient of the dependent samples). */
export const dependentChildInquiry: EligibilityInquiry = {
  payer: { id: "44871", name: "Valley Family Health Plan" },
  receiver: { npi: "1457389264", firstName: "Adaeze", lastName: "Okafor" },
  subscriber: { firstName: "Ellen", lastName: "Nakamura", memberId: "VFH20931177", groupNumber: "778120" },
  dependent: { firstName: "Kenji", lastName: "Nakamura", dateOfBirth: "2011-08-30", sex: "M", relationship: "child" },
  dateOfService: "2025-11-06",
  serviceTypes: ["30", "2", "98"],
};

/** `dependentChildInquiry` as a 270 carries it back: upper case, with the receiver given and one EQ per service type. */
export const dependentChildReadBack = (receiver: EligibilityInquiry["receiver"]): EligibilityInquiry => ({
  payer: { id: "44871", name: "VALLEY FAMILY HEALTH PLAN" },
  receiver,
  subscriber: { firstName: "ELLEN", lastName: "NAKAMURA", memberId: "VFH20931177", groupNumber: "778120" },
  dependent: { firstName: "KENJI", lastName: "NAKAMURA", dateOfBirth: "2011-08-30", sex: "M", relationship: "child" },
  dateOfService: "2025-11-06",
  serviceTypes: ["30", "2", "98"],
  serviceTypesPerEq: "one",
});
