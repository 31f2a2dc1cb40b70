import { PAYER_HINT, PayerList } from "~/components/portal/payer-list";
import { CircleAlert, Calculator } from "lucide-react";
import * as React from "react";
import { Field, RequiredMark } from "~/components/forms/field";
import { IvrFileFields, type KeptAttachment } from "./ivr-file-fields";
import { StateSelect } from "~/components/forms/state-select";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { IVR_ATTESTATION } from "~/content/ivr-attestation";
import { applicationCodes, codesText, WOUND_LOCATIONS, woundArea, type WoundLocation } from "~/lib/clinical/wound";
import { ivrWarnings } from "~/lib/clinical/ivr-warnings";
import { formatCm2 } from "~/lib/format";
import { IVR_REQUEST_TYPES, PAYER_TYPES, PLACES_OF_SERVICE, WOUND_TYPES, type PayerType } from "~/lib/ivr";
import { LIMITS } from "~/lib/schemas/fields";
import { LATERALITY_OPTIONS, PRODUCT_OPTIONS, STANDARD_OF_CARE_OPTIONS } from "~/lib/schemas/ivr";
import { IVR_ATTACHMENT, MEGABYTE } from "~/lib/uploads";
import { RELATIONSHIP_OPTIONS, SEX_OPTIONS } from "~/lib/schemas/patient";
import { cn } from "~/lib/utils";


export type IvrFormChoices = {
  patients: { value: string; label: string; payerType: string | null }[];
  providers: { value: string; label: string }[];
  facilities: { value: string; label: string; placeOfService: string }[];
};

type Values = Record<string, unknown>;

