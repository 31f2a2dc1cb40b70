import { describe, expect, it } from "vitest";
import {
  applicationToasts,
  checkDocuments,
  checkResume,
  MAX_FILE_BYTES,
  parseApplicationFormData,
  positionFromSlug,
  positionOptions,
  validateApplication,
  type ApplicationFormValues,
  type FileLike,
} from "./application";

const MB = 1024 * 1024;
const pdf = (size = 200_000, name = "resume.pdf"): FileLike => ({ name, type: "application/pdf", size });
const docx: FileLike = {
  name: "resume.docx",
  type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  size: 50_000,
};

const personal = { firstName: "Ana", lastName: "Reyes", email: "ana.reyes@example.com", phone: "602 555 0110" };

function values(overrides: Partial<ApplicationFormValues<FileLike>> = {}): ApplicationFormValues<FileLike> {
  return { personal: { ...personal }, experience: [], certifications: [], resume: pdf(), documents: [], ...overrides };
}

describe("positions", () => {
  it("lists the four positions with labels, none empty", () => {
    expect(positionOptions.map((o) => o.value)).toEqual([
      "partner-representative",
      "administrative-executive",
      "shipping-receiving",
      "other",
    ]);
    expect(positionOptions.every((o) => o.value && o.label)).toBe(true);
  });

  it("accepts only known slugs from the query", () => {
    expect(positionFromSlug("shipping-receiving")).toBe("shipping-receiving");
    expect(positionFromSlug("ceo")).toBeUndefined();
    expect(positionFromSlug(null)).toBeUndefined();
  });
});

describe("file checks", () => {
  it("checks the resume in the order of the spec", () => {
    expect(checkResume(null)).toBe("missing");
    expect(checkResume({ name: "", type: "", size: 0 })).toBe("missing");
    expect(checkResume({ name: "cv.exe", type: "application/x-msdownload", size: 10 * MB })).toBe("type");
    expect(checkResume(pdf(MAX_FILE_BYTES + 1))).toBe("size");
    expect(checkResume(pdf(MAX_FILE_BYTES))).toBeNull();
    expect(checkResume(docx)).toBeNull();
  });

  it("checks additional documents: count, type and size", () => {
    expect(checkDocuments([])).toBeNull();
    expect(checkDocuments([pdf(), { name: "scan.png", type: "image/png", size: 1000 }])).toBeNull();
    expect(checkDocuments(Array.from({ length: 5 }, () => pdf()))).toBeNull();
    expect(checkDocuments(Array.from({ length: 6 }, () => pdf()))).toBe("Attach up to 5 additional documents.");
    expect(checkDocuments([{ name: "notes.txt", type: "text/plain", size: 10 }])).toBe(
      '"notes.txt" is not a PDF, Word, PNG or JPEG file.',
    );
    expect(checkDocuments([pdf(MAX_FILE_BYTES + 1, "big.pdf")])).toBe(
      '"big.pdf" is larger than 5MB. Each document must be 5MB or smaller.',
    );
  });
});

