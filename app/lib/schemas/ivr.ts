import { z } from "zod";
import { products } from "~/content/products";
import { isIcd10, normalizeIcd10 } from "~/lib/clinical/identifiers";
import { WOUND_LOCATIONS } from "~/lib/clinical/wound";
import { IVR_REQUEST_TYPES, PLACES_OF_SERVICE, WOUND_TYPES } from "~/lib/ivr";
import type { IVR_FILE_FIELDS } from "~/lib/uploads";
import { LIMITS, optionalText, requiredOption, requiredText } from "./common";
import { dateField, latestUsToday, optionalDateField } from "./patient";

/**
 * The insurance verification request, as the member sends it. The same
 * schema checks it in the browser and in the action; what is derived (area,
 * CPT codes, warnings) is computed on the server from these answers.
 */

export const LATERALITY_OPTIONS = [
  { value: "left", label: "Left" },
  { value: "right", label: "Right" },
  { value: "bilateral", label: "Bilateral" },
  { value: "midline", label: "Midline / not applicable" },
] as const;

export const STANDARD_OF_CARE_OPTIONS = [
  { value: "offloading", label: "Offloading" },
  { value: "compression", label: "Compression" },
  { value: "debridement", label: "Debridement" },
  { value: "moisture", label: "Moist wound dressings" },
  { value: "infection-control", label: "Infection control" },
  { value: "glycemic-control", label: "Glycemic control" },
  { value: "vascular", label: "Vascular assessment" },
] as const;

// The file fields and their rule live with every other upload rule, browser-safe and without zod.
export { IVR_FILE_FIELDS } from "~/lib/uploads";
export type IvrFileRole = (typeof IVR_FILE_FIELDS)[number]["role"];

export const PRODUCT_OPTIONS = products.map((p) => ({
  value: p.slug,
  label: p.name,
})) as unknown as readonly [
  { value: string; label: string },
  ...{ value: string; label: string }[],
];

/** A check box: posted as "on" when ticked, absent when not. */
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

function measure(
  label: string,
  { required, max }: { required: boolean; max: number },
) {
  const missing = `Enter the ${label.toLowerCase()} in cm`;
  return z.preprocess(
    (v) => v ?? "",
    z
      .string()
      .trim()
      .refine((v) => v !== "" || !required, missing)
      .refine(
        (v) => v === "" || /^\d{1,3}(\.\d{1,2})?$/.test(v),
        `${label} is a number of cm, up to two decimals`,
      )
      .transform((v) => (v === "" ? undefined : Number(v)))
      .refine(
        (v) => v === undefined || v <= max,
        `${label} must be ${max} cm or less`,
      )
      .refine(
        (v) => v === undefined || !required || v > 0,
        `${label} must be more than 0`,
      ),
  );
}

function wholeNumber(label: string, min: number, max: number, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(/^\d+$/, `${label} is a whole number`)
    .transform(Number)
    .refine(
      (v) => v >= min && v <= max,
      `${label} must be between ${min} and ${max}`,
    );
}

const icd = (label: string, required: boolean) =>
  z
    .string()
    .trim()
    .transform(normalizeIcd10)
    .refine((v) => v !== "" || !required, "Enter the primary ICD-10 code")
    .refine(
      (v) => v === "" || isIcd10(v),
      `${label} is not an ICD-10 code (for example L97.412)`,
    )
    .transform((v) => (v === "" ? undefined : v));

const uuidOrEmpty = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(/^[0-9a-f-]{36}$/i, missing);

