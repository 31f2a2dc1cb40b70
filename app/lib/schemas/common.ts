import { z } from "zod";

/**
 * Field builders shared by every form schema. Browser and server run the
 * same schemas, so these bounds and messages are the only rules there are.
 */

export const LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  short: 200,
  long: 5000,
} as const;

/** Field name (as the form control names it) -> the first message for it. */
export type FieldErrors = Record<string, string>;

/** A toast's text: shown by the browser, or sent by an action with a 400 answer. */
export type FormToast = { title: string; description: string };

export type Option<V extends string = string> = { readonly value: V; readonly label: string };

/** The option values of a list, as the non-empty tuple z.enum wants. */
export function optionValues<V extends string>(options: readonly [Option<V>, ...Option<V>[]]): [V, ...V[]] {
  return options.map((o) => o.value) as [V, ...V[]];
}

/** The label shown for a value, or the value itself when it is not in the list. */
export function optionLabel(options: readonly Option[], value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return options.find((o) => o.value === value)?.label ?? value;
}

// An untouched optional control posts "" (or nothing at all): both mean "not given".
function emptyToUndefined(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

function tooLong(label: string, max: number): string {
  return `${label} must be ${max.toLocaleString("en-US")} characters or fewer`;
}

/** A required trimmed string of at most `max` characters. */
// Short fields (names, places, titles) never need markup characters; long free text may quote anything.
const MARKUP = /[<>]/;
function noMarkup<T extends z.ZodString>(schema: T, label: string, max: number) {
  return max <= LIMITS.short ? schema.refine((v) => !MARKUP.test(v), `${label} cannot contain < or >`) : schema;
}

export function requiredText(label: string, max: number, missing: string) {
  return noMarkup(z.string({ error: missing }).trim().min(1, missing).max(max, tooLong(label, max)), label, max);
}

/** An optional trimmed string of at most `max` characters; "" becomes undefined. */
export function optionalText(label: string, max: number) {
  return z.preprocess(
    emptyToUndefined,
    noMarkup(z.string({ error: `Enter ${label.toLowerCase()} as text` }).trim().max(max, tooLong(label, max)), label, max).optional(),
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

/** Turns a path such as ["experience", 0, "company"] into the control name "experience[0].company". */
export function pathToName(path: readonly PropertyKey[]): string {
  let name = "";
  for (const part of path) {
    if (typeof part === "number") name += `[${part}]`;
    else name += name ? `.${String(part)}` : String(part);
  }
  return name;
}

/** The first message of each field, keyed by control name. */
export function toFieldErrors(
  error: z.ZodError,
  nameOf: (path: readonly PropertyKey[]) => string = pathToName,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const name = nameOf(issue.path) || "form";
    if (!(name in errors)) errors[name] = issue.message;
  }
  return errors;
}

/** Text entries of a FormData as a plain object (files and repeated keys beyond the first are ignored). */
export function formDataToObject(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === "string" && !(key in values)) values[key] = value;
  }
  return values;
}

export type ParseResult<T> = { success: true; data: T } | { success: false; fieldErrors: FieldErrors };

/** Parses with a schema and reports problems as field messages. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { success: true, data: result.data } : { success: false, fieldErrors: toFieldErrors(result.error) };
}
