import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator } from "~/components/forms/use-form-submission";
import { Panel } from "~/components/record/panel";
import { typedText, useRecordForm } from "~/components/record/record-form";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { IvrStatus } from "~/lib/ivr";
import { LIMITS } from "~/lib/schemas/fields";
import type { Option } from "~/routes/console/ivrs-view.server";
import type { IvrAnswer } from "./answer";

// The schemas (and zod) load on first use, not with the page.
const validateVerification = schemaValidator(() => import("~/lib/schemas/verification").then((m) => m.verificationSchema));
const validateInformation = schemaValidator(() => import("~/lib/schemas/ivr").then((m) => m.needsInformationSchema));

/**
 * What the payer said, recorded: the outcome (only those the lifecycle allows
 * from here), the benefits, the prior auth and how long it holds. A form that
 * came back (a message, a refusal, not saved) shows what was typed; else it
 * starts from the last verification's values.
 */
export function VerifyPanel({
  status,
  outcomes,
  networks,
  defaults,
  validUntilDefault,
  answer,
}: {
  status: IvrStatus;
  outcomes: readonly Option[];
  networks: readonly Option[];
  defaults: Record<string, string>;
  validUntilDefault: string;
  answer: IvrAnswer | undefined;
}) {
  const verify = useRecordForm(answer, validateVerification);
  const typed = typedText(answer);
  const v = (name: string) => (answer ? typed(name) : defaults[name] || undefined);
  return (
    <Panel id="verify" title="Record the verification">
      <verify.fetcher.Form {...verify.formProps} className="flex flex-col gap-4" key={`verify-${status}`}>
        <input type="hidden" name="intent" value="verify" />
        <Field label="Outcome" name="outcome" required error={verify.errors.outcome}>
          {(control) => <Select {...control} options={outcomes} placeholder="Choose the outcome" defaultValue={v("outcome") ?? ""} />}
        </Field>
        <Field label="Network status" name="networkStatus" error={verify.errors.networkStatus}>
          {(control) => <Select {...control} options={[{ value: "", label: "Not recorded" }, ...networks]} defaultValue={v("networkStatus") ?? ""} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Money name="deductible" label="Deductible" errors={verify.errors} value={v} />
          <Money name="deductibleMet" label="Deductible met" errors={verify.errors} value={v} />
          <Field label="Coinsurance %" name="coinsurancePercent" error={verify.errors.coinsurancePercent}>
            {(control) => <Input {...control} inputMode="numeric" maxLength={3} defaultValue={v("coinsurancePercent")} />}
          </Field>
          <Money name="copay" label="Copay" errors={verify.errors} value={v} />
          <Money name="outOfPocketMax" label="Out-of-pocket maximum" errors={verify.errors} value={v} />
          <Money name="outOfPocketMet" label="Out-of-pocket met" errors={verify.errors} value={v} />
          <Field label="Prior auth number" name="priorAuthNumber" error={verify.errors.priorAuthNumber}>
            {(control) => <Input {...control} maxLength={60} defaultValue={v("priorAuthNumber")} />}
          </Field>
          <Field label="Authorised applications" name="authorisedApplications" error={verify.errors.authorisedApplications} hint="A whole number, 1 or more">
            {(control) => <Input {...control} inputMode="numeric" maxLength={2} defaultValue={v("authorisedApplications")} />}
          </Field>
          <Field label="Prior auth valid from" name="priorAuthFrom" error={verify.errors.priorAuthFrom}>
            {(control) => <Input {...control} type="date" defaultValue={v("priorAuthFrom")} />}
          </Field>
          <Field label="Prior auth valid to" name="priorAuthTo" error={verify.errors.priorAuthTo}>
            {(control) => <Input {...control} type="date" defaultValue={v("priorAuthTo")} />}
          </Field>
          <Field label="Valid until" name="validUntil" required error={verify.errors.validUntil} hint="After today and within a year: 90 days unless the payer said otherwise">
            {(control) => <Input {...control} type="date" defaultValue={v("validUntil") ?? validUntilDefault} />}
          </Field>
          <Field label="Call reference" name="callReference" error={verify.errors.callReference}>
            {(control) => <Input {...control} maxLength={60} defaultValue={v("callReference")} />}
          </Field>
        </div>
        <Field label="Note to the practice" name="noteToPractice" error={verify.errors.noteToPractice}>
          {(control) => <Textarea {...control} rows={3} maxLength={LIMITS.long} defaultValue={v("noteToPractice")} />}
        </Field>
        <SubmitButton pending={verify.pending} pendingText="Saving..." className="w-fit">
          Record verification
        </SubmitButton>
      </verify.fetcher.Form>
    </Panel>
  );
}

/** An amount in dollars. */
function Money({ name, label, errors, value }: { name: string; label: string; errors: Record<string, string>; value: (name: string) => string | undefined }) {
  return (
    <Field label={label} name={name} error={errors[name]} hint="Dollars">
      {(control) => <Input {...control} inputMode="decimal" maxLength={12} defaultValue={value(name)} />}
    </Field>
  );
}

/** A question to the practice: the IVR waits for its answer. */
export function InformationPanel({ status, answer }: { status: IvrStatus; answer: IvrAnswer | undefined }) {
  const info = useRecordForm(answer, validateInformation);
  const t = typedText(answer);
  return (
    <Panel id="information" title="Needs information">
      <info.fetcher.Form {...info.formProps} className="flex flex-col gap-3" key={`info-${status}`}>
        <input type="hidden" name="intent" value="information" />
        <Field label="Message to the practice" name="message" required error={info.errors.message} hint="The practice's members see it on the IVR's page.">
          {(control) => <Textarea {...control} rows={4} maxLength={LIMITS.long} defaultValue={t("message")} />}
        </Field>
        <SubmitButton pending={info.pending} pendingText="Sending..." variant="outline" className="w-fit">
          Ask for information
        </SubmitButton>
      </info.fetcher.Form>
    </Panel>
  );
}
