import { parseEnv, twilioConfigured, type Env } from "~/.server/env";

export const TWILIO_DEFAULT_BASE_URL = "https://api.twilio.com";

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** A number in E.164 form, a short code, or a Messaging Service SID (MG…). */
  from: string;
  /** The API's origin, without a trailing slash. */
  baseUrl: string;
};

/** Twilio's settings from a parsed environment, or null when texts are off (parseEnv refuses a partial set). */
export function twilioSettingsOf(e: Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "TWILIO_BASE_URL">): TwilioSettings | null {
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM) return null;
  return {
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    from: e.TWILIO_FROM,
    baseUrl: (e.TWILIO_BASE_URL ?? TWILIO_DEFAULT_BASE_URL).replace(/\/+$/, ""),
  };
}

/**
 * This process's Twilio settings, or null when texts are off. Read afresh
 * each call (like mailDeliveryOff and eligibilityConfigured in env.ts), so
 * the pages, the sending and the worker agree with the environment, tests'
 * stubs included; parseEnv refuses a partial set.
 */
export function twilioSettings(): TwilioSettings | null {
  return smsEnabled() ? twilioSettingsOf(parseEnv()) : null;
}

/** True when texts can be sent: the option is offered to members only then. */
export function smsEnabled(): boolean {
  return twilioConfigured();
}
