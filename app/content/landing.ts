import type { IconName, ServiceCard } from "./types";

/** Hero bullets of the landing page (SPEC section 2, Landing page). */
export const heroBullets: readonly string[] = [
  "A complete product portfolio for all wound indications",
  "Online IVR and order submission and tracking",
  "Billing and coding support from reimbursement specialists",
  "A clear compliance overview for your practice",
];

/** Short facts shown beside the hero headline. */
export const heroHighlights: readonly { title: string; text: string; icon: IconName }[] = [
  {
    title: "Same-day insurance verification",
    text: "Results in 30 minutes to 3 hours on business days.",
    icon: "shield-check",
  },
  {
    title: "Portal setup in under 1 hour",
    text: "Submit IVRs, place orders and track shipments online.",
    icon: "monitor",
  },
  {
    title: "24/7 emergency support",
    text: "Reach our team by phone or email whenever you need us.",
    icon: "headphones",
  },
];

/** The eight cards of the landing page's services grid, each linked to its closest page. */
export const serviceCards: readonly ServiceCard[] = [
  {
    title: "Wound Care Products",
    description:
      "Amnion allografts, collagen matrices, dressings, powders and synthetic coverings for a full range of wound indications.",
    icon: "package",
    link: "/products",
  },
  {
    title: "Insurance Verification",
    description:
      "We verify patient benefits before you treat, with same-day results on business days, so you can plan care with confidence.",
    icon: "shield-check",
    link: "/insurance",
  },
  {
    title: "Online Ordering Platform",
    description:
      "Order online with inventory tracking and automated reordering, and explore the live demo of our provider portal.",
    icon: "monitor",
    link: "/ordering",
  },
  {
    title: "Billing & Coding Consultation",
    description:
      "Guidance from reimbursement specialists on documentation, coding and claims for wound care biologics.",
    icon: "dollar-sign",
    link: "/services",
  },
  {
    title: "Compliance Strategy",
    description:
      "Practical help aligning your wound care program with current regulatory and payer requirements.",
    icon: "clipboard-check",
    link: "/compliance",
  },
  {
    title: "Pre-Authorization Support",
    description:
      "Help preparing and tracking pre-authorization requests, so treatment is not held up by paperwork.",
    icon: "file-text",
    link: "/insurance",
  },
  {
    title: "Medicare & Medicaid Plan Support",
    description:
      "Support with Medicare, Medicaid and Medicare Advantage plans, including coverage questions and documentation.",
    icon: "heart-pulse",
    link: "/insurance",
  },
  {
    title: "Education & Training",
    description:
      "Resources and training for physicians, nurses and billing staff on products, ordering and reimbursement.",
    icon: "graduation-cap",
    link: "/support",
  },
];

/** Certifications listed in the About section (SPEC section 1). */
export const certifications: readonly string[] = [
  "Tissue Banking License",
  "ISO 13485",
  "SOC 2 Type II applicant",
  "HIPAA compliance program",
];

export type AboutStat = { value: string; label: string; icon: IconName };

/** The four statistic cards of the About section (SPEC sections 1 and 9). */
export const aboutStats: readonly AboutStat[] = [
  { value: "1000+", label: "Wounds healed", icon: "heart-pulse" },
  { value: "10+", label: "Years of experience", icon: "users" },
  { value: "< 1 hour", label: "Setup time", icon: "settings" },
  { value: "Real-time", label: "Order processing", icon: "truck" },
];
