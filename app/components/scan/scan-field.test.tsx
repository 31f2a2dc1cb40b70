import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ScanField } from "./scan-field";

/** The field as the server sends it, which is all a browser without JavaScript has. */
const html = (field: React.ReactElement) => renderToStaticMarkup(field);

describe("ScanField as sent by the server", () => {
  it("is a plain labelled text field, without the camera button, with an empty line for what is read", () => {
    const page = html(<ScanField name="tissueId" label="Tissue identifier" />);
    expect(page).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Tissue identifier<\/label>/);
    const id = /for="([^"]+)"/.exec(page)![1]!;
    expect(page).toMatch(new RegExp(`<input[^>]*id="${id}"[^>]*name="tissueId"`));
    expect(page).not.toContain("camera");
    const line = /<p id="([^"]+)" aria-live="polite"[^>]*><\/p>/.exec(page);
    expect(line).not.toBeNull();
    expect(page).toContain(`aria-describedby="${line![1]}"`);
  });

  it("says what the sent text reads as, beside the server's message about it", () => {
    const page = html(<ScanField name="tissueId" label="Tissue identifier" defaultValue="(01)09501101020917(17)260630(10)ABC123(21)10" error="No graft with this serial number was shipped to your practice." />);
    expect(page).toContain('value="(01)09501101020917(17)260630(10)ABC123(21)10"');
    expect(page).toContain("GS1: GTIN 09501101020917 · lot ABC123 · expires 2026-06-30 · serial 10");
    expect(page).toContain("No graft with this serial number was shipped to your practice.");
    expect(page).toContain('aria-invalid="true"');
  });

  it("does not repeat, under the server's message, why the sent text cannot be read", () => {
    const page = html(<ScanField name="tissueId" label="Tissue identifier" defaultValue="+A99912345" error="This is a HIBC barcode." />);
    expect(page.match(/HIBC/g)).toHaveLength(1);
    expect(html(<ScanField name="tissueId" label="Tissue identifier" defaultValue="+A99912345" />)).toContain("This is a HIBC barcode, which this form does not read");
  });
});
