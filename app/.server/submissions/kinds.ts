import { bestTimeOptions, experienceOptions, type PartnerCallbackInput } from "~/lib/schemas/partner-callback";
import type { ContactInput } from "~/lib/schemas/contact";
import { roleOptions, type IntakeInput } from "~/lib/schemas/intake";
import { optionLabel } from "~/lib/schemas/common";
import {
  applicationToasts,
  positionOptions,
  type ApplicationDetails,
} from "~/lib/schemas/application";
import type { FormToast } from "~/lib/schemas/common";
import type { Db } from "~/.server/db/client";
import {
  applicationCertifications,
  applicationExperience,
  applications,
  callbacks,
  contactMessages,
  intakes,
} from "~/.server/db/schema";
import { detectFileType, safeFileName } from "~/.server/http/file-type";
import type { FieldLine } from "~/.server/mail/templates";
import { storeSubmission, type CheckedFile } from "./store";

const REPLY_PROMISE = "A member of our team will get back to you within 24 hours.";

type Person = { firstName: string; lastName: string; email: string };

const fullName = (p: Person) => `${p.firstName} ${p.lastName}`;

/** Who sent it: the submission row's person. */
const personOf = ({ firstName, lastName, email }: Person): Person => ({ firstName, lastName, email });

/** The first lines of every notification. */
const personLines = (p: Person): FieldLine[] => [
  { label: "First name", value: p.firstName },
  { label: "Last name", value: p.lastName },
  { label: "Email", value: p.email },
];

export function submitContact(db: Db, input: ContactInput, clientKey?: string | null) {
  return storeSubmission(db, {
    kind: "contact",
    clientKey,
    person: personOf(input),
    insertDetail: async (tx, submissionId) => {
      await tx.insert(contactMessages).values({ submissionId, company: input.company ?? null, message: input.message });
    },
    notification: {
      subject: `Contact message from ${fullName(input)}`,
      heading: "A visitor sent a message through the website's contact form.",
      sections: [
        {
          fields: [
            ...personLines(input),
            { label: "Company", value: input.company },
            { label: "Message", value: input.message },
          ],
        },
      ],
    },
    confirmation: { subject: "We received your message", what: "message", promise: REPLY_PROMISE },
  });
}

export function submitIntake(db: Db, input: IntakeInput, clientKey?: string | null) {
  return storeSubmission(db, {
    kind: "intake",
    clientKey,
    person: personOf(input),
    insertDetail: async (tx, submissionId) => {
      await tx.insert(intakes).values({
        submissionId,
        phone: input.phone,
        organization: input.organization,
        role: input.role,
        query: input.query,
      });
    },
    notification: {
      subject: `Free consultation request from ${fullName(input)}, ${input.organization}`,
      heading: "A provider asked for a free consultation.",
      sections: [
        {
          fields: [
            ...personLines(input),
            { label: "Phone", value: input.phone },
            { label: "Organization", value: input.organization },
            { label: "Role", value: optionLabel(roleOptions, input.role) },
            { label: "Request", value: input.query },
          ],
        },
      ],
    },
    confirmation: {
      subject: "Your free consultation request",
      what: "request for a free 30-minute consultation",
      promise: "Our team will contact you within 24 hours by email or phone to schedule it.",
    },
  });
}

export function submitCallback(db: Db, input: PartnerCallbackInput, clientKey?: string | null) {
  return storeSubmission(db, {
    kind: "callback",
    clientKey,
    person: personOf(input),
    insertDetail: async (tx, submissionId) => {
      await tx.insert(callbacks).values({
        submissionId,
        phone: input.phone,
        currentRole: input.currentRole ?? null,
        experience: input.experience ?? null,
        territory: input.territory ?? null,
        bestTimeToCall: input.bestTimeToCall ?? null,
        additionalInfo: input.additionalInfo ?? null,
      });
    },
    notification: {
      subject: `Partner program callback request from ${fullName(input)}`,
      heading: "A prospective 1099 partner asked for a callback.",
      sections: [
        {
          fields: [
            ...personLines(input),
            { label: "Phone", value: input.phone },
            { label: "Current role", value: input.currentRole },
            { label: "Experience", value: optionLabel(experienceOptions, input.experience) },
            { label: "Territory", value: input.territory },
            { label: "Best time to call", value: optionLabel(bestTimeOptions, input.bestTimeToCall) },
            { label: "Additional information", value: input.additionalInfo },
          ],
        },
      ],
    },
    confirmation: {
      subject: "Your partner program callback request",
      what: "request for a callback about our partner program",
      promise: "Our team will contact you within 24 hours to discuss the opportunity.",
    },
  });
}

const RESUME_TYPES = new Set(["pdf", "doc", "docx"]);
const DOCUMENT_TYPES = new Set(["pdf", "doc", "docx", "png", "jpg"]);

