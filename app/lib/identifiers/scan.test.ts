import { describe, expect, it } from "vitest";
import { isGroupSeparatorKey, isScanError, mergeScans, readScan, type ScanReading, type ScanResult } from ".";

const GS = "\u001d";

function reading(result: ScanResult): ScanReading {
  if (isScanError(result)) throw new Error(`expected a reading, got: ${result.error}`);
  return result;
}

function error(result: ScanResult): string {
  if (!isScanError(result)) throw new Error(`expected an error, got: ${JSON.stringify(result)}`);
  return result.error;
}

describe("GS1 element strings", () => {
  // GS1 DataMatrix Guideline: GTIN, expiry, lot (variable, so GS after it), serial.
  const dataMatrix = `]d201095011010209171719050810ABCD1234${GS}2110`;

  it("reads a GS1 DataMatrix with its symbology identifier and group separator", () => {
    expect(readScan(dataMatrix)).toEqual({
      kind: "gs1",
      tissueId: "10",
      gtin: "09501101020917",
      expiry: "2019-05-08",
      lot: "ABCD1234",
      serial: "10",
      elements: [
        { ai: "01", value: "09501101020917" },
        { ai: "17", value: "190508" },
        { ai: "10", value: "ABCD1234" },
        { ai: "21", value: "10" },
      ],
    });
  });

  it("reads the same data however the scanner typed the group separator, or without symbology identifier", () => {
    const expected = reading(readScan(dataMatrix));
    for (const typed of [
      `01095011010209171719050810ABCD1234${GS}2110`,
      `${GS}01095011010209171719050810ABCD1234${GS}2110\r\n`,
      "]d201095011010209171719050810ABCD1234\u241d2110",
      "]d201095011010209171719050810ABCD1234<GS>2110",
      "(01)09501101020917(17)190508(10)ABCD1234(21)10",
      "]C1(01)09501101020917(17)190508(10)ABCD1234(21)10",
    ])
      expect(readScan(typed), JSON.stringify(typed)).toEqual(expected);
  });

  it("reads the printed form with spaces, as under ICCBBA's GS1-128 carton example", () => {
    // ISBT 128 Standard Technical Specification, Figure 17 (outer packaging).
    expect(readScan("(01) 0 3205000 00400 4 (17) 090930 (10) abc123")).toMatchObject({
      kind: "gs1",
      tissueId: "abc123",
      gtin: "03205000004004",
      expiry: "2009-09-30",
      lot: "abc123",
    });
  });

  it("takes the serial as the unit's identifier, else the lot", () => {
    expect(reading(readScan("(01)09501101530003(17)140704(10)AB-123")).tissueId).toBe("AB-123");
    expect(reading(readScan("(01)09501101530003(10)AB-123(21)TS-0042")).tissueId).toBe("TS-0042");
  });

  it("reads a variable-length element last without a separator (a scanner that types nothing for GS)", () => {
    expect(readScan("01095011010209171719050810ABCD1234")).toMatchObject({ lot: "ABCD1234", expiry: "2019-05-08" });
    // Fixed-length elements need no separator even when one follows: 01 and 17 before 21.
    expect(readScan("0109501101020917172612312100042")).toMatchObject({ serial: "00042", expiry: "2026-12-31" });
  });

  it("refuses a lot that ran into the serial because the scanner sent no separator", () => {
    expect(error(readScan("0109501101020917171905081012345678901234567892112345"))).toBe(
      "The lot number read is 26 characters, more than the 20 GS1 allows: the scanner did not send the separator " +
        "between two fields. Set it to send the group separator (GS), then scan again.",
    );
  });

  it("reads an expiry day of 00 as the month's last day", () => {
    expect(reading(readScan("(01)09501101020917(17)260200(10)X1")).expiry).toBe("2026-02-28");
    expect(reading(readScan("(01)09501101020917(17)280200(10)X1")).expiry).toBe("2028-02-29");
    expect(reading(readScan("(01)09501101020917(17)261100(10)X1")).expiry).toBe("2026-11-30");
  });

  it("refuses an expiry that is not a day", () => {
    expect(error(readScan("(01)09501101020917(17)261345(10)A1"))).toMatch(/^The date 261345 in AI \(17\) is not a real day/);
    expect(error(readScan("(01)09501101020917(17)260230(10)A1"))).toMatch(/^The date 260230 in AI \(17\) is not a real day/);
  });

  it("refuses a GTIN whose check digit is wrong, saying what it should be", () => {
    expect(error(readScan("]d201095011010209181719050810ABCD1234"))).toBe(
      "The GTIN 09501101020918 has a wrong check digit (it should end in 7). Scan it again, or type the tissue identifier printed on the label.",
    );
  });

  it("passes other common AIs through", () => {
    const read = reading(readScan("(01)09501101020917(11)250101(17)270131(240)XYZ-1(7003)2701311200(21)SN-12"));
    expect(read.elements!.map((e) => e.ai)).toEqual(["01", "11", "17", "240", "7003", "21"]);
    expect(read.elements!.find((e) => e.ai === "240")!.value).toBe("XYZ-1");
    expect(read).toMatchObject({ serial: "SN-12", expiry: "2027-01-31" });
  });

  it("refuses data GS1 does not define, and an AI given twice with two values", () => {
    expect(error(readScan("]C1141234"))).toMatch(/^This is not a valid GS1 barcode: it holds a field GS1 does not define/);
    expect(error(readScan("]C101095011010209"))).toBe(
      "This is not a valid GS1 barcode: its data stops part way through a field. Scan it again, or type the tissue identifier printed on the label.",
    );
    expect(error(readScan(`(01)09501101020917(10)A1(10)B2`))).toMatch(/AI \(10\) twice/);
  });

  it("says what to scan next when a barcode holds no serial or lot, and joins the label's two barcodes", () => {
    const first = reading(readScan("]C10109501101020917171905 08"));
    expect(first).toMatchObject({ tissueId: null, gtin: "09501101020917", expiry: "2019-05-08" });
    expect(first.next).toMatch(/scan the label's other barcode/);
    const second = reading(readScan(`]C110ABCD1234${GS}2110`));
    expect(second).toMatchObject({ tissueId: "10", lot: "ABCD1234" });
    expect(mergeScans(first, second)).toEqual(readScan(`]d201095011010209171719050810ABCD1234${GS}2110`));
    expect(mergeScans(second, first)).toMatchObject({ tissueId: "10", gtin: "09501101020917" });
  });

  it("refuses to join barcodes of two labels", () => {
    const a = reading(readScan("(01)09501101020917(10)A1"));
    const b = reading(readScan("(01)09501101530003(21)S1"));
    expect(error(mergeScans(a, b))).toBe("These two barcodes are from different labels: their GTINs differ.");
    expect(error(mergeScans(a, reading(readScan("=G12341765432170"))))).toMatch(/not from one label/);
  });
});

describe("ISBT 128", () => {
  it("reads a donation identification number with type 3 flags (ST-001 Appendix A.2: G1234 17 654321, flags 70)", () => {
    expect(readScan("=G12341765432170")).toEqual({ kind: "isbt128-din", tissueId: "G123417654321", din: "G123417654321" });
  });

  it("reads a DIN whose flags are process control (00), unchecked", () => {
    expect(readScan("=A99992612345600")).toMatchObject({ kind: "isbt128-din", tissueId: "A999926123456" });
    expect(readScan("]C0=A99992612345607")).toMatchObject({ tissueId: "A999926123456" });
  });

  it("refuses type 3 flags that do not match the DIN", () => {
    expect(error(readScan("=G12341765432171"))).toBe(
      "This ISBT 128 barcode is not valid: the check characters 71 do not match donation number G1234 17 654321 " +
        "(they should be 70). Scan it again, or type the donation identification number with its check character.",
    );
  });

  it("reads a DIN typed with its check character, spaced as printed or not", () => {
    // ST-001 Appendix A.1: K of G1234 17 654321 is A; UK Red Book Annex 2: K of G123 498 654 321 is H.
    for (const typed of ["G1234 17 654321 A", "G123417654321A", "g1234 17 654321 a", "G123 498 654 321 H"])
      expect(reading(readScan(typed)).kind, typed).toBe("isbt128-din");
    expect(reading(readScan("G123 498 654 321 H")).tissueId).toBe("G123498654321");
  });

  it("refuses a typed DIN whose check character is wrong, saying what it should be", () => {
    expect(error(readScan("G1234 17 654321 B"))).toBe(
      "The check character B does not match donation number G1234 17 654321: it should be A. " +
        "Check the number and its boxed character on the label, and type them again.",
    );
    expect(error(readScan("G123498654321A"))).toMatch(/it should be H/);
  });

  it("reads a product code, with its expiry when the scanner concatenates them, and asks for the DIN", () => {
    // ST-001 §2.4.3's example product code S12954A0; &> is expiry date and time, day 165 of 2026.
    expect(readScan("=<S12954A0&>0261652359")).toEqual({
      kind: "isbt128-product",
      tissueId: null,
      productCode: "S12954A0",
      expiry: "2026-06-14",
      next: "Now scan the donation identification number (DIN) barcode of the same label.",
    });
  });

  it("reads a DIN concatenated with a tissue product code, and joins the two when scanned apart", () => {
    expect(readScan("=G12341765432170=<T1234001")).toEqual({
      kind: "isbt128-din",
      tissueId: "G123417654321",
      din: "G123417654321",
      productCode: "T1234001",
    });
    const product = reading(readScan("=<T1234001"));
    expect(mergeScans(product, reading(readScan("=G12341765432170")))).toEqual(readScan("=G12341765432170=<T1234001"));
  });

  it("reads the expiry month and the MPHO lot number", () => {
    expect(readScan("=G12341765432170=]202702&,1LOT000000000012345")).toMatchObject({
      expiry: "2027-02-28",
      lot: "LOT000000000012345",
    });
  });

  it("refuses what is cut short, malformed or not read here", () => {
    expect(error(readScan("=G1234176543"))).toMatch(/donation identification number is cut short/);
    expect(error(readScan("=<s12954A0"))).toMatch(/product code s12954A0 is not one/);
    expect(error(readScan("=<S12954A0&>0263672359"))).toMatch(/expiration date is not a real day/);
    expect(error(readScan("=@123"))).toMatch(/^This ISBT 128 barcode holds data this form does not read \(=@\)/);
    expect(error(readScan("&>0261652359"))).toMatch(/holds no donation number or product code/);
  });
});

describe("plain tissue identifiers", () => {
  it("takes what staff record when shipping, trimmed of a scanner's Enter", () => {
    expect(readScan("DL-24-0001-A")).toEqual({ kind: "plain", tissueId: "DL-24-0001-A" });
    expect(readScan("  CDR-26-1101-A\r\n")).toEqual({ kind: "plain", tissueId: "CDR-26-1101-A" });
    // A number with the shape of a GTIN key but a wrong check digit, or of a DIN without check character, stays plain.
    expect(readScan("0109501101020918")).toEqual({ kind: "plain", tissueId: "0109501101020918" });
    expect(readScan("G123417654321")).toEqual({ kind: "plain", tissueId: "G123417654321" });
  });

  it("refuses what is none of the above, and asks for something when empty", () => {
    expect(error(readScan("ab"))).toBe(
      "“ab” is not a tissue identifier we can read. A tissue identifier is 3 to 40 letters, digits, dots, slashes or dashes, or a GS1 or ISBT 128 barcode.",
    );
    expect(error(readScan("   "))).toBe("Scan the label's barcode or type its tissue identifier");
    expect(error(readScan("+A99912345/$$52001510X3"))).toMatch(/^This is a HIBC barcode/);
  });
});

describe("the group separator key", () => {
  const key = (over: Partial<Parameters<typeof isGroupSeparatorKey>[0]>) => ({
    key: "]",
    code: "BracketRight",
    ctrlKey: true,
    altKey: false,
    metaKey: false,
    ...over,
  });
  it("is Ctrl and the key right of P, whatever the layout types there", () => {
    expect(isGroupSeparatorKey(key({}))).toBe(true);
    expect(isGroupSeparatorKey(key({ key: "+" }))).toBe(true);
    expect(isGroupSeparatorKey(key({ ctrlKey: false }))).toBe(false);
    expect(isGroupSeparatorKey(key({ key: "a", code: "KeyA" }))).toBe(false);
  });
});
