import type { Readable } from "node:stream";
import busboy, { type Busboy, type FieldInfo, type FileInfo } from "busboy";
import { createContext, data, redirect } from "react-router";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { formProblemToasts, type ToastText } from "~/content/forms";
import type { z } from "zod";
import { invalid, isDataRequest, isHoneypotFilled, RESEND_HEADER } from "~/lib/form-result";
import { formDataToObject, parseWith, type FieldErrors, type FormToast } from "~/lib/schemas/common";
import { getDb, getRelaxedDb, type Db } from "~/.server/db/client";
import { env } from "~/.server/env";
import { redirectWithFlash } from "~/.server/http/flash";
import { log } from "~/.server/log";
import { hitRateLimit } from "~/.server/http/rate-limit";
import { clientInfo } from "~/.server/request-context";
import { mailQueued } from "~/.server/mail";

/** Text forms are a few kilobytes at most; anything far larger is not a person typing. */
export const MAX_TEXT_FORM_BYTES = 64 * 1024;

/** True when the browser reads the answer itself (fetcher or re-send); false for a plain form post. */
export function answersWithData(request: Request): boolean {
  return isDataRequest(request) || request.headers.get(RESEND_HEADER) === "1";
}

/** Messages beside the fields, for a refused body a browser could have sent. */
export type FieldMessages = { fieldErrors: FieldErrors; toast?: FormToast };

/** A request no form of ours sends, or a file over its limit; answered with its status by `handleForm`. */
export class FormProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Shown beside the fields when the browser reads the answer. */
    readonly messages?: FieldMessages,
    /** The fields read (around a file over its limit, say), to give the form back as it was typed. */
    readonly typed?: FormData,
  ) {
    super(message);
  }
}

function problem(status: number, message: string, messages?: FieldMessages): never {
  throw new FormProblem(status, message, messages);
}

/** Turns the text fields of a form into the values its page refills the controls with. */
export type Refill = (typed: FormData) => Record<string, unknown>;

/**
 * The answer to a FormProblem: the reason, and the field messages when there
 * are any. For a plain form post with `refill`, also what was typed, so the
 * page comes back as it was sent (a browser re-renders it from the answer).
 */
function refusal(error: FormProblem, request?: Request, refill?: Refill) {
  const values = error.typed && refill && request && !isDataRequest(request) ? refill(error.typed) : undefined;
  return data({ ok: false as const, rejected: true as const, error: error.message, ...error.messages, ...(values ? { values } : {}) }, { status: error.status });
}

/**
 * Runs a form action. A FormProblem becomes its 4xx answer (with `refill`,
 * a plain post's answer gives back what was typed); anything else (the
 * database gone mid-request, say) is logged and answered 503 with
 * Retry-After, which the browser treats as "keep it and send again", or
 * with `plainFailure` when a plain form post needs a page to return to.
 */
export async function handleForm<T>(
  run: () => Promise<T>,
  plainFailure?: () => Promise<Response>,
  { request, refill }: { request?: Request; refill?: Refill } = {},
) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FormProblem) return refusal(error, request, refill);
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
 * The most a multipart form may hold. The body is read as a stream and the
 * read stops with 413 at the first part over a limit, so a body of many tiny
 * parts costs no more than its first bytes. A file over `fileBytes` (which
 * a person can pick) is the exception: its bytes are dropped as they come
 * and the rest of the body, at most `maxBytes`, is read for its text, so
 * the form can come back with the message beside that file and everything
 * else as it was typed.
 */
export type MultipartLimits = {
  /** Text fields. */
  fields: number;
  files: number;
  /** Bytes of one text field. */
  fieldBytes: number;
  /** Bytes of one file. */
  fileBytes: number;
  /** Field messages for a file over `fileBytes` (merged, one per field), one file too many, or a body over `maxBytes`. */
  fileTooLarge?: (field: string, fileName: string) => FieldMessages;
  tooManyFiles?: () => FieldMessages;
  bodyTooLarge?: FieldMessages;
};

