import type { Download, Faq, SupportChannel, SupportTopic } from "./types";

/**
 * Support centre content (SPEC section 2, Support; constants from section 9).
 * Phone numbers and mailboxes come from site config at render time.
 */
export const supportChannels: SupportChannel[] = [
  {
    kind: "phone",
    title: "Phone Support",
    description:
      "Speak directly with a support specialist about orders, product questions, insurance verification or portal access.",
    hours: "Mon-Fri 8AM-6PM EST",
    response: "Immediate response",
    category: "Urgent questions",
  },
  {
    kind: "email",
    title: "Email Support",
    description:
      "Send detailed questions, documents or order references. Our inbox is monitored around the clock.",
    hours: "24/7 monitoring",
    response: "Reply within 4 hours",
    category: "Detailed requests",
  },
  {
    kind: "chat",
    title: "Live Chat",
    description:
      "Chat with a support specialist, who answers in minutes during business hours. Outside them, leave a message and we answer by email.",
    hours: "Mon-Fri 8AM-6PM EST",
    response: "Under 5 minutes",
    category: "Quick questions",
  },
];

export const supportTopics: SupportTopic[] = [
  {
    title: "Ordering & Portal",
    description: "Placing and tracking orders, managing inventory and getting the most from the online portal.",
    articles: 12,
    topics: ["Placing your first order", "Order status and tracking", "Automated reordering", "Portal user accounts"],
    icon: "monitor",
  },
  {
    title: "Insurance & Billing",
    description: "Insurance verification requests, pre-authorization, coding questions and invoices.",
    articles: 18,
    topics: ["Submitting an IVR", "Pre-authorization guidance", "Billing and coding basics", "Paying an invoice"],
    icon: "dollar-sign",
  },
  {
    title: "Products & Clinical",
    description: "Product specifications, sizing, storage and handling of our allografts and wound-care products.",
    articles: 15,
    topics: ["Choosing a graft size", "Storage and handling", "Product documentation", "Application resources"],
    icon: "package",
  },
  {
    title: "Compliance & Documentation",
    description: "Documentation requirements, tissue tracking records and our compliance program.",
    articles: 8,
    topics: ["Documentation checklists", "Tissue tracking records", "HIPAA and patient privacy", "Audit preparation"],
    icon: "shield-check",
  },
];

export const faqs: Faq[] = [
  {
    question: "How do I get access to the online ordering portal?",
    answer:
      "Request portal access with our portal access request form. A specialist confirms your practice details, sets up your practice and invites its first admin, who invites the rest of your team. Setup usually takes under an hour.",
    link: { to: "/request-access", label: "Request portal access" },
  },
  {
    question: "How long does insurance verification take?",
    answer:
      "Most insurance verification requests are completed the same day, typically within 30 minutes to 3 hours on business days. You receive the result by text and email updates as well as in the portal.",
  },
  {
    question: "Can I track the status of my orders?",
    answer:
      "Yes. Every order placed through the portal shows its current status, and you can opt in to text and email updates as it is processed and shipped.",
  },
  {
    question: "How quickly will my order ship?",
    answer:
      "Standard shipping takes 2-3 business days and expedited shipping arrives the next business day. Same-day delivery is available in select metro areas.",
  },
  {
    question: "What is your return policy?",
    answer:
      "Unused products in their original packaging can be returned within 30 days from delivery. Contact our support team to start a return and receive instructions.",
  },
  {
    question: "Do you help with billing, coding and pre-authorization?",
    answer:
      "Yes. Our reimbursement specialists offer billing and coding consultation, pre-authorization guidance and support for Medicare and Medicaid plans. They can review your documentation workflow with your billing staff.",
  },
  {
    question: "How is patient information protected?",
    answer:
      "We operate a HIPAA compliance program. Patient information is encrypted with AES-256 at rest and TLS 1.3 in transit, and access is limited to staff who need it to process your requests.",
  },
  {
    question: "Is support available outside business hours?",
    answer:
      "Phone and chat support are available Mon-Fri 8AM-6PM EST. Our email inbox is monitored 24/7 and we reply within 4 hours, and emergency support is available around the clock.",
  },
];

/**
 * The support page's guides when the Forms Library cannot be read (the
 * library's built-in documents of the same titles, content/library.ts, are
 * what the page offers, with their real sizes): then a copy is asked by mail.
 */
export const downloads: Download[] = [
  {
    title: "Product Catalog",
    description: "Our full portfolio of amniotic allografts and wound-care products, with sizes and ordering codes.",
    type: "PDF",
  },
  {
    title: "Insurance Guide",
    description: "How insurance verification and pre-authorization work, and what information to prepare.",
    type: "PDF",
  },
  {
    title: "Quick Start Guide",
    description: "A step-by-step introduction to placing orders and submitting IVRs in the online portal.",
    type: "PDF",
  },
  {
    title: "Compliance Checklist",
    description: "A checklist of the documentation your practice should keep for each graft application.",
    type: "PDF",
  },
];
