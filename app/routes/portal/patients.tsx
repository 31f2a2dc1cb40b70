import { ArrowLeft, Search, UserPlus } from "lucide-react";
import * as React from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/patients";
import { privateMeta } from "~/lib/meta";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { AnswerNotice, Field, RequiredNote } from "~/components/forms/field";
import { answerForTheForm } from "~/components/forms/answer-for-the-form";
import { ExistingPatient } from "~/components/portal/existing-patient";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { CoverageFields, PatientDetailsFields, SubscriberFields, type Options } from "~/components/portal/patient-fields";
import { PortalHeader } from "~/components/portal/portal-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { consoleNotSaved } from "~/lib/schemas/console-fields";
import { patientSchema, RELATIONSHIP_OPTIONS, SEX_OPTIONS } from "~/lib/schemas/patient";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm, type Answer } from "~/.server/http/form-action";
import { addPatient, countPatients, DuplicatePatientError, recentPatients, searchPatients, SEARCH_LIMIT } from "~/.server/patients";
import type { PatientSummary } from "~/.server/patients";
import { NoPractice } from "./practice";
import { actorOf, memberOf, notFound } from "./member.server";
import { portalBrand } from "~/.server/branding";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Your patients | Clinical Portal");

const PAGE = "/members/patients";
const FIND_MAX = 60;

/** The patient's page, for links. */
const patientHref = (id: string) => `/members/patients/${id}`;

/**
 * The practice's patients: found by part of a name, a date of birth, a member
 * id or a reference (`?q=`, a GET form: it works without JavaScript), the ones
 * added last, and adding one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, practice } = await memberOf(request, "patients");
  // The practice's branding over the header (app/.server/branding).
  const brand = practice ? await portalBrand(getDb(), practice.id) : null;
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, FIND_MAX);
  // These option lists live with the schema (and zod): handed over here so the page does not load it.
  const options = {
    sex: SEX_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
    relationship: RELATIONSHIP_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
  };
  if (!practice) return { email: user.email, brand, practice: null, q, found: null, recent: [], total: 0, options };
  const db = getDb();
  const [found, recent, total] = await Promise.all([
    q ? searchPatients(db, practice.id, q).then((s) => ({ rows: s.rows, more: s.more, understood: s.query !== null, limit: SEARCH_LIMIT })) : null,
    q ? [] : recentPatients(db, practice.id),
    countPatients(db, practice.id),
  ]);
  return { email: user.email, brand, practice: { name: practice.name }, q, found, recent, total, options };
}

/** A refused patient (already entered): where the one already there is. */
type AddAnswer = (FormAnswer | Answer) & { existing?: { href: string; reference: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const { user, practice } = await memberOf(request, "patients");
  if (!practice) throw notFound();
  const db = getDb();
  return answerForm(request, {
    title: "Not added",
    // Said beside the name and date of birth that matched, with everything typed kept and a link to the patient already there.
    explain: (refusal) =>
      refusal instanceof DuplicatePatientError ? { more: { existing: { href: patientHref(refusal.existingId), reference: refusal.existingReference } } } : undefined,
    intents: async ({ parse }) => {
      await addPatient(db, { practiceId: practice.id, actor: actorOf(user, context), input: parse(patientSchema) });
      // The flash names no one: it is a cookie, and patient data stays out of headers.
      return redirectWithFlash(PAGE, { title: "Patient added", description: "The patient is in your list and can be chosen on an IVR.", variant: "success" });
    },
  });
}

const validate = schemaValidator(() => import("~/lib/schemas/patient").then((m) => m.patientSchema));

export default function PatientsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, practice, q, found, recent, total, options } = loaderData;
  return (
    <>
      <PortalHeader email={email} title="Your patients" brand={loaderData.brand} />
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
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="patients-heading" className="text-xl font-semibold text-navy">
                  Patients of {practice.name}
                </h2>
                <p className="text-sm text-muted-foreground">
                  {total} {total === 1 ? "patient" : "patients"}
                </p>
              </div>
              <Form method="get" role="search" aria-label="Find a patient" className="flex flex-col gap-1">
                <div className="flex flex-wrap items-end gap-2">
                  <Field label="Find a patient" name="q" className="w-full max-w-md">
                    {(c) => <Input {...c} type="search" defaultValue={q} maxLength={FIND_MAX} autoComplete="off" aria-describedby="patients-q-hint" />}
                  </Field>
                  <Button type="submit" variant="outline">
                    <Search aria-hidden />
                    Find
                  </Button>
                  {q ? (
                    <Link to={PAGE} className="self-center text-sm text-primary underline-offset-4 hover:underline">
                      Clear
                    </Link>
                  ) : null}
                </div>
                <p id="patients-q-hint" className="text-xs text-muted-foreground">
                  Part of the name (Hay), a date of birth (3/14/1948), a member id or a reference (PAT-000123)
                </p>
              </Form>
              {found ? (
                <>
                  <p role="status" className="text-sm text-muted-foreground">
                    {!found.understood
                      ? "Type at least two letters of a name, a date of birth, a member id or a reference."
                      : found.more
                        ? `More than ${found.limit} patients match: these are ${found.rows.length} of them. Type more of the name to narrow it.`
                        : found.rows.length === 0
                          ? `No patient matches “${q}”.`
                          : `${found.rows.length} ${found.rows.length === 1 ? "patient matches" : "patients match"} “${q}”.`}
                  </p>
                  <PatientTable label="Patients found" rows={found.rows} empty="No patient found." />
                </>
              ) : (
                <>
                  <h3 className="text-lg font-semibold text-navy">Added last</h3>
                  <PatientTable label="Your patients" rows={recent} empty="No patients yet: add the first one below." />
                </>
              )}
            </section>
            <PatientForm key={`add-${total}`} answer={actionData} options={options} />
          </>
        )}
      </div>
    </>
  );
}

