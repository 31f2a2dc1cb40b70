import { Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { formToasts } from "~/content/forms";
import { submittedValues } from "~/lib/form-result";
import {
  entryName,
  MAX_DOCUMENTS,
  ADD_CERTIFICATION,
  ADD_EXPERIENCE,
  MAX_ENTRIES,
  parseApplicationFormData,
  positionOptions,
  tooManyDocuments,
  type Position,
} from "~/lib/schemas/application-fields";
import { LIMITS, type FieldErrors } from "~/lib/schemas/fields";
import { DOCUMENT, RESUME } from "~/lib/uploads";
import { Field, FormNotice, RequiredNote } from "./field";
import { FileField } from "./file-field";
import { StateSelect } from "~/components/forms/state-select";
import { Honeypot } from "./honeypot";
import { SubmitButton } from "./submit-button";
import { loadOnDemand, useFormSubmission, type Validate } from "./use-form-submission";

type Values = Record<string, unknown>;

function textOf(values: Values | undefined, name: string): string | undefined {
  const value = values?.[name];
  return typeof value === "string" ? value : undefined;
}

function recordsOf(value: unknown): Values[] {
  return Array.isArray(value) ? value.filter((v): v is Values => typeof v === "object" && v !== null) : [];
}

/** One repeatable entry as the page tracks it; its fields stay uncontrolled. */
type EntryState = { key: string; currentRole: boolean; defaults?: Values };

function useEntries(prefix: string, submitted: Values[]) {
  const counter = React.useRef(submitted.length || 1);
  const [entries, setEntries] = React.useState<EntryState[]>(() =>
    submitted.length
      ? submitted.map((defaults, index) => ({ key: `${prefix}-${index + 1}`, currentRole: defaults.currentRole === true, defaults }))
      : [{ key: `${prefix}-1`, currentRole: false }],
  );
  const nextKey = () => `${prefix}-${++counter.current}`;
  return {
    entries,
    add: () => setEntries((list) => (list.length >= MAX_ENTRIES ? list : [...list, { key: nextKey(), currentRole: false }])),
    remove: (key: string) => setEntries((list) => (list.length > 1 ? list.filter((e) => e.key !== key) : list)),
    setCurrentRole: (key: string, currentRole: boolean) =>
      setEntries((list) => list.map((e) => (e.key === key ? { ...e, currentRole } : e))),
    // New keys give fresh, empty fields.
    reset: () => setEntries([{ key: nextKey(), currentRole: false }]),
  };
}

// The schemas (and zod) load with the first check; without them the server checks the form.
const validateApplication = loadOnDemand(() => import("~/lib/schemas/application").then((m) => m.validateApplication));

const validate: Validate = async (form) => {
  const values = parseApplicationFormData(new FormData(form));
  const run = await validateApplication();
  if (!run) return null;
  const result = run(values);
  return result.success ? null : { fieldErrors: result.fieldErrors, toast: result.toast };
};

function EntryHeader({
  id,
  title,
  removeLabel,
  onRemove,
}: {
  id: string;
  title: string;
  removeLabel: string;
  onRemove: (() => void) | null;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <h3 id={id} className="font-semibold text-foreground">
        {title}
      </h3>
      {onRemove ? (
        <Button type="button" variant="ghost-destructive" size="sm" onClick={onRemove} aria-label={removeLabel}>
          <Trash2 aria-hidden />
          Remove
        </Button>
      ) : null}
    </div>
  );
}

function ExperienceEntry({
  index,
  entry,
  errors,
  onRemove,
  onCurrentRoleChange,
}: {
  index: number;
  entry: EntryState;
  errors: FieldErrors;
  onRemove: (() => void) | null;
  onCurrentRoleChange: (value: boolean) => void;
}) {
  const headingId = React.useId();
  const checkboxId = React.useId();
  const endDateRef = React.useRef<HTMLInputElement>(null);
  const name = (field: string) => entryName("experience", index, field);
  const value = (field: string) => textOf(entry.defaults, field);
  return (
    <div role="group" aria-labelledby={headingId} className="rounded-lg border border-border bg-muted/50 p-4 sm:p-5">
      <EntryHeader
        id={headingId}
        title={`Experience ${index + 1}`}
        removeLabel={`Remove experience ${index + 1}`}
        onRemove={onRemove}
      />
      <input type="hidden" name={name("id")} defaultValue={entry.key} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Company" name={name("company")} error={errors[name("company")]}>
          {(control) => <Input {...control} autoComplete="off" maxLength={LIMITS.short} defaultValue={value("company")} />}
        </Field>
        <Field label="Position" name={name("position")} error={errors[name("position")]}>
          {(control) => <Input {...control} autoComplete="off" maxLength={LIMITS.short} defaultValue={value("position")} />}
        </Field>
        <Field label="Start Date" name={name("startDate")} error={errors[name("startDate")]}>
          {(control) => <Input {...control} type="date" defaultValue={value("startDate")} />}
        </Field>
        <Field label="End Date" name={name("endDate")} error={errors[name("endDate")]}>
          {(control) => (
            <Input
              {...control}
              ref={endDateRef}
              type="date"
              disabled={entry.currentRole}
              defaultValue={entry.currentRole ? undefined : value("endDate")}
            />
          )}
        </Field>
        <div className="flex items-center gap-2 sm:col-span-2">
          <Checkbox
            id={checkboxId}
            name={name("currentRole")}
            value="true"
            checked={entry.currentRole}
            onChange={(event) => {
              // A current role has no end date: clear it as the field is disabled.
              if (event.currentTarget.checked && endDateRef.current) endDateRef.current.value = "";
              onCurrentRoleChange(event.currentTarget.checked);
            }}
          />
          <label htmlFor={checkboxId} className="text-sm font-medium text-foreground">
            Current role
          </label>
        </div>
        <Field label="Location" name={name("location")} error={errors[name("location")]} className="sm:col-span-2">
          {(control) => (
            <Input {...control} maxLength={LIMITS.short} placeholder="City, State" defaultValue={value("location")} />
          )}
        </Field>
        <Field label="Description" name={name("description")} error={errors[name("description")]} className="sm:col-span-2">
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={LIMITS.long}
              placeholder="Your main responsibilities and achievements"
              defaultValue={value("description")}
            />
          )}
        </Field>
      </div>
    </div>
  );
}

