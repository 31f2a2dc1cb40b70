import { applicationToasts, type ApplicationDetails } from "~/lib/schemas/application";
import { positionOptions } from "~/lib/schemas/application-fields";
import type { FormToast } from "~/lib/schemas/common";
import { optionLabel } from "~/lib/schemas/fields";
import { KIND_INFO } from "~/lib/submission-kinds";
import { applicationCertifications, applicationExperience, applications } from "~/.server/db/schema";
import { DOCUMENT, RESUME } from "~/lib/uploads";
import { checkFile } from "~/.server/http/file-type";
import type { CheckedFile } from "../store";
import { defineKind, defineList } from "./record";

export type ExperienceRow = typeof applicationExperience.$inferSelect;
export type CertificationRow = typeof applicationCertifications.$inferSelect;

/** One work experience entry as one line of text. */
export function experienceText(e: ExperienceRow): string {
  const role = [e.title, e.company].filter(Boolean).join(" at ") || "Experience";
  const where = e.location ? `, ${e.location}` : "";
  const from = e.startDate ?? "?";
  const to = e.currentRole ? "current" : (e.endDate ?? "?");
  const dates = e.startDate || e.endDate || e.currentRole ? ` (${from} to ${to})` : "";
  const description = e.description ? `: ${e.description}` : "";
  return `${role}${where}${dates}${description}`;
}

/** One certification as one line of text. */
export function certificationText(c: CertificationRow): string {
  const parts = [c.name ?? "Certification"];
  if (c.issuingOrganization) parts.push(`issued by ${c.issuingOrganization}`);
  if (c.issueDate) parts.push(`on ${c.issueDate}`);
  if (c.expirationDate) parts.push(`expires ${c.expirationDate}`);
  if (c.credentialId) parts.push(`credential ${c.credentialId}`);
  return parts.join(", ");
}

const positionLabel = (slug: string | null | undefined) => optionLabel(positionOptions, slug ?? undefined);

export const application = defineKind({
  kind: "application",
  table: applications,
  person: ({ personal: { firstName, lastName, email } }: ApplicationDetails) => ({ firstName, lastName, email }),
  row: ({ personal: p }) => ({
    phone: p.phone,
    address: p.address ?? null,
    city: p.city ?? null,
    state: p.state ?? null,
    zipCode: p.zipCode ?? null,
    positionAppliedFor: p.positionAppliedFor ?? null,
    expectedSalary: p.expectedSalary ?? null,
    availableStartDate: p.availableStartDate ?? null,
  }),
  read: (r) => ({
    phone: r.phone,
    address: r.address,
    city: r.city,
    state: r.state,
    zipCode: r.zipCode,
    position: positionLabel(r.positionAppliedFor),
    expectedSalary: r.expectedSalary,
    availableStartDate: r.availableStartDate,
  }),
  lists: {
    experience: defineList(KIND_INFO.application.lists.experience, {
      table: applicationExperience,
      entries: (details: ApplicationDetails) =>
        details.experience.map((e) => ({
          company: e.company ?? null,
          title: e.position ?? null,
          startDate: e.startDate ?? null,
          endDate: e.endDate ?? null,
          currentRole: e.currentRole,
          description: e.description ?? null,
          location: e.location ?? null,
        })),
      read: (e) => ({
        company: e.company,
        position: e.title,
        location: e.location,
        startDate: e.startDate,
        endDate: e.currentRole ? "Current role" : e.endDate,
        description: e.description,
      }),
      line: experienceText,
      mailTitle: (n) => `Work experience ${n}`,
    }),
    certifications: defineList(KIND_INFO.application.lists.certifications, {
      table: applicationCertifications,
      entries: (details: ApplicationDetails) =>
        details.certifications.map((c) => ({
          name: c.name ?? null,
          issuingOrganization: c.issuingOrganization ?? null,
          issueDate: c.issueDate ?? null,
          expirationDate: c.expirationDate ?? null,
          credentialId: c.credentialId ?? null,
        })),
      read: (c) => ({
        name: c.name,
        issuingOrganization: c.issuingOrganization,
        issueDate: c.issueDate,
        expirationDate: c.expirationDate,
        credentialId: c.credentialId,
      }),
      line: certificationText,
      mailTitle: (n) => `Certification ${n}`,
    }),
  },
  inbox: {
    phone: applications.phone,
    summary: applications.positionAppliedFor,
    summaryText: (position) => `Applying for ${positionLabel(position) ?? position}`,
  },
  mailTo: (env, site) => env.MAIL_TO_APPLICATION ?? site.careersEmail,
  notification: (row, p) => ({
    subject: `Job application from ${p.firstName} ${p.lastName}: ${positionLabel(row.positionAppliedFor) ?? "general application"}`,
    heading: "A candidate applied through the website.",
    title: "Personal information",
  }),
  confirmation: {
    subject: "We received your application",
    what: "job application",
    promise: "We will review it and get back to you within 24 hours.",
  },
});

export type FileRejection = { field: "resume" | "documents"; message: string; toast: FormToast | null };

/**
 * Reads the uploaded files and checks what their bytes are (images are
 * written anew). The browser's name and declared type were already checked;
 * this catches renamed files and documents that act when opened.
 */
export async function checkUploadedFiles(
  resume: File,
  documents: readonly File[],
): Promise<{ ok: true; files: CheckedFile[] } | { ok: false; rejection: FileRejection }> {
  const files: CheckedFile[] = [];
  const checkedResume = await checkFile(resume, RESUME);
  if (!checkedResume.ok) {
    return { ok: false, rejection: { field: "resume", message: checkedResume.message, toast: applicationToasts.invalidFileType } };
  }
  files.push({ role: "resume", fileName: checkedResume.name, contentType: checkedResume.mimeType, data: checkedResume.bytes });
  for (const document of documents) {
    const checked = await checkFile(document, DOCUMENT);
    if (!checked.ok) {
      return {
        ok: false,
        rejection: {
          field: "documents",
          message: checked.message,
          toast: { title: "Invalid file type", description: "Additional documents must be PDF, Word, PNG or JPEG files." },
        },
      };
    }
    files.push({ role: "document", fileName: checked.name, contentType: checked.mimeType, data: checked.bytes });
  }
  return { ok: true, files };
}
