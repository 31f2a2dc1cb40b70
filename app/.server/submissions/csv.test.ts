import { describe, expect, it } from "vitest";
import { asciiFileName, attachmentDisposition, csvFileName, encodeRfc5987, neutraliseFormula, toCsv } from "./csv";

describe("csv", () => {
  const line = (cells: readonly (string | number | boolean | Date | null | undefined)[]) => toCsv(["x"], [cells]).split("\r\n")[1];

  it("quotes every cell, plain or empty", () => {
    expect(line(["Ada Lee", "ada@clinic.example", 42, null, undefined, "", true])).toBe('"Ada Lee","ada@clinic.example","42","","","","true"');
    expect(line([new Date("2026-11-22T10:00:00Z")])).toBe('"2026-11-22T10:00:00.000Z"');
  });

  it("keeps separators of any spreadsheet inside one cell", () => {
    // A spreadsheet that splits on semicolons made three formula cells of this, unquoted.
    expect(line(["hello;=1+1;@SUM(2+2)"])).toBe('"hello;=1+1;@SUM(2+2)"');
    expect(line(["Lee, Ada", "a\tb", "a|b"])).toBe('"Lee, Ada","a\tb","a|b"');
  });

  it("doubles quotes and keeps line breaks inside the quoted cell, as RFC 4180 says", () => {
    expect(line(['She said "hi"'])).toBe('"She said ""hi"""');
    expect(toCsv(["m"], [["line one\nline two"], ["a\r\nb"]])).toBe('"m"\r\n"line one\nline two"\r\n"a\r\nb"\r\n');
  });

  it("neutralises values a spreadsheet would run as formulas", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(neutraliseFormula(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    }
    expect(line(['=HYPERLINK("http://evil")'])).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(line(["@cmd", "+1 602 555 0142", "\r=1+1", "-2"])).toBe(`"'@cmd","'+1 602 555 0142","'\r=1+1","'-2"`);
    // Only the first character counts.
    expect(line(["a=b", "x-ray"])).toBe('"a=b","x-ray"');
  });

  it("writes a header and rows, each ended by CRLF", () => {
    const text = toCsv(["id", "name", "message"], [
      ["1", "Ada", "Hello, world"],
      ["2", "Bo", "=1+1"],
    ]);
    expect(text).toBe('"id","name","message"\r\n"1","Ada","Hello, world"\r\n"2","Bo","\'=1+1"\r\n');
    expect(toCsv(["a", "b"], [])).toBe('"a","b"\r\n');
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