function CertificationEntry({
  index,
  entry,
  errors,
  onRemove,
}: {
  index: number;
  entry: EntryState;
  errors: FieldErrors;
  onRemove: (() => void) | null;
}) {
  const headingId = React.useId();
  const name = (field: string) => entryName("certifications", index, field);
  const value = (field: string) => textOf(entry.defaults, field);
  return (
    <div role="group" aria-labelledby={headingId} className="rounded-lg border border-border bg-muted/50 p-4 sm:p-5">
      <EntryHeader
        id={headingId}
        title={`Certification ${index + 1}`}
        removeLabel={`Remove certification ${index + 1}`}
        onRemove={onRemove}
      />
      <input type="hidden" name={name("id")} defaultValue={entry.key} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Certification Name" name={name("name")} error={errors[name("name")]}>
          {(control) => <Input {...control} maxLength={LIMITS.short} defaultValue={value("name")} />}
        </Field>
        <Field label="Issuing Organization" name={name("issuingOrganization")} error={errors[name("issuingOrganization")]}>
          {(control) => <Input {...control} maxLength={LIMITS.short} defaultValue={value("issuingOrganization")} />}
        </Field>
        <Field label="Issue Date" name={name("issueDate")} error={errors[name("issueDate")]}>
          {(control) => <Input {...control} type="date" defaultValue={value("issueDate")} />}
        </Field>
        <Field label="Expiration Date" name={name("expirationDate")} error={errors[name("expirationDate")]}>
          {(control) => <Input {...control} type="date" defaultValue={value("expirationDate")} />}
        </Field>
        <Field label="Credential ID" name={name("credentialId")} error={errors[name("credentialId")]} className="sm:col-span-2">
          {(control) => <Input {...control} maxLength={LIMITS.short} defaultValue={value("credentialId")} />}
        </Field>
      </div>
    </div>
  );
}

function SectionCard({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader layout="row" gap="lg" className="flex-wrap items-start justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle as="h2" size="lg">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">{children}</CardContent>
    </Card>
  );
}

/**
 * The job application (SPEC section 5): personal information, repeatable
 * work experience and certifications, resume and documents. Sent as
 * multipart form data to /apply.
 */
