import { describe, expect, it } from "vitest";
import { parseEnv } from "~/.server/env";
import { eligibilityChecksOff, eligibilityConnector } from "./connectors";

const core = {
  ELIGIBILITY_CONNECTOR: "core",
  ELIGIBILITY_CORE_URL: "https://clearinghouse.example/core/realtime",
  ELIGIBILITY_CORE_USER: "cardinal",
  ELIGIBILITY_CORE_PASSWORD: "s3cret",
  ELIGIBILITY_SENDER_ID: "CARDINALBIO",
  ELIGIBILITY_RECEIVER_ID: "CLEARHOUSE",
};

describe("choosing the connector from the environment", () => {
  it("has no connector and says checks are off when ELIGIBILITY_CONNECTOR is unset or empty", () => {
    for (const source of [{}, { ELIGIBILITY_CONNECTOR: "" }]) {
      const e = parseEnv(source);
      expect(eligibilityConnector(e)).toBeNull();
      expect(eligibilityChecksOff(e)).toBe(true);
    }
  });

  it("chooses the CORE connector with its settings", () => {
    const e = parseEnv(core);
    expect(eligibilityConnector(e)?.name).toBe("core");
    expect(eligibilityChecksOff(e)).toBe(false);
    expect(e.ELIGIBILITY_TIMEOUT_SECONDS).toBe(30);
  });

  it("chooses Stedi with its key, on Stedi's address unless another is set", () => {
    expect(eligibilityConnector(parseEnv({ ELIGIBILITY_CONNECTOR: "stedi", ELIGIBILITY_STEDI_KEY: "key" }))?.name).toBe("stedi");
  });

  it("stops the start naming each setting a chosen connector lacks", () => {
    expect(() => parseEnv({ ELIGIBILITY_CONNECTOR: "core", ELIGIBILITY_CORE_URL: core.ELIGIBILITY_CORE_URL })).toThrow(
      "Invalid environment: ELIGIBILITY_CORE_USER: required when ELIGIBILITY_CONNECTOR is core; ELIGIBILITY_CORE_PASSWORD: required when ELIGIBILITY_CONNECTOR is core; ELIGIBILITY_SENDER_ID: required when ELIGIBILITY_CONNECTOR is core; ELIGIBILITY_RECEIVER_ID: required when ELIGIBILITY_CONNECTOR is core",
    );
    expect(() => parseEnv({ ELIGIBILITY_CONNECTOR: "stedi" })).toThrow("ELIGIBILITY_STEDI_KEY: required when ELIGIBILITY_CONNECTOR is stedi");
  });

  it("refuses an unknown connector, a sender id too long for the ISA and a timeout out of range", () => {
    expect(() => parseEnv({ ELIGIBILITY_CONNECTOR: "soap" })).toThrow("ELIGIBILITY_CONNECTOR");
    expect(() => parseEnv({ ...core, ELIGIBILITY_SENDER_ID: "A-SENDER-ID-LONGER-THAN-15" })).toThrow("ELIGIBILITY_SENDER_ID");
    expect(() => parseEnv({ ...core, ELIGIBILITY_TIMEOUT_SECONDS: "0" })).toThrow("ELIGIBILITY_TIMEOUT_SECONDS");
  });
});
