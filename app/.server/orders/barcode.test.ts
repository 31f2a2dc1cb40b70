import { describe, expect, it } from "vitest";
import { readCode128 } from "../../../tests/support/barcodes";
import { code128Modules, code128Png, CODE128_PIXELS_PER_MODULE, CODE128_QUIET_ZONE_MODULES, isCode128Text } from "./barcode";

const IDENTIFIERS = [
  "TID-A-0001",
  "abc",
  "4186-26-0042-117",
  "DIN.2026/11.a-b",
  "lower.case/with-dashes",
  "1234567890123456",
  // 40 characters, the longest a tissue identifier may be.
  "A1B2C3D4E5F6G7H8I9J0.k/l-m-n-o-p-q-r-s-t",
];

describe("code128Png", () => {
  it("reads back as the same identifier, one Code 128 barcode per image", async () => {
    expect(IDENTIFIERS.at(-1)).toHaveLength(40);
    for (const id of IDENTIFIERS) {
      const results = await readCode128(await code128Png(id));
      expect(results.map((result) => [result.format, result.text]), id).toEqual([["Code128", id]]);
    }
  });

  it("leaves the quiet zone white on either side of the bars", async () => {
    const png = await code128Png("TID-A-0001");
    const [result] = await readCode128(png);
    const quiet = CODE128_QUIET_ZONE_MODULES * CODE128_PIXELS_PER_MODULE;
    // The symbol of "TID-A-0001" is 134 modules wide (its digits packed in pairs).
    expect(code128Modules(png)).toBe(134 + 2 * CODE128_QUIET_ZONE_MODULES);
    expect(result?.position.topLeft.x).toBe(quiet);
    expect(result?.position.topRight.x).toBe(quiet + 134 * CODE128_PIXELS_PER_MODULE - 1);
  });

  it("gives the same bytes for the same identifier", async () => {
    expect(await code128Png("TID-A-0001")).toEqual(await code128Png("TID-A-0001"));
    expect(await code128Png("TID-A-0001")).not.toEqual(await code128Png("TID-A-0002"));
  });

  it("refuses text Code 128 cannot carry, rather than printing a wrong barcode", async () => {
    for (const text of ["", " TID", "TID ", "TID-Ω-1", "TID\t1", "é"]) expect(isCode128Text(text), text).toBe(false);
    for (const text of IDENTIFIERS) expect(isCode128Text(text), text).toBe(true);
    await expect(code128Png("TID-Ω-1")).rejects.toThrow();
  });
});
