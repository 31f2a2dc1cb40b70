import type { LegalSection } from "./types";

/**
 * Terms of Service and Privacy Policy (SPEC section 2, Terms; facts from
 * section 9). Text may contain the tokens {company} and {email}; pages
 * replace them at render time with `fillLegalText`, so the company name and
 * mailbox always follow site config. Section numbers are added by the page.
 */
export const legalLastUpdated = "January 1, 2024";

export function fillLegalText(text: string, values: { company: string; email: string }): string {
  return text.replaceAll("{company}", values.company).replaceAll("{email}", values.email);
}

export const termsSections: LegalSection[] = [
  {
    title: "Acceptance of Terms",
    paragraphs: [
      "These Terms of Service govern your use of the {company} website, online ordering portal and related services. By accessing the website, creating an account or placing an order, you agree to these terms on behalf of yourself and the practice or organization you represent.",
      "If you do not agree with these terms, please do not use our website or services.",
    ],
  },
  {
    title: "Eligibility and Professional Use",
    paragraphs: [
      "Our products and services are intended for licensed healthcare providers, their authorized staff and approved industry partners. You confirm that you hold any licenses required to purchase, store and use the products you order.",
      "Products are to be used only by or under the direction of a qualified healthcare professional and in accordance with their labeling and instructions for use.",
    ],
  },
  {
    title: "Accounts and Portal Access",
    paragraphs: [
      "Access to the online portal is granted to approved practices and partners. You are responsible for keeping your sign-in details confidential, for the activity that takes place under your account, and for removing access for staff who leave your organization.",
      "Please notify us promptly at {email} if you suspect unauthorized use of your account. We may suspend access to protect patients, customers or our systems.",
    ],
  },
  {
    title: "Orders and Pricing",
    paragraphs: [
      "Orders are subject to acceptance and product availability. Prices, quantities and payment terms are confirmed in your order confirmation or in your account agreement with {company}.",
      "We may decline or cancel an order that contains an error, cannot be fulfilled or does not meet regulatory requirements. If we cancel an order you have paid for, we will refund the amount paid.",
    ],
  },
  {
    title: "Shipping and Delivery",
    paragraphs: [
      "Standard shipping takes 2-3 business days. Expedited shipping delivers on the next business day, and same-day delivery is available in select metro areas.",
      "Delivery times are estimates and begin once an order is confirmed. Products must be received, inspected and stored according to their labeling; please report any damaged or incorrect shipment as soon as it arrives.",
    ],
  },
  {
    title: "Returns and Exchanges",
    paragraphs: [
      "Returns are accepted within 30 days from delivery for unused products in their original packaging. Contact our support team before sending a return so we can issue instructions and confirm eligibility.",
      "Products that have been opened, used, or stored outside their labeled conditions cannot be returned, in order to protect the integrity of the tissue supply.",
    ],
  },
  {
    title: "Insurance Verification and Reimbursement Support",
    paragraphs: [
      "Insurance verification, pre-authorization guidance and billing and coding consultation are provided to help your practice. They are based on information available at the time and do not guarantee coverage, payment or a particular reimbursement amount.",
      "Your practice remains responsible for the accuracy of its documentation, claims and coding decisions.",
    ],
  },
  {
    title: "Clinical Responsibility",
    paragraphs: [
      "Information on this website is provided for healthcare professionals for general information. It is not medical advice and does not replace the clinical judgment of the treating provider.",
      "Decisions about diagnosis, treatment and product selection for each patient are the responsibility of the treating provider.",
    ],
  },
  {
    title: "Intellectual Property",
    paragraphs: [
      "The website, portal, content, logos and materials provided by {company} are protected by intellectual property laws. You may use them only to do business with us and may not copy, modify or redistribute them without our written permission.",
      "Product names and trademarks of third-party manufacturers belong to their respective owners.",
    ],
  },
  {
    title: "Disclaimers and Limitation of Liability",
    paragraphs: [
      "The website and portal are provided on an \u201cas is\u201d and \u201cas available\u201d basis. Except as stated in these terms or required by law, {company} makes no warranties, express or implied, about the website or portal.",
      "To the extent permitted by law, {company} is not liable for indirect, incidental, special or consequential damages. Our total liability for any claim arising from these terms or our services is limited to the fees you paid to {company} in the twelve months before the event giving rise to the claim.",
    ],
  },
  {
    title: "Governing Law and Dispute Resolution",
    paragraphs: [
      "These terms are governed by the laws of the State of Arizona, without regard to its conflict-of-law rules.",
      "Any dispute arising from these terms or our services will be resolved by binding arbitration in Arizona, except that either party may seek urgent injunctive relief in a court of competent jurisdiction. Before starting arbitration, both parties agree to try in good faith to resolve the dispute informally.",
    ],
  },
  {
    title: "Changes to These Terms and Contact",
    paragraphs: [
      "We may update these terms from time to time. The date at the top of this page shows when they were last updated, and continued use of our services after a change means you accept the updated terms.",
      "Questions about these terms can be sent to {email}.",
    ],
  },
];

