import { describe, expect, it } from "vitest";
import { brandedHtml, textToHtml } from "./mail";

describe("a practice's branded mail", () => {
  it("shows the text's words escaped, its addresses as links, its paragraphs as paragraphs", () => {
    expect(textToHtml('Hello <b>"you"</b> & co\nline two\n\nSee https://site.example/members/ivrs/1?a=1&b=2 now')).toBe(
      '<p style="margin:0 0 16px">Hello &lt;b&gt;&quot;you&quot;&lt;/b&gt; &amp; co<br>line two</p>\n' +
        '<p style="margin:0 0 16px">See <a href="https://site.example/members/ivrs/1?a=1&amp;b=2">https://site.example/members/ivrs/1?a=1&amp;b=2</a> now</p>',
    );
  });

  it("leaves a sentence's full stop out of a link", () => {
    expect(textToHtml("Open http://site.example/a.")).toBe('<p style="margin:0 0 16px">Open <a href="http://site.example/a">http://site.example/a</a>.</p>');
  });

  it("puts the logo inline by its Content-ID, and the practice's name escaped, on the accent with its text colour", () => {
    const logo = { bytes: new Uint8Array([1, 2, 3]), mimeType: "image/jpeg", width: 300, height: 100 };
    const mail = brandedHtml("IVR-000001 is covered.", { practiceName: "Smith & <Sons>", accentColor: "#ffd700", accentText: "dark", logo });
    expect(mail.html).toContain("Smith &amp; &lt;Sons&gt;");
    expect(mail.html).not.toContain("<Sons>");
    expect(mail.html).toContain('src="cid:practice-logo"');
    expect(mail.html).toContain('width="144"');
    expect(mail.html).toMatch(/background:#ffd700;color:#0f1f2e/);
    expect(mail.attachments).toEqual([{ cid: "practice-logo", filename: "logo.jpg", content: Buffer.from([1, 2, 3]), contentType: "image/jpeg" }]);
    expect(brandedHtml("x", { practiceName: "P", accentColor: null, accentText: null, logo: null }).attachments).toEqual([]);
  });
});
