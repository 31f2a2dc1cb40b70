import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator } from "~/components/forms/use-form-submission";
import { AuthorisationEndsMark } from "~/components/ivr/authorisation-status";
import { FieldList } from "~/components/record/field-list";
import { Panel } from "~/components/record/panel";
import { typedText, useRecordForm } from "~/components/record/record-form";
import { Checkbox } from "~/components/ui/checkbox";
import { DateTime } from "~/components/ui/date-time";
import { Input } from "~/components/ui/input";
import type { AuthorisationView } from "~/lib/authorisations";
import type { IvrAnswer } from "./answer";

// The schema (and zod) loads on first use, not with the page.
const validateAuthorisation = schemaValidator(() => import("~/lib/schemas/authorisation").then((m) => m.authorisationSchema));

/** One authorisation as the console's IVR page draws it (built by the loader). */
export type AuthorisationRow = AuthorisationView<Date | string>;

type ProductOption = { value: string; label: string };

/**
 * The IVR's prior authorisation: the current one with the applications used
 * against it, the ones it replaced, and a form to add one or correct it
 * (a correction keeps the old one as history). The form starts from the
 * current one; a form that came back shows what was typed.
 */
export function AuthorisationPanel({
  authorisations,
  products,
  answer,
}: {
  authorisations: readonly AuthorisationRow[];
  products: readonly ProductOption[];
  answer: IvrAnswer | undefined;
}) {
  const form = useRecordForm(answer, validateAuthorisation);
  const typed = typedText(answer);
  const current = authorisations.find((a) => a.replacedAt === null) ?? null;
  const replaced = authorisations.filter((a) => a.replacedAt !== null);
  const start: Record<string, string | undefined> = current
    ? {
        number: current.number,
        trackingNumber: current.trackingNumber ?? undefined,
        validFrom: current.validFrom,
        validTo: current.validTo,
        authorisedApplications: current.authorisedApplications === null ? undefined : String(current.authorisedApplications),
      }
    : {};
  const v = (name: string) => (answer ? typed(name) : start[name]);
  const ticked = (slug: string) => (answer ? typed(`product-${slug}`) !== undefined : (current?.productSlugs.includes(slug) ?? false));

  return (
    <Panel id="authorisation" title="Prior authorisation">
      {current ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm font-semibold">{current.usage}</p>
            {current.endsSoon ? <AuthorisationEndsMark text={current.endsSoon} /> : null}
          </div>
          <FieldList fields={authorisationFields(current)} labelWidth="wide" />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No authorisation recorded. One is recorded with an approval, or here.</p>
      )}

      <form.fetcher.Form {...form.formProps} className="flex flex-col gap-4 border-t border-border pt-4">
        <input type="hidden" name="intent" value="authorisation" />
        <h3 className="text-base font-semibold">{current ? "Correct the authorisation" : "Add an authorisation"}</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Authorisation number" name="number" required error={form.errors.number}>
            {(control) => <Input {...control} maxLength={60} defaultValue={v("number")} />}
          </Field>
          <Field label="Payer's tracking number" name="trackingNumber" error={form.errors.trackingNumber}>
            {(control) => <Input {...control} maxLength={60} defaultValue={v("trackingNumber")} />}
          </Field>
          <Field label="Valid from" name="validFrom" required error={form.errors.validFrom}>
            {(control) => <Input {...control} type="date" defaultValue={v("validFrom")} />}
          </Field>
          <Field label="Valid to" name="validTo" required error={form.errors.validTo} hint="After the first day">
            {(control) => <Input {...control} type="date" defaultValue={v("validTo")} />}
          </Field>
          <Field label="Applications authorised" name="authorisedApplications" required error={form.errors.authorisedApplications} hint="A whole number from 1 to 99">
            {(control) => <Input {...control} inputMode="numeric" maxLength={2} defaultValue={v("authorisedApplications")} />}
          </Field>
        </div>
        <fieldset className="flex flex-col gap-2" aria-describedby={form.errors.products ? "authorisation-products-error" : "authorisation-products-hint"}>
          <legend className="text-sm font-medium">Products it covers</legend>
          <p id="authorisation-products-hint" className="text-xs text-muted-foreground">
            None ticked: every product of the IVR.
          </p>
          <div className="grid gap-1.5 sm:grid-cols-2">
            {products.map((p) => (
              <label key={p.value} className="flex items-center gap-2 text-sm">
                <Checkbox name={`product-${p.value}`} value="on" defaultChecked={ticked(p.value)} />
                {p.label}
              </label>
            ))}
          </div>
          {form.errors.products ? (
            <p id="authorisation-products-error" className="text-sm text-destructive">
              {form.errors.products}
            </p>
          ) : null}
        </fieldset>
        <SubmitButton pending={form.pending} pendingText="Saving..." className="w-fit">
          {current ? "Correct authorisation" : "Add authorisation"}
        </SubmitButton>
      </form.fetcher.Form>

      {replaced.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Replaced authorisations ({replaced.length})</summary>
          <ol className="mt-2 flex flex-col gap-3">
            {replaced.map((a) => (
              <li key={String(a.createdAt)} className="flex flex-col gap-2 rounded-lg border border-border p-3">
                <p className="text-xs text-muted-foreground">
                  Replaced <DateTime value={a.replacedAt} />
                </p>
                <FieldList fields={authorisationFields(a)} labelWidth="wide" />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </Panel>
  );
}

function authorisationFields(a: AuthorisationRow) {
  return [
    { label: "Number", value: a.number },
    { label: "Payer's tracking number", value: a.trackingNumber },
    { label: "Valid", value: `${a.validFrom} to ${a.validTo}` },
    { label: "Authorised applications", value: a.authorisedApplications === null ? "No count given" : String(a.authorisedApplications) },
    { label: "Products", value: a.products },
    { label: "Recorded by", value: a.recordedBy },
    { label: "Recorded", at: a.createdAt },
  ];
}
