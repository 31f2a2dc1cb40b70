import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCoreEndpoint, type CoreEndpoint } from "../../../tests/support/core-endpoint";
import { CORE_REQUEST_FIELDS, coreConnector, coreErrorRetryable, type CoreConfig } from "./core";
import { medicareInquiry, sample } from "./samples";

/** A port nothing listens on: one just given up. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const inquiry = medicareInquiry;

describe("the CORE connector against a CORE endpoint", () => {
  let endpoint: CoreEndpoint;
  let config: CoreConfig;

  beforeAll(async () => {
    endpoint = await startCoreEndpoint({
      user: "cardinal",
      password: "s3cret-pass",
      receiverId: "CLEARHOUSE",
      answers: {
        "1EG4TE5MK73": { x12: sample("medicare-part-b-with-advantage.271") },
        BMH000000000: { x12: sample("member-id-not-recognised.271") },
        SLOWPAYER01: "hang",
        BUSYPAYER01: { errorCode: "Receiver.ServerBusy", errorMessage: "Try again later", status: 200 },
        BADREQUEST1: { errorCode: "ProcessingModeIllegal", errorMessage: "Batch is not accepted here", status: 400 },
        GATEWAY5020: { status: 502, text: "Bad gateway" },
        NOTX12AT001: { x12: "<html>maintenance</html>" },
      },
    });
    config = { url: endpoint.url, user: "cardinal", password: "s3cret-pass", senderId: "CARDINALBIO", receiverId: "CLEARHOUSE", timeoutMs: 5000 };
  });
  afterAll(() => endpoint.stop());

  it("sends the 270 in the rule's envelope and gets the Medicare 271 summarised", async () => {
    const outcome = await coreConnector(config).check(inquiry("1EG4TE5MK73"));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    // The endpoint sends the payload as a form field, whose line ends multipart encoding makes CR LF.
    expect(outcome.raw271.replace(/\r\n/g, "\n")).toBe(sample("medicare-part-b-with-advantage.271"));
    expect(outcome.summary.coverage).toBe("active");
    expect(outcome.summary.insurance.label).toBe("Medicare Part A and Part B");
    expect(outcome.summary.otherCoverages.map((c) => c.kind)).toEqual(["medicare-advantage", "medicare-part-d"]);

    const exchange = endpoint.exchanges.at(-1)!;
    expect(exchange).toMatchObject({ status: 200, errorCode: "Success" });
    expect(Object.keys(exchange.fields).sort()).toEqual([...CORE_REQUEST_FIELDS].sort());
    expect(exchange.fields).toMatchObject({
      PayloadType: "X12_270_Request_005010X279A1",
      ProcessingMode: "RealTime",
      SenderID: "CARDINALBIO",
      ReceiverID: "CLEARHOUSE",
      CORERuleVersion: "2.2.0",
    });
    expect(exchange.fields.PayloadID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(Date.now() - Date.parse(exchange.fields.TimeStamp!)).toBeLessThan(60_000);
    expect(exchange.inquiry?.inquiry).toMatchObject({ payer: { id: "CMS" }, subscriber: { memberId: "1EG4TE5MK73", lastName: "HOLLOWAY" }, dateOfService: "2025-11-05" });
  });

  it("brings back a rejected inquiry as an answer with the actionable message", async () => {
    const outcome = await coreConnector(config).check(inquiry("BMH000000000"));
    expect(outcome.ok && outcome.summary.rejections.map((r) => r.message)).toEqual(["The payer does not recognise member id BMH000000000: check the card."]);
  });

  it("gives up on a payer that never answers after the timeout, as a failure to retry", async () => {
    const outcome = await coreConnector({ ...config, timeoutMs: 400 }).check(inquiry("SLOWPAYER01"));
    expect(outcome).toEqual({ ok: false, retryable: true, reason: "The clearinghouse did not answer within 0.4 seconds." });
    expect(endpoint.exchanges.at(-1)).toMatchObject({ status: 0, inquiry: { inquiry: { subscriber: { memberId: "SLOWPAYER01" } } } });
  });

  it("stops when the caller stops it", async () => {
    const controller = new AbortController();
    const pending = coreConnector(config).check(inquiry("SLOWPAYER01"), { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await pending).toEqual({ ok: false, retryable: true, reason: "The check was stopped before an answer came." });
  });

  it("retries an ErrorCode that may clear, and not one that names a fault of the request", async () => {
    expect(await coreConnector(config).check(inquiry("BUSYPAYER01"))).toEqual({
      ok: false,
      retryable: true,
      reason: "The clearinghouse answered Receiver.ServerBusy: Try again later.",
    });
    expect(await coreConnector(config).check(inquiry("BADREQUEST1"))).toEqual({
      ok: false,
      retryable: false,
      reason: "The clearinghouse answered HTTP 400 (ProcessingModeIllegal: Batch is not accepted here).",
    });
  });

  it("retries a gateway failure (5xx without an envelope)", async () => {
    expect(await coreConnector(config).check(inquiry("GATEWAY5020"))).toEqual({ ok: false, retryable: true, reason: "The clearinghouse answered HTTP 502." });
  });

  it("does not retry wrong credentials, and says which settings to check", async () => {
    const outcome = await coreConnector({ ...config, password: "wrong" }).check(inquiry("1EG4TE5MK73"));
    expect(outcome).toEqual({
      ok: false,
      retryable: false,
      reason:
        "The clearinghouse refused the credentials (HTTP 401 (UnAuthorized: The user name or password is not authorised.)): check ELIGIBILITY_CORE_USER and ELIGIBILITY_CORE_PASSWORD.",
    });
    expect(endpoint.exchanges.at(-1)).toMatchObject({ status: 401, errorCode: "UnAuthorized" });
  });

  it("is refused by the endpoint when the ReceiverID is not its own", async () => {
    const outcome = await coreConnector({ ...config, receiverId: "SOMEONEELSE" }).check(inquiry("1EG4TE5MK73"));
    expect(outcome).toMatchObject({ ok: false, retryable: false });
    expect(endpoint.exchanges.at(-1)).toMatchObject({ status: 400, errorCode: "ReceiverIDIllegal" });
  });

  it("fails, without retrying, when the payload is not a 271", async () => {
    expect(await coreConnector(config).check(inquiry("NOTX12AT001"))).toEqual({
      ok: false,
      retryable: false,
      reason: "The clearinghouse's answer is not a readable 271: This is not an X12 interchange: it does not start with ISA.",
    });
  });

  it("fails, to retry, when nothing listens", async () => {
    const outcome = await coreConnector({ ...config, url: `http://127.0.0.1:${await closedPort()}/core` }).check(inquiry("1EG4TE5MK73"));
    expect(outcome).toEqual({ ok: false, retryable: true, reason: "The clearinghouse could not be reached (ECONNREFUSED)." });
  });

  it("fails before sending when the inquiry lacks what a payer needs", async () => {
    const before = endpoint.exchanges.length;
    const outcome = await coreConnector(config).check({ ...inquiry("1EG4TE5MK73"), dateOfService: "" });
    expect(outcome).toEqual({ ok: false, retryable: false, reason: "The date of service must be a date (YYYY-MM-DD)." });
    expect(endpoint.exchanges).toHaveLength(before);
  });
});

describe("coreErrorRetryable", () => {
  it.each([
    ["PayloadIDRequired", false],
    ["TimeStampIllegal", false],
    ["VersionMismatch", false],
    ["UnAuthorized", false],
    ["PayloadTypeNotSupported", false],
    ["Receiver.ServerBusy", true],
    ["ServerError", true],
  ])("%s: retry %s", (code, retryable) => {
    expect(coreErrorRetryable(code)).toBe(retryable);
  });
});
