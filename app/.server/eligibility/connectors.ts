import { env, type Env } from "~/.server/env";
import type { EligibilityConnector } from "./connector";
import { coreConnector } from "./core";
import { STEDI_ELIGIBILITY_URL, stediConnector } from "./stedi";

/** The connector ELIGIBILITY_CONNECTOR chooses, with its settings; null when checks are off. */
export function eligibilityConnector(e: Env = env()): EligibilityConnector | null {
  const timeoutMs = e.ELIGIBILITY_TIMEOUT_SECONDS * 1000;
  // env.ts refuses to start when a chosen connector's settings are missing.
  if (e.ELIGIBILITY_CONNECTOR === "core") {
    return coreConnector({
      url: e.ELIGIBILITY_CORE_URL!,
      user: e.ELIGIBILITY_CORE_USER!,
      password: e.ELIGIBILITY_CORE_PASSWORD!,
      senderId: e.ELIGIBILITY_SENDER_ID!,
      receiverId: e.ELIGIBILITY_RECEIVER_ID!,
      timeoutMs,
    });
  }
  if (e.ELIGIBILITY_CONNECTOR === "stedi") {
    return stediConnector({ url: e.ELIGIBILITY_STEDI_URL ?? STEDI_ELIGIBILITY_URL, apiKey: e.ELIGIBILITY_STEDI_KEY!, timeoutMs });
  }
  return null;
}

/** True when ELIGIBILITY_CONNECTOR is unset: nothing is sent to any payer, and the console says checks are off. */
export function eligibilityChecksOff(e: Env = env()): boolean {
  return !e.ELIGIBILITY_CONNECTOR;
}