export type FormReadOptions = {
  /** The largest body, in bytes. */
  maxBytes: number;
  /** Takes multipart/form-data with these limits; without it, only urlencoded forms. */
  multipart?: MultipartLimits;
  /**
   * The controls whose text may hold tabs and line breaks (textareas); in
   * every other field they are refused. Without it they are allowed
   * everywhere and the caller's own checks decide.
   */
  multiline?: readonly string[] | ((name: string) => boolean);
  /**
   * The controls that take a scanned label: the group separator (ASCII 29)
   * a GS1 barcode carries between its fields is allowed in them, and read by
   * the caller (`lib/identifiers`); every other control character is still
   * refused.
   */
  scanned?: (name: string) => boolean;
};

/**
 * Refuses, from the headers alone, a body no form of ours sends: another
 * content type, no length, a length over `maxBytes`. Runs before the rate
 * limit, so these cost no database work, and again in `readForm`.
 */
export function checkFormHeaders(request: Request, { maxBytes, multipart }: FormReadOptions): "urlencoded" | "multipart" {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const kind = type.startsWith("application/x-www-form-urlencoded")
    ? "urlencoded"
    : multipart && type.startsWith("multipart/form-data")
      ? "multipart"
      : problem(415, multipart ? "Send the form as multipart/form-data." : "Send the form as application/x-www-form-urlencoded.");
  const length = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (!Number.isFinite(length)) problem(411, "The request must state its length.");
  if (length > maxBytes) problem(413, "The form is too large.", multipart?.bodyTooLarge);
  return kind;
}

/**
 * Reads a form body, refusing what no form of ours sends: another content
 * type, a body over `maxBytes` or over a multipart limit (413, the rest left
 * unread), broken multipart, text that is not UTF-8, a file name with a
 * path, control characters (400 with a message beside the field).
 */
export async function readForm(request: Request, options: FormReadOptions): Promise<FormData> {
  const kind = checkFormHeaders(request, options);
  const formData = kind === "multipart" ? await readMultipart(request, options.maxBytes, options.multipart!) : await readUrlencoded(request);
  checkEntries(formData, options.multiline, options.scanned);
  return formData;
}

async function readUrlencoded(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    problem(400, "The form could not be read.");
  }
}

/**
 * Streams a multipart body through busboy. Parts are kept in their order;
 * the first part over a limit settles the read with 413 and nothing more is
 * read (the HTTP entry throws the rest of the body away unparsed), but for
 * a file over its size: its bytes are dropped, the read goes on, and it ends
 * with 413, the files' messages and the text fields read.
 */