function PatientTable({ label, rows, empty }: { label: string; rows: PatientSummary[]; empty: string }) {
  return (
    <DataTable label={label} stacked>
      <HeadRow columns={["Name", "Date of birth", "Reference"]} />
      <tbody>
        {rows.length === 0 ? (
          <EmptyRow colSpan={3}>{empty}</EmptyRow>
        ) : (
          rows.map((p) => (
            <tr key={p.id}>
              <Td data-label="Name" wrap className="font-medium">
                <Link to={patientHref(p.id)} className="text-primary underline-offset-4 hover:underline">
                  {p.name}
                </Link>
              </Td>
              <Td data-label="Date of birth">{p.birthDate}</Td>
              <Td data-label="Reference" className="text-muted-foreground">
                {p.reference}
              </Td>
            </tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
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

function PatientForm({ answer, options }: { answer: unknown; options: { sex: Options; relationship: Options } }) {
  // The patient already entered, from this page's own answer (JavaScript) or a plain post's.
  const [existing, setExisting] = React.useState((answer as AddAnswer | undefined)?.existing);
  const form = useFormSubmission({
    validate,
    success: null,
    failure: consoleNotSaved,
    resetOnSuccess: false,
    answer: answerForTheForm(answer),
    onAnswer: (a) => setExisting((a as AddAnswer).existing),
  });
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
          <AnswerNotice answer={answer} title="Not added" />
          <RequiredNote />
          {existing && e.lastName ? <ExistingPatient existing={existing} /> : null}
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold text-navy">Patient</legend>
            <PatientDetailsFields v={v} e={e} sex={options.sex} />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold text-navy">Primary coverage</legend>
            <CoverageFields v={v} e={e} />
          </fieldset>
          <details ref={secondary} className="rounded-lg border border-border p-4" open={typedSecondary || undefined}>
            <summary className="cursor-pointer font-semibold text-navy">Secondary coverage and subscriber (if any)</summary>
            <div className="mt-4 flex flex-col gap-6">
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-base font-semibold text-navy">Secondary coverage</legend>
                <CoverageFields v={v} e={e} prefix="secondary" label="Secondary" />
              </fieldset>
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-base font-semibold text-navy">Subscriber, when not the patient</legend>
                <SubscriberFields v={v} e={e} relationship={options.relationship} />
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
