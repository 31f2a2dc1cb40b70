import { CircleCheck, Mail, Phone } from "lucide-react";
import { useSearchParams } from "react-router";
import { CheckList } from "~/components/support/check-list";
import type { Route } from "./+types/intake";
import { Field, FormNotice, RequiredNote } from "~/components/forms/field";
import { PersonFields } from "~/components/forms/person-fields";
import { Honeypot } from "~/components/forms/honeypot";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { telHref } from "~/config/site";
import { formToasts, intakeBadges, intakeBenefits, intakeExpectations } from "~/content/forms";
import { products } from "~/content/products";
import { submitTextForm } from "~/.server/http/form-body";
import { submitIntake } from "~/.server/submissions";
import { partnerOfCode, referralCodeOf } from "~/.server/partners/referral";
import {
  submittedText,
  submittedValues,
  submitToServer,
} from "~/lib/form-result";
import { pageMeta } from "~/lib/meta";
import { LIMITS } from "~/lib/schemas/fields";
import { intakeSchema } from "~/lib/schemas/intake";
import { roleOptions } from "~/lib/schemas/intake-options";
import { useSite } from "~/lib/use-site";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Free Consultation",
    "Request a free 30-minute consultation on wound-care products, online ordering, insurance verification and compliance for your practice.",
  );

export async function action({ request, context }: Route.ActionArgs) {
  return submitTextForm({
    request,
    context,
    form: "intake",
    schema: intakeSchema,
    backTo: "/intake",
    success: formToasts.intake.success,
    // A visitor who came through a partner's referral link: the request is attributed to that partner.
    store: async (db, input, clientKey) => submitIntake(db, input, clientKey, (await partnerOfCode(db, await referralCodeOf(request)))?.id),
    multiline: ["query"],
  });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}

const validate = schemaValidator(() => import("~/lib/schemas/intake").then((m) => m.intakeSchema));

/** The products page links here with ?product=<slug>: the request starts with that product. */
function productQuery(slug: string | null): string | undefined {
  const product = products.find((p) => p.slug === slug);
  return product ? `I'd like information about ${product.name}` : undefined;
}

export default function IntakePage({ actionData }: Route.ComponentProps) {
  const site = useSite();
  const [searchParams] = useSearchParams();
  const values = submittedValues(actionData);
  const form = useFormSubmission({
    validate,
    success: formToasts.intake.success,
    failure: formToasts.intake.failure,
    // SPEC section 4: the form resets to empty on success and on failure.
    resetOnFailure: true,
    // ...and "Submission Received" is made true: the request is kept and re-sent.
    queueOnFailure: true,
    answer: actionData,
  });
  const { errors } = form;
  const text = (name: string) => submittedText(values, name);

  return (
    <>
      <PageHero
        eyebrow={intakeBadges.map((badge) => (
          <Badge key={badge} variant="inverse">
            {badge}
          </Badge>
        ))}
        title="Schedule Your Free Consultation"
        lead="Talk with a wound-care specialist about products, ordering, insurance verification and compliance. The consultation is free, takes about 30 minutes and comes with no obligation."
      >
        <CheckList items={intakeBenefits} look="inverse" className="grid max-w-3xl gap-3 sm:grid-cols-2" />
      </PageHero>

      <Section>
        <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle as="h2" size="xl">
                Let's Get Started
              </CardTitle>
              <CardDescription>
                Tell us about you and your practice. Our team will contact you within 24 hours to schedule your
                consultation.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <form.fetcher.Form action="/intake" {...form.formProps} className="relative flex flex-col gap-5">
                <FormNotice notice={form.notice} />
                <RequiredNote />
                <Honeypot />
                <div className="grid gap-5 sm:grid-cols-2">
                  <PersonFields errors={errors} text={text} />
                  <Field label="Organization" name="organization" required error={errors.organization}>
                    {(control) => (
                      <Input
                        {...control}
                        autoComplete="organization"
                        maxLength={LIMITS.short}
                        defaultValue={text("organization")}
                      />
                    )}
                  </Field>
                  <Field label="Role" name="role" required error={errors.role}>
                    {(control) => (
                      <Select
                        {...control}
                        options={roleOptions}
                        placeholder="Select your role"
                        defaultValue={text("role") ?? ""}
                      />
                    )}
                  </Field>
                </div>
                <Field label="How can we help?" name="query" required error={errors.query}>
                  {(control) => (
                    <Textarea
                      {...control}
                      rows={5}
                      maxLength={LIMITS.long}
                      placeholder="Tell us about your practice, the products you use and what you would like to improve."
                      defaultValue={text("query") ?? productQuery(searchParams.get("product"))}
                    />
                  )}
                </Field>
                <div>
                  <SubmitButton pending={form.pending} pendingText="Submitting..." size="lg" className="w-full sm:w-auto">
                    Schedule My Free Consultation
                  </SubmitButton>
                </div>
              </form.fetcher.Form>
            </CardContent>
          </Card>

          <div className="flex flex-col gap-6">
            <Card>
              <CardHeader>
                <CardTitle as="h2">What to expect</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-4">
                  {intakeExpectations.map((item) => (
                    <li key={item.title} className="flex items-start gap-3">
                      <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                      <div className="min-w-0">
                        <p className="font-semibold text-foreground">{item.title}</p>
                        <p className="text-sm text-muted-foreground">{item.description}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <Card surface="muted">
              <CardHeader>
                <CardTitle as="h2">Prefer to talk now?</CardTitle>
                <CardDescription>Our team is available Mon-Fri 8AM-6PM EST.</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-3 text-sm">
                <a
                  href={telHref(site.phone)}
                  className="inline-flex items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
                >
                  <Phone aria-hidden className="size-4 shrink-0" />
                  {site.phone}
                </a>
                <a
                  href={`mailto:${site.email}`}
                  className="inline-flex min-w-0 items-center gap-2 font-semibold break-all text-primary underline-offset-4 hover:underline"
                >
                  <Mail aria-hidden className="size-4 shrink-0" />
                  {site.email}
                </a>
              </CardContent>
            </Card>
          </div>
        </div>
      </Section>
    </>
  );
}