function readMultipart(request: Request, maxBytes: number, limits: MultipartLimits): Promise<FormData> {
  let parser: Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      // A file name with a folder is refused below, not quietly cut to its last part.
      preservePath: true,
      // Browsers send field and file names as UTF-8.
      defParamCharset: "utf8",
      limits: {
        fields: limits.fields,
        files: limits.files,
        // Parts busboy skips (no name, not form-data) count here only; it reports the one past the limit.
        parts: limits.fields + limits.files + 1,
        // busboy reports a value that reaches the size: one byte over ours.
        fieldSize: limits.fieldBytes + 1,
        fileSize: limits.fileBytes + 1,
      },
    });
  } catch {
    problem(400, "The form could not be read.");
  }

  return new Promise<FormData>((resolve, reject) => {
    const entries: { name: string; value: string | File | null }[] = [];
    const oversized: { name: string; fileName: string }[] = [];
    let settled = false;
    const fail = (error: FormProblem) => {
      if (settled) return;
      settled = true;
      parser.destroy();
      reject(error);
    };
    const unreadable = () => fail(new FormProblem(400, "The form could not be read."));

    parser.on("field", (name: string | undefined, value: string, info: FieldInfo) => {
      if (name === undefined) return unreadable();
      if (info.valueTruncated) return fail(new FormProblem(413, "A field of the form is too large."));
      entries.push({ name, value });
    });
    parser.on("file", (name: string | undefined, stream: Readable & { truncated?: boolean }, info: FileInfo) => {
      stream.on("error", () => {});
      if (name === undefined) return unreadable();
      const fileName = info.filename ?? "";
      // The slot keeps the file's place among the fields while its bytes arrive.
      const entry: (typeof entries)[number] = { name, value: null };
      entries.push(entry);
      const chunks: Buffer[] = [];
      let over = false;
      stream.on("data", (chunk: Buffer) => {
        if (!over) chunks.push(chunk);
      });
      // busboy drops the rest of the file itself; what came so far is let go too.
      stream.on("limit", () => {
        over = true;
        chunks.length = 0;
        oversized.push({ name, fileName });
      });
      stream.on("end", () => {
        if (!over) entry.value = new File([Buffer.concat(chunks)], fileName, { type: info.mimeType });
      });
    });
    parser.on("fieldsLimit", () => fail(new FormProblem(413, "The form has more fields than it takes.")));
    parser.on("filesLimit", () => fail(new FormProblem(413, "The form has more files than it takes.", limits.tooManyFiles?.())));
    parser.on("partsLimit", () => fail(new FormProblem(413, "The form has more parts than it takes.")));
    parser.on("error", unreadable);
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      const formData = new FormData();
      for (const { name, value } of entries) if (value !== null) formData.append(name, value);
      if (oversized.length === 0) return resolve(formData);
      reject(new FormProblem(413, "A file is larger than the form takes.", oversizedMessages(oversized, limits), formData));
    });

    const pump = async () => {
      if (!request.body) return parser.end();
      const reader = request.body.getReader();
      let bytes = 0;
      while (!settled) {
        const { done, value } = await reader.read();
        if (done || settled) break;
        // Counted here too: the declared length is checked before, but a body may come without one.
        bytes += value.byteLength;
        if (bytes > maxBytes) return fail(new FormProblem(413, "The form is too large.", limits.bodyTooLarge));
        // busboy parses what it is given at once: in small slices, a body of tiny parts
        // stops at its first part over a limit, and other requests (a health check)
        // get their turn between slices instead of waiting behind many uploads.
        for (let at = 0; at < value.byteLength && !settled; at += SLICE_BYTES) {
          const slice = value.subarray(at, at + SLICE_BYTES);
          if (!parser.write(Buffer.from(slice.buffer, slice.byteOffset, slice.byteLength))) await drained(parser);
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      if (!settled) parser.end();
    };
    pump().catch(unreadable);
  });
}

/** Every file over its size named beside its field (the first for a field), with the first toast. */
function oversizedMessages(files: readonly { name: string; fileName: string }[], limits: MultipartLimits): FieldMessages | undefined {
  if (!limits.fileTooLarge) return undefined;
  const merged: FieldMessages = { fieldErrors: {} };
  for (const { name, fileName } of files) {
    const messages = limits.fileTooLarge(name, fileName);
    merged.fieldErrors = { ...messages.fieldErrors, ...merged.fieldErrors };
    merged.toast ??= messages.toast;
  }
  return merged;
}

/** How much of a multipart body busboy parses in one go. */
const SLICE_BYTES = 8 * 1024;

/** Resolves when the parser takes more input, or is closed (a limit was hit meanwhile). */
function drained(parser: Busboy): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off("drain", done);
      parser.off("close", done);
      resolve();
    };
    parser.on("drain", done);
    parser.on("close", done);
  });
}

// Control characters are never typed; tabs and line breaks only in a textarea.
const CONTROL = /[\u0000-\u001f\u007f]/;
/** What a scanner sends between a GS1 barcode's fields (FNC1). */
const GROUP_SEPARATOR = "\u001d";
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function multilineTest(multiline: FormReadOptions["multiline"]): (name: string) => boolean {
  if (multiline === undefined) return () => true;
  if (typeof multiline === "function") return multiline;
  return (name) => multiline.includes(name);
}

