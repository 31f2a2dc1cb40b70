import { data, isRouteErrorResponse } from "react-router";
import type { z } from "zod";
import { invalidAnswer, isDataRequest, rejectedAnswer, FAILED_TITLE, type Invalid, type Rejected } from "~/lib/form-result";
import { formDataToObject, parseWith, type FieldErrors } from "~/lib/schemas/fields";
import { log } from "~/.server/log";
import { Refused } from "~/.server/refused";
import { FormProblem, MAX_TEXT_FORM_BYTES, readForm, type FormReadOptions } from "./form-body";

/**
 * The one way a signed-in page answers its forms (decision 009). A page
 * names its intents; `answerForm` reads the body (refusing what no form of
 * ours sends), picks the intent, runs it, and turns what can go wrong into
 * the same answers everywhere:
 *
 *   a schema's field messages (`input.parse`)    400 beside the fields, what was typed kept
 *   a domain's `Refused`                         its status; beside its field, or heading the page
 *   a body no form sends (size, type, encoding)  its 4xx, with field messages where a person caused it
 *   an intent the page does not have             400 "This form is not one of this page's."
 *   anything else (the database gone)            503 with Retry-After: "Not saved", what was typed kept
 *
 * A redirect, a `notFound()` or another response thrown by the intent
 * passes through. Every answer that is not a redirect carries the intent,
 * so a page with several forms shows it beside the right one.
 */

/** What an intent gets: the body, its text values, and a parser that answers 400 by itself. */
export type FormInput = {
  formData: FormData;
  values: Record<string, string>;
  intent: string;
  /** Parses the text values with a schema; on failure the page gets its field messages (thrown, answered 400). */
  parse<S extends z.ZodType>(schema: S): z.output<S>;
};

type Intent<T> = (input: FormInput) => Promise<T> | T;

/** The 400 of `input.parse`, thrown to the answerer. */
class FieldsRefused extends Error {
  constructor(readonly fieldErrors: FieldErrors) {
    super("The form has field messages.");
  }
}

export type FailedAnswer = { ok: false; failed: true; title: string; values?: Record<string, unknown> };

export type AnswerFormOptions<T> = {
  /** How the body is read; a text form of 64 KB by default. */
  read?: FormReadOptions;
  /** Heads a refusal with no field of its own ("Not done"). */
  title?: string;
  /** What a plain post gets back to refill its controls (all text values by default; leave out what must not come back). */
  keep?: (values: Record<string, string>) => Record<string, unknown>;
  /** One handler, or one per value of the `intent` field. */
  intents: Intent<T> | Record<string, Intent<T>>;
};

const UNKNOWN_INTENT = "This form is not one of this page's.";

function isThrownResponse(error: unknown): boolean {
  return error instanceof Response || isRouteErrorResponse(error) || (typeof error === "object" && error !== null && "type" in error && (error as { type?: unknown }).type === "DataWithResponseInit");
}

export async function answerForm<T>(request: Request, { read = { maxBytes: MAX_TEXT_FORM_BYTES }, title, keep, intents }: AnswerFormOptions<T>) {
  let values: Record<string, string> = {};
  let intent = "";
  const kept = () => (isDataRequest(request) ? undefined : keep ? keep(values) : values);
  try {
    let formData: FormData;
    try {
      formData = await readForm(request, read);
    } catch (error) {
      if (!(error instanceof FormProblem)) throw error;
      if (error.typed) values = formDataToObject(error.typed);
      const answer = error.messages
        ? { ...invalidAnswer(request, error.messages.fieldErrors, { toast: error.messages.toast, values: kept() }), error: error.message }
        : rejectedAnswer(error.message, title);
      return data<Answer>({ ...answer, intent }, { status: error.status });
    }
    values = formDataToObject(formData);
    intent = typeof values.intent === "string" ? values.intent.slice(0, 40) : "";
    const run = typeof intents === "function" ? intents : Object.hasOwn(intents, intent) ? intents[intent] : null;
    if (!run) return data<Answer>({ ...rejectedAnswer(UNKNOWN_INTENT, title), intent }, { status: 400 });
    const input: FormInput = {
      formData,
      values,
      intent,
      parse(schema) {
        const parsed = parseWith(schema, values);
        if (!parsed.success) throw new FieldsRefused(parsed.fieldErrors);
        return parsed.data;
      },
    };
    return await run(input);
  } catch (error) {
    if (isThrownResponse(error)) throw error;
    if (error instanceof FieldsRefused) return data<Answer>({ ...invalidAnswer(request, error.fieldErrors, { values: kept() }), intent }, { status: 400 });
    if (error instanceof Refused) {
      const answer = error.field ? invalidAnswer(request, { [error.field]: error.message }, { values: kept() }) : rejectedAnswer(error.message, title);
      return data<Answer>({ ...answer, intent }, { status: error.status });
    }
    log.error({ err: error, path: new URL(request.url).pathname, intent }, "form could not be answered");
    const failed: FailedAnswer = { ok: false, failed: true, title: FAILED_TITLE };
    const typed = kept();
    if (typed) failed.values = typed;
    return data<Answer>({ ...failed, intent }, { status: 503, headers: { "Retry-After": "30" } });
  }
}

/** Every answer `answerForm` makes itself; an intent's own answers come beside them. */
export type Answer = (Invalid | Rejected | FailedAnswer) & { intent: string; error?: string };
