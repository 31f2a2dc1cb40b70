import { isFailedAnswer, outcomeOf } from "~/lib/form-result";

/**
 * What a form's `useFormSubmission` is handed of a plain post's answer on a
 * page that shows `AnswerNotice` (decision 009): field messages and a
 * success are the form's; a refusal heading the page and a failure to save
 * ("Not saved", what was typed is still in the form) are the notice's, so
 * each is said once, in the notice's words rather than the hook's generic
 * "Not sent".
 */
export function answerForTheForm(answer: unknown): unknown {
  if (answer === undefined) return undefined;
  return isFailedAnswer(answer) || outcomeOf(answer).kind === "rejected" ? undefined : answer;
}
