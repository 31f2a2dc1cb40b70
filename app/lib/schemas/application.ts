import { z } from "zod";
import {
  applicationToasts,
  checkDocuments,
  checkResume,
  MAX_ENTRIES,
  positionOptions,
  requiredPersonalFields,
  resumeMessages,
  type ApplicationFormValues,
  type FileLike,
  type PersonalField,
} from "./application-fields";
import {
  email,
  firstName,
  lastName,
  LIMITS,
  optionalOption,
  optionalText,
  optionalUsState,
  optionalZipCode,
  pathToName,
  phone,
  toFieldErrors,
  type FieldErrors,
  type FormToast,
} from "./common";

export * from "./application-fields";

// ---------------------------------------------------------------------------
// Schema of the text fields

const short = (label: string) => optionalText(label, LIMITS.short);

export const personalSchema = z.object({
  firstName: firstName(),
  lastName: lastName(),
  email: email(),
  phone: phone(),
  address: short("Address"),
  city: short("City"),
  state: optionalUsState(),
  zipCode: optionalZipCode(),
  positionAppliedFor: optionalOption(positionOptions, "Choose a position from the list"),
  expectedSalary: short("Expected salary"),
  availableStartDate: short("Available start date"),
} satisfies Record<PersonalField, z.ZodType>);

export const experienceSchema = z
  .object({
    id: optionalText("Entry id", LIMITS.name),
    company: short("Company"),
    position: short("Position"),
    startDate: short("Start date"),
    endDate: short("End date"),
    currentRole: z.boolean().default(false),
    description: optionalText("Description", LIMITS.long),
    location: short("Location"),
  })
  // A current role has no end date, whatever was posted.
  .transform((entry) => (entry.currentRole ? { ...entry, endDate: undefined } : entry));

export const certificationSchema = z.object({
  id: optionalText("Entry id", LIMITS.name),
  name: short("Certification name"),
  issuingOrganization: short("Issuing organization"),
  issueDate: short("Issue date"),
  expirationDate: short("Expiration date"),
  credentialId: short("Credential ID"),
});

export type ExperienceEntry = z.output<typeof experienceSchema>;
export type CertificationEntry = z.output<typeof certificationSchema>;

// The form always shows one blank entry of each list; blank ones are not data.
function isBlank(entry: Record<string, unknown>): boolean {
  return Object.entries(entry).every(([key, value]) => key === "id" || value === undefined || value === false);
}

export const applicationSchema = z.object({
  personal: personalSchema,
  experience: z
    .array(experienceSchema)
    .max(MAX_ENTRIES, `Add up to ${MAX_ENTRIES} work experience entries`)
    .transform((list) => list.filter((entry) => !isBlank(entry))),
  certifications: z
    .array(certificationSchema)
    .max(MAX_ENTRIES, `Add up to ${MAX_ENTRIES} certifications`)
    .transform((list) => list.filter((entry) => !isBlank(entry))),
});

export type ApplicationDetails = z.output<typeof applicationSchema>;

export type ApplicationValidation<F extends FileLike> =
  | { success: true; data: ApplicationDetails & { resume: F; documents: F[] } }
  | { success: false; fieldErrors: FieldErrors; toast: FormToast | null };

// Personal fields sit at the top level of the form: "firstName", not "personal.firstName".
function controlName(path: readonly PropertyKey[]): string {
  return pathToName(path[0] === "personal" ? path.slice(1) : path);
}

/**
 * Validates everything the form posts. Field messages cover every problem;
 * the toast is the first of the four messages of SPEC section 5 that applies.
 */
export function validateApplication<F extends FileLike>(values: ApplicationFormValues<F>): ApplicationValidation<F> {
  const result = applicationSchema.safeParse(values);
  const fieldErrors: FieldErrors = result.success ? {} : toFieldErrors(result.error, controlName);

  const resumeProblem = checkResume(values.resume);
  if (resumeProblem) fieldErrors.resume = resumeMessages[resumeProblem].description;
  const documentsProblem = checkDocuments(values.documents);
  if (documentsProblem) fieldErrors.documents = documentsProblem;

  if (result.success && !resumeProblem && !documentsProblem && values.resume) {
    return { success: true, data: { ...result.data, resume: values.resume, documents: values.documents } };
  }

  const missingPersonal = requiredPersonalFields.some((field) => !values.personal[field]?.trim());
  const toast = missingPersonal
    ? applicationToasts.missingInformation
    : resumeProblem
      ? resumeMessages[resumeProblem]
      : null;
  return { success: false, fieldErrors, toast };
}