export type FileRejection = { field: "resume" | "documents"; message: string; toast: FormToast | null };

/**
 * Reads the uploaded files and checks what their bytes are. The browser's
 * name and declared type were already checked; this catches renamed files.
 */
export async function checkUploadedFiles(
  resume: File,
  documents: readonly File[],
): Promise<{ ok: true; files: CheckedFile[] } | { ok: false; rejection: FileRejection }> {
  const files: CheckedFile[] = [];
  const resumeBytes = new Uint8Array(await resume.arrayBuffer());
  const resumeType = await detectFileType(resumeBytes);
  if (!resumeType || !RESUME_TYPES.has(resumeType.ext)) {
    return {
      ok: false,
      rejection: { field: "resume", message: applicationToasts.invalidFileType.description, toast: applicationToasts.invalidFileType },
    };
  }
  files.push({ role: "resume", fileName: safeFileName(resume.name, resumeType), contentType: resumeType.mime, data: resumeBytes });
  for (const document of documents) {
    const bytes = new Uint8Array(await document.arrayBuffer());
    const type = await detectFileType(bytes);
    if (!type || !DOCUMENT_TYPES.has(type.ext)) {
      return {
        ok: false,
        rejection: {
          field: "documents",
          message: `"${document.name}" is not a PDF, Word, PNG or JPEG file.`,
          toast: { title: "Invalid file type", description: "Additional documents must be PDF, Word, PNG or JPEG files." },
        },
      };
    }
    files.push({ role: "document", fileName: safeFileName(document.name, type), contentType: type.mime, data: bytes });
  }
  return { ok: true, files };
}

export function submitApplication(db: Db, details: ApplicationDetails, files: CheckedFile[], clientKey?: string | null) {
  const p = details.personal;
  return storeSubmission(db, {
    kind: "application",
    clientKey,
    person: personOf(p),
    files,
    insertDetail: async (tx, submissionId) => {
      await tx.insert(applications).values({
        submissionId,
        phone: p.phone,
        address: p.address ?? null,
        city: p.city ?? null,
        state: p.state ?? null,
        zipCode: p.zipCode ?? null,
        positionAppliedFor: p.positionAppliedFor ?? null,
        expectedSalary: p.expectedSalary ?? null,
        availableStartDate: p.availableStartDate ?? null,
      });
      if (details.experience.length) {
        await tx.insert(applicationExperience).values(
          details.experience.map((e, position) => ({
            submissionId,
            position,
            company: e.company ?? null,
            title: e.position ?? null,
            startDate: e.startDate ?? null,
            endDate: e.endDate ?? null,
            currentRole: e.currentRole,
            description: e.description ?? null,
            location: e.location ?? null,
          })),
        );
      }
      if (details.certifications.length) {
        await tx.insert(applicationCertifications).values(
          details.certifications.map((c, position) => ({
            submissionId,
            position,
            name: c.name ?? null,
            issuingOrganization: c.issuingOrganization ?? null,
            issueDate: c.issueDate ?? null,
            expirationDate: c.expirationDate ?? null,
            credentialId: c.credentialId ?? null,
          })),
        );
      }
    },
    notification: {
      subject: `Job application from ${fullName(p)}: ${optionLabel(positionOptions, p.positionAppliedFor) ?? "general application"}`,
      heading: "A candidate applied through the website.",
      sections: [
        {
          title: "Personal information",
          fields: [
            ...personLines(p),
            { label: "Phone", value: p.phone },
            { label: "Address", value: p.address },
            { label: "City", value: p.city },
            { label: "State", value: p.state },
            { label: "ZIP code", value: p.zipCode },
            { label: "Position", value: optionLabel(positionOptions, p.positionAppliedFor) },
            { label: "Expected salary", value: p.expectedSalary },
            { label: "Available start date", value: p.availableStartDate },
          ],
        },
        ...details.experience.map((e, i) => ({
          title: `Work experience ${i + 1}`,
          fields: [
            { label: "Company", value: e.company },
            { label: "Position", value: e.position },
            { label: "Location", value: e.location },
            { label: "Start date", value: e.startDate },
            { label: "End date", value: e.currentRole ? "Current role" : e.endDate },
            { label: "Description", value: e.description },
          ],
        })),
        ...details.certifications.map((c, i) => ({
          title: `Certification ${i + 1}`,
          fields: [
            { label: "Name", value: c.name },
            { label: "Issuing organization", value: c.issuingOrganization },
            { label: "Issue date", value: c.issueDate },
            { label: "Expiration date", value: c.expirationDate },
            { label: "Credential ID", value: c.credentialId },
          ],
        })),
      ],
    },
    confirmation: {
      subject: "We received your application",
      what: "job application",
      promise: "We will review it and get back to you within 24 hours.",
    },
  });
}
