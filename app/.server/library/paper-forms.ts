import { products } from "~/content/products";
import { US_STATES } from "~/content/us-states";
import { IVR_ATTESTATION } from "~/content/ivr-attestation";
import { IVR_REQUEST_TYPES, PAYER_TYPES, PLACES_OF_SERVICE, WOUND_TYPES } from "~/lib/ivr";
import { WOUND_LOCATIONS } from "~/lib/clinical/wound";
import { LATERALITY_OPTIONS, STANDARD_OF_CARE_OPTIONS } from "~/lib/schemas/ivr";
import { RELATIONSHIP_OPTIONS, SEX_OPTIONS } from "~/lib/schemas/patient";
import { IVR_FILE_FIELDS } from "~/lib/uploads";
import { SHIPPING_SPEEDS } from "~/lib/orders";

/**
 * The paper forms of the Forms Library, for practices that still fax: the
 * native forms' fields with the same labels, grouped as the portal's forms
 * group them (components/portal/ivr-form-fields.tsx). A test holds the IVR
 * form to every label of the native one.
 */

/** A blank of a paper form: a line to write on, a box of lines, choices to tick, or a statement to tick. */
export type PaperField =
  | { kind: "line"; label: string; wide?: boolean; hint?: string }
  | { kind: "box"; label: string; lines: number }
  | { kind: "choices"; label: string; options: readonly string[] }
  | { kind: "tick"; label: string };

export type PaperSection = { title: string; note?: string; groups: { heading?: string; fields: PaperField[] }[] };

const labels = (options: readonly { label: string }[]) => options.map((o) => o.label);

export const PAPER_IVR_FORM: PaperSection[] = [
  { title: "Request", groups: [{ fields: [{ kind: "choices", label: "Type of request", options: labels(IVR_REQUEST_TYPES) }] }] },
  {
    title: "Patient",
    groups: [
      {
        fields: [
          { kind: "line", label: "First name" },
          { kind: "line", label: "Last name" },
          { kind: "line", label: "Date of birth", hint: "MM/DD/YYYY" },
          { kind: "choices", label: "Sex", options: labels(SEX_OPTIONS) },
          { kind: "line", label: "Street address", wide: true },
          { kind: "line", label: "City" },
          { kind: "line", label: "State", hint: `two letters, e.g. ${US_STATES[0]?.value ?? "AL"}` },
          { kind: "line", label: "ZIP code" },
          { kind: "line", label: "Phone number" },
        ],
      },
      {
        heading: "Primary insurance",
        fields: [
          { kind: "line", label: "Payer" },
          { kind: "choices", label: "Payer type", options: labels(PAYER_TYPES) },
          { kind: "line", label: "Member id", hint: "For Medicare, the 11-character MBI." },
          { kind: "line", label: "Group number" },
          { kind: "line", label: "Payer phone" },
        ],
      },
      {
        heading: "Secondary insurance (if any)",
        fields: [
          { kind: "line", label: "Secondary payer" },
          { kind: "choices", label: "Secondary payer type", options: labels(PAYER_TYPES) },
          { kind: "line", label: "Secondary member id" },
          { kind: "line", label: "Secondary group number" },
          { kind: "line", label: "Secondary payer phone" },
        ],
      },
      {
        heading: "Subscriber (if not the patient)",
        fields: [
          { kind: "line", label: "Subscriber name" },
          { kind: "line", label: "Subscriber date of birth", hint: "MM/DD/YYYY" },
          { kind: "choices", label: "Relationship to the patient", options: labels(RELATIONSHIP_OPTIONS) },
        ],
      },
    ],
  },
  {
    title: "Provider and place",
    groups: [
      {
        fields: [
          { kind: "line", label: "Provider", hint: "name and NPI" },
          { kind: "line", label: "Facility", hint: "name and address" },
          { kind: "choices", label: "Place of service", options: labels(PLACES_OF_SERVICE) },
          { kind: "line", label: "Expected date of service", hint: "MM/DD/YYYY" },
        ],
      },
    ],
  },
  {
    title: "Wound",
    groups: [
      {
        fields: [
          { kind: "choices", label: "Wound type", options: labels(WOUND_TYPES) },
          { kind: "line", label: "Location", hint: WOUND_LOCATIONS.slice(0, 3).map((l) => l.label).join(", ") + ", ..." },
          { kind: "choices", label: "Side", options: labels(LATERALITY_OPTIONS) },
          { kind: "line", label: "Length (cm)" },
          { kind: "line", label: "Width (cm)" },
          { kind: "line", label: "Depth (cm)" },
          { kind: "line", label: "Open for (weeks)" },
        ],
      },
    ],
  },
  {
    title: "Care and codes",
    groups: [
      {
        fields: [
          { kind: "line", label: "Standard of care started on", hint: "MM/DD/YYYY" },
          { kind: "choices", label: "Standard of care given", options: labels(STANDARD_OF_CARE_OPTIONS) },
          { kind: "box", label: "Standard of care notes", lines: 3 },
          { kind: "tick", label: "The provider documents an exception to the standard-of-care period" },
          { kind: "line", label: "Primary ICD-10 code", hint: "e.g. L97.412" },
          { kind: "line", label: "Secondary ICD-10 code 1" },
          { kind: "line", label: "Secondary ICD-10 code 2" },
          { kind: "line", label: "Secondary ICD-10 code 3" },
        ],
      },
    ],
  },
  {
    title: "Product and plan",
    groups: [
      {
        fields: [
          { kind: "choices", label: "Product requested", options: products.map((p) => p.name) },
          { kind: "line", label: "Planned applications" },
          { kind: "tick", label: "We may pursue prior authorization for this patient if the payer requires it" },
        ],
      },
    ],
  },
  {
    title: "Settings",
    note: "Tick what applies on the date of service.",
    groups: [
      {
        fields: [
          { kind: "tick", label: "The patient is in hospice" },
          { kind: "tick", label: "The patient is in a Medicare Part A stay" },
          { kind: "tick", label: "The patient has been in skilled nursing for more than 100 days" },
          { kind: "tick", label: "The patient is in a post-operative global period" },
          { kind: "line", label: "Surgery CPT code", hint: "For a global period." },
          { kind: "line", label: "Date of the surgery", hint: "MM/DD/YYYY" },
        ],
      },
    ],
  },
  {
    title: "Attachments",
    note: "Fax these with the form.",
    groups: [{ fields: IVR_FILE_FIELDS.map((f) => ({ kind: "tick" as const, label: f.label })) }],
  },
  {
    title: "Attestation",
    note: IVR_ATTESTATION.text,
    groups: [
      {
        fields: [
          { kind: "line", label: "Signer's name" },
          { kind: "line", label: "Signature" },
          { kind: "line", label: "Date", hint: "MM/DD/YYYY" },
          { kind: "tick", label: "I attest to the statement above" },
        ],
      },
    ],
  },
];

