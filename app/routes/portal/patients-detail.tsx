import { ArrowLeft, Eye, FilePlus2, Pencil, Save } from "lucide-react";
import * as React from "react";
import { data, Link, useFetcher } from "react-router";
import { StatusBadge } from "~/components/ui/status-badge";
import type { Route } from "./+types/patients-detail";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { AnswerNotice, RequiredNote, Field } from "~/components/forms/field";
import { answerForTheForm } from "~/components/forms/answer-for-the-form";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { ExistingPatient } from "~/components/portal/existing-patient";
import { Block, Facts } from "~/components/portal/facts";
import { CoverageFields, PatientDetailsFields, SubscriberFields } from "~/components/portal/patient-fields";
import { PortalHeader } from "~/components/portal/portal-header";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { Select } from "~/components/ui/select";
import { US_STATES } from "~/content/us-states";
import { submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { isUuid } from "~/lib/ids";
import { PAYER_TYPES } from "~/lib/ivr";
import { privateMeta } from "~/lib/meta";
import { COVERAGE_RANKS, maskMemberId } from "~/lib/patients";
import { consoleNotSaved } from "~/lib/schemas/console-fields";
import { optionLabel } from "~/lib/schemas/fields";
import { coverageSchema, patientDetailsSchema, RELATIONSHIP_OPTIONS, SEX_OPTIONS } from "~/lib/schemas/patient";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm, type Answer } from "~/.server/http/form-action";
import { patientBoard } from "~/.server/ivr";
import {
  DuplicatePatientError,
  endSecondaryCoverage,
  replaceCoverage,
  revealMemberId,
  updatePatient,
  viewPatient,
  type Coverage,
} from "~/.server/patients";
import { actorOf, idParam, notFound, requirePractice } from "./member.server";
import { portalBrand } from "~/.server/branding";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Patient | Clinical Portal");

const pageOf = (id: string) => `/members/patients/${id}`;

/** A coverage as the page shows it: the member id masked until revealed. */
function shownCoverage(c: Coverage) {
  return {
    id: c.id,
    rank: c.rank,
    payerName: c.payerName,
    payerType: optionLabel(PAYER_TYPES, c.payerType) ?? c.payerType,
    payerTypeValue: c.payerType,
    maskedMemberId: maskMemberId(c.memberId),
    groupNumber: c.groupNumber,
    payerPhone: c.payerPhone,
    subscriber: c.subscriber,
    since: c.since.toISOString(),
    replacedAt: c.replacedAt?.toISOString() ?? null,
    replacedBy: c.replacedBy,
  };
}

