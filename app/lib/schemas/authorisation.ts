import { z } from "zod";
import { products } from "~/content/products";
import { optionalText, requiredText } from "./common";
import { dateField } from "./patient";

/**
 * Staff add or correct an IVR's prior authorisation: the payer's number and
 * tracking number, the window, the applications it authorises and the
 * products it covers (a checkbox per product of the catalogue, `product-<slug>`;
 * none ticked: every product of the IVR).
 */

/** The most applications one authorisation may count. */
export const MAX_AUTHORISED_APPLICATIONS = 99;

export const productField = (slug: string) => `product-${slug}`;

const productBoxes = Object.fromEntries(products.map((p) => [productField(p.slug), z.string().optional()]));

export const authorisationSchema = z
  .object({
    number: requiredText("Authorisation number", 60, "Enter the authorisation number"),
    trackingNumber: optionalText("Tracking number", 60),
    validFrom: dateField("Enter the day the authorisation starts"),
    validTo: dateField("Enter the day the authorisation ends"),
    authorisedApplications: z
      .string({ error: "Enter the applications authorised" })
      .trim()
      .min(1, "Enter the applications authorised")
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_AUTHORISED_APPLICATIONS, `Applications authorised is a whole number from 1 to ${MAX_AUTHORISED_APPLICATIONS}`)
      .transform(Number),
    ...productBoxes,
  })
  .superRefine((v, ctx) => {
    if (v.validFrom && v.validTo && v.validTo <= v.validFrom) ctx.addIssue({ code: "custom", path: ["validTo"], message: "The authorisation ends after it starts" });
  })
  .transform((v) => ({
    number: v.number,
    trackingNumber: v.trackingNumber ?? null,
    validFrom: v.validFrom,
    validTo: v.validTo,
    authorisedApplications: v.authorisedApplications,
    productSlugs: products.filter((p) => Boolean((v as Record<string, unknown>)[productField(p.slug)])).map((p) => p.slug),
  }));

export type AuthorisationInput = z.output<typeof authorisationSchema>;
