import type { EligibilityInquiry } from "./inquiry";
import { summarise, type EligibilitySummary } from "./summary";
import { X12ReadError } from "./x12";

/**
 * What every connector offers: one check of one inquiry. A check that got a
 * 271 succeeds, whatever the 271 says (an AAA rejection is an answer, put
 * into words by the summary); a check that got no 271 fails, and says
 * whether trying again later may help.
 */

export type CheckSuccess = { ok: true; raw271: string; summary: EligibilitySummary };
export type CheckFailure = {
  ok: false;
  /** True: the clearinghouse or payer may answer later (a timeout, 5xx, busy); false: something must be corrected first. */
  retryable: boolean;
  /** For staff: "eligibility check failed: <reason>". Never patient data. */
  reason: string;
};
export type CheckOutcome = CheckSuccess | CheckFailure;

export type CheckOptions = { signal?: AbortSignal };

export type EligibilityConnector = {
  name: "core" | "stedi";
  check(inquiry: EligibilityInquiry, options?: CheckOptions): Promise<CheckOutcome>;
};

export const failure = (retryable: boolean, reason: string): CheckFailure => ({ ok: false, retryable, reason });

/** A raw 271 made into the outcome, or a final failure when it cannot be read. */
export function outcomeOf271(raw271: string, from: string): CheckOutcome {
  try {
    return { ok: true, raw271, summary: summarise(raw271) };
  } catch (error) {
    if (error instanceof X12ReadError) return failure(false, `${from}'s answer is not a readable 271: ${error.message}`);
    throw error;
  }
}

/**
 * The signal a request runs under: the caller's, and a timeout. The timer
 * holds its controller itself: a bare `AbortSignal.timeout` handed to
 * `AbortSignal.any` is held weakly on Node 20 and can be collected before it
 * fires, and the request then waits for ever (seen under load: a payer that
 * never answered held a job worker's lane).
 */
export function deadline(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, "TimeoutError")), timeoutMs);
  // A request that ends first leaves the timer to fire into an unused controller; it keeps no process alive.
  timer.unref();
  if (signal) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true, signal: controller.signal });
  }
  return controller.signal;
}

/** A fetch that did not complete, as a failure: a timeout or a connection that failed may work later. */
export function transportFailure(error: unknown, who: string, timeoutMs: number, signal?: AbortSignal): CheckFailure {
  if (signal?.aborted) return failure(true, "The check was stopped before an answer came.");
  const name = error instanceof Error ? error.name : "";
  const seconds = Number((timeoutMs / 1000).toFixed(1));
  if (name === "TimeoutError" || name === "AbortError") return failure(true, `${who} did not answer within ${seconds} second${seconds === 1 ? "" : "s"}.`);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const code = cause && "code" in cause ? String(cause.code) : "";
  return failure(true, `${who} could not be reached${code ? ` (${code})` : ""}.`);
}

/** HTTP statuses that may clear by themselves. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}
