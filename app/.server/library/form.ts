import type { Actor } from "~/.server/audit";
import { getDb } from "~/.server/db/client";
import { checkFile } from "~/.server/http/file-type";
import { redirectWithFlash } from "~/.server/http/flash";
import type { FormInput } from "~/.server/http/form-action";
import type { FormReadOptions } from "~/.server/http/form-body";
import { educationSchema, libraryReplaceSchema, libraryUploadSchema } from "~/lib/schemas/library";
import { LIBRARY_FILE, LIBRARY_FORM_BODY_BYTES, MEGABYTE } from "~/lib/uploads";
import { addEducationResource, replaceVersion, setDocumentRetired, setEducationRetired, uploadDocument, type LibraryFile } from "./library";

/** How /admin/library reads its forms: one file of at most LIBRARY_FILE.maxBytes and a few text fields. */
export const LIBRARY_FORM_READ: FormReadOptions = {
  maxBytes: LIBRARY_FORM_BODY_BYTES,
  multipart: {
    fields: 20,
    files: 1,
    fieldBytes: 10_000,
    fileBytes: LIBRARY_FILE.maxBytes,
    fileTooLarge: (field, fileName) => ({ fieldErrors: { [field]: LIBRARY_FILE.sizeMessage(fileName) } }),
    tooManyFiles: () => ({ fieldErrors: { file: "Upload one file." } }),
    bodyTooLarge: { fieldErrors: { file: `The file is larger than ${LIBRARY_FILE.maxBytes / MEGABYTE} MB: upload a smaller one.` } },
  },
};

/** The picked file checked like every upload (by its bytes), or its message; `required` says whether none is a message. */
async function pickedFile(formData: FormData, required: boolean): Promise<{ file?: LibraryFile; errors: Record<string, string> }> {
  const value = formData.get("file");
  const picked = value instanceof File && !(value.size === 0 && value.name === "") ? value : null;
  if (!picked) return { errors: required ? { file: "Choose the file: a PDF or a Word (.docx) file" } : {} };
  if (picked.size === 0) return { errors: { file: "The file is empty" } };
  const checked = await checkFile(picked, LIBRARY_FILE);
  return checked.ok ? { file: { name: checked.name, mimeType: checked.mimeType, bytes: checked.bytes }, errors: {} } : { errors: { file: checked.message } };
}

const idOf = (values: Record<string, string>, name: string) => (/^[0-9a-f-]{36}$/i.test(values[name] ?? "") ? values[name]! : "00000000-0000-0000-0000-000000000000");

/** The console page's intents: upload, a new version, retire and restore; an education resource added, retired, restored. */
export function libraryIntents({ actor, page }: { actor: Actor; page: string }) {
  const db = () => getDb();
  return {
    upload: async ({ formData, parse }: FormInput) => {
      const { file, errors } = await pickedFile(formData, true);
      const fields = parse(libraryUploadSchema, { also: errors });
      await uploadDocument(db(), { ...fields, file: file!, actor });
      return redirectWithFlash(`${page}#documents-heading`, { title: "Document uploaded", description: `${fields.title} (version ${fields.label}) is in the Forms Library.`, variant: "success" });
    },
    replace: async ({ formData, parse }: FormInput) => {
      const { file, errors } = await pickedFile(formData, true);
      const fields = parse(libraryReplaceSchema, { also: errors });
      const { title } = await replaceVersion(db(), { documentId: fields.documentId, label: fields.label, file: file!, actor });
      return redirectWithFlash(`${page}#documents-heading`, { title: "New version uploaded", description: `${title} is now version ${fields.label}; the one before is kept.`, variant: "success" });
    },
    retire: async ({ values }: FormInput) => {
      const { title } = await setDocumentRetired(db(), { documentId: idOf(values, "documentId"), retired: true, actor });
      return redirectWithFlash(`${page}#documents-heading`, { title: "Document retired", description: `Members no longer see ${title}.`, variant: "success" });
    },
    restore: async ({ values }: FormInput) => {
      const { title } = await setDocumentRetired(db(), { documentId: idOf(values, "documentId"), retired: false, actor });
      return redirectWithFlash(`${page}#documents-heading`, { title: "Document restored", description: `Members see ${title} again.`, variant: "success" });
    },
    "education-add": async ({ formData, parse }: FormInput) => {
      const { file, errors } = await pickedFile(formData, false);
      const hasLink = (formData.get("url") ?? "").toString().trim() !== "";
      const also: Record<string, string> = { ...errors };
      if (!hasLink && !file && !errors.file) also.url = "Enter a link, or choose a file";
      if (hasLink && file) also.url = "Give a link or a file, not both";
      const fields = parse(educationSchema, { also });
      await addEducationResource(db(), { category: fields.category, title: fields.title, description: fields.description, url: fields.url, file, actor });
      return redirectWithFlash(`${page}#education-heading`, { title: "Resource added", description: `${fields.title} is listed under ${fields.category}.`, variant: "success" });
    },
    "education-retire": async ({ values }: FormInput) => {
      const { title } = await setEducationRetired(db(), { id: idOf(values, "resourceId"), retired: true, actor });
      return redirectWithFlash(`${page}#education-heading`, { title: "Resource retired", description: `Members no longer see ${title}.`, variant: "success" });
    },
    "education-restore": async ({ values }: FormInput) => {
      const { title } = await setEducationRetired(db(), { id: idOf(values, "resourceId"), retired: false, actor });
      return redirectWithFlash(`${page}#education-heading`, { title: "Resource restored", description: `Members see ${title} again.`, variant: "success" });
    },
  };
}