export const privacySections: LegalSection[] = [
  {
    title: "Scope of This Policy",
    paragraphs: [
      "This Privacy Policy explains how {company} collects, uses, shares and protects information when you visit our website, use our online portal or contact us.",
      "Protected health information that we handle on behalf of a practice is also governed by HIPAA and by the business associate agreement we have with that practice.",
    ],
  },
  {
    title: "Information We Collect",
    paragraphs: [
      "We collect the information you give us, such as your name, practice or organization, role, email address, phone number and the details of your inquiries, orders, applications and insurance verification requests.",
      "We also collect limited technical information automatically, such as browser type, pages visited and the date and time of your visit, to operate and secure the website.",
    ],
  },
  {
    title: "How We Use Information",
    paragraphs: [
      "We use information to respond to inquiries, process orders and insurance verification requests, provide support, manage portal accounts, send service updates and improve our website and services.",
      "We do not sell personal information.",
    ],
  },
  {
    title: "Protected Health Information",
    paragraphs: [
      "When a practice shares patient information with us, for example to verify insurance or fulfil an order, we act as a business associate under HIPAA. We use and disclose that information only as permitted by HIPAA and our business associate agreement.",
      "Access to protected health information is limited to staff and service providers who need it to perform their work.",
    ],
  },
  {
    title: "How We Share Information",
    paragraphs: [
      "We share information only as needed to provide our services: with payers and clearinghouses for insurance verification, with carriers for delivery, with tissue processors and manufacturers for traceability, and with service providers bound by confidentiality obligations.",
      "We may also disclose information when required by law or to protect the rights, safety and property of patients, customers or {company}.",
    ],
  },
  {
    title: "Data Security",
    paragraphs: [
      "We protect information with administrative, physical and technical safeguards. Data is encrypted with AES-256 at rest and with TLS 1.3 in transit.",
      "Access to our systems is role-based and logged, and our workforce receives regular privacy and security training.",
    ],
  },
  {
    title: "Data Retention",
    paragraphs: [
      "Records that do not contain protected health information are retained for about 7 years to meet business, tax and regulatory requirements, and are then securely deleted.",
      "Protected health information is retained and returned or destroyed as required by HIPAA and the applicable business associate agreement.",
    ],
  },
  {
    title: "Breach Notification",
    paragraphs: [
      "If we discover a security incident that affects your information, we will notify affected customers within 72 hours of discovery and will meet all notification duties under HIPAA and applicable state law.",
    ],
  },
  {
    title: "Cookies and Similar Technologies",
    paragraphs: [
      "Our website uses cookies and similar technologies that are needed to keep you signed in, remember your preferences and keep the site secure.",
      "You can control cookies through your browser settings; blocking them may prevent parts of the portal from working.",
    ],
  },
  {
    title: "Your Choices and Rights",
    paragraphs: [
      "You may ask to access, correct or delete personal information we hold about you, or opt out of marketing emails at any time. Some information must be kept to meet legal obligations.",
      "Patients who wish to exercise rights over their health information should contact their healthcare provider, and we will support the provider in responding.",
    ],
  },
  {
    title: "Changes to This Policy and Contact",
    paragraphs: [
      "We may update this policy from time to time. The date at the top of this page shows when it was last updated.",
      "Questions or requests about your privacy can be sent to {email}.",
    ],
  },
];
