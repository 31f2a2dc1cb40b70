import { ArrowLeft, UserPlus } from "lucide-react";
import * as React from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/patients";
import { privateMeta } from "~/lib/meta";
import { DataTable, EmptyRow, Td, Th } from "~/components/admin/data-table";
import { Field, RequiredNote } from "~/components/forms/field";
import { StateSelect } from "~/components/forms/state-select";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { PortalHeader } from "~/components/portal/portal-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { invalidAnswer, submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { PAYER_TYPES } from "~/lib/ivr";
import { consoleNotSaved } from "~/lib/schemas/console-fields";
import { formDataToObject, LIMITS, parseWith } from "~/lib/schemas/fields";
import { patientSchema, RELATIONSHIP_OPTIONS, SEX_OPTIONS } from "~/lib/schemas/patient";
import { requireUser } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { notFound } from "~/.server/http/not-found";
import { redirectWithFlash } from "~/.server/http/flash";
import { MAX_TEXT_FORM_BYTES, readFormOrRefuse } from "~/.server/http/form-body";
import { addPatient, DuplicatePatientError, listPatientChoices } from "~/.server/patients";
import { practiceOfUser } from "~/.server/practices";
import { clientInfo } from "~/.server/request-context";
import { NoPractice } from "./practice";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Your patients | Clinical Portal");

const PAGE = "/members/patients";

