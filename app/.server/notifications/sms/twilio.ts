import type { TwilioSettings } from "./config";
import { smsFailure, type SmsFailure, type SmsProvider, type SmsResult, type SmsToSend } from "./provider";

/**
 * Twilio's Messages API, spoken with fetch: one form-encoded POST to
 * {base}/2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic
 * AccountSid:AuthToken, answered 201 with the message (sid, status) or 4xx/5xx
 * with {code, message}. The `twilio` package would add axios, jsonwebtoken,
 * dayjs, qs and xmlbuilder for this one request and one HMAC.
 */

/** Error codes of the Messages API that decide what becomes of a text. */
const CODES: Record<number, { kind: SmsFailure["kind"]; says: string }> = {
  21610: { kind: "opted-out", says: "the recipient replied STOP to our number" },
  21211: { kind: "invalid-number", says: "the number is not a valid phone number" },
  21614: { kind: "invalid-number", says: "the number is not a mobile number" },
  21612: { kind: "refused", says: "the number cannot be reached by text from our number" },
  21408: { kind: "refused", says: "texts to this region are not enabled on the account" },
  21617: { kind: "refused", says: "the text is too long" },
  // The operator's to fix (the account, the sender): texts wait and go once they have.
  20003: { kind: "unavailable", says: "Twilio refused the account SID or auth token" },
  20005: { kind: "unavailable", says: "the Twilio account is not active" },
  20429: { kind: "unavailable", says: "too many requests: Twilio asked us to slow down" },
  21212: { kind: "unavailable", says: "TWILIO_FROM is not a valid sender" },
  21606: { kind: "unavailable", says: "TWILIO_FROM cannot send texts on this account" },
  21659: { kind: "unavailable", says: "TWILIO_FROM is not a number of this account" },
};

/** A Messaging Service SID (MG…) goes as MessagingServiceSid, anything else as From. */
export function isMessagingService(from: string): boolean {
  return /^MG[0-9a-f]{32}$/i.test(from);
}

/** The Messages resource of the account. */
export function messagesUrl(settings: Pick<TwilioSettings, "baseUrl" | "accountSid">): string {
  return `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
}

/** A provider's words may quote the number: keep phone numbers out of what staff and logs read. */
function withoutNumbers(text: string): string {
  return text.replace(/\+?\d[\d\s().-]{5,}\d/g, "[number]").slice(0, 300);
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** What an error answer means for the text: by Twilio's code first, then by the HTTP status. */
export function twilioFailure(status: number, payload: unknown, retryAfterHeader: string | null = null): SmsFailure {
  const { code, message } = (payload ?? {}) as { code?: unknown; message?: unknown };
  const twilioCode = typeof code === "number" ? code : typeof code === "string" && /^\d+$/.test(code) ? Number(code) : null;
  const known = twilioCode === null ? undefined : CODES[twilioCode];
  const said = known?.says ?? (typeof message === "string" && message.trim() ? withoutNumbers(message.trim()) : `HTTP ${status}`);
  const reason = twilioCode === null ? `Twilio answered ${status}: ${said}` : `Twilio ${twilioCode}: ${said}`;
  const wait = retryAfter(retryAfterHeader);
  if (known) return smsFailure(known.kind, reason, twilioCode, known.kind === "unavailable" ? wait : undefined);
  // A rate limit, Twilio's own trouble, or an answer that is not Twilio's: later may work.
  if (status === 429 || status >= 500 || status === 401 || status === 403 || status === 404) return smsFailure("unavailable", reason, twilioCode, wait);
  return smsFailure("refused", reason, twilioCode);
}

export type TwilioOptions = {
  /** Where Twilio reports each message's delivery; the idempotency key is added as `key`. */
  statusCallbackUrl?: string;
  /** How long to wait for Twilio's answer (default 15 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export function twilioProvider(settings: TwilioSettings, options: TwilioOptions = {}): SmsProvider {
  const url = messagesUrl(settings);
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`, "utf8").toString("base64")}`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const request = options.fetch ?? fetch;

  async function sendSms({ to, body, idempotencyKey }: SmsToSend): Promise<SmsResult> {
    const form = new URLSearchParams({ To: to });
    form.set(isMessagingService(settings.from) ? "MessagingServiceSid" : "From", settings.from);
    form.set("Body", body);
    if (options.statusCallbackUrl) {
      const callback = new URL(options.statusCallbackUrl);
      callback.searchParams.set("key", idempotencyKey);
      form.set("StatusCallback", callback.toString());
    }
    let response: Response;
    try {
      response = await request(url, {
        method: "POST",
        headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: form.toString(),
        // The credentials go to this address only, never to wherever a redirect points.
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
      return smsFailure("unavailable", timedOut ? `Twilio did not answer within ${timeoutMs / 1000} s` : `Twilio could not be reached${typeof cause === "string" ? ` (${cause})` : ""}`);
    }
    const text = await response.text().catch(() => "");
    let payload: unknown = null;
    try {
      payload = text ? JSON.parse(text) : null;
    } catch {
      payload = null;
    }
    if (!response.ok) return twilioFailure(response.status, payload, response.headers.get("retry-after"));
    const { sid, status } = (payload ?? {}) as { sid?: unknown; status?: unknown };
    if (typeof sid !== "string" || !sid) return smsFailure("unavailable", `Twilio answered ${response.status} without a message sid`);
    return { ok: true, providerId: sid, status: typeof status === "string" ? status : "queued" };
  }

  return { name: "twilio", sendSms };
}
