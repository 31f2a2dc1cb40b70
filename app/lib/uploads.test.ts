import { describe, expect, it } from "vitest";
import { acceptOf, DOCUMENT, hasAllowedType, IVR_ATTACHMENT, IVR_FILE_RULES, LARGEST_FORM_BODY_BYTES, MEGABYTE, pickedFileProblems, RESUME, uploadProblem } from "./uploads";

describe("upload rules", () => {
  it("builds accept lists of extensions and types", () => {
    expect(acceptOf(RESUME)).toBe(".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(acceptOf(IVR_ATTACHMENT)).toBe(".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png");
  });

  it("matches the extension and the declared type", () => {
    const extensions = RESUME.extensions;
    expect(hasAllowedType({ name: "cv.pdf", type: "application/pdf", size: 1 }, extensions)).toBe(true);
    expect(hasAllowedType({ name: "CV.PDF", type: "application/pdf", size: 1 }, extensions)).toBe(true);
    expect(hasAllowedType({ name: "cv.doc", type: "", size: 1 }, extensions)).toBe(true);
    expect(hasAllowedType({ name: "cv.doc", type: "application/octet-stream", size: 1 }, extensions)).toBe(true);
    expect(hasAllowedType({ name: "cv.pdf", type: "text/html", size: 1 }, extensions)).toBe(false);
    expect(hasAllowedType({ name: "cv.txt", type: "text/plain", size: 1 }, extensions)).toBe(false);
    expect(hasAllowedType({ name: "pdf", type: "application/pdf", size: 1 }, extensions)).toBe(false);
    expect(hasAllowedType({ name: "photo.png", type: "image/png", size: 1 }, extensions)).toBe(false);
    expect(hasAllowedType({ name: "photo.png", type: "image/png", size: 1 }, DOCUMENT.extensions)).toBe(true);
    expect(hasAllowedType({ name: "photo.jpg", type: "image/jpeg", size: 1 }, DOCUMENT.extensions)).toBe(true);
  });

  it("refuses a picked file by its type first, then its size", () => {
    const photo = (size: number, name = "wound.jpg", type = "image/jpeg") => ({ name, type, size });
    expect(uploadProblem(photo(10 * MEGABYTE), IVR_ATTACHMENT)).toBeNull();
    expect(uploadProblem(photo(12 * MEGABYTE), IVR_ATTACHMENT)).toBe(
      '"wound.jpg" is larger than 10 MB: attach a smaller file (a photo saved at a lower resolution, or a scan at 150 dpi).',
    );
    expect(uploadProblem(photo(12 * MEGABYTE, "wound.heic", "image/heic"), IVR_ATTACHMENT)).toBe("Attach a PDF, JPEG or PNG file");
    expect(uploadProblem({ name: "cv.pdf", type: "application/pdf", size: 6 * MEGABYTE }, RESUME)).toBe("Please upload a file smaller than 5MB.");
  });

  it("names the fields whose picked file would be refused, ignoring empty pickers", () => {
    const form = new FormData();
    form.append("cardFront", new File([], ""));
    form.append("clinicalNotes", new File(["%PDF-1.7"], "notes.pdf", { type: "application/pdf" }));
    form.append("woundPhoto", new File([new Uint8Array(11 * MEGABYTE)], "wound.jpg", { type: "image/jpeg" }));
    form.append("cardBack", new File(["x"], "card.heic", { type: "image/heic" }));
    expect(pickedFileProblems(form, IVR_FILE_RULES)).toEqual({
      woundPhoto: IVR_ATTACHMENT.sizeMessage("wound.jpg"),
      cardBack: "Attach a PDF, JPEG or PNG file",
    });
  });

  it("lets the HTTP entry take the largest form: an IVR with four 10 MB attachments", () => {
    expect(LARGEST_FORM_BODY_BYTES).toBeGreaterThan(40 * MEGABYTE);
  });
});
