import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStediEndpoint, type StediEndpoint } from "../../../tests/support/stedi-endpoint";
import type { EligibilityInquiry } from "./inquiry";
import { dependentChildInquiry, sample } from "./samples";
import { stediConnector, type StediConfig } from "./stedi";

const child = dependentChildInquiry;

const withMember = (memberId: string): EligibilityInquiry => ({ ...child, dependent: undefined, subscriber: { ...child.subscriber, memberId, dateOfBirth: "1983-02-19", sex: "U" } });

describe("the Stedi connector against a local stand-in", () => {
  let endpoint: StediEndpoint;
  let config: StediConfig;

  beforeAll(async () => {
    endpoint = await startStediEndpoint({
      apiKey: "test-key-0001",
      answers: {
        VFH20931177: { status: 200, json: { benefitsInformation: [{ code: "1" }], errors: [], x12: sample("dependent-child.271") } },
        BMH000000000: {
          status: 400,
          json: { errors: [{ code: "72", description: "Invalid/Missing Subscriber/Insured ID", field: "AAA" }], x12: sample("member-id-not-recognised.271") },
        },
        NO271AAA0001: { status: 400, json: { errors: [{ code: "73", description: "Invalid/Missing Subscriber/Insured Name", field: "AAA", followupAction: "Please Correct and Resubmit" }] } },
        NO271AAA0042: { status: 200, json: { errors: [{ code: "42", description: "Unable to Respond at Current Time", field: "AAA" }] } },
        THROTTLED001: { status: 429, json: { message: "Too many requests" } },
        GATEWAY50401: { status: 504, text: "<html>Gateway timeout</html>" },
        SLOW00000001: "hang",
      },
    });
    config = { url: endpoint.url, apiKey: "test-key-0001", timeoutMs: 5000 };
  });
  afterAll(() => endpoint.stop());

  it("sends the v3 JSON request and summarises the 271 Stedi returns in x12", async () => {
    const outcome = await stediConnector(config).check(child);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.raw271).toBe(sample("dependent-child.271"));
    expect(outcome.summary.patient?.role).toBe("dependent");
    expect(outcome.summary.otherCoverages.map((c) => c.kind)).toEqual(["medicaid-managed-care"]);

    const sent = endpoint.requests.at(-1)!;
    expect(sent.controlNumber).toMatch(/^\d{9}$/);
    expect({ ...sent, controlNumber: "x" }).toEqual({
      controlNumber: "x",
      tradingPartnerServiceId: "44871",
      tradingPartnerName: "Valley Family Health Plan",
      provider: { npi: "1457389264", firstName: "Adaeze", lastName: "Okafor" },
      subscriber: { firstName: "Ellen", lastName: "Nakamura", memberId: "VFH20931177", groupNumber: "778120" },
      dependents: [{ firstName: "Kenji", lastName: "Nakamura", dateOfBirth: "20110830", gender: "M", individualRelationshipCode: "19" }],
      encounter: { dateOfService: "20251106", serviceTypeCodes: ["30", "2", "98"] },
    });
  });

  it("leaves out a sex Stedi does not take, and sends the default service types when none are given", async () => {
    await stediConnector(config).check({ ...withMember("THROTTLED001"), serviceTypes: undefined });
    const sent = endpoint.requests.at(-1)! as { subscriber: Record<string, unknown>; encounter: { serviceTypeCodes: string[] } };
    expect(sent.subscriber).toEqual({ firstName: "Ellen", lastName: "Nakamura", memberId: "THROTTLED001", groupNumber: "778120", dateOfBirth: "19830219" });
    expect(sent.encounter.serviceTypeCodes).toEqual(["30", "2", "98", "93", "94", "AG", "42", "45"]);
  });

  it("brings back an AAA rejection (HTTP 400 with the 271) as an answer", async () => {
    const outcome = await stediConnector(config).check(withMember("BMH000000000"));
    expect(outcome.ok && outcome.summary.rejections.map((r) => r.message)).toEqual(["The payer does not recognise member id BMH000000000: check the card."]);
  });

  it("puts AAA errors that came without a 271 into the same words, retrying only what may clear", async () => {
    expect(await stediConnector(config).check(withMember("NO271AAA0001"))).toEqual({
      ok: false,
      retryable: false,
      reason: "The payer does not recognise the name: enter it exactly as printed on the card.",
    });
    expect(await stediConnector(config).check(withMember("NO271AAA0042"))).toEqual({
      ok: false,
      retryable: true,
      reason: "The payer cannot answer right now: the check will be tried again later.",
    });
  });

  it("retries throttling and gateway failures", async () => {
    expect(await stediConnector(config).check(withMember("THROTTLED001"))).toEqual({ ok: false, retryable: true, reason: "Stedi answered HTTP 429: Too many requests." });
    expect(await stediConnector(config).check(withMember("GATEWAY50401"))).toEqual({ ok: false, retryable: true, reason: "Stedi answered HTTP 504." });
  });

  it("does not retry a refused key", async () => {
    expect(await stediConnector({ ...config, apiKey: "wrong" }).check(child)).toEqual({
      ok: false,
      retryable: false,
      reason: "Stedi refused the API key (HTTP 403): check ELIGIBILITY_STEDI_KEY.",
    });
  });

  it("gives up after the timeout, as a failure to retry", async () => {
    expect(await stediConnector({ ...config, timeoutMs: 300 }).check(withMember("SLOW00000001"))).toEqual({
      ok: false,
      retryable: true,
      reason: "Stedi did not answer within 0.3 seconds.",
    });
  });
});
