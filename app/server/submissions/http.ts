import { data } from "react-router";
import type { RouterContextProvider } from "react-router";
import type { ToastText } from "~/content/forms";
import type { z } from "zod";
import { invalid, isDataRequest, isHoneypotFilled, RESEND_HEADER } from "~/lib/form-result";
import { formDataToObject, parseWith } from "~/lib/schemas/common";
import { getDb, type Db } from "~/server/db/client";
import { env } from "~/server/env";
import { redirectWithFlash } from "~/server/flash";
import { log } from "~/server/log";
import { hitRateLimit } from "~/server/rate-limit";
import { clientInfo } from "~/server/request-context";
import { mailQueued } from "~/server/runtime";

/** Text forms are a few kilobytes at most; anything far larger is not a person typing. */
export const MAX_TEXT_FORM_BYTES = 64 * 1024;

/** True when the browser reads the answer itself (fetcher or re-send); false for a plain form post. */
export function answersWithData(request: Request): boolean {
  return isDataRequest(request) || request.headers.get(RESEND_HEADER) === "1";
}

/** A request no form of ours sends; answered with its status by `handleForm`. */
export class FormProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function problem(status: number, message: string): never {
  throw new FormProblem(status, message);
}

/**
 * Runs a form action. A FormProblem becomes its 4xx answer; anything else
 * (the database gone mid-request, say) is logged and answered 503 with
 * Retry-After, which the browser treats as "keep it and send again", or
 * with `plainFailure` when a plain form post needs a page to return to.
 */
export async function handleForm<T>(run: () => Promise<T>, plainFailure?: () => Promise<Response>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FormProblem) {
      return data({ ok: false as const, rejected: true as const, error: error.message }, { status: error.status });
    }
    log.error({ err: error }, "form could not be handled");
    if (plainFailure) return plainFailure();
    return data({ ok: false as const, failed: true as const }, { status: 503, headers: { "Retry-After": "30" } });
  }
}

/** A name as a browser sends it for a chosen file: no folders, no "..", no control characters. */
export function isPlainFileName(name: string): boolean {
  return name.length <= 255 && !/[\\/\u0000-\u001f\u007f]/.test(name) && name !== "." && name !== "..";
}

/**
 * Reads a form body, refusing what no form of ours sends: another content
 * type, a body over `maxBytes`, broken multipart, text that is not UTF-8.
 */
export async function readForm(request: Request, { maxBytes, multipart = false }: { maxBytes: number; multipart?: boolean }): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const allowed = type.startsWith("application/x-www-form-urlencoded") || (multipart && type.startsWith("multipart/form-data"));
  if (!allowed) problem(415, multipart ? "Send the form as multipart/form-data." : "Send the form as application/x-www-form-urlencoded.");
  const length = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (!Number.isFinite(length)) problem(411, "The request must state its length.");
  if (length > maxBytes) problem(413, "The form is too large.");
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    problem(400, "The form could not be read.");
  }
  for (const [name, value] of formData.entries()) {
    // U+FFFD is what a decoder puts where the bytes were not UTF-8.
    if (name.includes("\uFFFD") || (typeof value === "string" && value.includes("\uFFFD"))) {
      problem(400, "The form contains text that is not valid UTF-8.");
    }
    // Browsers send a file's own name, never a path or control characters.
    if (typeof value !== "string" && !isPlainFileName(value.name)) {
      problem(400, "A file name may not contain a path or control characters.");
    }
  }
  return formData;
}

/**
 * `readForm` for actions that answer their own shapes: a request no form of
 * ours sends is thrown as its 4xx answer, shown by the error boundary.
 */
export async function readFormOrRefuse(request: Request, options: { maxBytes: number }): Promise<FormData> {
  try {
    return await readForm(request, options);
  } catch (error) {
    if (error instanceof FormProblem) throw data({ ok: false, rejected: true, error: error.message }, { status: error.status });
    throw error;
  }
}

/**
 * Per-address limit on form submissions, shared by every process. Answers
 * 429 (the caller returns it) or null when the request may go on.
 */
export async function limitSubmissions(context: Readonly<RouterContextProvider>, form: string) {
  const { ip } = clientInfo(context);
  const { allowed, retryAfterSeconds } = await hitRateLimit(getDb(), `form:${ip}`, {
    limit: env().FORM_RATE_LIMIT,
    windowMs: 60_000,
  });
  if (allowed) return null;
  log.warn({ ip, form }, "form rate limit reached");
  return data(
    { ok: false, rateLimited: true, retryAfterSeconds },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

/** The answer to a stored submission: data for the browser, or a redirect with the toast for a plain post. */
export async function accepted(request: Request, backTo: string, toast: ToastText) {
  mailQueued();
  if (answersWithData(request)) return data({ ok: true as const }, { status: 200 });
  return redirectWithFlash(backTo, toast);
}

/** The client's idempotency key: resends of one submission carry the same key. */
export function clientKeyOf(formData: FormData): string | null {
  const key = formData.get("clientKey");
  return typeof key === "string" && /^[A-Za-z0-9-]{8,64}$/.test(key) ? key : null;
}

/**
 * The whole action of a text-only form page (intake, partner callback):
 * read, honeypot, rate limit, validate with the form's schema, store with its
 * mail, answer. The contact form differs only in where a plain post returns.
 */
export function submitTextForm<S extends z.ZodType>({
  request,
  context,
  form,
  schema,
  backTo,
  success,
  store,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  form: string;
  schema: S;
  backTo: string;
  success: ToastText;
  store: (db: Db, input: z.output<S>, clientKey: string | null) => Promise<unknown>;
}) {
  return handleForm(async () => {
    const formData = await readForm(request, { maxBytes: MAX_TEXT_FORM_BYTES });
    if (isHoneypotFilled(formData)) return accepted(request, backTo, success);
    const limited = await limitSubmissions(context, form);
    if (limited) return limited;
    const values = formDataToObject(formData);
    const parsed = parseWith(schema, values);
    if (!parsed.success) return invalid(request, parsed.fieldErrors, { values });
    await store(getDb(), parsed.data, clientKeyOf(formData));
    return accepted(request, backTo, success);
  });
}
