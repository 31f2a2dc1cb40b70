import type { Actor } from "~/.server/audit";
import { getDb } from "~/.server/db/client";
import { checkFile } from "~/.server/http/file-type";
import { redirectWithFlash } from "~/.server/http/flash";
import type { FormInput } from "~/.server/http/form-action";
import type { FormReadOptions } from "~/.server/http/form-body";
import { brandingSchema, type TextColours } from "~/lib/schemas/branding";
import { LOGO, LOGO_FORM_BODY_BYTES, MEGABYTE } from "~/lib/uploads";
import { getBrand, saveBrand, type BrandOwner } from "./branding";

/**
 * How a page with the branding form reads its body: the logo (at most
 * LOGO.maxBytes) and a few text fields. A larger logo comes back as the form,
 * with the message beside the logo field (the browser refuses it when picked).
 */
export const BRANDING_FORM_READ: FormReadOptions = {
  maxBytes: LOGO_FORM_BODY_BYTES,
  multipart: {
    fields: 40,
    files: 1,
    fieldBytes: 10_000,
    fileBytes: LOGO.maxBytes,
    fileTooLarge: (field, fileName) => ({ fieldErrors: { [field]: LOGO.sizeMessage(fileName) } }),
    tooManyFiles: () => ({ fieldErrors: { logo: "Upload one logo." } }),
    bodyTooLarge: { fieldErrors: { logo: `The logo is larger than ${LOGO.maxBytes / MEGABYTE} MB: save it smaller and upload that.` } },
  },
};

/**
 * The branding form's two intents, for a page's `answerForm`: save (a new
 * logo if one was picked, and the accent colour) and remove the logo. The
 * logo is checked like every upload (its bytes, re-encoded), the colour by
 * its contrast; every message comes back at once, beside its field.
 */
export function brandingIntents({ owner, actor, backTo, colours }: { owner: BrandOwner; actor: Actor; backTo: string; colours: TextColours }) {
  return {
    branding: async ({ formData, parse }: FormInput) => {
      const file = formData.get("logo");
      const picked = file instanceof File && !(file.size === 0 && file.name === "") ? file : null;
      let logo: { bytes: Uint8Array; mimeType: string } | undefined;
      const fileErrors: Record<string, string> = {};
      if (picked && picked.size === 0) fileErrors.logo = "The file is empty";
      else if (picked) {
        const checked = await checkFile(picked, LOGO);
        if (checked.ok) logo = { bytes: checked.bytes, mimeType: checked.mimeType };
        else fileErrors.logo = checked.message;
      }
      const { accentColor } = parse(brandingSchema(colours), { also: fileErrors });
      await saveBrand(getDb(), { owner, actor, accentColor, logo });
      return redirectWithFlash(backTo, {
        title: "Branding saved",
        description: `${[logo ? "A new logo" : null, accentColor ? `the accent ${accentColor.toUpperCase()}` : "the site's own colours"].filter(Boolean).join(" and ")} from now on.`,
        variant: "success",
      });
    },
    "branding-remove-logo": async () => {
      const db = getDb();
      const before = await getBrand(db, owner);
      await saveBrand(db, { owner, actor, accentColor: before?.accentColor ?? null, removeLogo: true });
      return redirectWithFlash(backTo, { title: "Logo removed", description: "The header shows your name without a logo.", variant: "success" });
    },
  };
}
