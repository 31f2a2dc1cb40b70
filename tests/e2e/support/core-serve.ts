// The browser tests' CAQH CORE eligibility endpoint, as a process of its own
// (a webServer of playwright.config.ts): the integration tests' stand-in
// (tests/support/core-endpoint.ts) on a fixed port, answering the member ids of
// core-eligibility.ts with the library's sample 271s. Any other member id gets
// an envelope error that is not tried again, so the other specs of the server
// pointed here see one failed check on their IVRs and nothing else moves.
import { sample } from "~/.server/eligibility/samples";
import { startCoreEndpoint } from "../../support/core-endpoint";
import { CORE_MEMBER_IDS, CORE_PASSWORD, CORE_PORT, CORE_RECEIVER_ID, CORE_USER } from "./core-eligibility";

const endpoint = await startCoreEndpoint({
  user: CORE_USER,
  password: CORE_PASSWORD,
  receiverId: CORE_RECEIVER_ID,
  port: CORE_PORT,
  answers: {
    [CORE_MEMBER_IDS.active]: { x12: sample("medicare-part-b-with-advantage.271") },
    [CORE_MEMBER_IDS.notRecognised]: { x12: sample("member-id-not-recognised.271") },
    [CORE_MEMBER_IDS.hang]: "hang",
  },
  otherwise: { errorCode: "NoAnswerChosen", errorMessage: "The browser tests chose no answer for this member id.", status: 400 },
});

// Playwright ends a webServer with SIGTERM (or SIGINT); a hanging exchange's connection must not keep the process.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    void endpoint.stop().then(() => process.exit(0));
  });
}