/**
 * One patient of the member's practice: opened (the read audited), their
 * details and coverages changed here, a coverage's member id shown only when
 * asked for (audited), the coverages replaced kept as history, and their IVRs.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, practice } = await requirePractice(request, "patients");
  // The practice's branding over the header (app/.server/branding).
  const brand = await portalBrand(getDb(), practice.id);
  const id = idParam(params.id);
  const db = getDb();
  const patient = await viewPatient(db, { practiceId: practice.id, id, actor: actorOf(user, context) });
  if (!patient) throw notFound();
  const ivrs = await patientBoard(db, { practiceId: practice.id, patientId: id });
  return {
    email: user.email, brand,
    patient: {
      id: patient.id,
      reference: patient.reference,
      firstName: patient.firstName,
      lastName: patient.lastName,
      birthDate: patient.birthDate,
      sex: patient.sex,
      address: patient.address,
      phone: patient.phone,
      createdAt: patient.createdAt.toISOString(),
      coverages: patient.coverages.map(shownCoverage),
      history: patient.coverageHistory.map(shownCoverage),
    },
    ivrs: ivrs.map((r) => ({ id: r.id, reference: r.reference, product: r.product, dateOfService: r.dateOfService, status: r.status })),
    options: {
      sex: SEX_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
      relationship: RELATIONSHIP_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
    },
  };
}

type PatientAnswer = (FormAnswer<{ revealed?: { coverageId: string; memberId: string } }> | Answer) & {
  intent: string;
  existing?: { href: string; reference: string };
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, practice } = await requirePractice(request, "patients");
  const id = idParam(params.id);
  const db = getDb();
  const actor = actorOf(user, context);
  const here = pageOf(id);
  return answerForm(request, {
    title: "Not changed",
    // Said beside the last name, with everything typed kept and a link to the patient who has it.
    explain: (refusal) =>
      refusal instanceof DuplicatePatientError
        ? {
            message: "Another patient of your practice has this last name and date of birth.",
            more: { existing: { href: pageOf(refusal.existingId), reference: refusal.existingReference } },
          }
        : undefined,
    intents: {
      details: async ({ parse }) => {
        if (!(await updatePatient(db, { practiceId: practice.id, id, actor, input: parse(patientDetailsSchema) }))) throw notFound();
        return redirectWithFlash(here, { title: "Details saved", description: "The patient's details are changed.", variant: "success" });
      },
      coverage: async ({ parse }) => {
        const input = parse(coverageSchema);
        const saved = await replaceCoverage(db, { practiceId: practice.id, patientId: id, actor, input });
        if (!saved) throw notFound();
        const rank = input.rank === "primary" ? "Primary" : "Secondary";
        return redirectWithFlash(here, {
          title: saved.replaced ? `${rank} coverage replaced` : `${rank} coverage added`,
          description: saved.replaced ? "The coverage it replaced is kept in the history below." : "It is used on this patient's next IVR.",
          variant: "success",
        });
      },
      "end-secondary": async () => {
        if (!(await endSecondaryCoverage(db, { practiceId: practice.id, patientId: id, actor }))) throw notFound();
        return redirectWithFlash(here, { title: "Secondary coverage ended", description: "It is kept in the history below.", variant: "success" });
      },
      reveal: async ({ values }) => {
        // A coverage id that is none is not found, as one of another patient is.
        const coverageId = values.coverageId ?? "";
        if (!isUuid(coverageId)) throw notFound();
        // Shown in the answer only: never in an address or a flash.
        const revealed = await revealMemberId(db, { practiceId: practice.id, patientId: id, coverageId, actor });
        if (!revealed) throw notFound();
        return data({ ok: true as const, intent: "reveal" as const, revealed });
      },
    },
  });
}

const validateDetails = schemaValidator(() => import("~/lib/schemas/patient").then((m) => m.patientDetailsSchema));
const validateCoverage = schemaValidator(() => import("~/lib/schemas/patient").then((m) => m.coverageSchema));

const stateName = (code: string) => US_STATES.find((s) => s.value === code)?.label ?? code;

export default function PatientPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, patient, ivrs, options } = loaderData;
  const answer = actionData as PatientAnswer | undefined;
  const secondary = patient.coverages.find((c) => c.rank === "secondary");
  const revealedByPost = answer?.ok && answer.intent === "reveal" ? answer.revealed : undefined;
  return (
    <>
      <PortalHeader email={email} title="Patient" brand={loaderData.brand} />
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
        <Link to="/members/patients" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          All patients
        </Link>
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <h2 className="text-2xl font-bold tracking-tight break-words text-navy">
            {patient.lastName}, {patient.firstName}
          </h2>
          <p className="text-muted-foreground">
            {patient.reference} · born {patient.birthDate}
          </p>
        </div>

        <Block title="Details">
          <Facts
            rows={[
              ["Name", `${patient.firstName} ${patient.lastName}`],
              ["Date of birth", patient.birthDate],
              ["Sex", optionLabel(SEX_OPTIONS, patient.sex) ?? patient.sex],
              ["Address", `${patient.address.line1}, ${patient.address.city}, ${stateName(patient.address.state)} ${patient.address.zip}`],
              ["Phone", patient.phone],
              ["Added", <DateTime key="added" value={patient.createdAt} />],
            ]}
          />
          {/* Drawn anew (closed, with the saved values) once a change is saved. */}
          <DetailsForm key={detailsKey(patient)} patient={patient} answer={answer?.intent === "details" ? answer : undefined} sex={options.sex} />
        </Block>

        <Block title="Insurance">
          {/* The details' and the coverage form's answers are said in those forms, where what was typed is. */}
          <AnswerNotice answer={answer && answer.intent !== "details" && answer.intent !== "coverage" ? answer : undefined} title="Not changed" />
          <CoverageTable label="Current coverages" rows={patient.coverages} revealed={revealedByPost} empty="No coverage on file." />
          {secondary ? <EndSecondary /> : null}
          <CoverageForm
            key={patient.coverages.map((c) => c.id).join()}
            answer={answer?.intent === "coverage" ? answer : undefined}
            relationship={options.relationship}
            hasSecondary={Boolean(secondary)}
          />
        </Block>

        <Block title="Coverage history">
          <CoverageTable label="Coverages replaced" rows={patient.history} revealed={revealedByPost} empty="No coverage replaced yet." history />
        </Block>

        <Block title="IVRs">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">The insurance verification requests sent for this patient.</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/members/ivrs/new">
                <FilePlus2 aria-hidden />
                New IVR
              </Link>
            </Button>
          </div>
          <DataTable label="IVRs of the patient" stacked>
            <HeadRow columns={["Reference", "Product", "Date of service", "Status"]} />
            <tbody>
              {ivrs.length === 0 ? (
                <EmptyRow colSpan={4}>No IVR sent for this patient yet.</EmptyRow>
              ) : (
                ivrs.map((r) => (
                  <tr key={r.id}>
                    <Td data-label="Reference" className="font-medium">
                      <Link to={`/members/ivrs/${r.id}`} className="text-primary underline-offset-4 hover:underline">
                        {r.reference}
                      </Link>
                    </Td>
                    <Td data-label="Product" wrap>
                      {r.product || "—"}
                    </Td>
                    <Td data-label="Date of service">{r.dateOfService ?? "—"}</Td>
                    <Td data-label="Status">
                      <StatusBadge kind="ivr" status={r.status} />
                    </Td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
        </Block>
      </div>
    </>
  );
}

type PatientData = Route.ComponentProps["loaderData"]["patient"];

const detailsKey = (p: PatientData) => JSON.stringify([p.firstName, p.lastName, p.birthDate, p.sex, p.address, p.phone]);
type ShownCoverage = PatientData["coverages"][number];

function CoverageTable({
  label,
  rows,
  revealed,
  empty,
  history = false,
}: {
  label: string;
  rows: ShownCoverage[];
  revealed?: { coverageId: string; memberId: string };
  empty: string;
  history?: boolean;
}) {
  const columns = history ? 6 : 5;
  return (
    <DataTable label={label} stacked>
      <HeadRow columns={["Coverage", "Payer", "Member id", "Group", history ? "From" : "Since", history ? "Replaced" : null]} />
      <tbody>
        {rows.length === 0 ? (
          <EmptyRow colSpan={columns}>{empty}</EmptyRow>
        ) : (
          rows.map((c) => (
            <tr key={c.id}>
              <Td data-label="Coverage" className="font-medium capitalize">
                {c.rank}
              </Td>
              <Td data-label="Payer" wrap>
                {c.payerName}
                <span className="block text-xs text-muted-foreground">{c.payerType}</span>
              </Td>
              <Td data-label="Member id" wrap minWidth="min-w-44">
                <MemberId coverage={c} revealed={revealed?.coverageId === c.id ? revealed.memberId : undefined} />
              </Td>
              <Td data-label="Group">{c.groupNumber ?? "—"}</Td>
              <Td data-label={history ? "From" : "Since"}>
                <DateTime value={c.since} />
              </Td>
              {history ? (
                <Td data-label="Replaced" wrap>
                  <DateTime value={c.replacedAt} />
                  {c.replacedBy ? <span className="block text-xs text-muted-foreground">by {c.replacedBy}</span> : null}
                </Td>
              ) : null}
            </tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}

/** A member id, masked; "Reveal" asks the server for it (the read is audited) and shows it here. */
function MemberId({ coverage, revealed }: { coverage: ShownCoverage; revealed?: string }) {
  const fetcher = useFetcher<PatientAnswer>();
  const fetched = fetcher.data?.ok && fetcher.data.intent === "reveal" ? fetcher.data.revealed?.memberId : undefined;
  const shown = fetched ?? revealed;
  if (shown)
    return (
      <span className="flex flex-col gap-0.5">
        <span className="font-mono font-medium" data-member-id="">
          {shown}
        </span>
        <span className="text-xs text-muted-foreground">Shown at your request: recorded in the audit log.</span>
      </span>
    );
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <span className="font-mono" aria-label={`Member id ending ${coverage.maskedMemberId.slice(-4)}`}>
        {coverage.maskedMemberId}
      </span>
      <input type="hidden" name="intent" value="reveal" />
      <input type="hidden" name="coverageId" value={coverage.id} />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
        <Eye aria-hidden />
        Reveal<span className="sr-only"> the {coverage.rank} member id of {coverage.payerName}</span>
      </Button>
    </fetcher.Form>
  );
}

function DetailsForm({ patient, answer, sex }: { patient: PatientData; answer?: PatientAnswer; sex: { value: string; label: string }[] }) {
  const [existing, setExisting] = React.useState(answer?.existing);
  const form = useFormSubmission({
    validate: validateDetails,
    success: null,
    failure: consoleNotSaved,
    resetOnSuccess: false,
    answer: answerForTheForm(answer),
    onAnswer: (a) => setExisting((a as PatientAnswer).existing),
  });
  const typed = submittedValues(answer);
  const current: Record<string, string | undefined> = {
    firstName: patient.firstName,
    lastName: patient.lastName,
    birthDate: patient.birthDate,
    sex: patient.sex,
    addressLine1: patient.address.line1,
    city: patient.address.city,
    state: patient.address.state,
    zip: patient.address.zip,
    phone: patient.phone ?? undefined,
  };
  const v = (name: string) => submittedText(typed, name) ?? current[name];
  // Open when the form came back with something to fix or to send again.
  const hasErrors = Object.keys(form.errors).length > 0 || answer?.ok === false;
  return (
    <details className="rounded-lg border border-border p-4" open={hasErrors || undefined}>
      <summary className="cursor-pointer font-semibold text-primary">
        <Pencil aria-hidden className="mr-1 inline size-4" />
        Edit details
      </summary>
      <form.fetcher.Form {...form.formProps} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="details" />
        <AnswerNotice answer={answer} title="Not changed" />
        <RequiredNote />
        {existing && form.errors.lastName ? <ExistingPatient existing={existing} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <PatientDetailsFields v={v} e={form.errors} sex={sex} />
        </div>
        <SubmitButton pending={form.pending} pendingText="Saving..." className="w-fit">
          <Save aria-hidden />
          Save details
        </SubmitButton>
      </form.fetcher.Form>
    </details>
  );
}

function CoverageForm({ answer, relationship, hasSecondary }: { answer?: PatientAnswer; relationship: { value: string; label: string }[]; hasSecondary: boolean }) {
  const form = useFormSubmission({ validate: validateCoverage, success: null, failure: consoleNotSaved, resetOnSuccess: false, answer: answerForTheForm(answer) });
  const typed = submittedValues(answer);
  const v = (name: string) => submittedText(typed, name);
  // Open when the form came back with something to fix or to send again.
  const hasErrors = Object.keys(form.errors).length > 0 || answer?.ok === false;
  return (
    <details className="rounded-lg border border-border p-4" open={hasErrors || undefined}>
      <summary className="cursor-pointer font-semibold text-primary">{hasSecondary ? "Replace a coverage" : "Replace the primary coverage or add a secondary one"}</summary>
      <p className="mt-2 text-sm text-muted-foreground">The coverage it takes the place of stays in the patient&rsquo;s coverage history.</p>
      <form.fetcher.Form {...form.formProps} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="coverage" />
        <AnswerNotice answer={answer} title="Not changed" />
        <RequiredNote />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Coverage" name="rank" required error={form.errors.rank}>
            {(c) => <Select {...c} options={COVERAGE_RANKS} defaultValue={v("rank") ?? "primary"} />}
          </Field>
          <CoverageFields v={v} e={form.errors} />
          <SubscriberFields v={v} e={form.errors} relationship={relationship} />
        </div>
        <SubmitButton pending={form.pending} pendingText="Saving..." className="w-fit">
          <Save aria-hidden />
          Save coverage
        </SubmitButton>
      </form.fetcher.Form>
    </details>
  );
}

function EndSecondary() {
  const form = useFormSubmission({ validate: () => null, success: null, failure: consoleNotSaved, resetOnSuccess: false });
  return (
    <form.fetcher.Form {...form.formProps}>
      <input type="hidden" name="intent" value="end-secondary" />
      <SubmitButton pending={form.pending} pendingText="Ending..." variant="outline" size="sm">
        End the secondary coverage
      </SubmitButton>
    </form.fetcher.Form>
  );
}
