import type { IconName, Service } from "./types";

/** The five services (SPEC section 2, Services). */
export const services: readonly Service[] = [
  {
    title: "Insurance Verification",
    category: "Administrative",
    description:
      "Same-day benefits verification for wound care biologics, so your team knows a patient's coverage before treatment begins.",
    features: [
      "Results in 30 minutes to 3 hours on business days",
      "Coverage, deductible and prior authorization details",
      "Online IVR submission through the provider portal",
    ],
    link: "/insurance",
    icon: "shield-check",
  },
  {
    title: "Online Ordering",
    category: "Digital",
    description:
      "A secure online portal for submitting orders and IVRs, tracking shipments and managing inventory across locations.",
    features: [
      "Order submission and real-time status tracking",
      "Inventory tracking and automated reordering",
      "Text and email updates on every order",
    ],
    link: "/ordering",
    icon: "monitor",
  },
  {
    title: "Revenue Cycle Optimization and Clinical Reimbursement Support",
    category: "Financial",
    description:
      "Billing and coding consultation and compliance strategy that help your practice document, code and bill wound care correctly.",
    features: [
      "Billing and coding consultation",
      "Compliance strategy and documentation review",
      "Medicare and Medicaid plan support",
    ],
    link: "/compliance",
    icon: "dollar-sign",
  },
  {
    title: "Clinical Support",
    category: "Clinical",
    description:
      "Product education and application guidance from our clinical team, to help your staff choose and use the right product.",
    features: [
      "Product selection guidance by wound type",
      "In-service education and training",
      "Application and handling best practices",
    ],
    link: null,
    icon: "stethoscope",
  },
  {
    title: "Customer Success",
    category: "Support",
    description:
      "A dedicated team that gets your practice set up quickly and stays with you for questions about orders, billing and the portal.",
    features: [
      "Portal onboarding in under 1 hour",
      "24/7 support by phone and email",
      "Help with orders, billing and portal questions",
    ],
    link: null,
    icon: "headphones",
  },
];

export type ProcessStep = { title: string; description: string };

/** How working with us starts (SPEC section 2, Services: three-step process). */
export const serviceProcess: readonly ProcessStep[] = [
  {
    title: "Initial Consultation",
    description:
      "A free 30-minute call to understand your practice, your patients and where your current process slows you down.",
  },
  {
    title: "Implementation",
    description:
      "We set up your portal access, verification workflow and ordering preferences, typically in under an hour.",
  },
  {
    title: "Ongoing Support",
    description:
      "Our team stays on hand 24/7 for verifications, orders, billing questions and staff training as your needs change.",
  },
];

export type ServiceStat = { value: string; label: string; description: string; icon: IconName };

/** Why-choose statistics (SPEC sections 2 and 9). */
export const serviceStats: readonly ServiceStat[] = [
  {
    value: "95%",
    label: "Satisfaction",
    description: "Provider satisfaction with our verification, ordering and support services.",
    icon: "users",
  },
  {
    value: "24/7",
    label: "Support",
    description: "Emergency support by phone and email, around the clock, every day of the year.",
    icon: "headphones",
  },
  {
    value: "70%",
    label: "Time savings",
    description: "Less staff time spent on insurance verification and ordering paperwork.",
    icon: "clipboard-check",
  },
];
