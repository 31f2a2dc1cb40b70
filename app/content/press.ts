import type { NewsArticle, PressCategory } from "./types";

/** Filter chips of the press page, in display order (after "All"). */
export const pressCategories: readonly PressCategory[] = [
  "Clinical Research",
  "Regulatory",
  "Innovation",
  "Treatment Protocols",
  "Market Analysis",
];

/**
 * A category from a search parameter, or null for "All". Accepts the exact
 * label and, leniently, any casing or a slug such as "clinical-research";
 * anything else falls back to null (All).
 */
export function parsePressCategory(value: string | null | undefined): PressCategory | null {
  if (!value) return null;
  const wanted = value.trim().toLowerCase().replace(/[-_+\s]+/g, " ");
  return pressCategories.find((c) => c.toLowerCase() === wanted) ?? null;
}

/** The 25 press articles of the last six months (before 2026-11-01), newest first. */
export const pressArticles: readonly NewsArticle[] = [
  {
    id: 1,
    title: "Amnion Membrane Allografts in Diabetic Foot Ulcers: What Recent Evidence Shows",
    summary:
      "A look at how amnion-based allografts are being studied as an adjunct to standard care for diabetic foot ulcers, what the published trials measure, and why outcomes vary between patients.",
    date: "2026-10-28",
    category: "Clinical Research",
    readTime: "4 min read",
  },
  {
    id: 2,
    title: "FDA Approves an Amnion-Based Ophthalmic Treatment for Ocular Surface Repair",
    summary:
      "The FDA has approved an amnion-based product for use on the eye's surface. We explain the regulatory pathway involved and what the decision does and does not change for wound care providers.",
    date: "2026-10-21",
    category: "Regulatory",
    readTime: "3 min read",
  },
  {
    id: 3,
    title: "Tri-Layer Graft Processing: How Handling Characteristics Are Evolving",
    summary:
      "Manufacturers are refining how multi-layer placental grafts are cleaned, dehydrated and packaged. Here is what those changes mean for storage, trimming and placement in a busy clinic.",
    date: "2026-10-14",
    category: "Innovation",
    readTime: "5 min read",
  },
  {
    id: 4,
    title: "Building a Consistent Wound Assessment Routine Before Applying a Skin Substitute",
    summary:
      "Standardised measurements, photographs and perfusion checks help teams decide when an advanced product is appropriate and give payers the documentation they expect.",
    date: "2026-10-07",
    category: "Treatment Protocols",
    readTime: "6 min read",
  },
  {
    id: 5,
    title: "Wound Biologics Outlook: Demand Continues to Shift Toward Outpatient Settings",
    summary:
      "Physician offices, mobile wound programs and outpatient clinics account for a growing share of advanced wound care. We review the factors behind the shift and what it means for supply planning.",
    date: "2026-09-30",
    category: "Market Analysis",
    readTime: "5 min read",
  },
  {
    id: 6,
    title: "Preparing for Updated Medicare Coverage Policies on Skin Substitutes",
    summary:
      "Revised local coverage determinations are expected to tighten documentation and frequency requirements. A practical checklist for practices reviewing their current workflows.",
    date: "2026-09-23",
    category: "Regulatory",
    readTime: "4 min read",
  },
  {
    id: 7,
    title: "Venous Leg Ulcers and Placental Tissue Grafts: Reading the Study Designs",
    summary:
      "Trials of placental tissue in venous leg ulcers differ in compression protocols, endpoints and follow-up. Understanding those differences helps clinicians interpret the results carefully.",
    date: "2026-09-16",
    category: "Clinical Research",
    readTime: "5 min read",
  },
  {
    id: 8,
    title: "Digital Insurance Verification Requests Shorten the Path From Referral to Treatment",
    summary:
      "Practices moving IVR submissions online report fewer missing fields and faster turnaround. We look at the workflow changes that make the biggest difference.",
    date: "2026-09-09",
    category: "Innovation",
    readTime: "3 min read",
  },
  {
    id: 9,
    title: "Offloading and Graft Application: Coordinating Care for Plantar Wounds",
    summary:
      "Advanced products depend on effective pressure relief. A guide to aligning offloading choices, visit schedules and patient education around graft application days.",
    date: "2026-09-02",
    category: "Treatment Protocols",
    readTime: "4 min read",
  },
  {
    id: 10,
    title: "Reimbursement Trends Practices Should Watch Through Year-End",
    summary:
      "Payment rates, bundling proposals and prior authorization expansion are all in motion. A summary of the changes most likely to affect wound care practices in the coming months.",
    date: "2026-08-26",
    category: "Market Analysis",
    readTime: "6 min read",
  },
  {
    id: 11,
    title: "Pressure Injuries: Where Collagen Matrices Fit in Current Research",
    summary:
      "Collagen-based matrices are being evaluated for stage 3 and 4 pressure injuries alongside repositioning and nutrition support. We outline what researchers are measuring and the open questions.",
    date: "2026-08-19",
    category: "Clinical Research",
    readTime: "4 min read",
  },
  {
    id: 12,
    title: "HCT/P Registration Basics: What Prescribers Should Know About Tissue Sourcing",
    summary:
      "Human cells, tissues and cellular and tissue-based products follow specific FDA registration and donor screening rules. A plain-language overview for ordering clinicians.",
    date: "2026-08-12",
    category: "Regulatory",
    readTime: "5 min read",
  },
  {
    id: 13,
    title: "Inventory Tracking and Automated Reordering Help Wound Clinics Avoid Stockouts",
    summary:
      "Real-time visibility of graft sizes and expiration dates lets clinics reorder before a scheduled application is affected. How practices are setting reorder thresholds.",
    date: "2026-08-05",
    category: "Innovation",
    readTime: "3 min read",
  },
  {
    id: 14,
    title: "A Documentation Checklist for Weekly Graft Applications",
    summary:
      "From wound dimensions to lot numbers and wastage, the details recorded at each visit support continuity of care and audit readiness. A visit-by-visit checklist for clinic teams.",
    date: "2026-07-29",
    category: "Treatment Protocols",
    readTime: "4 min read",
  },
  {
    id: 15,
    title: "Mobile Wound Care Programs Expand Across Skilled Nursing Facilities",
    summary:
      "More skilled nursing facilities are partnering with visiting wound specialists. We examine the staffing, logistics and billing considerations behind the trend.",
    date: "2026-07-22",
    category: "Market Analysis",
    readTime: "5 min read",
  },
  {
    id: 16,
    title: "Surgical Wound Dehiscence: Early Observations With Amniotic Membrane Coverage",
    summary:
      "Case series describing amniotic membrane use on dehisced surgical wounds are growing in number. Early reports are encouraging but small, and controlled studies are still needed.",
    date: "2026-07-15",
    category: "Clinical Research",
    readTime: "4 min read",
  },
  {
    id: 17,
    title: "Prior Authorization Changes for Medicare Advantage Plans Take Effect",
    summary:
      "Several Medicare Advantage plans have updated their prior authorization lists and timelines. What changed, and how practices can keep treatment schedules on track.",
    date: "2026-07-08",
    category: "Regulatory",
    readTime: "3 min read",
  },
  {
    id: 18,
    title: "Hydrated Membrane Formats Offer New Options for Irregular Wound Beds",
    summary:
      "Flexible, hydrated membrane formats are designed to conform to tunnelled or uneven wound surfaces. A look at handling, storage and sizing considerations.",
    date: "2026-07-01",
    category: "Innovation",
    readTime: "4 min read",
  },
  {
    id: 19,
    title: "Debridement Timing and Graft Contact: A Practical Guide for Clinic Teams",
    summary:
      "Preparing a clean, well-vascularised wound bed is a prerequisite for any biologic covering. Practical guidance on sequencing debridement, cleansing and application.",
    date: "2026-06-24",
    category: "Treatment Protocols",
    readTime: "5 min read",
  },
  {
    id: 20,
    title: "Value-Based Care Models Put Wound Healing Outcomes in Focus",
    summary:
      "As more contracts tie payment to outcomes, wound care programs are investing in tracking healing time, recurrence and total cost of care. An overview of the metrics in use.",
    date: "2026-06-17",
    category: "Market Analysis",
    readTime: "4 min read",
  },
  {
    id: 21,
    title: "Burn Care Research Highlights Continued Interest in Placental-Derived Tissue",
    summary:
      "Burn centres continue to study placental-derived tissue as a temporary covering for partial-thickness burns. A summary of recent conference presentations and their limitations.",
    date: "2026-06-10",
    category: "Clinical Research",
    readTime: "4 min read",
  },
  {
    id: 22,
    title: "Updated Guidance on Coding Skin Substitute Application Procedures",
    summary:
      "Application codes depend on wound location and total surface area. A refresher on common coding questions and the documentation that supports each claim.",
    date: "2026-06-03",
    category: "Regulatory",
    readTime: "5 min read",
  },
  {
    id: 23,
    title: "Telehealth Follow-Ups Support Continuity Between Graft Applications",
    summary:
      "Brief video check-ins between in-person visits can help teams spot dressing problems early. How practices are structuring virtual follow-ups for wound patients.",
    date: "2026-05-27",
    category: "Innovation",
    readTime: "3 min read",
  },
  {
    id: 24,
    title: "Infection Control Considerations Before Applying Biologic Grafts",
    summary:
      "Active infection is a common reason to delay a graft. A review of assessment steps, culture decisions and timing that clinic teams use before the first application.",
    date: "2026-05-20",
    category: "Treatment Protocols",
    readTime: "4 min read",
  },
  {
    id: 25,
    title: "Supply Chain Resilience for Tissue Products: Lessons From the Past Year",
    summary:
      "Donor availability, processing capacity and cold-chain logistics all shape product availability. What distributors and practices have learned about planning ahead.",
    date: "2026-05-13",
    category: "Market Analysis",
    readTime: "5 min read",
  },
];
