import type { JobPosting } from "./types";

/** The three open positions of the careers page (SPEC section 3, Job posting). */
export const jobPostings: readonly JobPosting[] = [
  {
    id: 1,
    slug: "partner-representative",
    title: "1099 Partner Representative",
    department: "Sales & Partnerships",
    location: "Remote / Field",
    type: "1099 Contract",
    salary: "Commission-based",
    posted: "Posted 2 days ago",
    description:
      "Introduce physician practices, wound clinics and facilities in your territory to our wound-care biologics, insurance verification and online ordering services. You set your own schedule as an independent partner, with product training and a dedicated support team behind you.",
    responsibilities: [
      "Identify and develop relationships with physicians, practice managers and facility administrators",
      "Present our product portfolio and services accurately and within compliance guidelines",
      "Coordinate onboarding of new accounts with our operations and reimbursement teams",
      "Keep accurate records of accounts, activity and follow-ups",
      "Attend product training and stay current on coverage and compliance requirements",
    ],
    requirements: [
      "Experience in medical device, biologics, pharmaceutical or healthcare sales",
      "Established relationships with providers in your territory preferred",
      "Self-directed, organised and comfortable working independently",
      "Understanding of healthcare compliance, including anti-kickback rules",
      "Valid driver's licence and reliable transportation",
    ],
    benefits: [
      "Competitive commission structure",
      "Flexible schedule and territory-based work",
      "Product, reimbursement and compliance training",
      "Marketing materials and in-house sales support",
    ],
  },
  {
    id: 2,
    slug: "administrative-executive",
    title: "Administrative Executive",
    department: "Operations",
    location: "Phoenix, AZ",
    type: "Full-time",
    salary: "$70,000 - $80,000",
    posted: "Posted 5 days ago",
    description:
      "Keep our Phoenix office running smoothly. You will support leadership, coordinate schedules and vendor relationships, and help maintain the records and processes that a regulated medical supplier depends on.",
    responsibilities: [
      "Provide executive support, including calendar, travel and meeting coordination",
      "Prepare reports, correspondence and presentation materials",
      "Maintain organised records and support compliance documentation",
      "Coordinate with vendors, partners and internal teams",
      "Help improve office processes and onboarding of new staff",
    ],
    requirements: [
      "3+ years of executive or senior administrative experience",
      "Strong written and verbal communication skills",
      "Proficiency with office software and shared document tools",
      "Discretion handling confidential information",
      "Healthcare or medical supply experience is a plus",
    ],
    benefits: [
      "Health, dental and vision insurance",
      "Paid time off and paid holidays",
      "401(k) retirement plan",
      "Professional development support",
    ],
  },
  {
    id: 3,
    slug: "shipping-receiving",
    title: "Shipping & Receiving Specialist",
    department: "Logistics",
    location: "Auburn, WA",
    type: "Full-time",
    salary: "$75,000 - $85,000",
    posted: "Posted 1 week ago",
    description:
      "Make sure tissue products reach providers on time and in the right condition. You will receive, store and ship temperature-sensitive and regulated products while keeping inventory and traceability records accurate.",
    responsibilities: [
      "Receive, inspect and log incoming shipments against purchase orders",
      "Pick, pack and ship orders following storage and handling requirements",
      "Maintain accurate inventory, lot and expiration records",
      "Coordinate with carriers and resolve shipping exceptions",
      "Keep the warehouse clean, safe and audit-ready",
    ],
    requirements: [
      "2+ years of shipping, receiving or warehouse experience",
      "Experience with inventory systems and carrier portals",
      "Strong attention to detail and record keeping",
      "Ability to lift up to 50 lbs",
      "Experience with medical or temperature-controlled products preferred",
    ],
    benefits: [
      "Health, dental and vision insurance",
      "Paid time off and paid holidays",
      "401(k) retirement plan",
      "Stable weekday schedule",
    ],
  },
];