describe("validateApplication", () => {
  it("accepts the required fields and a resume", () => {
    const result = validateApplication(values());
    expect(result.success).toBe(true);
    if (result.success) {
      expect(result.data.personal).toMatchObject(personal);
      expect(result.data.personal.address).toBeUndefined();
      expect(result.data.resume.name).toBe("resume.pdf");
    }
  });

  it("shows the four toasts in the order of the spec", () => {
    const missing = validateApplication(values({ personal: { ...personal, phone: " " }, resume: null }));
    expect(missing).toMatchObject({ success: false, toast: applicationToasts.missingInformation });
    expect(validateApplication(values({ resume: null }))).toMatchObject({ toast: applicationToasts.resumeRequired });
    expect(validateApplication(values({ resume: { name: "cv.txt", type: "text/plain", size: 9 * MB } }))).toMatchObject({
      toast: applicationToasts.invalidFileType,
    });
    expect(validateApplication(values({ resume: pdf(6 * MB) }))).toMatchObject({ toast: applicationToasts.fileTooLarge });
  });

  it("uses the spec's exact texts", () => {
    expect(applicationToasts).toEqual({
      missingInformation: {
        title: "Missing required information",
        description: "Please fill in all required personal information fields.",
      },
      resumeRequired: { title: "Resume required", description: "Please upload your resume." },
      invalidFileType: { title: "Invalid file type", description: "Please upload a PDF or Word document." },
      fileTooLarge: { title: "File too large", description: "Please upload a file smaller than 5MB." },
    });
  });

  it("names every problem by its control", () => {
    const result = validateApplication(
      values({
        personal: { ...personal, firstName: "", email: "nope", positionAppliedFor: "ceo" },
        experience: [{ company: "c".repeat(201) }],
        certifications: [{}, { credentialId: "x".repeat(201) }],
        resume: null,
        documents: [{ name: "a.exe", type: "", size: 1 }],
      }),
    );
    expect(result).toEqual({
      success: false,
      toast: applicationToasts.missingInformation,
      fieldErrors: {
        firstName: "Enter your first name",
        email: "Enter a valid email address",
        positionAppliedFor: "Choose a position from the list",
        "experience[0].company": "Company must be 200 characters or fewer",
        "certifications[1].credentialId": "Credential ID must be 200 characters or fewer",
        resume: "Please upload your resume.",
        documents: '"a.exe" is not a PDF, Word, PNG or JPEG file.',
      },
    });
  });

  it("has no toast when only other fields are wrong", () => {
    const result = validateApplication(values({ personal: { ...personal, email: "ana@" } }));
    expect(result).toEqual({ success: false, toast: null, fieldErrors: { email: "Enter a valid email address" } });
  });

  it("enforces bounds on personal fields", () => {
    const result = validateApplication(
      values({ personal: { ...personal, lastName: "l".repeat(101), city: "c".repeat(201), phone: "1".repeat(41) } }),
    );
    expect(result).toMatchObject({
      success: false,
      toast: null,
      fieldErrors: {
        lastName: "Last name must be 100 characters or fewer",
        city: "City must be 200 characters or fewer",
        phone: "Phone number must be 40 characters or fewer",
      },
    });
  });

  it("drops blank entries and the end date of a current role", () => {
    const result = validateApplication(
      values({
        experience: [
          { id: "experience-1" },
          { id: "experience-2", company: "Sonoran Wound Care", currentRole: true, endDate: "2024-01-31", startDate: "2021-03-01" },
        ],
        certifications: [{ id: "certification-1", name: " ", issuingOrganization: "" }],
      }),
    );
    expect(result.success).toBe(true);
    if (result.success) {
      expect(result.data.experience).toEqual([
        {
          id: "experience-2",
          company: "Sonoran Wound Care",
          position: undefined,
          startDate: "2021-03-01",
          endDate: undefined,
          currentRole: true,
          description: undefined,
          location: undefined,
        },
      ]);
      expect(result.data.certifications).toEqual([]);
    }
  });

  it("limits the number of entries", () => {
    const many = Array.from({ length: 21 }, () => ({ company: "Clinic" }));
    const result = validateApplication(values({ experience: many }));
    expect(result).toMatchObject({ success: false, fieldErrors: { experience: "Add up to 20 work experience entries" } });
  });
});

describe("parseApplicationFormData", () => {
  function form(): FormData {
    const formData = new FormData();
    for (const [key, value] of Object.entries({ ...personal, address: "1 Main St", positionAppliedFor: "other" })) {
      formData.append(key, value);
    }
    formData.append("website", "");
    formData.append("experience[1].company", "Second Clinic");
    formData.append("experience[0].company", "First Clinic");
    formData.append("experience[0].currentRole", "true");
    formData.append("experience[0].id", "experience-1");
    formData.append("experience[0].unknown", "ignored");
    formData.append("certifications[0].name", "CWS");
    formData.append("certifications[0].credentialId", "12345");
    formData.append("resume", new File(["%PDF-1.7"], "resume.pdf", { type: "application/pdf" }));
    formData.append("documents", new File([""], "", { type: "application/octet-stream" }));
    return formData;
  }

  it("builds personal fields, ordered entries and files", () => {
    const parsed = parseApplicationFormData(form());
    expect(parsed.personal).toEqual({ ...personal, address: "1 Main St", positionAppliedFor: "other" });
    expect(parsed.experience).toEqual([
      { company: "First Clinic", currentRole: true, id: "experience-1" },
      { company: "Second Clinic" },
    ]);
    expect(parsed.certifications).toEqual([{ name: "CWS", credentialId: "12345" }]);
    expect(parsed.resume?.name).toBe("resume.pdf");
    // An empty file input posts a nameless, empty file: that is no document.
    expect(parsed.documents).toEqual([]);
  });

  it("collects several documents and ignores an empty resume input", () => {
    const formData = new FormData();
    formData.append("resume", new File([""], ""));
    formData.append("documents", new File(["a"], "a.pdf", { type: "application/pdf" }));
    formData.append("documents", new File(["b"], "b.png", { type: "image/png" }));
    const parsed = parseApplicationFormData(formData);
    expect(parsed.resume).toBeNull();
    expect(parsed.documents.map((f) => f.name)).toEqual(["a.pdf", "b.png"]);
    expect(parsed.personal).toEqual({});
  });

  it("feeds validateApplication", () => {
    const result = validateApplication(parseApplicationFormData(form()));
    expect(result.success).toBe(true);
    if (result.success) {
      expect(result.data.experience.map((e) => e.company)).toEqual(["First Clinic", "Second Clinic"]);
      expect(result.data.personal.positionAppliedFor).toBe("other");
    }
  });

  it("ignores names outside the scheme", () => {
    const formData = new FormData();
    formData.append("experience[0].__proto__", "x");
    formData.append("experience[x].company", "x");
    formData.append("experience[1234].company", "x");
    formData.append("certifications[0].constructor", "x");
    const parsed = parseApplicationFormData(formData);
    expect(parsed.experience).toEqual([]);
    expect(parsed.certifications).toEqual([]);
  });
});
