import { CircleAlert } from "lucide-react";
import type { Route } from "./+types/request-access";
import { CityStateZip } from "~/components/forms/city-state-zip";
import { Field, FormNotice, RequiredMark, RequiredNote } from "~/components/forms/field";
import { Honeypot } from "~/components/forms/honeypot";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { CallButton } from "~/components/marketing/button-link";
import { HeroActions } from "~/components/marketing/hero-badges";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { accessRequestSteps, accessRequestToasts, practiceSpecialties } from "~/content/access-request";
import { submittedText, submittedValues, submitToServer } from "~/lib/form-result";
import { pageMeta } from "~/lib/meta";
import { accessRequestSchema, accessRequestValues } from "~/lib/schemas/access-request";
import { LIMITS } from "~/lib/schemas/fields";
import { submitTextForm } from "~/.server/http/form-body";
import { checkReferralCode, submitAccessRequest } from "~/.server/partners/access-requests";
import { referralCodeOf } from "~/.server/partners/referral";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Request Portal Access",
    "Request Clinical Portal access for your practice: order wound-care products, submit insurance verifications and track every order online.",
  );

/** The page carries the visitor's own referral code: no shared cache may keep it for another. */
export function headers() {
  return { "Cache-Control": "private, no-cache", Vary: "Cookie" };
}

