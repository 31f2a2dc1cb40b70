/**
 * The Forms Library and the Education page: their categories, the documents
 * the portal makes itself (built in: on a fresh install they are there), and
 * what those documents say. Staff upload the rest in the console
 * (/admin/library) and may upload a new version of a built-in one.
 */

/** The Forms Library's categories, in the order the search offers them. */
export const LIBRARY_CATEGORIES = ["IVR Forms", "Order Forms", "Guides", "Compliance", "Supplier Documents"] as const;
export type LibraryCategory = (typeof LIBRARY_CATEGORIES)[number];

/** The Education page's categories, in its order. */
export const EDUCATION_CATEGORIES = [
  { name: "Video Training", text: "Short videos on ordering, IVRs and product handling." },
  { name: "Resource Library", text: "Guides on coverage, documentation and wound care workflows." },
  { name: "Documentation", text: "Product specifications and the compliance documents your practice needs." },
] as const;
export const EDUCATION_CATEGORY_NAMES = EDUCATION_CATEGORIES.map((c) => c.name) as unknown as readonly [string, ...string[]];

/** A paragraph of a guide, or a list of points (a checklist prints boxes). */
export type GuideBlock = { heading: string; text?: string; points?: readonly string[]; checklist?: boolean };

/**
 * The documents the portal makes itself. `public` ones are the support
 * page's guides: anyone downloads them; the rest are for signed-in members.
 * `kind` says how the PDF is made (app/.server/library/documents.ts).
 */
export type BuiltInDocument = {
  key: string;
  title: string;
  category: LibraryCategory;
  description: string;
  fileName: string;
  public: boolean;
  kind: "ivr-form" | "order-form" | "w9" | "catalog" | "guide";
  /** A guide's text. */
  blocks?: readonly GuideBlock[];
};

export const BUILT_IN_VERSION_LABEL = "Built in";

export const BUILT_IN_DOCUMENTS: readonly BuiltInDocument[] = [
  {
    key: "ivr-form",
    title: "Insurance Verification Request (paper form)",
    category: "IVR Forms",
    description: "The IVR's fields on paper, for practices that fax their requests. Submitting in the portal is faster.",
    fileName: "insurance-verification-request.pdf",
    public: false,
    kind: "ivr-form",
  },
  {
    key: "order-form",
    title: "Order Form (paper form)",
    category: "Order Forms",
    description: "An order on paper: the practice, the ship-to facility, the approved IVR and the products and sizes.",
    fileName: "order-form.pdf",
    public: false,
    kind: "order-form",
  },
  {
    key: "w9",
    title: "Supplier W-9",
    category: "Supplier Documents",
    description: "The supplier's W-9 is sent on request: this page says how to ask for it.",
    fileName: "supplier-w9.pdf",
    public: false,
    kind: "w9",
  },
  {
    key: "product-catalog",
    title: "Product Catalog",
    category: "Guides",
    description: "Our full portfolio of amniotic allografts and wound-care products, with sizes and ordering codes.",
    fileName: "product-catalog.pdf",
    public: true,
    kind: "catalog",
  },
  {
    key: "insurance-guide",
    title: "Insurance Guide",
    category: "Guides",
    description: "How insurance verification and pre-authorization work, and what information to prepare.",
    fileName: "insurance-guide.pdf",
    public: true,
    kind: "guide",
    blocks: [
      {
        heading: "What an insurance verification request (IVR) is",
        text: "Before a graft is applied, we check the patient's coverage with their payer: whether the product is covered, what prior authorization is needed, and what the patient may owe. Most requests are answered the same business day.",
      },
      {
        heading: "What to prepare",
        points: [
          "The patient's name, date of birth, address and phone number",
          "The payer, the member id (for Medicare, the 11-character MBI) and the group number",
          "A secondary payer, if the patient has one",
          "The wound: type, location, side, size in cm and how long it has been open",
          "The standard of care tried and since when, and the ICD-10 codes",
          "Copies of both sides of the insurance card and the recent clinical notes",
        ],
      },
      {
        heading: "Pre-authorization",
        text: "When a payer requires prior authorization we pursue it for you if you allow it on the request. We tell you what the payer asks for and when it has answered.",
      },
      {
        heading: "The answer",
        text: "You receive the result in the portal and by email and text updates. An approved IVR is what an order for that patient refers to.",
      },
    ],
  },
  {
    key: "quick-start-guide",
    title: "Quick Start Guide",
    category: "Guides",
    description: "A step-by-step introduction to placing orders and submitting IVRs in the online portal.",
    fileName: "quick-start-guide.pdf",
    public: true,
    kind: "guide",
    blocks: [
      { heading: "1. Sign in", text: "Use the invitation mailed to you to set your password, then sign in to the Clinical Portal at /members." },
      { heading: "2. Set up your practice", text: "Your practice admin adds the providers and facilities, and invites the rest of your team." },
      { heading: "3. Submit an IVR", text: "Choose New IVR, pick or add the patient, describe the wound and attach the insurance card and clinical notes. Follow its status on your board." },
      { heading: "4. Place an order", text: "Once an IVR is approved, order the product and sizes for the date of service. Choose the facility it ships to and the shipping speed." },
      { heading: "5. Receive and record", text: "Scan the packing list's barcodes when the box arrives, and record each application for the patient's chart." },
    ],
  },
  {
    key: "compliance-checklist",
    title: "Compliance Checklist",
    category: "Compliance",
    description: "A checklist of the documentation your practice should keep for each graft application.",
    fileName: "compliance-checklist.pdf",
    public: true,
    kind: "guide",
    blocks: [
      {
        heading: "For each patient",
        checklist: true,
        points: [
          "The approved insurance verification and any prior authorization",
          "Wound measurements before each application (length, width, depth)",
          "At least four weeks of documented standard of care before the first application",
          "The ICD-10 codes supporting medical necessity",
        ],
      },
      {
        heading: "For each application",
        checklist: true,
        points: [
          "The graft's tissue identifier, lot and expiry date (from the packing list)",
          "The area applied and any area discarded, with the reason",
          "The provider's signed procedure note",
          "The date and place of service",
        ],
      },
      {
        heading: "For your records",
        checklist: true,
        points: [
          "Receipt of every unit, kept for tissue tracking (21 CFR 1271.290)",
          "Storage conditions of the grafts kept in stock",
          "Recall notices received and what was done",
        ],
      },
    ],
  },
];

/** The support page's four guides, in its order. */
export const SUPPORT_DOWNLOAD_KEYS = ["product-catalog", "insurance-guide", "quick-start-guide", "compliance-checklist"] as const;

/** The W-9 placeholder's words. */
export const W9_PLACEHOLDER = {
  heading: "Placeholder: the W-9 is not in this file",
  text: "The supplier's W-9 is sent on request: ask our support team by email or phone and we send the current, signed form to your billing office. This page is a placeholder; the W-9 itself carries the supplier's taxpayer identification number and is not published in the library.",
};
