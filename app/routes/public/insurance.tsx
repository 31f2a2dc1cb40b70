import { ArrowRight, Clock, FileCheck, FileSearch, ListChecks, ShieldCheck } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { CheckList } from "~/components/support/check-list";
import type { Route } from "./+types/insurance";
import type { PageHandle } from "~/lib/page-scripts";
import { CtaBand } from "~/components/layout/cta-band";
import { ProcessSteps, type Step } from "~/components/home/process-steps";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { ButtonLink, CallButton } from "~/components/marketing/button-link";
import { HeroActions, HeroBadges } from "~/components/marketing/hero-badges";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { pageMeta } from "~/lib/meta";

/** Plain HTML: the page is sent without JavaScript. */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Insurance Verification",
    "Same-day insurance verification for wound care biologics, in 30 minutes to 3 hours on business days, with pre-authorization guidance for Medicare, Medicaid and Medicare Advantage.",
  );

const accuracySteps: readonly { title: string; text: string; icon: React.ReactNode }[] = [
  {
    title: "Complete intake review",
    text: "We check each request for the patient, payer, diagnosis and product details a payer needs before we call.",
    icon: <ListChecks className="size-5" />,
  },
  {
    title: "Direct payer confirmation",
    text: "Benefits are confirmed with the payer, including coverage, deductible, coinsurance and any prior authorization requirement.",
    icon: <FileSearch className="size-5" />,
  },
  {
    title: "Second-check before release",
    text: "A second team member reviews each verification before the results are sent, so your staff can rely on what they receive.",
    icon: <FileCheck className="size-5" />,
  },
];

const preAuthPoints: readonly string[] = [
  "Whether a product needs prior authorization under the patient's plan",
  "Which clinical documentation to gather, and in what form",
  "Help preparing and submitting the request to the payer",
  "Status follow-up until the payer decides",
];

const payers: readonly { name: string; description: string; points: string[] }[] = [
  {
    name: "Medicare",
    description: "Traditional Medicare coverage for skin substitutes and wound care biologics, subject to local coverage policies.",
    points: ["Coverage policy and documentation requirements", "Product eligibility by place of service"],
  },
  {
    name: "Medicaid",
    description: "State Medicaid programs, each with its own coverage rules, covered products and authorization process.",
    points: ["State-by-state coverage review", "Prior authorization requirements"],
  },
  {
    name: "Medicare Advantage",
    description: "Medicare Advantage plans run by private insurers, which often add their own prior authorization steps.",
    points: ["Plan-specific authorization rules", "Network and benefit confirmation"],
  },
];

const steps: readonly Step[] = [
  {
    title: "Submit an IVR",
    description:
      "Send an insurance verification request through the online portal with the patient, payer and product details.",
  },
  {
    title: "We verify benefits",
    description:
      "Our team confirms coverage with the payer and flags any pre-authorization need, usually within 30 minutes to 3 hours on business days.",
  },
  {
    title: "Receive results and order",
    description:
      "You get a clear summary by email and in the portal, and can place the order as soon as coverage is confirmed.",
  },
];

export default function InsurancePage() {
  return (
    <>
      <PageHero
        eyebrow={
          <HeroBadges
            badges={[
              { icon: Clock, label: "Same-day results" },
              { icon: ShieldCheck, label: "Medicare & Medicaid support" },
            ]}
          />
        }
        title="Insurance Verification"
        lead="Know a patient's coverage before you treat. We verify benefits for wound care biologics the same business day and guide your team through pre-authorization."
      >
        <HeroActions>
          <ButtonLink to="/intake" trailingIcon={ArrowRight} variant="inverse" size="lg">
            Get Started
          </ButtonLink>
          <CallButton />
        </HeroActions>
      </PageHero>

      <Section id="same-day" title="Same-day verification">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <div className="min-w-0 space-y-4 text-lg leading-relaxed text-muted-foreground">
            <p>
              Delays in benefits verification hold up treatment. Our team works through insurance verification
              requests as they arrive, so your practice has an answer the same business day.
            </p>
            <p>
              Submit requests online through the provider portal and follow their status in real time, with text
              and email updates when results are ready.
            </p>
          </div>
          <Card surface="accent" className="min-w-0 p-8 text-center">
            <Clock aria-hidden className="mx-auto size-10 text-primary" />
            <p className="mt-4 text-3xl font-bold tracking-tight text-balance text-navy sm:text-4xl">
              30 minutes to <span className="whitespace-nowrap">3 hours</span>
            </p>
            <p className="mt-2 font-medium text-navy">Typical turnaround on business days</p>
            <p className="mt-1 text-sm text-navy/80">Mon-Fri 8AM-6PM EST</p>
          </Card>
        </div>
      </Section>

      <Section
        id="accuracy"
        muted
        title="An accurate answer, the first time"
        lead="A wrong verification costs more than a slow one. Every request follows the same three checks."
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {accuracySteps.map((item) => (
            <li key={item.title} className="min-w-0">
              <Card className="h-full p-6 sm:p-7">
                <span aria-hidden className="inline-flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  {item.icon}
                </span>
                <h3 className="mt-5 text-lg font-semibold text-navy">{item.title}</h3>
                <p className="mt-2 leading-relaxed text-muted-foreground">{item.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="pre-authorization"
        title="Pre-authorization guidance"
        lead="When a payer requires prior authorization, we tell you early and help you through it."
      >
        <CheckList items={preAuthPoints} look="boxed" className="grid gap-4 sm:grid-cols-2" />
      </Section>

      <Section
        id="payers"
        muted
        title="Payer-approved product overview"
        lead="We keep track of which products in our portfolio are covered under each payer's policies and what documentation they expect. Coverage always depends on the patient's plan and is confirmed during verification."
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {payers.map((payer) => (
            <li key={payer.name} className="min-w-0">
              <Card className="h-full">
                <CardHeader>
                  <CardTitle size="lg" tone="navy">{payer.name}</CardTitle>
                  <CardDescription size="lg">{payer.description}</CardDescription>
                </CardHeader>
                <CardContent>
                  <CheckList items={payer.points} look="features" className="space-y-2" />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-muted-foreground">
          Looking for a specific product?{" "}
          <Link to="/products" className="font-semibold text-primary underline-offset-4 hover:underline">
            Browse our product lines
          </Link>
          .
        </p>
      </Section>

      <Section id="verification-process" title="How verification works" lead="Three steps from request to order.">
        <ProcessSteps steps={steps} />
      </Section>

      <CtaBand
        id="insurance-cta"
        title="Start verifying benefits the same day"
        lead="Tell us about your practice and we'll set up your portal access and verification workflow."
      >
        <ButtonLink to="/intake" trailingIcon={ArrowRight} variant="inverse" size="lg">
          Get Started
        </ButtonLink>
      </CtaBand>
    </>
  );
}
