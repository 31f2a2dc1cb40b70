import { describe, expect, it } from "vitest";
import { readScan } from "~/lib/identifiers";
import { describeReading } from "./describe-reading";

const GS = "\u001d";

describe("the line under a scan field", () => {
  it("names a GS1 label's values in the order printed", () => {
    expect(describeReading(readScan(`]d201095011010209171726063010ABC123${GS}2110`))).toEqual({
      error: false,
      text: "GS1: GTIN 09501101020917 · lot ABC123 · expires 2026-06-30 · serial 10",
    });
  });

  it("says which barcode to scan next when a GS1 barcode holds no serial or lot", () => {
    expect(describeReading(readScan("0109501101020917"))).toEqual({
      error: false,
      text: "GS1: GTIN 09501101020917",
      next: "This barcode does not hold the graft's serial or lot number: scan the label's other barcode, or type the tissue identifier printed on it.",
    });
  });

  it("shows an ISBT 128 DIN spaced as printed, with the product code scanned with it", () => {
    expect(describeReading(readScan("=G12341765432170"))).toEqual({ error: false, text: "ISBT 128: DIN G1234 17 654321" });
    expect(describeReading(readScan("=G12341765432170=<T1234001"))).toEqual({
      error: false,
      text: "ISBT 128: DIN G1234 17 654321 · product code T1234001",
    });
  });

  it("asks for the DIN after an ISBT 128 product code", () => {
    expect(describeReading(readScan("=<S12954A0&>0261652359"))).toEqual({
      error: false,
      text: "ISBT 128: product code S12954A0 · expires 2026-06-14",
      next: "Now scan the donation identification number (DIN) barcode of the same label.",
    });
  });

  it("shows a typed tissue identifier as it is", () => {
    expect(describeReading(readScan("TS-0042"))).toEqual({ error: false, text: "Tissue identifier: TS-0042" });
  });

  it("gives readScan's message for what cannot be read", () => {
    const result = readScan("+A99912345");
    expect("error" in result).toBe(true);
    expect(describeReading(result)).toEqual({ error: true, text: "error" in result ? result.error : "" });
    expect(describeReading(readScan("a b"))).toMatchObject({ error: true, text: expect.stringMatching(/^“a b” is not a tissue identifier/) });
  });
});
