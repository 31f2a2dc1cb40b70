import { data } from "react-router";
import type { FieldErrors, FormToast } from "./schemas/common";

/**
 * What a form action answers, and what the browser makes of it. Actions and
 * the browser hook share these so the two sides cannot drift apart. Every
 * form, public or console, answers one of these:
 *
 *   200 { ok: true, ...done }                 accepted (or a bot filled the honeypot); `done` is
 *                                             what the page shows of the result, if anything
 *   303 redirect with a flash                 accepted, for forms whose page changes with the
 *                                             result (the console's): the next page says it
 *   400 { ok: false, fieldErrors, toast? }    bad input: messages beside the fields, and for a
 *                                             plain form post the typed `values` to refill them
 *   429 { ok: false, rateLimited: true }      too many submissions from this address
 *   4xx { ok: false, rejected: true, error, title? }
 *                                             refused as a whole, no field to mark: a request no
 *                                             form of ours sends (size, type, encoding), or one
 *                                             the record's state does not allow (409, 404)
 *   4xx/5xx { ok: false, notice }             a message for the visitor (wrong password, say)
 *   503 { ok: false, failed: true }           could not be stored; as are a thrown error and a
 *                                             network failure: the form's failure path
 */
export type FormAnswer<Done extends object = object> =
  | ({ ok: true } & Done)
  | Invalid
  | { ok: false; rateLimited: true; retryAfterSeconds: number }
  | Rejected
  | { ok: false; notice: FormToast }
  | { ok: false; failed: true };

/** The 400 answer: field messages, an optional toast, and for a plain form post the typed values. */
export type Invalid = { ok: false; fieldErrors: FieldErrors; toast?: FormToast; values?: Record<string, unknown> };

/** A request refused as a whole; `title` heads the message (the browser says "Error" without it). */
export type Rejected = { ok: false; rejected: true; error: string; title?: string };

/** What a page says when its form could not be saved (the database gone, say): nothing typed is lost. */
export const FAILED_TITLE = "Not saved";
export const FAILED_TEXT = "The change could not be saved just now. What you typed is still here: send it again in a moment.";

/** True for the 503 answer of a form that could not be saved. */
export function isFailedAnswer(answer: unknown): boolean {
  return isRecord(answer) && answer.ok === false && answer.failed === true;
}

/** Header of the browser's re-send of a kept submission: it wants an answer, not a redirect. */
export const RESEND_HEADER = "X-Resend";

/** Name of the honeypot control: people never see it, naive bots fill it. */
export const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  if (value === null) return false;
  return typeof value === "string" ? value.trim() !== "" : true;
}

/**
 * True for a fetch made by the React Router client (JavaScript on), false for
 * a plain form post. With future.v8_passThroughRequests the action sees the
 * request as sent, and client data requests end in ".data".
 */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/**
 * The body of a 400 answer. A plain form post (JavaScript off) re-renders the
 * page, so it also gets the submitted text back to refill the fields.
 */
export function invalidAnswer(
  request: Request,
  fieldErrors: FieldErrors,
  options: { toast?: FormToast | null; values?: Record<string, unknown> } = {},
): Invalid {
  const answer: Invalid = { ok: false, fieldErrors };
  if (options.toast) answer.toast = options.toast;
  if (options.values && !isDataRequest(request)) {
    const { [HONEYPOT_FIELD]: _honeypot, ...values } = options.values;
    answer.values = values;
  }
  return answer;
}

/** 400 with field messages (and, for a plain form post, the submitted text). */
export function invalid(
  request: Request,
  fieldErrors: FieldErrors,
  options: { toast?: FormToast | null; values?: Record<string, unknown> } = {},
) {
  return data(invalidAnswer(request, fieldErrors, options), { status: 400 });
}

/** The body of a refusal with no field to mark: a record that is gone, or whose state does not allow the change. */
export function rejectedAnswer(error: string, title?: string): Rejected {
  return title ? { ok: false, rejected: true, error, title } : { ok: false, rejected: true, error };
}

export type Outcome =
  | { kind: "success" }
  | { kind: "invalid"; fieldErrors: FieldErrors; toast: FormToast | null }
  | { kind: "rateLimited" }
  | { kind: "rejected"; error: string; title?: string }
  | { kind: "notice"; toast: FormToast }
  | { kind: "failure" };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Reads an action's answer: success, field messages, or anything else = failure. */
export function outcomeOf(answer: unknown): Outcome {
  if (!isRecord(answer)) return { kind: "failure" };
  if (answer.ok === true) return { kind: "success" };
  const { fieldErrors, toast } = answer;
  if (isRecord(fieldErrors) && Object.keys(fieldErrors).length > 0) {
    const messages: FieldErrors = {};
    for (const [name, message] of Object.entries(fieldErrors)) {
      if (typeof message === "string") messages[name] = message;
    }
    const hasToast = isRecord(toast) && typeof toast.title === "string" && typeof toast.description === "string";
    return { kind: "invalid", fieldErrors: messages, toast: hasToast ? (toast as FormToast) : null };
  }
  if (answer.rateLimited === true) return { kind: "rateLimited" };
  if (answer.rejected === true && typeof answer.error === "string") {
    return typeof answer.title === "string" ? { kind: "rejected", error: answer.error, title: answer.title } : { kind: "rejected", error: answer.error };
  }
  const { notice } = answer;
  if (isRecord(notice) && typeof notice.title === "string" && typeof notice.description === "string") {
    return { kind: "notice", toast: { title: notice.title, description: notice.description } };
  }
  return { kind: "failure" };
}

/**
 * What a refused or invalid answer says, for a page whose forms have no field
 * of their own to mark (a list's row buttons): shown at the top of the page
 * after a plain post, as a toast with JavaScript. Null for any other answer.
 */
export function refusalText(answer: unknown): string | null {
  if (answer === undefined) return null;
  const outcome = outcomeOf(answer);
  if (outcome.kind === "rejected") return outcome.error;
  if (outcome.kind === "invalid") return outcome.toast?.description ?? Object.values(outcome.fieldErrors)[0] ?? null;
  if (isFailedAnswer(answer)) return FAILED_TEXT;
  return null;
}

/** Text values a plain form post got back with its 400 answer, for refilling the fields. */
export function submittedValues(answer: unknown): Record<string, unknown> {
  return isRecord(answer) && isRecord(answer.values) ? answer.values : {};
}

/** One submitted text value, for a control's defaultValue. */
export function submittedText(values: Record<string, unknown>, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * Body of every form route's clientAction: a thrown server error or a network
 * failure becomes { ok: false, failed: true } (the failure toast) instead of
 * replacing the page with the error boundary. Redirects pass through.
 */
export async function submitToServer<T>(serverAction: () => Promise<T>) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    // An error status also stops the loaders' revalidation, which would fail the
    // same way and show the error page after all.
    return data({ ok: false as const, failed: true as const }, { status: 503 });
  }
}