/**
 * Refuses text that is not UTF-8, file names with a path, and control
 * characters. A control character in a field is bad input a person can
 * correct: 400 with a message beside that field, never a failure the
 * browser would keep and send again.
 */
function checkEntries(formData: FormData, multiline: FormReadOptions["multiline"], scanned: FormReadOptions["scanned"] = () => false) {
  const allowsLines = multilineTest(multiline);
  const fieldErrors: FieldErrors = {};
  for (const [name, value] of formData.entries()) {
    // U+FFFD is what a decoder puts where the bytes were not UTF-8.
    if (name.includes("\uFFFD") || (typeof value === "string" && value.includes("\uFFFD"))) {
      problem(400, "The form contains text that is not valid UTF-8.");
    }
    // Browsers send a file's own name, never a path or control characters.
    if (typeof value !== "string") {
      if (!isPlainFileName(value.name)) problem(400, "A file name may not contain a path or control characters.");
      continue;
    }
    if (CONTROL.test(name)) fieldErrors.form ??= "The form has a field name with control characters.";
    else if ((allowsLines(name) ? CONTROL_BUT_LINES : CONTROL).test(scanned(name) ? value.replaceAll(GROUP_SEPARATOR, "") : value)) {
      fieldErrors[name] ??= allowsLines(name)
        ? "This text cannot contain control characters (only tabs and line breaks)."
        : "This field cannot contain line breaks or control characters.";
    }
  }
  if (Object.keys(fieldErrors).length > 0) throw new FormProblem(400, "The form contains control characters.", { fieldErrors }, formData);
}

/**
 * `readForm` for actions that answer their own shapes: a request no form of
 * ours sends is thrown as its 4xx answer, shown by the error boundary.
 */
export async function readFormOrRefuse(request: Request, options: FormReadOptions): Promise<FormData> {
  try {
    return await readForm(request, options);
  } catch (error) {
    if (error instanceof FormProblem) throw refusal(error);
    throw error;
  }
}

function acceptsHtml(request: Request): boolean {
  return (request.headers.get("Accept") ?? "").toLowerCase().includes("text/html");
}

/** What `readBeforeRendering` found for a document POST, for the action to take over. */
type EarlyRead = { formData: FormData } | { problem: FormProblem } | null;
const earlyRead = createContext<EarlyRead>(null);

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

/**
 * Route middleware of a form that takes uploads. A document POST (a plain
 * form post, or a client that is no browser) would get its refusal as a
 * rendered page, and rendering is what a flood of refused uploads would
 * cost. So for those, the headers, the rate limit and the body are checked
 * here, before anything renders: a request no form of ours sends, or one
 * past the rate limit, gets a line of text. What a browser's form can send
 * (a file over 5 MB, a control character), posted by a client that asks for
 * HTML, goes on to the action, whose page shows the messages: no dearer than
 * any page view. Data requests (a browser with JavaScript) render no page:
 * the action handles them whole.
 */
export function readBeforeRendering(form: string, options: FormReadOptions): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    if (request.method !== "POST" || isDataRequest(request)) return next();
    try {
      checkFormHeaders(request, options);
      const limited = await limitSubmissions(context, form);
      if (limited) {
        const retryAfter = String(limited.data.retryAfterSeconds);
        return text(429, `Too many submissions from your address. Please try again in ${retryAfter} seconds.`, { "Retry-After": retryAfter });
      }
      context.set(earlyRead, { formData: await readForm(request, options) });
    } catch (error) {
      // Anything else (the database gone): the action meets it again and answers 503.
      if (!(error instanceof FormProblem)) return next();
      // Browsers ask for HTML when they post a form; a client that does not gets the line of text.
      if (!error.messages || !acceptsHtml(request)) return text(error.status, error.message);
      context.set(earlyRead, { problem: error });
    }
    return next();
  };
}

/**
 * The form of a POST: the headers, then the rate limit, then the body, so a
 * refused or limited request costs no parsing. Returns the 429 answer when
 * the limit is reached. When `readBeforeRendering` ran, its result.
 */
