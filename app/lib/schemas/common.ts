import { z } from "zod";
import { US_STATES } from "~/content/us-states";
import { LIMITS, optionValues, type Option } from "./fields";

export * from "./fields";

/**
 * Field builders shared by every form schema. Browser and server run the
 * same schemas, so these bounds and messages are the only rules there are.
 */

// An untouched optional control posts "" (or nothing at all): both mean "not given".
function emptyToUndefined(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

function tooLong(label: string, max: number): string {
  return `${label} must be ${max.toLocaleString("en-US")} characters or fewer`;
}

// Short fields (names, places, titles) never need markup characters; long free text may quote anything.
const MARKUP = /[<>]/;
// Control characters (NUL and the like) are never typed. Long free text is a
// textarea: it keeps its tabs and line breaks; a short field is one line.
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function plainText<T extends z.ZodString>(schema: T, label: string, max: number) {
  if (max > LIMITS.short) return schema.refine((v) => !CONTROL_BUT_LINES.test(v), `${label} cannot contain control characters`);
  return schema
    .refine((v) => !CONTROL.test(v), `${label} cannot contain line breaks or control characters`)
    .refine((v) => !MARKUP.test(v), `${label} cannot contain < or >`);
}

/** A required trimmed string of at most `max` characters. */
export function requiredText(label: string, max: number, missing: string) {
  return plainText(z.string({ error: missing }).trim().min(1, missing).max(max, tooLong(label, max)), label, max);
}

/** An optional trimmed string of at most `max` characters; "" becomes undefined. */
export function optionalText(label: string, max: number) {
  return z.preprocess(
    emptyToUndefined,
    plainText(z.string({ error: `Enter ${label.toLowerCase()} as text` }).trim().max(max, tooLong(label, max)), label, max).optional(),
  );
}

export const firstName = () => requiredText("First name", LIMITS.name, "Enter your first name");
export const lastName = () => requiredText("Last name", LIMITS.name, "Enter your last name");

export function email() {
  const missing = "Enter your email address";
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(LIMITS.email, tooLong("Email address", LIMITS.email))
    .pipe(z.email({ error: "Enter a valid email address" }));
}

const PHONE_CHARACTERS = /^[\d\s+().-]+$/;

export function phone() {
  const missing = "Enter your phone number";
  const invalid = "Enter a valid phone number";
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(LIMITS.phone, tooLong("Phone number", LIMITS.phone))
    .regex(PHONE_CHARACTERS, invalid)
    .refine((value) => (value.match(/\d/g)?.length ?? 0) >= 7, invalid);
}

/** One of the listed option values; anything else (including "") fails with `message`. */
export function requiredOption<V extends string>(options: readonly [Option<V>, ...Option<V>[]], message: string) {
  return z.enum(optionValues(options), { error: message });
}

/** Like requiredOption, but "" or a missing value means "not given". */
export function optionalOption<V extends string>(options: readonly [Option<V>, ...Option<V>[]], message: string) {
  return z.preprocess(emptyToUndefined, z.enum(optionValues(options), { error: message }).optional());
}


const STATE_BY_WORDS = new Map<string, string>(US_STATES.flatMap((s) => [[s.value.toLowerCase(), s.value] as const, [s.label.toLowerCase(), s.value] as const]));

/** A US state or territory: its USPS code (what the State select sends) or its name, stored as the code. */
function stateCode(value: string): string | undefined {
  return STATE_BY_WORDS.get(value.trim().replace(/\s+/g, " ").toLowerCase());
}

export const STATE_MESSAGE = "Choose the state from the list";

export function usState(missing = STATE_MESSAGE) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine((v) => stateCode(v) !== undefined, STATE_MESSAGE)
    .transform((v) => stateCode(v)!);
}

export function optionalUsState() {
  return z.preprocess(emptyToUndefined, usState().optional());
}

export const ZIP_MESSAGE = "Enter the ZIP code as 5 or 9 digits (12345 or 12345-6789)";
const ZIP = /^(\d{5})(?:[-\s]?(\d{4}))?$/;

/** A ZIP code of 5 or 9 digits, stored as 12345 or 12345-6789. */
export function zipCode(missing = "Enter the ZIP code") {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(ZIP, ZIP_MESSAGE)
    .transform((v) => {
      const [, five, four] = ZIP.exec(v)!;
      return four ? `${five}-${four}` : five!;
    });
}

export function optionalZipCode() {
  return z.preprocess(emptyToUndefined, zipCode().optional());
}
