import type { Route } from "./+types/partner-callback";
import { ButtonLink, CallButton } from "~/components/marketing/button-link";
import { HeroActions } from "~/components/marketing/hero-badges";
import { Field, FormNotice, RequiredNote } from "~/components/forms/field";
import { PersonFields } from "~/components/forms/person-fields";
import { Honeypot } from "~/components/forms/honeypot";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { IconTile } from "~/components/ui/icon-tile";
import { formToasts, partnerBenefits, partnerStats, partnerSteps } from "~/content/forms";
import {
  submittedText,
  submittedValues,
  submitToServer,
} from "~/lib/form-result";
import { pageMeta } from "~/lib/meta";
import { submitTextForm } from "~/.server/http/form-body";
import { submitCallback } from "~/.server/submissions";
import { LIMITS } from "~/lib/schemas/fields";
import { partnerCallbackSchema } from "~/lib/schemas/partner-callback";
import { bestTimeOptions, experienceOptions } from "~/lib/schemas/partner-callback-options";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "1099 Partner Program",
    "Join our 1099 partner program: represent wound-care biologics in your territory and request a callback from our partnership team.",
  );

export async function action({ request, context }: Route.ActionArgs) {
  return submitTextForm({
    request,
    context,
    form: "callback",
    schema: partnerCallbackSchema,
    backTo: "/partner-callback",
    success: formToasts.callback.success,
    store: submitCallback,
    multiline: ["additionalInfo"],
  });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}

const validate = schemaValidator(() => import("~/lib/schemas/partner-callback").then((m) => m.partnerCallbackSchema));

export default function PartnerCallbackPage({ actionData }: Route.ComponentProps) {
  const values = submittedValues(actionData);
  const text = (name: string) => submittedText(values, name);
  const form = useFormSubmission({
    validate,
    success: formToasts.callback.success,
    failure: formToasts.callback.failure,
    answer: actionData,
  });
  const { errors } = form;

  return (
    <>
      <PageHero
        eyebrow={<Badge variant="inverse">1099 Partner Program</Badge>}
        title="Become a Partner Representative"
        lead="Bring advanced wound-care biologics to the facilities in your territory. As an independent 1099 partner you work with an established portfolio, dedicated support and a commission structure that rewards your growth."
      >
        <HeroActions>
          <ButtonLink href="#request-callback" variant="inverse" size="lg">
            Request a Callback
          </ButtonLink>
          <CallButton />
        </HeroActions>
      </PageHero>

      <Section
        id="partner-benefits"
        title="Why partner with us"
        lead="Everything you need to build a successful territory, from products to training."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {partnerBenefits.map((benefit) => (
            <li key={benefit.title}>
              <Card className="h-full">
                <CardHeader>
                  <IconTile className="mb-2">
                    <Icon name={benefit.icon} className="size-6" />
                  </IconTile>
                  <CardTitle>{benefit.title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-sm text-muted-foreground">{benefit.description}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-label="The program in numbers" className="bg-navy text-white">
        <dl className="mx-auto grid max-w-7xl gap-8 px-4 py-12 text-center sm:grid-cols-3 sm:px-6">
          {partnerStats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm font-medium text-white/85">{stat.label}</dt>
              <dd className="text-4xl font-bold tracking-tight">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section muted>
        <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-3">
          <Card id="request-callback" className="scroll-mt-24 lg:col-span-2">
            <CardHeader>
              <CardTitle as="h2" size="xl">
                Request Callback
              </CardTitle>
              <CardDescription>
                Leave your details and a partnership manager will call you within 24 hours.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <form.fetcher.Form action="/partner-callback" {...form.formProps} className="relative flex flex-col gap-5">
                <FormNotice notice={form.notice} />
                <RequiredNote />
                <Honeypot />
                <div className="grid gap-5 sm:grid-cols-2">
                  <PersonFields errors={errors} text={text} />
                  <Field label="Current Role" name="currentRole" error={errors.currentRole}>
                    {(control) => (
                      <Input
                        {...control}
                        autoComplete="organization-title"
                        maxLength={LIMITS.short}
                        placeholder="e.g. Medical device sales"
                        defaultValue={text("currentRole")}
                      />
                    )}
                  </Field>
                  <Field label="Experience" name="experience" error={errors.experience}>
                    {(control) => (
                      <Select
                        {...control}
                        options={experienceOptions}
                        placeholder="Select your experience"
                        defaultValue={text("experience") ?? ""}
                      />
                    )}
                  </Field>
                  <Field label="Territory" name="territory" error={errors.territory}>
                    {(control) => (
                      <Input
                        {...control}
                        maxLength={LIMITS.short}
                        placeholder="e.g. Greater Phoenix, AZ"
                        defaultValue={text("territory")}
                      />
                    )}
                  </Field>
                  <Field label="Best Time to Call" name="bestTimeToCall" error={errors.bestTimeToCall}>
                    {(control) => (
                      <Select
                        {...control}
                        options={bestTimeOptions}
                        placeholder="Select a time"
                        defaultValue={text("bestTimeToCall") ?? ""}
                      />
                    )}
                  </Field>
                </div>
                <Field label="Additional Information" name="additionalInfo" error={errors.additionalInfo}>
                  {(control) => (
                    <Textarea
                      {...control}
                      rows={4}
                      maxLength={LIMITS.long}
                      placeholder="Tell us about your background, the facilities you work with or any questions."
                      defaultValue={text("additionalInfo")}
                    />
                  )}
                </Field>
                <div>
                  <SubmitButton pending={form.pending} pendingText="Submitting..." size="lg" className="w-full sm:w-auto">
                    Request Callback
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
                {partnerSteps.map((step, index) => (
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
