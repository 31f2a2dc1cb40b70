import {
  Bell,
  Boxes,
  Building2,
  ClipboardList,
  Handshake,
  Headphones,
  Palette,
  RefreshCw,
  Timer,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/ordering";
import type { PageHandle } from "~/lib/page-scripts";
import { ButtonLink } from "~/components/marketing/button-link";
import { HeroActions, HeroBadges } from "~/components/marketing/hero-badges";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { CheckList } from "~/components/support/check-list";
import { CtaBand } from "~/components/layout/cta-band";
import { FeatureCard } from "~/components/support/feature-card";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmbedFrame } from "~/components/ui/embed-frame";
import { IconTile } from "~/components/ui/icon-tile";
import { telHref } from "~/config/site";
import { pageMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";

/** Plain HTML: the page is sent without JavaScript. */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Online Ordering & Portal",
    "Order wound-care products online with inventory tracking, automated reordering, IVR submission and real-time order status, and try the live portal demo.",
  );

type Feature = { icon: LucideIcon; title: string; description: string };

const features: Feature[] = [
  {
    icon: Boxes,
    title: "Inventory tracking",
    description: "See the grafts and supplies on hand at each location and know what to order before you run low.",
  },
  {
    icon: RefreshCw,
    title: "Automated reordering",
    description: "Set reorder points for the products you use most and let the portal prepare replenishment orders.",
  },
  {
    icon: Zap,
    title: "Real-time order processing",
    description: "Orders reach our team the moment you submit them, and their status updates as they are processed.",
  },
  {
    icon: ClipboardList,
    title: "IVR and order submission and tracking",
    description: "Submit insurance verification requests and orders in one place, and follow each one to completion.",
  },
  {
    icon: Bell,
    title: "Text and email updates",
    description: "Receive notifications when a verification is complete and when an order ships.",
  },
  {
    icon: Headphones,
    title: "24/7 support",
    description: "Reach our team by email and phone whenever you need help with the portal or an order.",
  },
];

const brandingAudiences = [
  {
    icon: Building2,
    title: "Physician offices",
    description: "A portal that carries your practice's name and logo, so staff work in a familiar environment.",
    points: [
      "Your practice branding on the portal",
      "Role-based access for physicians, nurses and billing staff",
      "Order history and documents for each location",
    ],
  },
  {
    icon: Handshake,
    title: "Representative partners",
    description: "A branded portal for sales partners to support the practices they serve.",
    points: [
      "Partner branding for your accounts",
      "Multi-tier user management across practices",
      "Custom approval workflows for orders",
    ],
  },
];

export default function OrderingPage() {
  const site = useSite();
  return (
    <>
      <PageHero
        eyebrow={
          <HeroBadges
            badges={[
              { icon: Timer, label: "Setup in under 1 hour" },
              { icon: Zap, label: "Real-time order processing" },
            ]}
          />
        }
        title="Online Ordering & Portal"
        lead="One secure portal for ordering wound-care products, submitting insurance verification requests and tracking every order, built to save your team time."
      >
        <HeroActions>
          <ButtonLink to="/request-access" variant="inverse" size="lg">
            Request Portal Access
          </ButtonLink>
          <ButtonLink href="#demo" variant="outline-inverse" size="lg">
            Try the Live Demo
          </ButtonLink>
        </HeroActions>
      </PageHero>

      <Section
        id="features"
        title="Everything you need to order with confidence"
        lead="The portal brings ordering, verification and tracking together, so nothing slips between phone calls and paperwork."
      >
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </div>
      </Section>

      <Section
        id="branding"
        muted
        title="Custom portal branding"
        lead="We tailor the portal to the people who use it, whether you run a practice or support practices in the field."
      >
        <div className="grid gap-6 md:grid-cols-2">
          {brandingAudiences.map((audience) => (
            <Card key={audience.title} className="h-full">
              <CardHeader>
                <div className="flex items-center gap-3">
                  <IconTile>
                    <audience.icon aria-hidden className="size-5" />
                  </IconTile>
                  <CardTitle>{audience.title}</CardTitle>
                </div>
                <CardDescription>{audience.description}</CardDescription>
              </CardHeader>
              <CardContent>
                <CheckList items={audience.points} label={`Branding for ${audience.title.toLowerCase()}`} />
              </CardContent>
            </Card>
          ))}
        </div>
        <p className="mt-6 flex items-start gap-2 text-sm text-muted-foreground">
          <Palette aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>Branding is set up with your account; tell us about your practice or territory when you request access.</span>
        </p>
      </Section>

      <Section
        id="demo"
        title="Explore the live portal demo"
        lead="Take a look at the portal in action. To place orders for your practice, request portal access."
      >
        {site.portalDemoUrl ? (
          <EmbedFrame src={site.portalDemoUrl} title="Live portal demo" height={600} />
        ) : (
          <div className="flex flex-col items-start gap-4 rounded-xl border border-border bg-muted p-6 sm:p-8">
            <p className="max-w-2xl text-muted-foreground">
              Open the Clinical Portal itself on a demo practice filled with sample data: the STATUS board, IVRs, orders, invoices, patients and stock.
              No sign-in needed, and nothing you do there is saved.
            </p>
            <ButtonLink href="/demo" size="lg">
              Open the live demo
            </ButtonLink>
          </div>
        )}
      </Section>

      <CtaBand
          id="ordering-cta"
          title="Ready to simplify ordering?"
          lead="Request portal access and our team will set up your account, configure your branding and train your staff. Setup takes under 1 hour."
        >
          <Button asChild variant="inverse" size="lg">
            <Link to="/request-access">Request Portal Access</Link>
          </Button>
          <Button asChild variant="outline-inverse" size="lg">
            <a href={telHref(site.phone)}>Call {site.phone}</a>
          </Button>
        </CtaBand>
    </>
  );
}
