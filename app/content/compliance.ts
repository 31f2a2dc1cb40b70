import type { Certification, ComplianceFramework, ComplianceProgram } from "./types";

/** Compliance content (SPEC section 2, Compliance). */
export const complianceFrameworks: ComplianceFramework[] = [
  {
    name: "HIPAA Compliance",
    description:
      "Protected health information shared with us for insurance verification and ordering is handled under a documented HIPAA privacy and security program.",
    requirements: [
      "Administrative, physical and technical safeguards",
      "Business associate agreements with partners",
      "Role-based access to patient information",
      "Annual workforce privacy and security training",
    ],
    status: "Certified",
  },
  {
    name: "FDA Regulations",
    description:
      "Our human tissue products are sourced, stored and distributed in line with FDA requirements for human cells, tissues and tissue-based products (HCT/Ps).",
    requirements: [
      "Establishment registration and product listing",
      "Current Good Tissue Practice (21 CFR Part 1271)",
      "Donor eligibility documentation from tissue processors",
      "Adverse event and deviation reporting",
    ],
    status: "Compliant",
  },
  {
    name: "ISO 13485",
    description:
      "Our quality management system follows ISO 13485, the international standard for organizations involved in the medical device and tissue supply chain.",
    requirements: [
      "Documented quality management system",
      "Supplier qualification and monitoring",
      "Corrective and preventive action (CAPA) process",
      "Regular internal audits and management review",
    ],
    status: "Certified",
  },
];

export const compliancePrograms: ComplianceProgram[] = [
  {
    title: "Privacy & Data Security",
    description: "Safeguards that protect patient and practice information across our systems and partners.",
    policies: [
      "Encryption with AES-256 at rest and TLS 1.3 in transit",
      "Access controls and audit logging",
      "Breach notification within 72 hours",
    ],
  },
  {
    title: "Quality Management",
    description: "Controls that keep product handling, storage and documentation consistent and auditable.",
    policies: ["Standard operating procedures", "Temperature and storage monitoring", "Document and record control"],
  },
  {
    title: "Tissue Tracking & Traceability",
    description: "End-to-end traceability of every graft from the tissue processor to the point of care.",
    policies: ["Lot and serial number tracking", "Recall readiness procedures", "Implant record support for practices"],
  },
  {
    title: "Billing & Coding Integrity",
    description: "Guidance that helps practices document and bill accurately for the products they use.",
    policies: [
      "Coverage and documentation guidance",
      "Pre-authorization support",
      "Medicare and Medicaid plan requirements",
    ],
  },
  {
    title: "Regulatory Affairs",
    description: "Monitoring of federal and state requirements that apply to tissue distribution and wound care.",
    policies: ["FDA registration maintenance", "State tissue licensing", "Regulatory change monitoring"],
  },
  {
    title: "Training & Education",
    description: "Ongoing education for our team and the practices we work with.",
    policies: ["Annual HIPAA and compliance training", "Product handling education", "Documentation best practices"],
  },
];

/** Certification whose license number is added from site config at render time. */
export const tissueLicenseCertificationName = "Human Cell & Tissue License";

export const certifications: Certification[] = [
  { name: "ISO 13485:2016", type: "Quality Management System", validity: "Preliminary acceptance" },
  { name: "HIPAA Compliance Program", type: "Privacy & Security", validity: "Ongoing" },
  { name: "FDA Establishment Registration", type: "Regulatory", validity: "Registration current" },
  { name: "SOC 2 Type II", type: "Security Audit", validity: "Audit underway" },
  { name: tissueLicenseCertificationName, type: "Tissue Banking License", validity: "Active license" },
];
