import { describe, expect, it } from "vitest";
import { parseWith } from "./fields";
import { readIvrForm, ivrSchema } from "./ivr";
import { patientSchema } from "./patient";
import { facilitySchema, providerSchema } from "./practice";

const provider = { firstName: "Ana", lastName: "Ruiz", credentials: "DPM", specialty: "Podiatry", npi: "1234567893", ptan: "" };

describe("provider and facility", () => {
  it("accepts a valid NPI and refuses a wrong one with a message naming it", () => {
    expect(parseWith(providerSchema, provider).success).toBe(true);
    const bad = parseWith(providerSchema, { ...provider, npi: "1234567890" });
    expect(bad.success ? null : bad.fieldErrors.npi).toBe("NPI 1234567890 is not a valid NPI: its check digit does not match");
  });
  it("checks a facility's group NPI only when given", () => {
    const facility = {
      name: "Main clinic",
      addressLine1: "1 Main St",
      city: "Austin",
      state: "tx",
      zip: "78701",
      phone: "512 555 0100",
      groupNpi: "",
      placeOfService: "11",
    };
    const ok = parseWith(facilitySchema, facility);
    expect(ok.success && ok.data.state).toBe("TX");
    const bad = parseWith(facilitySchema, { ...facility, groupNpi: "1234567890" });
    expect(bad.success ? null : bad.fieldErrors.groupNpi).toMatch(/NPI 1234567890/);
  });
});

describe("patient", () => {
  const patient = {
    firstName: "Margaret",
    lastName: "Hale",
    birthDate: "1948-03-02",
    sex: "female",
    addressLine1: "5 Elm St",
    city: "Austin",
    state: "TX",
    zip: "78701",
    phone: "",
    payerName: "Medicare Part B",
    payerType: "medicare",
    memberId: "1eg4-te5-mk73",
  };
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
  function form(overrides: Record<string, string | string[]> = {}) {
    const fd = new FormData();
    const values: Record<string, string | string[]> = {
      requestType: "new-wound",
      patientId: id,
      providerId: id,
      facilityId: id,
      placeOfService: "11",
      dateOfService: "2099-01-10",
      woundType: "venous-leg-ulcer",
      woundLocation: "leg",
      laterality: "left",
      lengthCm: "5.3",
      widthCm: "10",
      depthCm: "",
      durationWeeks: "6",
      standardOfCareStart: "2098-11-01",
      standardOfCare: ["compression", "debridement"],
      icdPrimary: "i83.012",
      icdSecondary: ["L97.212", ""],
      productSlug: "membrane-wrap",
      plannedApplications: "4",
      attestationName: "Dr Ana Ruiz",
      attest: "on",
      ...overrides,
    };
    for (const [k, v] of Object.entries(values)) for (const one of [v].flat()) fd.append(k, one);
    return readIvrForm(fd);
  }
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