export function ApplicationForm({ answer, position }: { answer?: unknown; position?: Position }) {
  const submitted = submittedValues(answer);
  const personal = typeof submitted.personal === "object" && submitted.personal !== null ? (submitted.personal as Values) : undefined;
  const experience = useEntries("experience", recordsOf(submitted.experience));
  const certifications = useEntries("certification", recordsOf(submitted.certifications));

  const form = useFormSubmission({
    validate,
    success: formToasts.application.success,
    failure: formToasts.application.failure,
    // On failure the visitor keeps everything and can try again.
    resetOnFailure: false,
    onReset: () => {
      experience.reset();
      certifications.reset();
    },
    answer,
  });
  const { errors } = form;
  const text = (name: string) => textOf(personal, name);

  return (
    <form.fetcher.Form
      action="/apply"
      encType="multipart/form-data"
      {...form.formProps}
      className="relative mx-auto flex max-w-4xl flex-col gap-8"
    >
      <FormNotice notice={form.notice} />
      <Honeypot />

      <SectionCard title="Personal Information" description="How we can reach you, and the position you are interested in.">
        <RequiredNote />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="First Name" name="firstName" required error={errors.firstName}>
            {(control) => <Input {...control} autoComplete="given-name" maxLength={LIMITS.name} defaultValue={text("firstName")} />}
          </Field>
          <Field label="Last Name" name="lastName" required error={errors.lastName}>
            {(control) => <Input {...control} autoComplete="family-name" maxLength={LIMITS.name} defaultValue={text("lastName")} />}
          </Field>
          <Field label="Email" name="email" required error={errors.email}>
            {(control) => (
              <Input {...control} type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={text("email")} />
            )}
          </Field>
          <Field label="Phone" name="phone" required error={errors.phone}>
            {(control) => <Input {...control} type="tel" autoComplete="tel" maxLength={LIMITS.phone} defaultValue={text("phone")} />}
          </Field>
          <Field label="Address" name="address" error={errors.address} className="sm:col-span-2">
            {(control) => (
              <Input {...control} autoComplete="street-address" maxLength={LIMITS.short} defaultValue={text("address")} />
            )}
          </Field>
          <Field label="City" name="city" error={errors.city}>
            {(control) => <Input {...control} autoComplete="address-level2" maxLength={LIMITS.short} defaultValue={text("city")} />}
          </Field>
          <Field label="State" name="state" error={errors.state}>
            {(control) => <StateSelect {...control} optional defaultValue={text("state")} />}
          </Field>
          <Field label="ZIP Code" name="zipCode" error={errors.zipCode} hint="12345 or 12345-6789">
            {(control) => (
              <Input
                {...control}
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={10}
                defaultValue={text("zipCode")}
              />
            )}
          </Field>
          <Field label="Position Applied For" name="positionAppliedFor" error={errors.positionAppliedFor}>
            {(control) => (
              <Select
                {...control}
                options={positionOptions}
                placeholder="Select a position"
                defaultValue={text("positionAppliedFor") ?? position ?? ""}
              />
            )}
          </Field>
          <Field label="Expected Salary" name="expectedSalary" error={errors.expectedSalary}>
            {(control) => (
              <Input {...control} maxLength={LIMITS.short} placeholder="e.g. $75,000" defaultValue={text("expectedSalary")} />
            )}
          </Field>
          <Field label="Available Start Date" name="availableStartDate" error={errors.availableStartDate}>
            {(control) => <Input {...control} type="date" defaultValue={text("availableStartDate")} />}
          </Field>
        </div>
      </SectionCard>

      <SectionCard
        title="Work Experience"
        description="Your most relevant positions, most recent first."
        action={
          <Button
            type="submit"
            name="intent"
            value={ADD_EXPERIENCE}
            formNoValidate
            variant="outline"
            size="sm"
            onClick={(event) => {
              // With JavaScript the entry is added here; without, the server redraws the form with one more.
              event.preventDefault();
              experience.add();
            }}
            disabled={experience.entries.length >= MAX_ENTRIES}
          >
            <Plus aria-hidden />
            Add Experience
          </Button>
        }
      >
        {experience.entries.map((entry, index) => (
          <ExperienceEntry
            key={entry.key}
            index={index}
            entry={entry}
            errors={errors}
            onRemove={experience.entries.length > 1 ? () => experience.remove(entry.key) : null}
            onCurrentRoleChange={(value) => experience.setCurrentRole(entry.key, value)}
          />
        ))}
      </SectionCard>

      <SectionCard
        title="Certifications & Accreditations"
        description="Professional licences, certifications and accreditations you hold."
        action={
          <Button
            type="submit"
            name="intent"
            value={ADD_CERTIFICATION}
            formNoValidate
            variant="outline"
            size="sm"
            onClick={(event) => {
              event.preventDefault();
              certifications.add();
            }}
            disabled={certifications.entries.length >= MAX_ENTRIES}
          >
            <Plus aria-hidden />
            Add Certification
          </Button>
        }
      >
        {certifications.entries.map((entry, index) => (
          <CertificationEntry
            key={entry.key}
            index={index}
            entry={entry}
            errors={errors}
            onRemove={certifications.entries.length > 1 ? () => certifications.remove(entry.key) : null}
          />
        ))}
      </SectionCard>

      <SectionCard title="Resume & Documents" description="Attach your resume and any supporting documents.">
        <FileField
          label="Resume"
          name="resume"
          required
          rule={RESUME}
          error={errors.resume}
          hint="PDF or Word document (.pdf, .doc, .docx), up to 5MB."
        />
        <FileField
          label="Additional Documents"
          name="documents"
          rule={DOCUMENT}
          multiple
          maxFiles={{ count: MAX_DOCUMENTS, message: tooManyDocuments }}
          error={errors.documents}
          hint={`Optional: up to ${MAX_DOCUMENTS} files such as cover letters or certificates (PDF, Word, PNG or JPEG), up to 5MB each.`}
        />
      </SectionCard>

      <div className="flex flex-col-reverse items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          We review every application and reply by email.
        </p>
        <SubmitButton pending={form.pending} pendingText="Submitting..." size="lg" className="w-full sm:w-auto">
          Submit Application
        </SubmitButton>
      </div>
    </form.fetcher.Form>
  );
}
