import { useFormSubmission, type Validate } from "~/components/forms/use-form-submission";
import { submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { consoleNotSaved } from "~/lib/schemas/console-fields";

/**
 * A record page has several forms posting to one action (an order's confirm,
 * ship, invoice...). Every answer names the form it answers (its `intent`),
 * so a page drawn from a plain post shows it beside that form and nowhere
 * else; `Step` is the page's own answers besides the form answers (the
 * confirm step of a hard-to-undo change).
 */
export type RecordAnswer<Intent extends string, Step extends object = never> = (FormAnswer | Step) & { intent: Intent | "" };

/** The answer, when it is one to the form of `intent`. */
export function answerFor<A extends { intent: string }>(answer: A | undefined, intent: A["intent"]): A | undefined {
  return answer?.intent === intent ? answer : undefined;
}

/**
 * What a plain post typed, by control name, to refill a form its answer came
 * back to (field messages, a refusal, or "Not saved"). Passwords and tokens
 * never come back: the action leaves them out.
 */
export function typedText(answer: unknown): (name: string) => string | undefined {
  const values = submittedValues(answer);
  return (name) => submittedText(values, name);
}

const noCheck: Validate = () => null;

type RecordFormOptions = {
  /** What a lost answer says (the console's "Not saved" by default). */
  failure?: Parameters<typeof useFormSubmission>[0]["failure"];
  /** Empty the form after an answer of success with data: a form that adds (an invitation), not one that shows a record's value. */
  resetOnSuccess?: boolean;
  /** Each answer sent with data, for a page that shows more of it than the form does. */
  onAnswer?: (answer: unknown) => void;
};

/**
 * One form of a record page: checked in the browser by `validate`, sent by a
 * fetcher, and most often answered with a redirect and its flash (the page
 * then shows the record as it is now), so no success toast of its own.
 * `answer` is the plain post's answer to this form (see `answerFor`).
 */
export function useRecordForm(answer: unknown, validate: Validate = noCheck, { failure = consoleNotSaved, resetOnSuccess = false, onAnswer }: RecordFormOptions = {}) {
  return useFormSubmission({ validate, success: null, failure, resetOnSuccess, answer, onAnswer });
}

export type RecordForm = ReturnType<typeof useRecordForm>;
