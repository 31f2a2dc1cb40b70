import type { z } from "zod";
import { parseWith } from "~/lib/schemas/fields";
import { answerForm, type FormInput } from "~/.server/http/form-action";
import { Refused } from "~/.server/refused";

type RowIntent<Fields, T> = (fields: Fields) => Promise<T> | T;

/**
 * The buttons of a console list's rows (the outbox's Retry and Dismiss, the
 * jobs' Retry and Cancel), answered by `answerForm` like every form: one
 * function per button's intent, a record gone or a state that does not allow
 * the change thrown as a `Refused` (404, 409), a failure to save answered
 * "Not saved". Each function gets the row's hidden fields parsed with the
 * list's schema.
 *
 * The one difference from a form with controls: a hidden field that does not
 * parse (an id no row has) was not sent by our button, and there is no
 * control to show a message beside. It is refused as a whole (400), heading
 * the page under `title` (a toast with JavaScript), as the list's other
 * refusals are.
 */
export function answerRowAction<S extends z.ZodType, T>(
  request: Request,
  { title, schema, intents }: { title: string; schema: S; intents: Record<string, RowIntent<z.output<S>, T>> },
) {
  const withFields =
    (intent: RowIntent<z.output<S>, T>) =>
    ({ values }: FormInput) =>
      intent(rowFields(schema, values));
  return answerForm(request, { title, intents: Object.fromEntries(Object.entries(intents).map(([name, intent]) => [name, withFields(intent)])) });
}

function rowFields<S extends z.ZodType>(schema: S, values: Record<string, string>): z.output<S> {
  const parsed = parseWith(schema, values);
  if (parsed.success) return parsed.data;
  throw new Refused(Object.values(parsed.fieldErrors)[0] ?? "The request was not understood.", null, 400);
}
