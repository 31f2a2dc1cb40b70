import { describe, expect, it } from "vitest";
import { parseWith } from "./fields";
import { readIvrForm, ivrSchema } from "./ivr";
import { patientSchema } from "./patient";
import { facilitySchema, providerSchema } from "./practice";
import { ANA_RUIZ, ivrFormData, MAIN_CLINIC, MARGARET_HALE } from "../../../tests/support/factories";

const provider = { ...ANA_RUIZ, credentials: "DPM", specialty: "Podiatry", ptan: "" };

describe("provider and facility", () => {
  it("accepts a valid NPI and refuses a wrong one with a message naming it", () => {
    expect(parseWith(providerSchema, provider).success).toBe(true);
    const bad = parseWith(providerSchema, { ...provider, npi: "1234567890" });
    expect(bad.success ? null : bad.fieldErrors.npi).toBe("NPI 1234567890 is not a valid NPI: its check digit does not match");
  });
  it("checks a facility's group NPI only when given", () => {
    const facility = { ...MAIN_CLINIC, state: "tx", groupNpi: "" };
    const ok = parseWith(facilitySchema, facility);
    expect(ok.success && ok.data.state).toBe("TX");
    const bad = parseWith(facilitySchema, { ...facility, groupNpi: "1234567890" });
    expect(bad.success ? null : bad.fieldErrors.groupNpi).toMatch(/NPI 1234567890/);
  });
});

describe("patient", () => {
  const patient = { ...MARGARET_HALE, phone: "", memberId: "1eg4-te5-mk73" };
  it("stores a Medicare member id as a normalised MBI", () => {
    const ok = parseWith(patientSchema, patient);
    expect(ok.success && ok.data.memberId).toBe("1EG4TE5MK73");
  });
  it("refuses a Medicare member id that is not an MBI, but not a commercial one", () => {
    const bad = parseWith(patientSchema, { ...patient, memberId: "XYZ123456" });
    expect(bad.success ? null : bad.fieldErrors.memberId).toMatch(/MBI/);
    expect(parseWith(patientSchema, { ...patient, payerType: "commercial", memberId: "XYZ123456" }).success).toBe(true);
  });
  it("asks for the rest of a secondary coverage once one part is given", () => {
    const bad = parseWith(patientSchema, { ...patient, secondaryPayerName: "Aetna" });
    expect(bad.success ? null : Object.keys(bad.fieldErrors)).toEqual(["secondaryPayerType", "secondaryMemberId"]);
  });
});

describe("IVR", () => {
  const id = "7f0c2b5e-1c1a-4d7e-9a8b-1234567890ab";
  const form = (overrides: Record<string, string | string[]> = {}) =>
    readIvrForm(
      ivrFormData(
        { patientId: id, providerId: id, facilityId: id },
        {
          lengthCm: "5.3",
          widthCm: "10",
          depthCm: "",
          standardOfCare: ["compression", "debridement"],
          icdPrimary: "i83.012",
          icdSecondary: ["L97.212", ""],
          attestationName: "Dr Ana Ruiz",
          ...overrides,
        },
      ),
    );
  it("reads a complete request", () => {
    const ok = parseWith(ivrSchema, form());
    expect(ok.success).toBe(true);
    if (ok.success) {
      expect(ok.data.icdPrimary).toBe("I83.012");
      expect(ok.data.icdSecondary).toEqual(["L97.212"]);
      expect(ok.data.lengthCm).toBe(5.3);
      expect(ok.data.standardOfCare).toEqual(["compression", "debridement"]);
    }
  });
  it("refuses a date of service in the past and a malformed code, beside their fields", () => {
    const bad = parseWith(ivrSchema, form({ dateOfService: "2020-01-01", standardOfCareStart: "2019-12-01", icdPrimary: "97.4" }));
    expect(bad.success ? null : bad.fieldErrors).toMatchObject({
      dateOfService: "The date of service must be today or later",
      icdPrimary: expect.stringMatching(/not an ICD-10 code/),
    });
  });
  it("needs the attestation", () => {
    const bad = parseWith(ivrSchema, form({ attest: "" }));
    expect(bad.success ? null : bad.fieldErrors.attest).toBe("Confirm the attestation to send the request");
  });
});