export const ivrSchema = z
  .object({
    requestType: requiredOption(
      IVR_REQUEST_TYPES,
      "Choose the type of request",
    ),
    patientId: uuidOrEmpty("Choose the patient, or add a new one"),
    providerId: uuidOrEmpty("Choose the provider"),
    facilityId: uuidOrEmpty("Choose the facility"),
    placeOfService: requiredOption(
      PLACES_OF_SERVICE,
      "Choose the place of service",
    ),
    dateOfService: dateField("Enter the expected date of service"),
    woundType: requiredOption(WOUND_TYPES, "Choose the wound type"),
    woundLocation: requiredOption(
      WOUND_LOCATIONS as unknown as readonly [
        { value: string; label: string },
        ...{ value: string; label: string }[],
      ],
      "Choose where the wound is",
    ),
    laterality: requiredOption(LATERALITY_OPTIONS, "Choose the side"),
    lengthCm: measure("Length", { required: true, max: 100 }),
    widthCm: measure("Width", { required: true, max: 100 }),
    depthCm: measure("Depth", { required: false, max: 30 }),
    durationWeeks: wholeNumber(
      "Duration",
      0,
      520,
      "Enter how many weeks the wound has been open",
    ),
    standardOfCareStart: dateField("Enter when standard of care started"),
    standardOfCare: z
      .array(
        z.enum(
          STANDARD_OF_CARE_OPTIONS.map((o) => o.value) as [string, ...string[]],
        ),
      )
      .min(1, "Tick the standard of care given"),
    standardOfCareNotes: optionalText("Standard of care notes", LIMITS.long),
    standardOfCareException: checkbox,
    icdPrimary: icd("The primary code", true),
    icdSecondary: z
      .array(icd("A secondary code", false))
      .max(4, "At most four secondary codes"),
    productSlug: requiredOption(PRODUCT_OPTIONS, "Choose the product"),
    plannedApplications: wholeNumber(
      "Planned applications",
      1,
      40,
      "Enter the planned number of applications",
    ),
    hospice: checkbox,
    partAStay: checkbox,
    snfOver100Days: checkbox,
    postOpGlobal: checkbox,
    surgeryCode: optionalText("Surgery code", 10),
    surgeryDate: optionalDateField(),
    priorAuthPermission: checkbox,
    attestationName: requiredText(
      "Signer's name",
      LIMITS.name,
      "Type your name to sign the attestation",
    ),
    attest: z.literal("on", {
      error: "Confirm the attestation to send the request",
    }),
  })
  .superRefine((v, ctx) => {
    if (v.dateOfService < latestUsToday())
      ctx.addIssue({
        code: "custom",
        path: ["dateOfService"],
        message: "The date of service must be today or later",
      });
    if (v.standardOfCareStart > v.dateOfService)
      ctx.addIssue({
        code: "custom",
        path: ["standardOfCareStart"],
        message: "Standard of care starts before the date of service",
      });
    if (v.postOpGlobal && !v.surgeryCode)
      ctx.addIssue({
        code: "custom",
        path: ["surgeryCode"],
        message: "Enter the surgery's CPT code for the global period",
      });
    if (v.postOpGlobal && !v.surgeryDate)
      ctx.addIssue({
        code: "custom",
        path: ["surgeryDate"],
        message: "Enter the date of the surgery",
      });
  })
  .transform((v) => ({
    ...v,
    icdSecondary: v.icdSecondary.filter((c): c is string => Boolean(c)),
  }));

export type IvrInput = z.output<typeof ivrSchema>;

/** Reads the IVR form's FormData into what ivrSchema expects (repeated fields as lists). */
export function readIvrForm(formData: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value !== "string") continue;
    if (key === "standardOfCare" || key === "icdSecondary")
      ((values[key] ??= []) as string[]).push(value);
    else if (!(key in values)) values[key] = value;
  }
  values.standardOfCare ??= [];
  values.icdSecondary ??= [];
  return values;
}

/** Staff's answer when they need more from the practice. */
export const needsInformationSchema = z.object({
  message: requiredText(
    "Message",
    LIMITS.long,
    "Tell the practice what is missing",
  ),
});

/** The member's answer to "needs information", sent with the resubmission. */
export const resubmitSchema = z.object({
  answer: requiredText(
    "Your answer",
    LIMITS.long,
    "Answer the question before sending the request again",
  ),
});
