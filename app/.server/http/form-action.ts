import { data, isRouteErrorResponse } from "react-router";
import type { z } from "zod";
import { invalidAnswer, isDataRequest, rejectedAnswer, FAILED_TITLE, type Invalid, type Rejected } from "~/lib/form-result";
import { formDataToObject, parseWith, type FieldErrors, type FormToast } from "~/lib/schemas/fields";
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
 *   a domain's `Refused`                         its status; beside its field, or heading the page,
 *                                                what was typed kept (worded by `explain` if the page says)
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
  /** Parses the text values (or `from`) with a schema; on failure the page gets its field messages (thrown, answered 400). */
  parse<S extends z.ZodType>(schema: S, options?: ParseOptions): z.output<S>;
};

export type ParseOptions = {
  /** What to parse, when not the text values as sent (a form with lists, say). */
  from?: unknown;
  /**
   * Messages of checks no schema makes (a file's bytes, another schema's),
   * answered with the schema's: every message comes back at once, and the
   * parse fails when there are any.
   */
  also?: FieldErrors;
  /** Heads the messages (a plain post shows it above the form). */
  toast?: FormToast;
};

type Intent = (input: FormInput) => unknown;
type Intents = Intent | Record<string, Intent>;

/** What the intents answer themselves: a redirect, the page's own data. */
type IntentAnswer<I extends Intents> = I extends Intent ? Awaited<ReturnType<I>> : { [K in keyof I]: I[K] extends Intent ? Awaited<ReturnType<I[K]>> : never }[keyof I];

/** The 400 of `input.parse`, thrown to the answerer. */
class FieldsRefused extends Error {
  constructor(
    readonly fieldErrors: FieldErrors,
    readonly toast?: FormToast,
  ) {
    super("The form has field messages.");
  }
}

/** How a page words one of its refusals, where not as the domain does. */
export type Wording = {
  /** The control the message goes beside instead of the refusal's own (null: heading the page). */
  field?: string | null;
  message?: string;
  /** Heads a refusal with no field, instead of the page's `title`. */
  title?: string;
  /** What the page shows with it (a link to the record it clashed with, say), merged into the answer. */
  more?: Record<string, unknown>;
};

export type FailedAnswer = { ok: false; failed: true; title: string; values?: Record<string, unknown> };

export type AnswerFormOptions<I extends Intents> = {
  /** How the body is read; a text form of 64 KB by default. */
  read?: FormReadOptions;
  /** Heads a refusal with no field of its own ("Not done"). */
  title?: string;
  /**
   * What a plain post gets back to refill its controls: all text values by
   * default; leave out what must not come back (a password), or read the
   * body for lists. Asked only when a body was read.
   */
  keep?: (values: Record<string, string>, formData: FormData) => Record<string, unknown>;
  /** The page's words for a refusal, where not the domain's (another control, a title, a link); undefined keeps the domain's. */
  explain?: (refusal: Refused) => Wording | undefined;
  /** What the 503 answer carries besides, for a page that already says a failure in its own words (its `notice`, say). */
  failure?: Record<string, unknown>;
  /** One handler, or one per value of the `intent` field. */
  intents: I;
};

const UNKNOWN_INTENT = "This form is not one of this page's.";

const intentOf = (values: Record<string, string>) => (typeof values.intent === "string" ? values.intent.slice(0, 40) : "");

function isThrownResponse(error: unknown): boolean {
  return error instanceof Response || isRouteErrorResponse(error) || (typeof error === "object" && error !== null && "type" in error && (error as { type?: unknown }).type === "DataWithResponseInit");
}

export async function answerForm<I extends Intents>(
  request: Request,
  { read = { maxBytes: MAX_TEXT_FORM_BYTES }, title, keep, explain, failure, intents }: AnswerFormOptions<I>,
): Promise<IntentAnswer<I> | ReturnType<typeof data<Answer>>> {
  let body: FormData | null = null;
  let values: Record<string, string> = {};
  let intent = "";
  // A browser that sent it with JavaScript still has its form; nothing read, nothing to give back.
  const kept = () => (isDataRequest(request) || !body ? undefined : keep ? keep(values, body) : values);
  const refusedWhole = (message: string, heading: string | undefined): Rejected & { values?: Record<string, unknown> } => {
    const typed = kept();
    return typed ? { ...rejectedAnswer(message, heading), values: typed } : rejectedAnswer(message, heading);
  };
  try {
    let formData: FormData;
    try {
      formData = await readForm(request, read);
    } catch (error) {
      if (!(error instanceof FormProblem)) throw error;
      if (error.typed) {
        body = error.typed;
        values = formDataToObject(error.typed);
        intent = intentOf(values);
      }
      const answer = error.messages
        ? { ...invalidAnswer(request, error.messages.fieldErrors, { toast: error.messages.toast, values: kept() }), error: error.message }
        : refusedWhole(error.message, title);
      return data<Answer>({ ...answer, intent }, { status: error.status });
    }
    body = formData;
    values = formDataToObject(formData);
    intent = intentOf(values);
    const run: Intent | null = typeof intents === "function" ? intents : Object.hasOwn(intents, intent) ? (intents as Record<string, Intent>)[intent]! : null;
    if (!run) return data<Answer>({ ...refusedWhole(UNKNOWN_INTENT, title), intent }, { status: 400 });
    const input: FormInput = {
      formData,
      values,
      intent,
      parse(schema, { from = values, also = {}, toast } = {}) {
        const parsed = parseWith(schema, from);
        const fieldErrors = { ...also, ...(parsed.success ? {} : parsed.fieldErrors) };
        if (!parsed.success || Object.keys(fieldErrors).length > 0) throw new FieldsRefused(fieldErrors, toast);
        return parsed.data;
      },
    };
    return (await run(input)) as IntentAnswer<I>;
  } catch (error) {
    if (isThrownResponse(error)) throw error;
    if (error instanceof FieldsRefused) return data<Answer>({ ...invalidAnswer(request, error.fieldErrors, { toast: error.toast, values: kept() }), intent }, { status: 400 });
    if (error instanceof Refused) {
      const { field = error.field, message = error.message, title: heading = title, more } = explain?.(error) ?? {};
      const answer = field ? invalidAnswer(request, { [field]: message }, { values: kept() }) : refusedWhole(message, heading);
      return data<Answer>({ ...answer, ...more, intent }, { status: error.status });
    }
    // The error goes to the log (never the form's contents); the answer says only that it was not saved.
    log.error({ err: error, path: new URL(request.url).pathname, intent }, "form could not be answered");
    const failed: FailedAnswer = { ok: false, failed: true, title: FAILED_TITLE };
    const typed = kept();
    if (typed) failed.values = typed;
    return data<Answer>({ ...failed, ...failure, intent }, { status: 503, headers: { "Retry-After": "30" } });
  }
}

/** Every answer `answerForm` makes itself; an intent's own answers come beside them. */
export type Answer = (Invalid | (Rejected & { values?: Record<string, unknown> }) | FailedAnswer) & { intent: string; error?: string };
