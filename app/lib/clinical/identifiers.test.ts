import { describe, expect, it } from "vitest";
import { isIcd10, isValidMbi, isValidNpi, npiProblem } from "./identifiers";

describe("NPI", () => {
  it("accepts a number whose check digit is the Luhn digit of 80840 and its first nine", () => {
    expect(isValidNpi("1234567893")).toBe(true);
    expect(npiProblem("1234567893")).toBeNull();
  });
  it("refuses a wrong check digit, naming the NPI", () => {
    expect(isValidNpi("1234567890")).toBe(false);
    expect(npiProblem("1234567890")).toBe("NPI 1234567890 is not a valid NPI: its check digit does not match");
  });
  it("refuses other lengths and first digits", () => {
    expect(isValidNpi("123456789")).toBe(false);
    expect(isValidNpi("3234567893")).toBe(false);
    expect(npiProblem("12345")).toMatch(/ten digits/);
  });
});

describe("MBI", () => {
  it("accepts the CMS example with or without dashes, in any case", () => {
    expect(isValidMbi("1EG4-TE5-MK73")).toBe(true);
    expect(isValidMbi("1eg4te5mk73")).toBe(true);
  });
  it("refuses the letters S L O I B Z and wrong shapes", () => {
    expect(isValidMbi("1SG4TE5MK73")).toBe(false);
    expect(isValidMbi("1EG4TE5MK7")).toBe(false);
    expect(isValidMbi("0EG4TE5MK73")).toBe(false);
  });
});

describe("ICD-10 format", () => {
  it.each(["L97.412", "E11.621", "I83.0", "Z99"])("accepts %s", (code) => expect(isIcd10(code)).toBe(true));
  it.each(["97.4", "L9", "L97.41234", "LL7.1"])("refuses %s", (code) => expect(isIcd10(code)).toBe(false));
});
