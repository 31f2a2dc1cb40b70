import { ArrowRight, MessagesSquare, MonitorPlay } from "lucide-react";
import { Link } from "react-router";
import { CheckList } from "~/components/support/check-list";
import type { Route } from "./+types/services";
import type { PageHandle } from "~/lib/page-scripts";
import { ButtonLink } from "~/components/marketing/button-link";
import { HeroActions } from "~/components/marketing/hero-badges";
import { CtaBand } from "~/components/layout/cta-band";
import { ProcessSteps } from "~/components/home/process-steps";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { IconTile } from "~/components/ui/icon-tile";
import { serviceProcess, services, serviceStats } from "~/content/services";
import type { Service } from "~/content/types";
import { pageMeta } from "~/lib/meta";

/** Plain HTML: the page is sent without JavaScript. */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Services",
    "Insurance verification, online ordering, reimbursement support, clinical support and customer success services for wound care practices.",
  );

export default function ServicesPage() {
  return (
    <>
      <PageHero
        eyebrow={<Badge variant="inverse">For physicians, practice managers and billing teams</Badge>}
        title="Services that take the paperwork off your plate"
        lead="From insurance verification to reimbursement and clinical education, our team supports every step between the wound and the claim."
      >
        <HeroActions>
          <ButtonLink to="/intake" variant="inverse" size="lg">
            Schedule Consultation
          </ButtonLink>
          <ButtonLink to="/ordering" variant="outline-inverse" size="lg">
            Try Our Portal Demo
          </ButtonLink>
        </HeroActions>
      </PageHero>

      <Section
        id="our-services"
        title="What we do for your practice"
        lead="Five services, one team. Use one or all of them; each is set up around the way your practice already works."
      >
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.title} className="min-w-0">
              <ServiceCardView service={service} />
            </li>
          ))}
          <li className="min-w-0">
            <div className="flex h-full flex-col justify-center rounded-xl bg-gradient-to-br from-navy to-accent p-6 text-white shadow-sm sm:p-8">
              <span aria-hidden className="inline-flex size-12 items-center justify-center rounded-xl bg-white/15">
                <MessagesSquare className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold">Not sure where to start?</h3>
              <p className="mt-2 leading-relaxed text-white/90">
                Tell us how your practice works today and we'll recommend the services that fit. The first
                consultation is free and takes 30 minutes.
              </p>
              <div className="mt-6">
                <Button asChild variant="inverse">
                  <Link to="/#contact">Contact Us</Link>
                </Button>
              </div>
            </div>
          </li>
        </ul>
      </Section>

      <Section
        id="how-it-works"
        muted
        title="How we work together"
        lead="Getting started takes three steps, and portal setup takes under an hour."
      >
        <ProcessSteps steps={serviceProcess} />
      </Section>

      <Section
        id="why-choose-us"
        title="Why practices choose us"
        lead="What provider partners can count on when they work with our team."
      >
        <ul className="grid gap-6 sm:grid-cols-3">
          {serviceStats.map((stat) => (
            <li key={stat.label} className="min-w-0">
              <Card className="h-full p-6 text-center sm:p-8">
                <IconTile size="lg" inline className="mx-auto">
                  <Icon name={stat.icon} className="size-6" />
                </IconTile>
                <p className="mt-4 text-4xl font-bold tracking-tight text-primary">{stat.value}</p>
                <p className="mt-1 font-semibold text-navy">{stat.label}</p>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{stat.description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand
        id="services-cta"
        title="Ready to simplify your wound care workflow?"
        lead="Book a free 30-minute consultation, or explore the ordering portal on your own first."
      >
        <Button asChild variant="inverse" size="lg">
          <Link to="/intake">Schedule Consultation</Link>
        </Button>
        <Button asChild variant="outline-inverse" size="lg">
          <Link to="/ordering">
            <MonitorPlay aria-hidden />
            Try Our Portal Demo
          </Link>
        </Button>
      </CtaBand>
    </>
  );
}

/** Where a service card leads: its own page, or the closest real action when it has none. */
function serviceAction(service: Service): { to: string; label: string } {
  if (service.link) return { to: service.link, label: "Learn More" };
  if (service.category === "Clinical") return { to: "/intake", label: "Request Support" };
  return { to: "/support", label: "Visit Support Center" };
}

function ServiceCardView({ service }: { service: Service }) {
  const action = serviceAction(service);
  return (
    <Card className="flex h-full flex-col transition hover:border-primary/40 hover:shadow-md">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <IconTile size="lg">
            <Icon name={service.icon} className="size-6" />
          </IconTile>
          <Badge>{service.category}</Badge>
        </div>
        <CardTitle size="lg" tone="navy" className="mt-3">{service.title}</CardTitle>
        <CardDescription size="lg">{service.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <CheckList items={service.features} look="features" className="space-y-2" />
      </CardContent>
      <CardFooter rule="md">
        <Button asChild variant="outline" className="w-full">
          <Link to={action.to}>
            {action.label}
            <span className="sr-only">: {service.title}</span>
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