export async function limitThenRead(request: Request, context: Readonly<RouterContextProvider>, form: string, options: FormReadOptions) {
  const early = context.get(earlyRead);
  if (early && "problem" in early) throw early.problem;
  if (early) return early.formData;
  checkFormHeaders(request, options);
  const limited = await limitSubmissions(context, form);
  if (limited) return limited;
  return readForm(request, options);
}

/**
 * Per-address limit on form submissions, shared by every process. Answers
 * 429 (the caller returns it) or null when the request may go on.
 */
export async function limitSubmissions(context: Readonly<RouterContextProvider>, form: string) {
  const { ip } = clientInfo(context);
  // Checked on its own, before the submission's transaction: the count need not wait for the disk.
  const { allowed, retryAfterSeconds } = await hitRateLimit(getRelaxedDb(), `form:${ip}`, {
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
 * The whole action of a text-only form page (contact, intake, partner
 * callback): headers, rate limit, read, honeypot, validate with the form's
 * schema, store with its mail, answer. A plain post is answered on the
 * form's page, unless `plainReturn` says where it goes back to.
 */
export function submitTextForm<S extends z.ZodType>({
  request,
  context,
  form,
  schema,
  backTo,
  success,
  store,
  multiline,
  plainReturn,
  read = formDataToObject,
  check,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  form: string;
  schema: S;
  /** The form's textareas: the only fields that may hold tabs and line breaks. */
  multiline: readonly string[];
  backTo: string;
  success: ToastText;
  store: (db: Db, input: z.output<S>, clientKey: string | null) => Promise<unknown>;
  /** How the body becomes the schema's input (a form with check boxes of one name reads them as a list). */
  read?: (formData: FormData) => Record<string, unknown>;
  /** Checks the schema cannot make (a code looked up in the database): field messages, or null to store. */
  check?: (db: Db, input: z.output<S>) => Promise<FieldErrors | null>;
  /**
   * For a form posted where it has no page of its own (the contact form, on
   * /contact): a plain post (no JavaScript) returns to `backTo`, past the
   * rate limit or on a failure with a one-time toast, and with field
   * messages to the address `invalid` names, which marks the fields (without
   * `invalid`, bad input is answered in place, with what was typed).
   */
  plainReturn?: { invalid?: (fieldErrors: FieldErrors) => string };
}) {
  // A browser with JavaScript reads every answer itself: only a plain post is sent back.
  const returns = answersWithData(request) ? undefined : plainReturn;
  const markFields = returns?.invalid;
  const options = { maxBytes: MAX_TEXT_FORM_BYTES, multiline };
  return handleForm(
    async () => {
      checkFormHeaders(request, options);
      // The limit comes before a byte of the body is read: a flood costs no parsing.
      const limited = await limitSubmissions(context, form);
      if (limited) return returns ? redirectWithFlash(backTo, formProblemToasts.rateLimited) : limited;
      let formData: FormData;
      try {
        formData = await readForm(request, options);
      } catch (error) {
        // A control character in a field: back to the form with that field marked.
        const fieldErrors = error instanceof FormProblem ? error.messages?.fieldErrors : undefined;
        if (fieldErrors && markFields) return redirect(markFields(fieldErrors), 303);
        throw error;
      }
      if (isHoneypotFilled(formData)) return accepted(request, backTo, success);
      // The key is the browser's, never typed: it does not come back with the values.
      const { clientKey: _key, ...values } = read(formData);
      const parsed = parseWith(schema, values);
      if (!parsed.success) return markFields ? redirect(markFields(parsed.fieldErrors), 303) : invalid(request, parsed.fieldErrors, { values });
      const checked = check ? await check(getDb(), parsed.data) : null;
      if (checked) return markFields ? redirect(markFields(checked), 303) : invalid(request, checked, { values });
      await store(getDb(), parsed.data, clientKeyOf(formData));
      return accepted(request, backTo, success);
    },
    returns ? () => redirectWithFlash(backTo, formProblemToasts.serverError) : undefined,
  );
}