/** The referral code the visitor's partner link left, to start the field with. */
export async function loader({ request }: Route.LoaderArgs) {
  return { referralCode: await referralCodeOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitTextForm({
    request,
    context,
    form: "access-request",
    schema: accessRequestSchema,
    backTo: "/request-access",
    success: accessRequestToasts.success,
    read: accessRequestValues,
    check: checkReferralCode,
    store: submitAccessRequest,
    multiline: [],
  });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}

const validate = schemaValidator(
  () => import("~/lib/schemas/access-request").then((m) => m.accessRequestSchema),
  accessRequestValues,
);

const grid = "grid gap-5 sm:grid-cols-2";

export default function RequestAccessPage({ loaderData, actionData }: Route.ComponentProps) {
  const values = submittedValues(actionData);
  const text = (name: string) => submittedText(values, name);
  const ticked = Array.isArray(values.specialties) ? (values.specialties as unknown[]) : [];
  const form = useFormSubmission({
    validate,
    success: accessRequestToasts.success,
    failure: accessRequestToasts.failure,
    answer: actionData,
  });
  const { errors } = form;
  // Typed values come back after a refused post; otherwise the code of the partner link the visitor followed.
  const referral = actionData ? text("referralCode") : (loaderData.referralCode ?? undefined);

  return (
    <>
      <PageHero
        eyebrow={<Badge variant="inverse">Clinical Portal</Badge>}
        title="Request Portal Access"
        lead="Tell us about your practice. Once we have checked its details, your practice is set up in the Clinical Portal and its contact is invited to choose a password."
      >
        <HeroActions>
          <CallButton />
        </HeroActions>
      </PageHero>

      <Section muted>
        <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-3">
          <Card id="request-access" className="scroll-mt-24 lg:col-span-2">
            <CardHeader>
              <CardTitle as="h2" size="xl">
                Your practice
              </CardTitle>
              <CardDescription>We use these details to set up your practice and its first facility.</CardDescription>
            </CardHeader>
            <CardContent>
              <form.fetcher.Form action="/request-access" {...form.formProps} className="relative flex flex-col gap-6">
                <FormNotice notice={form.notice} />
                <RequiredNote />
                <Honeypot />
                <fieldset className="flex min-w-0 flex-col gap-5">
                  <legend className="mb-1 text-lg font-semibold text-navy">Practice</legend>
                  <div className={grid}>
                    <Field label="Practice name" name="practiceName" required error={errors.practiceName}>
                      {(c) => <Input {...c} autoComplete="organization" maxLength={LIMITS.short} defaultValue={text("practiceName")} />}
                    </Field>
                    <Field label="Group NPI" name="groupNpi" required error={errors.groupNpi} hint="The practice's 10-digit organization NPI">
                      {(c) => <Input {...c} autoComplete="off" inputMode="numeric" maxLength={10} defaultValue={text("groupNpi")} />}
                    </Field>
                    <Field label="Street address" name="addressLine1" required error={errors.addressLine1}>
                      {(c) => <Input {...c} autoComplete="address-line1" maxLength={LIMITS.short} defaultValue={text("addressLine1")} />}
                    </Field>
                    <Field label="Address line 2" name="addressLine2" error={errors.addressLine2}>
                      {(c) => <Input {...c} autoComplete="address-line2" maxLength={LIMITS.short} defaultValue={text("addressLine2")} />}
                    </Field>
                    <CityStateZip v={text} e={errors} />
                    <Field label="Practice phone" name="phone" required error={errors.phone}>
                      {(c) => <Input {...c} type="tel" autoComplete="tel" maxLength={LIMITS.phone} defaultValue={text("phone")} />}
                    </Field>
                    <Field label="Number of providers" name="providerCount" required error={errors.providerCount} hint="From 1 to 999">
                      {(c) => <Input {...c} type="number" min={1} max={999} step={1} inputMode="numeric" defaultValue={text("providerCount")} />}
                    </Field>
                  </div>
                  <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={errors.specialties ? "specialties-error" : undefined}>
                    <legend className="mb-1 text-sm font-medium">
                      Specialties
                      <RequiredMark />
                    </legend>
                    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                      {practiceSpecialties.map((s) => (
                        <label key={s.value} className="flex min-h-6 items-center gap-2 text-sm">
                          <Checkbox name="specialties" value={s.value} defaultChecked={ticked.includes(s.value)} aria-invalid={errors.specialties ? true : undefined} />
                          {s.label}
                        </label>
                      ))}
                    </div>
                    {errors.specialties ? (
                      <p id="specialties-error" className="flex items-start gap-1.5 text-sm font-medium text-destructive">
                        <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                        {errors.specialties}
                      </p>
                    ) : null}
                  </fieldset>
                </fieldset>
                <fieldset className="flex min-w-0 flex-col gap-5">
                  <legend className="mb-1 text-lg font-semibold text-navy">Contact</legend>
                  <p className="-mt-3 text-sm text-muted-foreground">The person who becomes the practice's portal admin and invites the rest of the team.</p>
                  <div className={grid}>
                    <Field label="First name" name="contactFirstName" required error={errors.contactFirstName}>
                      {(c) => <Input {...c} autoComplete="given-name" maxLength={LIMITS.name} defaultValue={text("contactFirstName")} />}
                    </Field>
                    <Field label="Last name" name="contactLastName" required error={errors.contactLastName}>
                      {(c) => <Input {...c} autoComplete="family-name" maxLength={LIMITS.name} defaultValue={text("contactLastName")} />}
                    </Field>
                    <Field label="Email" name="contactEmail" required error={errors.contactEmail}>
                      {(c) => <Input {...c} type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={text("contactEmail")} />}
                    </Field>
                    <Field label="Phone" name="contactPhone" required error={errors.contactPhone}>
                      {(c) => <Input {...c} type="tel" autoComplete="tel" maxLength={LIMITS.phone} defaultValue={text("contactPhone")} />}
                    </Field>
                    <Field label="Referral code" name="referralCode" error={errors.referralCode} hint="If a partner representative referred you">
                      {(c) => <Input {...c} autoComplete="off" maxLength={16} className="uppercase" defaultValue={referral} />}
                    </Field>
                  </div>
                </fieldset>
                <div>
                  <SubmitButton pending={form.pending} pendingText="Submitting..." size="lg" className="w-full sm:w-auto">
                    Request Portal Access
                  </SubmitButton>
                </div>
              </form.fetcher.Form>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">What Happens Next</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="flex flex-col gap-5">
                {accessRequestSteps.map((step, index) => (
                  <li key={step.title} className="flex items-start gap-4">
                    <span
                      aria-hidden="true"
                      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
                    >
                      {index + 1}
                    </span>
                    <div className="min-w-0">
                      <h3 className="font-semibold text-foreground">{step.title}</h3>
                      <p className="mt-1 text-sm text-muted-foreground">{step.description}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
        </div>
      </Section>
    </>
  );
}
