import { describe, expect, it } from "vitest";
import { asciiFileName, attachmentDisposition, csvField, csvFileName, csvLine, encodeRfc5987, neutraliseFormula, toCsv } from "./csv";

describe("csv", () => {
  it("leaves plain values as they are", () => {
    expect(csvField("Ada Lee")).toBe("Ada Lee");
    expect(csvField("ada@clinic.example")).toBe("ada@clinic.example");
    expect(csvField(42)).toBe("42");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField("")).toBe("");
  });

  it("quotes commas, quotes and line breaks as RFC 4180 says", () => {
    expect(csvField("Lee, Ada")).toBe('"Lee, Ada"');
    expect(csvField('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
  });

  it("neutralises values a spreadsheet would run as formulas", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(neutraliseFormula(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    }
    expect(csvField("=HYPERLINK(\"http://evil\")")).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField("@cmd")).toBe("'@cmd");
    expect(csvField("+1 602 555 0142")).toBe("'+1 602 555 0142");
    expect(csvField("\r=1+1")).toBe(`"'\r=1+1"`);
    // Only the first character counts.
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField("x-ray")).toBe("x-ray");
  });

  it("writes a header and rows, each ended by CRLF", () => {
    const text = toCsv(["id", "name", "message"], [
      ["1", "Ada", "Hello, world"],
      ["2", "Bo", "=1+1"],
    ]);
    expect(text).toBe('id,name,message\r\n1,Ada,"Hello, world"\r\n2,Bo,\'=1+1\r\n');
    expect(toCsv(["a", "b"], [])).toBe("a,b\r\n");
    expect(csvLine(["x", null, new Date("2026-11-22T10:00:00Z")])).toBe("x,,2026-11-22T10:00:00.000Z");
  });

  it("names the export after the kind and the day", () => {
    expect(csvFileName("contact", new Date("2026-11-22T23:59:00Z"))).toBe("contact-2026-11-22.csv");
  });

  it("builds a download header that cannot be broken by the file name", () => {
    expect(asciiFileName("résumé.pdf")).toBe("resume.pdf");
    expect(asciiFileName('a"b\\c\r\n.pdf')).toBe("a_b_c__.pdf");
    expect(asciiFileName("履歴書.pdf")).toBe("___.pdf");
    expect(asciiFileName("..")).toBe("download");
    expect(encodeRfc5987("it's (1)*.pdf")).toBe("it%27s%20%281%29%2A.pdf");
    expect(attachmentDisposition("résumé 2026.pdf")).toBe(
      `attachment; filename="resume 2026.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%202026.pdf`,
    );
  });
});
