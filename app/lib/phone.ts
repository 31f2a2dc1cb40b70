import { parsePhoneNumberFromString, type NumberType } from "libphonenumber-js/min";
import { z } from "zod";

/**
 * Mobile numbers for text messages, browser-safe (the settings form shows
 * the same message as the server). Texts go to United States numbers only.
 * The North American plan gives Canada and the Caribbean the same +1 and ten
 * digits: only the area-code data of libphonenumber tells them apart, and
 * tells a real area code from a made-up one.
 */

export const US_MOBILE_EXAMPLE = "(602) 555-0142";

/** The United States and the territories that share its +1 numbers and carriers. */
const US_REGIONS = new Set(["US", "PR", "VI", "GU", "AS", "MP"]);

/** Kinds of number that never receive a text from us: they reach no one's phone. */
const NOT_A_PHONE = new Set<NumberType>(["TOLL_FREE", "PREMIUM_RATE", "SHARED_COST", "UAN", "VOICEMAIL", "PAGER"]);

export const PHONE_MESSAGES = {
  empty: "Enter your mobile number.",
  unreadable: `Enter a US mobile number, such as ${US_MOBILE_EXAMPLE}.`,
  notUs: "Texts go to US numbers only: enter a US mobile number.",
  extension: "A mobile number has no extension: enter the number alone.",
  notMobile: "That number cannot receive texts: enter a mobile number.",
} as const;

export type UsMobile = { ok: true; e164: string } | { ok: false; message: string };

/**
 * A US number typed any usual way ("(602) 555-0142", "602.555.0142",
 * "1-602-555-0142", "+1 602 555 0142") in E.164 form (+16025550142), or the
 * message to show beside the field.
 */
export function normalizeUsMobile(typed: string): UsMobile {
  const text = typed.trim();
  if (!text) return { ok: false, message: PHONE_MESSAGES.empty };
  const number = parsePhoneNumberFromString(text, "US");
  if (!number?.isValid()) {
    // A valid number elsewhere typed with its country code: say why it is refused, rather than "unreadable".
    return { ok: false, message: number?.countryCallingCode && number.countryCallingCode !== "1" ? PHONE_MESSAGES.notUs : PHONE_MESSAGES.unreadable };
  }
  if (!number.country || !US_REGIONS.has(number.country)) return { ok: false, message: PHONE_MESSAGES.notUs };
  if (number.ext) return { ok: false, message: PHONE_MESSAGES.extension };
  const type = number.getType();
  if (type && NOT_A_PHONE.has(type)) return { ok: false, message: PHONE_MESSAGES.notMobile };
  return { ok: true, e164: number.number };
}

/** The form field: what was typed in, the E.164 number out, or the field's message. */
export const usMobileSchema = z.string().transform((typed, ctx) => {
  const result = normalizeUsMobile(typed);
  if (result.ok) return result.e164;
  ctx.addIssue({ code: "custom", message: result.message });
  return z.NEVER;
});

/** "+16025550142" as people write it: "(602) 555-0142". */
export function formatUsPhone(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}

/** The last four digits, for where the whole number need not be shown ("ending in 0142"). */
export function phoneEnding(e164: string): string {
  return e164.replace(/\D/g, "").slice(-4);
}