export const PAPER_ORDER_FORM: PaperSection[] = [
  {
    title: "Practice",
    groups: [
      {
        fields: [
          { kind: "line", label: "Practice name", wide: true },
          { kind: "line", label: "Ordered by" },
          { kind: "line", label: "Phone number" },
          { kind: "line", label: "PO number" },
          { kind: "line", label: "Approved IVR reference", hint: "IVR-000123" },
        ],
      },
    ],
  },
  {
    title: "Ship to",
    groups: [
      {
        fields: [
          { kind: "line", label: "Facility", wide: true },
          { kind: "line", label: "Street address", wide: true },
          { kind: "line", label: "City" },
          { kind: "line", label: "State" },
          { kind: "line", label: "ZIP code" },
          { kind: "line", label: "Date of service", hint: "MM/DD/YYYY" },
          { kind: "choices", label: "Shipping speed", options: labels(SHIPPING_SPEEDS) },
        ],
      },
    ],
  },
  {
    title: "Products",
    note: "One line per size. Write the HCPCS code as in the product catalog.",
    groups: [
      {
        fields: [1, 2, 3, 4, 5].flatMap((n) => [
          { kind: "line" as const, label: `Line ${n}: product and HCPCS` },
          { kind: "line" as const, label: `Line ${n}: size (cm) and quantity` },
        ]),
      },
    ],
  },
  {
    title: "Signature",
    groups: [
      {
        fields: [
          { kind: "line", label: "Name" },
          { kind: "line", label: "Signature" },
          { kind: "line", label: "Date", hint: "MM/DD/YYYY" },
        ],
      },
    ],
  },
];
