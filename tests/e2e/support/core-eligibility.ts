/**
 * The CAQH CORE endpoint of the browser tests (core-serve.ts) and what it
 * answers, shared by playwright.config.ts (which starts it and points the
 * mail-off server at it) and check-eligibility.spec.ts (which makes patients
 * with these member ids).
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);

/** E2E_PORT+6: +1 and +2 are servers of the build, +3 to +5 the replica pair's (see-your-own-change-with-a-lagging-replica.spec.ts). */
export const CORE_PORT = PORT + 6;
export const CORE_URL = `http://127.0.0.1:${CORE_PORT}/core/realtime`;
export const CORE_HEALTH_URL = `http://127.0.0.1:${CORE_PORT}/healthz`;
export const CORE_USER = "e2e-submitter";
export const CORE_PASSWORD = "e2e core password";
export const CORE_SENDER_ID = "E2ESUPPLIER";
export const CORE_RECEIVER_ID = "E2ECLEARING";

/** Member ids the endpoint answers: an active Medicare answer (with Medicare Advantage beside it), the AAA "not recognised" answer, and none at all. */
export const CORE_MEMBER_IDS = {
  active: "1EG4TE5MK81",
  notRecognised: "BMH000000000",
  hang: "SLOWPAYER01",
} as const;