/** The practice's patients (their names: the member's own practice) and adding one. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const practice = await practiceOfUser(db, user.id);
  // These option lists live with the schema (and zod): handed over here so the page does not load it.
  const options = {
    sex: SEX_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
    relationship: RELATIONSHIP_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
  };
  if (!practice) return { email: user.email, practice: null, patients: [], options };
  return { email: user.email, practice: { name: practice.name }, patients: await listPatientChoices(db, practice.id), options };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const practice = await practiceOfUser(db, user.id);
  if (!practice) notFound();
  const values = formDataToObject(await readFormOrRefuse(request, { maxBytes: MAX_TEXT_FORM_BYTES }));
  const parsed = parseWith(patientSchema, values);
  if (!parsed.success) return data<FormAnswer>(invalidAnswer(request, parsed.fieldErrors, { values }), { status: 400 });
  const added = await addPatient(db, { practiceId: practice.id, actor: { email: user.email, ip: clientInfo(context).ip }, input: parsed.data }).catch(
    (error: unknown) => (error instanceof DuplicatePatientError ? error : Promise.reject(error)),
  );
  // Said beside the name and date of birth that matched, with everything typed kept.
  if (added instanceof DuplicatePatientError) return data<FormAnswer>(invalidAnswer(request, { lastName: added.message }, { values }), { status: 409 });
  // The flash names no one: it is a cookie, and patient data stays out of headers.
  return redirectWithFlash(PAGE, { title: "Patient added", description: "The patient is in your list and can be chosen on an IVR.", variant: "success" });
}

const SECONDARY = [
  "secondaryPayerName",
  "secondaryPayerType",
  "secondaryMemberId",
  "secondaryGroupNumber",
  "secondaryPayerPhone",
  "subscriberName",
  "subscriberBirthDate",
  "subscriberRelationship",
];

const validate = schemaValidator(() => import("~/lib/schemas/patient").then((m) => m.patientSchema));

export default function PatientsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, practice, patients, options } = loaderData;
  return (
    <>
      <PortalHeader email={email} title="Your patients" />
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link to="/members" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
            <ArrowLeft aria-hidden className="size-4" />
            Back to the Clinical Portal
          </Link>
          {practice ? (
            <Link to="/members/practice" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
              Your facilities and providers
            </Link>
          ) : null}
        </div>
        {!practice ? (
          <NoPractice />
        ) : (
          <>
            <section aria-labelledby="patients-heading" className="flex flex-col gap-4">
              <h2 id="patients-heading" className="text-xl font-semibold text-navy">
                Patients of {practice.name}
              </h2>
              <DataTable label="Your patients">
                <thead>
                  <tr>
                    <Th>Name</Th>
                    <Th>Date of birth</Th>
                  </tr>
                </thead>
                <tbody>
                  {patients.length === 0 ? (
                    <EmptyRow colSpan={2}>No patients yet: add the first one below.</EmptyRow>
                  ) : (
                    patients.map((p) => (
                      <tr key={p.id}>
                        <Td wrap className="font-medium">
                          {p.name}
                        </Td>
                        <Td>{p.birthDate}</Td>
                      </tr>
                    ))
                  )}
                </tbody>
              </DataTable>
            </section>
            <PatientForm key={`add-${patients.length}`} answer={actionData} options={options} />
          </>
        )}
      </div>
    </>
  );
}

type Options = { value: string; label: string }[];

function PatientForm({ answer, options }: { answer: unknown; options: { sex: Options; relationship: Options } }) {
  const form = useFormSubmission({ validate, success: null, failure: consoleNotSaved, resetOnSuccess: false, answer });
  const typed = submittedValues(answer);
  const v = (name: string) => submittedText(typed, name);
  const e = form.errors;
  // Opened by itself when a message is inside it (never closed for the reader), or a plain post came back with values in it.
  const secondary = React.useRef<HTMLDetailsElement>(null);
  const typedSecondary = SECONDARY.some((name) => Boolean(v(name)));
  const secondaryError = SECONDARY.some((name) => Boolean(e[name]));
  React.useEffect(() => {
    if (secondaryError && secondary.current) secondary.current.open = true;
  }, [secondaryError]);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" size="lg" tone="navy">
          Add a patient
        </CardTitle>
        <CardDescription>
          Names, date of birth, address, phone and member ids are stored encrypted. A patient already in your list (same last name and date of birth) is
          not added twice.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form.fetcher.Form {...form.formProps} action={PAGE} className="flex flex-col gap-6">
          <RequiredNote />
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold text-navy">Patient</legend>
            <Field label="First name" name="firstName" required error={e.firstName}>
              {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.name} defaultValue={v("firstName")} />}
            </Field>
            <Field label="Last name" name="lastName" required error={e.lastName}>
              {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.name} defaultValue={v("lastName")} />}
            </Field>
            <Field label="Date of birth" name="birthDate" required error={e.birthDate}>
              {(c) => <Input {...c} type="date" defaultValue={v("birthDate")} />}
            </Field>
            <Field label="Sex" name="sex" required error={e.sex}>
              {(c) => <Select {...c} options={options.sex} placeholder="Choose" defaultValue={v("sex") ?? ""} />}
            </Field>
            <Field label="Street address" name="addressLine1" required error={e.addressLine1}>
              {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.short} defaultValue={v("addressLine1")} />}
            </Field>
            <Field label="City" name="city" required error={e.city}>
              {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.name} defaultValue={v("city")} />}
            </Field>
            <div className="grid grid-cols-2 gap-4">
              <Field label="State" name="state" required error={e.state}>
                {(c) => <StateSelect {...c} autoComplete="off" defaultValue={v("state")} />}
              </Field>
              <Field label="ZIP" name="zip" required error={e.zip} hint="12345 or 12345-6789">
                {(c) => <Input {...c} autoComplete="off" inputMode="numeric" maxLength={10} defaultValue={v("zip")} />}
              </Field>
            </div>
            <Field label="Phone" name="phone" error={e.phone}>
              {(c) => <Input {...c} type="tel" autoComplete="off" maxLength={LIMITS.phone} defaultValue={v("phone")} />}
            </Field>
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold text-navy">Primary coverage</legend>
            <Field label="Payer" name="payerName" required error={e.payerName}>
              {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.short} defaultValue={v("payerName")} />}
            </Field>
            <Field label="Payer type" name="payerType" required error={e.payerType}>
              {(c) => <Select {...c} options={PAYER_TYPES} placeholder="Choose" defaultValue={v("payerType") ?? ""} />}
            </Field>
            <Field label="Member id" name="memberId" required error={e.memberId} hint="For Medicare, the 11-character MBI">
              {(c) => <Input {...c} autoComplete="off" maxLength={40} defaultValue={v("memberId")} />}
            </Field>
            <Field label="Group number" name="groupNumber" error={e.groupNumber}>
              {(c) => <Input {...c} autoComplete="off" maxLength={40} defaultValue={v("groupNumber")} />}
            </Field>
            <Field label="Payer phone" name="payerPhone" error={e.payerPhone}>
              {(c) => <Input {...c} type="tel" autoComplete="off" maxLength={LIMITS.phone} defaultValue={v("payerPhone")} />}
            </Field>
          </fieldset>
          <details ref={secondary} className="rounded-lg border border-border p-4" open={typedSecondary || undefined}>
            <summary className="cursor-pointer font-semibold text-navy">Secondary coverage and subscriber (if any)</summary>
            <div className="mt-4 flex flex-col gap-6">
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-base font-semibold text-navy">Secondary coverage</legend>
                <Field label="Secondary payer" name="secondaryPayerName" error={e.secondaryPayerName}>
                  {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.short} defaultValue={v("secondaryPayerName")} />}
                </Field>
                <Field label="Secondary payer type" name="secondaryPayerType" error={e.secondaryPayerType}>
                  {(c) => <Select {...c} options={[{ value: "", label: "None" }, ...PAYER_TYPES]} defaultValue={v("secondaryPayerType") ?? ""} />}
                </Field>
                <Field label="Secondary member id" name="secondaryMemberId" error={e.secondaryMemberId}>
                  {(c) => <Input {...c} autoComplete="off" maxLength={40} defaultValue={v("secondaryMemberId")} />}
                </Field>
                <Field label="Secondary group number" name="secondaryGroupNumber" error={e.secondaryGroupNumber}>
                  {(c) => <Input {...c} autoComplete="off" maxLength={40} defaultValue={v("secondaryGroupNumber")} />}
                </Field>
                <Field label="Secondary payer phone" name="secondaryPayerPhone" error={e.secondaryPayerPhone}>
                  {(c) => <Input {...c} type="tel" autoComplete="off" maxLength={LIMITS.phone} defaultValue={v("secondaryPayerPhone")} />}
                </Field>
              </fieldset>
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-base font-semibold text-navy">Subscriber, when not the patient</legend>
                <Field label="Subscriber name" name="subscriberName" error={e.subscriberName}>
                  {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.name} defaultValue={v("subscriberName")} />}
                </Field>
                <Field label="Subscriber date of birth" name="subscriberBirthDate" error={e.subscriberBirthDate}>
                  {(c) => <Input {...c} type="date" defaultValue={v("subscriberBirthDate")} />}
                </Field>
                <Field label="Relationship to the patient" name="subscriberRelationship" error={e.subscriberRelationship}>
                  {(c) => <Select {...c} options={[{ value: "", label: "Not given" }, ...options.relationship]} defaultValue={v("subscriberRelationship") ?? ""} />}
                </Field>
              </fieldset>
            </div>
          </details>
          <SubmitButton pending={form.pending} pendingText="Adding..." className="w-fit">
            <UserPlus aria-hidden />
            Add patient
          </SubmitButton>
        </form.fetcher.Form>
      </CardContent>
    </Card>
  );
}
