import { ArrowLeft } from "lucide-react";
import { inArray } from "drizzle-orm";
import { Link } from "react-router";
import type { Route } from "./+types/inventory-apply";
import { AnswerNotice, Field, RequiredNote } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { PortalHeader } from "~/components/portal/portal-header";
import { ScanField } from "~/components/scan/scan-field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { productBySlug } from "~/content/products";
import { DISCARD_REASON_MAX } from "~/lib/clinical/claim-line";
import { WOUND_LOCATIONS } from "~/lib/clinical/wound";
import { addDays } from "~/lib/calendar";
import { submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { ivrReference } from "~/lib/ivr";
import { privateMeta } from "~/lib/meta";
import { consoleNotSaved } from "~/lib/schemas/console-fields";
import { applicationSchema } from "~/lib/schemas/graft-application";
import { getDb } from "~/.server/db/client";
import { patients } from "~/.server/db/schema";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm } from "~/.server/http/form-action";
import { MAX_TEXT_FORM_BYTES } from "~/.server/http/form-body";
import { applicableIvrs, recordApplication } from "~/.server/inventory/applications";
import { reorderAfterStockChange } from "~/.server/inventory/jobs";
import { ordersToday } from "~/.server/orders";
import { patientSummaries } from "~/.server/patients/search";
import { NoPractice } from "./practice";
import { actorOf, memberOf, notFound } from "./member.server";
import { portalBrand } from "~/.server/branding";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Record an application | Clinical Portal");

/** A visit recorded late: IVRs still valid this many days back are offered. */
const LATE_DAYS = 30;

const validate = schemaValidator(() => import("~/lib/schemas/graft-application").then((m) => m.applicationSchema));

/**
 * Recording an application at a visit: the unit scanned from the shelf, the
 * patient's covered IVR, the day, the wound measured that day, the cm²
 * applied and discarded (together the whole unit) and why anything was
 * discarded. The unit is then used, and the record's page gives the claim
 * line and the chart's PDF.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, practice } = await memberOf(request, "applications.write");
  // The practice's branding over the header (app/.server/branding).
  const brand = practice ? await portalBrand(getDb(), practice.id) : null;
  if (!practice) return { email: user.email, brand, practice: null, ivrs: [], today: ordersToday(), unit: "" };
  const db = getDb();
  const today = ordersToday();
  const rows = await applicableIvrs(db, { practiceId: practice.id, since: addDays(today, -LATE_DAYS) });
  const patientIds = [...new Set(rows.map((r) => r.patientId).filter((id): id is string => Boolean(id)))];
  const names = new Map((patientIds.length ? await patientSummaries(db, practice.id, inArray(patients.id, patientIds)) : []).map((p) => [p.id, p.name]));
  const ivrs = rows.map((r) => ({
    value: r.id,
    label: `${ivrReference(r.number)}: ${(r.patientId && names.get(r.patientId)) || "patient"}, ${productBySlug(r.productSlug)?.name ?? "product"}, valid until ${r.validUntil}`,
  }));
  // A unit picked on the stock page arrives by its identifier.
  const unit = (new URL(request.url).searchParams.get("unit") ?? "").slice(0, 200);
  return { email: user.email, brand, practice: { name: practice.name }, ivrs, today, unit };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, practice } = await memberOf(request, "applications.write");
  if (!practice) throw notFound();
  return answerForm(request, {
    title: "Not recorded",
    // The unit's control takes a label's scan, group separators and all.
    read: { maxBytes: MAX_TEXT_FORM_BYTES, scanned: (name) => name === "unit" },
    intents: async ({ parse }) => {
      const input = parse(applicationSchema);
      const done = await recordApplication(getDb(), { practiceId: practice.id, actor: actorOf(user, context), input, today: ordersToday() });
      await reorderAfterStockChange(getDb(), practice.id, ordersToday());
      return redirectWithFlash(`/members/applications/${done.id}`, {
        title: `${done.reference} recorded`,
        description: "The unit is used. Its claim line and the record for the chart are below.",
      });
    },
  });
}

export default function ApplyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, practice, ivrs, today, unit } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const form = useFormSubmission({ validate, success: null, failure: consoleNotSaved, answer });
  const values = submittedValues(answer);
  const t = (name: string) => submittedText(values, name);
  return (
    <>
      <PortalHeader email={email} title="Record an application" brand={loaderData.brand} />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
        <Link to="/members/inventory" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to your stock
        </Link>
        {!practice ? (
          <NoPractice />
        ) : (
          <form.fetcher.Form {...form.formProps} className="flex flex-col gap-5">
            <AnswerNotice answer={answer} title="Not recorded" />
            <RequiredNote />
            <ScanField name="unit" label="Unit" required defaultValue={t("unit") ?? unit} error={form.errors.unit} hint="Scan the graft's label, or type its tissue identifier." />
            <Field label="Patient's IVR" name="ivrId" required error={form.errors.ivrId} hint="Covered IVRs of your practice; the IVR must cover the day and the product.">
              {(control) => <Select {...control} options={ivrs} placeholder={ivrs.length ? "Choose the IVR" : "No covered IVR"} defaultValue={t("ivrId") ?? ""} />}
            </Field>
            <Field label="Applied on" name="appliedOn" required error={form.errors.appliedOn}>
              {(control) => <Input {...control} type="date" max={today} defaultValue={t("appliedOn") ?? today} className="w-fit" />}
            </Field>
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-sm font-semibold text-navy">The wound that day</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                <Field label="Location" name="location" required error={form.errors.location}>
                  {(control) => <Select {...control} options={WOUND_LOCATIONS.map((l) => ({ value: l.value, label: l.label }))} placeholder="Choose" defaultValue={t("location") ?? ""} />}
                </Field>
                <Field label="Length (cm)" name="lengthCm" required error={form.errors.lengthCm}>
                  {(control) => <Input {...control} inputMode="decimal" defaultValue={t("lengthCm")} />}
                </Field>
                <Field label="Width (cm)" name="widthCm" required error={form.errors.widthCm}>
                  {(control) => <Input {...control} inputMode="decimal" defaultValue={t("widthCm")} />}
                </Field>
              </div>
            </fieldset>
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-sm font-semibold text-navy">The graft</legend>
              <p className="text-sm text-muted-foreground">Applied and discarded together are the unit&apos;s whole area.</p>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="cm² applied" name="appliedCm2" required error={form.errors.appliedCm2}>
                  {(control) => <Input {...control} inputMode="decimal" defaultValue={t("appliedCm2")} />}
                </Field>
                <Field label="cm² discarded" name="discardedCm2" required error={form.errors.discardedCm2}>
                  {(control) => <Input {...control} inputMode="decimal" defaultValue={t("discardedCm2") ?? "0"} />}
                </Field>
              </div>
              <Field label="Why was product discarded?" name="discardReason" error={form.errors.discardReason} hint="Needed when anything was discarded.">
                {(control) => <Textarea {...control} rows={3} maxLength={DISCARD_REASON_MAX} defaultValue={t("discardReason")} />}
              </Field>
            </fieldset>
            <Field label="Clinician who applied it" name="signerName" required error={form.errors.signerName}>
              {(control) => <Input {...control} autoComplete="name" maxLength={120} defaultValue={t("signerName")} />}
            </Field>
            <SubmitButton pending={form.pending} pendingText="Recording..." className="w-fit">
              Record application
            </SubmitButton>
          </form.fetcher.Form>
        )}
      </div>
    </>
  );
}
