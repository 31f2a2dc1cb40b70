/**
 * The portal access request (/request-access): the specialties a practice
 * ticks, and the page's words. Data, so the list changes without code.
 */

export const practiceSpecialties = [
  { value: "wound-care", label: "Wound care" },
  { value: "podiatry", label: "Podiatry" },
  { value: "vascular-surgery", label: "Vascular surgery" },
  { value: "general-surgery", label: "General surgery" },
  { value: "plastic-surgery", label: "Plastic surgery" },
  { value: "dermatology", label: "Dermatology" },
  { value: "primary-care", label: "Primary care" },
  { value: "internal-medicine", label: "Internal medicine" },
  { value: "geriatrics", label: "Geriatrics" },
  { value: "orthopedics", label: "Orthopedics" },
  { value: "burn-care", label: "Burn care" },
  { value: "other", label: "Other" },
] as const;

export type PracticeSpecialty = (typeof practiceSpecialties)[number]["value"];

/** The specialties as stored ("podiatry,wound-care") in words. */
export function specialtiesText(stored: string): string {
  return stored
    .split(",")
    .filter(Boolean)
    .map((value) => practiceSpecialties.find((s) => s.value === value)?.label ?? value)
    .join(", ");
}

export const accessRequestSteps: readonly { title: string; description: string }[] = [
  { title: "We check your practice", description: "Our team confirms your group NPI and practice details, usually within one business day." },
  { title: "Your practice is set up", description: "We create your practice and its first facility in the Clinical Portal." },
  { title: "You choose your password", description: "The contact you name receives an invitation to choose a password and becomes the practice's admin." },
];

/** Where a place of service is needed for the first facility an approval makes: an office, the usual case. */
export const FIRST_FACILITY_PLACE_OF_SERVICE = "11";

export const accessRequestToasts = {
  success: {
    title: "Request Submitted Successfully",
    description: "We'll review your practice's details and email you within one business day.",
    variant: "success",
  },
  failure: {
    title: "Submission failed",
    description: "We couldn't send your request. Please try again or call us.",
    variant: "error",
  },
} as const;
