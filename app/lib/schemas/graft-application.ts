import { z } from "zod";
import { DISCARD_REASON_MAX } from "~/lib/clinical/claim-line";
import { WOUND_LOCATIONS, type WoundLocation } from "~/lib/clinical/wound";
import { requiredText } from "./common";
import { dateField, latestUsToday } from "./patient";

/**
 * The application form: the unit (scanned or typed), the patient's covered
 * IVR, the day, the wound measured that day, the cm² applied and discarded
 * and why. The same schema checks it in the browser and in the action; the
 * rule that applied and discarded add up to the unit's area needs the unit,
 * so the action checks it with `applicationAreaIssues` once the unit is found.
 */

const UNIT_MISSING = "Scan the unit's label or type its tissue identifier";
const LOCATION_VALUES = WOUND_LOCATIONS.map((l) => l.value) as [WoundLocation, ...WoundLocation[]];

const cm = (what: string) =>
  z
    .string({ error: `Enter the ${what} in cm` })
    .trim()
    .min(1, `Enter the ${what} in cm`)
    .regex(/^\d{1,3}(\.\d{1,2})?$/, `Enter the ${what} in cm, up to two decimals`)
    .transform(Number)
    .refine((v) => v > 0, `The ${what} is more than 0 cm`);

const cm2 = (what: string) =>
  z
    .string({ error: `Enter the cm² ${what}` })
    .trim()
    .min(1, `Enter the cm² ${what}, 0 or more`)
    .regex(/^\d{1,4}(\.\d{1,2})?$/, `Enter the cm² ${what}, 0 or more, up to two decimals`)
    .transform(Number);

export const applicationSchema = z
  .object({
    // A label's GS1 barcode carries the group separator (ASCII 29): not a plain text field's rules.
    unit: z
      .string({ error: UNIT_MISSING })
      .trim()
      .min(1, UNIT_MISSING)
      .max(200, "A scanned label is at most 200 characters"),
    ivrId: requiredText("IVR", 40, "Choose the patient's IVR"),
    appliedOn: dateField("Enter the day it was applied").refine((v) => v <= latestUsToday(), "An application cannot be in the future"),
    location: z.enum(LOCATION_VALUES, { error: "Choose where the wound is" }),
    lengthCm: cm("wound's length"),
    widthCm: cm("wound's width"),
    appliedCm2: cm2("applied"),
    discardedCm2: cm2("discarded"),
    discardReason: z.string().trim().max(DISCARD_REASON_MAX, `A reason is at most ${DISCARD_REASON_MAX} characters`).default(""),
    signerName: requiredText("Clinician", 120, "Enter the name of the clinician who applied it"),
  })
  .superRefine((v, ctx) => {
    if (v.discardedCm2 > 0 && v.discardReason === "") ctx.addIssue({ code: "custom", path: ["discardReason"], message: "Say why product was discarded" });
  });

export type ApplicationInput = z.output<typeof applicationSchema>;

