import type { z } from "zod";

/**
 * The parts of the form rules that need no schema library: bounds, option
 * lists, field messages and running a schema someone else loaded. Pages
 * import these without pulling zod into their first load.
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
