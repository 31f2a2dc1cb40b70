import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The text of a PDF as pdf.js reads it, for tests (Vitest and Playwright specs
 * alike): every page's text items in order, an item followed by a newline
 * where pdf.js reports the end of a line and by a space otherwise, the pages
 * joined by "\n".
 *
 * pdf.js's legacy build is the one meant for Node. In Node it runs its parser
 * in this thread (its "fake worker"), so no worker is set up here.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js takes over (detaches) the buffer it is given: hand it a copy.
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        text += item.str + (item.hasEOL ? "\n" : " ");
      }
      pages.push(text.replace(/[ \t]+\n/g, "\n").replace(/[ \t]{2,}/g, " ").trim());
      page.cleanup();
    }
    return pages.join("\n");
  } finally {
    await document.destroy();
  }
}
