import { paramsOf, verifyTwilioSignature, type WebhookParams } from "./signature";
import { helpReply, optInReply, optOutReply } from "./texts";

/**
 * A text to our number, as Twilio's signed webhook brings it: the signature
 * checked, then the reply read for the keywords carriers require (CTIA) and
 * answered in TwiML. The message's words are not kept: a member may type
 * anything there, patient details included.
 */

export type SmsKeyword = "opt-out" | "opt-in" | "help";

/**
 * Twilio's default opt-out words (REVOKE and OPTOUT besides CTIA's six, as
 * the FCC's 2025 rule names them), opt-in and help words. Matched on the
 * whole message, any case, trimmed and without closing punctuation ("Stop."),
 * so "stop by at noon" stops nothing.
 */
export const SMS_KEYWORDS: Record<SmsKeyword, readonly string[]> = {
  "opt-out": ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"],
  "opt-in": ["START", "YES", "UNSTOP"],
  help: ["HELP", "INFO"],
};

/** Twilio's own reading, sent with a Messaging Service's Advanced Opt-Out (its keywords may be custom). */
const OPT_OUT_TYPES: Record<string, SmsKeyword> = { STOP: "opt-out", START: "opt-in", HELP: "help" };

export function keywordOf(body: string): SmsKeyword | null {
  const word = body
    .trim()
    .replace(/[.!?,;:]+$/, "")
    .trim()
    .toUpperCase();
  for (const [keyword, words] of Object.entries(SMS_KEYWORDS) as [SmsKeyword, readonly string[]][]) {
    if (words.includes(word)) return keyword;
  }
  return null;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** TwiML answering with one text, or with nothing. */
export function twiml(reply: string | null): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?>';
  return reply === null ? `${head}<Response/>` : `${head}<Response><Message>${reply.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)}</Message></Response>`;
}

/**
 * The address Twilio signed: the one configured there, which is the site's
 * public origin (PUBLIC_URL) with the request's path and query. Behind a
 * proxy the request's own host may be another.
 */
export function publicWebhookUrl(requestUrl: string, origin: string): string {
  const url = new URL(requestUrl);
  return `${origin.replace(/\/+$/, "")}${url.pathname}${url.search}`;
}

export type WebhookRequest = {
  /** See publicWebhookUrl. */
  url: string;
  headers: Headers | Record<string, string | string[] | undefined>;
  /** Every POST parameter, repeated ones included. */
  form: WebhookParams;
};

function header(headers: WebhookRequest["headers"], name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  return Array.isArray(found) ? (found[0] ?? null) : (found ?? null);
}

/** A request that Twilio did not sign: answer 403 and change nothing. */
type Refused = { accepted: false; status: 403; reason: string };

export type InboundSms =
  | Refused
  | {
      accepted: true;
      status: 200;
      /** The sender, E.164, or null when Twilio sent none that looks like a number. */
      from: string | null;
      /** What the sender asked for; null for any other message. */
      keyword: SmsKeyword | null;
      /** Twilio's id of the message (SM…), for the record. */
      messageSid: string | null;
      /** The text answered, if any. */
      reply: string | null;
      /** The answer's body (Content-Type: text/xml). */
      twiml: string;
    };

/** The request's parameters when Twilio signed it, else the refusal. */
function signedParams(request: WebhookRequest, authToken: string): Map<string, string[]> | Refused {
  const signature = header(request.headers, "x-twilio-signature");
  if (!signature) return { accepted: false, status: 403, reason: "no X-Twilio-Signature" };
  const params = paramsOf(request.form);
  if (!params || !verifyTwilioSignature(authToken, request.url, request.form, signature)) return { accepted: false, status: 403, reason: "signature does not match" };
  return params;
}

const firstOf = (params: Map<string, string[]>) => (name: string) => params.get(name)?.[0] ?? null;

/** Twilio's id of the message (SM…, MM… with media), or null. */
function messageSidOf(first: ReturnType<typeof firstOf>): string | null {
  const sid = first("MessageSid") ?? first("SmsSid");
  return sid && /^[A-Z]{2}[0-9a-f]{32}$/i.test(sid) ? sid : null;
}

/**
 * Checks and reads a text sent to our number. `authToken` is the account's
 * (TWILIO_AUTH_TOKEN); `site` names the company in the replies. A refused
 * request (403) must change nothing.
 */
export function handleInboundSms(request: WebhookRequest, authToken: string, site: { companyName: string; phone: string }): InboundSms {
  const params = signedParams(request, authToken);
  if (!(params instanceof Map)) return params;
  const first = firstOf(params);
  const from = first("From");
  const keyword = OPT_OUT_TYPES[(first("OptOutType") ?? "").toUpperCase()] ?? keywordOf(first("Body") ?? "");
  const reply = keyword === "help" ? helpReply(site) : keyword === "opt-out" ? optOutReply(site) : keyword === "opt-in" ? optInReply(site) : null;
  return {
    accepted: true,
    status: 200,
    from: from && /^\+[1-9]\d{6,14}$/.test(from) ? from : null,
    keyword,
    messageSid: messageSidOf(first),
    reply,
    twiml: twiml(reply),
  };
}

export type DeliveryReport =
  | Refused
  | {
      accepted: true;
      /** Answer 204, with no body. */
      status: 204;
      /** The idempotency key the text was sent with (the outbox row), from the callback's address. */
      key: string | null;
      providerId: string | null;
      /** Twilio's status: queued, sent, delivered, undelivered, failed, ... */
      messageStatus: string | null;
      /** True once nothing more will happen to the text. */
      final: boolean;
      /** The text did not reach the phone. */
      failed: boolean;
      errorCode: number | null;
      optedOut: boolean;
    };

/**
 * Checks and reads Twilio's report on a text it took (the StatusCallback the
 * provider was given): `key` says which outbox row it is about.
 */
export function handleDeliveryReport(request: WebhookRequest, authToken: string): DeliveryReport {
  const params = signedParams(request, authToken);
  if (!(params instanceof Map)) return params;
  const first = firstOf(params);
  const messageStatus = first("MessageStatus") ?? first("SmsStatus");
  const code = first("ErrorCode");
  const errorCode = code && /^\d+$/.test(code) ? Number(code) : null;
  const failed = messageStatus === "undelivered" || messageStatus === "failed";
  let key: string | null = null;
  try {
    key = new URL(request.url).searchParams.get("key");
  } catch {
    key = null;
  }
  return {
    accepted: true,
    status: 204,
    key,
    providerId: messageSidOf(first),
    messageStatus,
    final: failed || messageStatus === "delivered" || messageStatus === "read" || messageStatus === "canceled",
    failed,
    errorCode,
    // 21610: the number replied STOP to our number before this text went.
    optedOut: errorCode === 21610,
  };
}
