import { z } from "zod";
import { checkAccent, normaliseHex } from "~/lib/contrast";

/**
 * The branding form of a practice's page and of a partner's: an accent colour
 * (the colour picker and the hex field say the same; the hex field wins when
 * both were changed without JavaScript) and a logo, checked apart (by its
 * bytes, on the server). The colours text may sit in are the theme's, handed
 * in by the caller so browser and server check the same thing.
 */
export type TextColours = { light: string; dark: string };

/** The colour the form sends: the hex field when it was changed, else the picker when it was, else what was saved. */
export function chosenAccent(values: { accentColor?: unknown; accentPicker?: unknown; accentWas?: unknown; pickerWas?: unknown }): string {
  const text = typeof values.accentColor === "string" ? values.accentColor.trim() : "";
  const picker = typeof values.accentPicker === "string" ? values.accentPicker.trim() : "";
  const was = typeof values.accentWas === "string" ? values.accentWas.trim() : "";
  // The picker always sends a colour: it counts only when it was moved from where it started.
  const pickerWas = typeof values.pickerWas === "string" ? values.pickerWas.trim() : was;
  if (text !== was) return text;
  if (picker !== "" && normaliseHex(picker) !== normaliseHex(pickerWas)) return picker;
  return was;
}

/** The accent as sent: "" is no accent (the site's own colours); anything else must be a colour text can sit on. */
export function brandingSchema(colours: TextColours) {
  return z
    .object({ accentColor: z.string().max(20).optional(), accentPicker: z.string().max(20).optional(), accentWas: z.string().max(20).optional(), pickerWas: z.string().max(20).optional() })
    .superRefine((values, ctx) => {
      const value = chosenAccent(values);
      if (value === "") return;
      const checked = checkAccent(value, colours);
      if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.message, path: ["accentColor"] });
    })
    .transform((values) => {
      const value = chosenAccent(values);
      return { accentColor: value === "" ? null : normaliseHex(value) };
    });
}
