/**
 * What the SMS outbox asks of a provider: send one text. A provider answers
 * with what it made of it or with a failure that says whether sending again
 * can help; it never throws for the provider's own refusals or an outage.
 */

export type SmsToSend = {
  /** E.164 (+16025550142). */
  to: string;
  body: string;
  /**
   * The outbox row's id. Twilio's Messages API takes no idempotency key, so
   * a send whose answer was lost may be sent twice; the key tags the status
   * callback, so a delivery report finds its row.
   */
  idempotencyKey: string;
};

export type SmsSent = {
  ok: true;
  /** The provider's id of the message (Twilio: SM…). */
  providerId: string;
  /** The provider's first status (Twilio: queued, or accepted through a Messaging Service). */
  status: string;
};

/**
 * - `opted-out`: the recipient replied STOP; nothing more goes to the number until they reply START.
 * - `invalid-number`: the number cannot receive texts; the member must give another.
 * - `refused`: the provider will not take this message as it is; sending again will not change that.
 * - `unavailable`: an outage, a rate limit or a refused login; sending later may work.
 */
export type SmsFailureKind = "opted-out" | "invalid-number" | "refused" | "unavailable";

export type SmsFailure = {
  ok: false;
  kind: SmsFailureKind;
  /** Only `unavailable` is worth another try. */
  retryable: boolean;
  /** One line for the console, with no message text and no phone number. */
  reason: string;
  /** The provider's error code, when it gave one. */
  code: number | null;
  /** How long the provider asked us to wait, when it said. */
  retryAfterSeconds?: number;
};

export type SmsResult = SmsSent | SmsFailure;

export type SmsProvider = {
  name: string;
  sendSms(message: SmsToSend): Promise<SmsResult>;
};

export function smsFailure(kind: SmsFailureKind, reason: string, code: number | null = null, retryAfterSeconds?: number): SmsFailure {
  return { ok: false, kind, retryable: kind === "unavailable", reason, code, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
}