const text = (values: Values, name: string): string => {
  const v = values[name];
  return typeof v === "string" ? v : "";
};
const list = (values: Values, name: string): string[] => {
  const v = values[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" ? [v] : [];
};
const ticked = (values: Values, name: string) => values[name] === "on" || values[name] === true;

/** What the form holds now, read from its controls (for the live area, codes and warnings). */
function readLive(form: HTMLFormElement): Values {
  const values: Values = {};
  for (const [key, value] of new FormData(form).entries()) {
    if (typeof value !== "string") continue;
    if (key === "icdSecondary") ((values[key] ??= []) as string[]).push(value);
    else if (!(key in values)) values[key] = value;
  }
  return values;
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  const id = React.useId();
  return (
    <fieldset aria-labelledby={id} className="flex min-w-0 flex-col gap-4 rounded-xl border border-border p-4 sm:p-6">
      <legend className="sr-only">{title}</legend>
      <div>
        <h3 id={id} className="text-lg font-semibold text-navy">
          {title}
        </h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </fieldset>
  );
}

const grid = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

/** An attachment already in the draft: it goes with the request unless removed here or replaced by a new pick. */
function CheckField({ name, label, values, error, hint }: { name: string; label: React.ReactNode; values: Values; error?: string; hint?: string }) {
  const id = React.useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <Checkbox
          id={id}
          name={name}
          defaultChecked={ticked(values, name)}
          className="mt-0.5"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="pl-6 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1.5 pl-6 text-sm font-medium text-destructive">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TextField({
  name,
  label,
  values,
  errors,
  required,
  type = "text",
  hint,
  className,
  ...rest
}: {
  name: string;
  label: string;
  values: Values;
  errors: Record<string, string>;
  required?: boolean;
  type?: string;
  hint?: string;
  className?: string;
} & Pick<React.ComponentProps<"input">, "inputMode" | "maxLength" | "autoComplete" | "placeholder" | "min" | "max" | "step" | "list">) {
  return (
    <Field label={label} name={name} required={required} error={errors[name]} hint={hint} className={className}>
      {(control) => <Input {...control} type={type} defaultValue={text(values, name)} {...rest} />}
    </Field>
  );
}

function SelectField({
  name,
  label,
  values,
  errors,
  options,
  required,
  hint,
  placeholder = "Choose...",
}: {
  name: string;
  label: string;
  values: Values;
  errors: Record<string, string>;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  hint?: string;
  placeholder?: string;
}) {
  return (
    <Field label={label} name={name} required={required} error={errors[name]} hint={hint}>
      {(control) => <Select {...control} options={options} placeholder={placeholder} defaultValue={text(values, name)} />}
    </Field>
  );
}

const PATIENT_FIELDS = [
  "firstName",
  "lastName",
  "birthDate",
  "sex",
  "addressLine1",
  "city",
  "state",
  "zip",
  "phone",
  "payerName",
  "payerType",
  "memberId",
  "groupNumber",
  "payerPhone",
  "secondaryPayerName",
  "secondaryPayerType",
  "secondaryMemberId",
  "secondaryGroupNumber",
  "secondaryPayerPhone",
  "subscriberName",
  "subscriberBirthDate",
  "subscriberRelationship",
];

/** Every field of the IVR, in sections; the area, CPT codes and warnings follow the answers live. */
export function IvrFormFields({
  choices,
  values,
  errors,
  keptFiles = [],
}: {
  choices: IvrFormChoices;
  values: Values;
  errors: Record<string, string>;
  /** Attachments kept in the draft being resumed. */
  keptFiles?: readonly KeptAttachment[];
}) {
  const [live, setLive] = React.useState<Values>(values);
  const onChange = (event: React.FormEvent<HTMLDivElement>) => {
    const form = (event.target as HTMLElement).closest("form");
    if (form) setLive(readLive(form));
  };
  const patientChoices = [...choices.patients.map(({ value, label }) => ({ value, label })), { value: "new", label: "A new patient (enter below)" }];
  const patientErrors = PATIENT_FIELDS.some((f) => errors[f]);
  const secondary = list(values, "icdSecondary");

  const length = Number(text(live, "lengthCm"));
  const width = Number(text(live, "widthCm"));
  const location = text(live, "woundLocation");
  const area = length > 0 && width > 0 ? woundArea(length, width) : null;
  const codes = area !== null && location ? codesText(applicationCodes(location as WoundLocation, area)) : null;
  const payerType =
    text(live, "patientId") === "new"
      ? text(live, "payerType") || null
      : (choices.patients.find((p) => p.value === text(live, "patientId"))?.payerType ?? null);
  const planned = Number(text(live, "plannedApplications"));
  const warnings = ivrWarnings({
    woundType: text(live, "woundType"),
    icd10: [text(live, "icdPrimary"), ...list(live, "icdSecondary")],
    areaCm2: area,
    standardOfCareStart: text(live, "standardOfCareStart") || null,
    dateOfService: text(live, "dateOfService") || null,
    standardOfCareException: ticked(live, "standardOfCareException"),
    plannedApplications: Number.isInteger(planned) && planned > 0 ? planned : null,
    payerType: (payerType as PayerType | null) ?? null,
    woundLocation: location,
    laterality: text(live, "laterality"),
  });

  return (
    <div className="flex flex-col gap-6" onChange={onChange}>
      <Section title="Request">
        <div className={grid}>
          <SelectField name="requestType" label="Type of request" required values={values} errors={errors} options={IVR_REQUEST_TYPES} />
        </div>
      </Section>

      <Section title="Patient" description="Choose a patient of your practice, or enter a new one: they are added to your practice with this request.">
        <div className={grid}>
          <SelectField name="patientId" label="Patient" required values={values} errors={errors} options={patientChoices} />
        </div>
        <details
          open={text(values, "patientId") === "new" || patientErrors || undefined}
          onToggle={(event) => {
            // Opening it means a new patient, unless one is already picked.
            const picker = event.currentTarget.closest("form")?.elements.namedItem("patientId");
            if (event.currentTarget.open && picker instanceof HTMLSelectElement && picker.value === "") {
              picker.value = "new";
              picker.dispatchEvent(new Event("change", { bubbles: true }));
            }
          }}
          className="rounded-lg border border-border p-4"
        >
          <summary className="cursor-pointer font-medium text-primary">Add a new patient</summary>
          <p className="mt-2 text-sm text-muted-foreground">Choose &ldquo;A new patient&rdquo; above, then fill these in.</p>
          <div className={cn(grid, "mt-4")}>
            <TextField name="firstName" label="First name" values={values} errors={errors} maxLength={LIMITS.name} autoComplete="off" />
            <TextField name="lastName" label="Last name" values={values} errors={errors} maxLength={LIMITS.name} autoComplete="off" />
            <TextField name="birthDate" label="Date of birth" type="date" values={values} errors={errors} />
            <SelectField name="sex" label="Sex" values={values} errors={errors} options={SEX_OPTIONS} />
            <TextField name="addressLine1" label="Street address" values={values} errors={errors} maxLength={LIMITS.short} autoComplete="off" />
            <TextField name="city" label="City" values={values} errors={errors} maxLength={LIMITS.name} autoComplete="off" />
            <Field label="State" name="state" error={errors.state}>
              {(control) => <StateSelect {...control} autoComplete="off" defaultValue={text(values, "state")} />}
            </Field>
            <TextField name="zip" label="ZIP code" values={values} errors={errors} maxLength={10} inputMode="numeric" autoComplete="off" hint="12345 or 12345-6789" />
            <TextField name="phone" label="Phone number" type="tel" values={values} errors={errors} maxLength={LIMITS.phone} autoComplete="off" />
          </div>
          <h4 className="mt-6 font-semibold text-navy">Primary insurance</h4>
          <div className={cn(grid, "mt-2")}>
            <TextField name="payerName" label="Payer" values={values} errors={errors} maxLength={LIMITS.short} list="ivr-payers" hint={PAYER_HINT} />
            <PayerList id="ivr-payers" />
            <SelectField name="payerType" label="Payer type" values={values} errors={errors} options={PAYER_TYPES} />
            <TextField name="memberId" label="Member id" values={values} errors={errors} maxLength={40} autoComplete="off" hint="For Medicare, the 11-character MBI." />
            <TextField name="groupNumber" label="Group number" values={values} errors={errors} maxLength={40} />
            <TextField name="payerPhone" label="Payer phone" type="tel" values={values} errors={errors} maxLength={LIMITS.phone} />
          </div>
          <h4 className="mt-6 font-semibold text-navy">Secondary insurance (if any)</h4>
          <div className={cn(grid, "mt-2")}>
            <TextField name="secondaryPayerName" label="Secondary payer" values={values} errors={errors} maxLength={LIMITS.short} list="ivr-payers" />
            <SelectField name="secondaryPayerType" label="Secondary payer type" values={values} errors={errors} options={PAYER_TYPES} placeholder="None" />
            <TextField name="secondaryMemberId" label="Secondary member id" values={values} errors={errors} maxLength={40} autoComplete="off" />
            <TextField name="secondaryGroupNumber" label="Secondary group number" values={values} errors={errors} maxLength={40} />
            <TextField name="secondaryPayerPhone" label="Secondary payer phone" type="tel" values={values} errors={errors} maxLength={LIMITS.phone} />
          </div>
          <h4 className="mt-6 font-semibold text-navy">Subscriber (if not the patient)</h4>
          <div className={cn(grid, "mt-2")}>
            <TextField name="subscriberName" label="Subscriber name" values={values} errors={errors} maxLength={LIMITS.name} autoComplete="off" />
            <TextField name="subscriberBirthDate" label="Subscriber date of birth" type="date" values={values} errors={errors} />
            <SelectField name="subscriberRelationship" label="Relationship to the patient" values={values} errors={errors} options={RELATIONSHIP_OPTIONS} placeholder="Not applicable" />
          </div>
        </details>
      </Section>

      <Section title="Provider and place">
        <div className={grid}>
          <SelectField name="providerId" label="Provider" required values={values} errors={errors} options={choices.providers} placeholder={choices.providers.length ? "Choose..." : "No provider yet"} />
          <SelectField name="facilityId" label="Facility" required values={values} errors={errors} options={choices.facilities} placeholder={choices.facilities.length ? "Choose..." : "No facility yet"} />
          <SelectField name="placeOfService" label="Place of service" required values={values} errors={errors} options={PLACES_OF_SERVICE} />
          <TextField name="dateOfService" label="Expected date of service" type="date" required values={values} errors={errors} />
        </div>
      </Section>

      <Section title="Wound">
        <div className={grid}>
          <SelectField name="woundType" label="Wound type" required values={values} errors={errors} options={WOUND_TYPES} />
          <SelectField name="woundLocation" label="Location" required values={values} errors={errors} options={WOUND_LOCATIONS} />
          <SelectField name="laterality" label="Side" required values={values} errors={errors} options={LATERALITY_OPTIONS} />
          <TextField name="lengthCm" label="Length (cm)" required inputMode="decimal" values={values} errors={errors} maxLength={6} />
          <TextField name="widthCm" label="Width (cm)" required inputMode="decimal" values={values} errors={errors} maxLength={6} />
          <TextField name="depthCm" label="Depth (cm)" inputMode="decimal" values={values} errors={errors} maxLength={6} />
          <TextField name="durationWeeks" label="Open for (weeks)" required inputMode="numeric" values={values} errors={errors} maxLength={3} />
        </div>
        <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-x-6 gap-y-1 rounded-lg bg-muted p-3 text-sm">
          <Calculator aria-hidden className="size-4 text-primary" />
          <span>
            Area: <strong>{area !== null ? formatCm2(area) : "—"}</strong>
          </span>
          <span>
            CPT application codes: <strong>{codes ?? "—"}</strong>
          </span>
          <span className="text-muted-foreground">Worked out from the location and the area; checked again when sent.</span>
        </div>
      </Section>

      <Section title="Care and codes">
        <div className={grid}>
          <TextField name="standardOfCareStart" label="Standard of care started on" type="date" required values={values} errors={errors} />
        </div>
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.standardOfCare ? "soc-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">
            Standard of care given
            <RequiredMark />
          </legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {STANDARD_OF_CARE_OPTIONS.map((o) => (
              <label key={o.value} className="flex items-center gap-2 text-sm">
                <Checkbox name="standardOfCare" value={o.value} defaultChecked={list(values, "standardOfCare").includes(o.value)} />
                {o.label}
              </label>
            ))}
          </div>
          {errors.standardOfCare ? (
            <p id="soc-error" className="flex items-start gap-1.5 text-sm font-medium text-destructive">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {errors.standardOfCare}
            </p>
          ) : null}
        </fieldset>
        <Field label="Standard of care notes" name="standardOfCareNotes" error={errors.standardOfCareNotes}>
          {(control) => <Textarea {...control} rows={3} maxLength={LIMITS.long} defaultValue={text(values, "standardOfCareNotes")} />}
        </Field>
        <CheckField
          name="standardOfCareException"
          label="The provider documents an exception to the standard-of-care period"
          values={values}
          error={errors.standardOfCareException}
        />
        <div className={grid}>
          <TextField name="icdPrimary" label="Primary ICD-10 code" required values={values} errors={errors} maxLength={10} placeholder="L97.412" autoComplete="off" />
          {[0, 1, 2, 3].map((i) => (
            <Field key={i} label={`Secondary ICD-10 code ${i + 1}`} name="icdSecondary" error={errors[`icdSecondary[${i}]`]}>
              {(control) => <Input {...control} maxLength={10} autoComplete="off" defaultValue={secondary[i] ?? ""} />}
            </Field>
          ))}
        </div>
        {errors.icdSecondary ? <p className="text-sm font-medium text-destructive">{errors.icdSecondary}</p> : null}
      </Section>

      <Section title="Product and plan">
        <div className={grid}>
          <SelectField name="productSlug" label="Product requested" required values={values} errors={errors} options={PRODUCT_OPTIONS} />
          <TextField name="plannedApplications" label="Planned applications" required inputMode="numeric" values={values} errors={errors} maxLength={2} />
        </div>
        <CheckField name="priorAuthPermission" label="We may pursue prior authorization for this patient if the payer requires it" values={values} error={errors.priorAuthPermission} />
      </Section>

      <Section title="Settings" description="Tick what applies on the date of service.">
        <div className="flex flex-col gap-2">
          <CheckField name="hospice" label="The patient is in hospice" values={values} />
          <CheckField name="partAStay" label="The patient is in a Medicare Part A stay" values={values} />
          <CheckField name="snfOver100Days" label="The patient has been in skilled nursing for more than 100 days" values={values} />
          <CheckField name="postOpGlobal" label="The patient is in a post-operative global period" values={values} />
        </div>
        <div className={grid}>
          <TextField name="surgeryCode" label="Surgery CPT code" values={values} errors={errors} maxLength={10} hint="For a global period." />
          <TextField name="surgeryDate" label="Date of the surgery" type="date" values={values} errors={errors} />
        </div>
      </Section>

      <Section
        title="Attachments"
        description={`PDF, JPEG or PNG, up to ${IVR_ATTACHMENT.maxBytes / MEGABYTE} MB each. Files are sent with the request; "Save draft" keeps them in the draft too.`}
      >
        <IvrFileFields errors={errors} kept={keptFiles} />
      </Section>

      {warnings.length > 0 ? (
        <div role="status" aria-live="polite" className="rounded-xl border border-warning-border bg-warning-soft p-4 text-sm text-warning">
          <p className="font-semibold">Check before sending (these do not stop the request):</p>
          <ul className="mt-2 list-disc pl-5">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <Section title="Attestation">
        <p className="rounded-lg bg-muted p-4 text-sm">{IVR_ATTESTATION.text}</p>
        <div className={grid}>
          <TextField name="attestationName" label="Signer's name" required values={values} errors={errors} maxLength={LIMITS.name} autoComplete="name" />
        </div>
        <CheckField name="attest" label={<>I attest to the statement above<RequiredMark /></>} values={{}} error={errors.attest} />
      </Section>
    </div>
  );
}
