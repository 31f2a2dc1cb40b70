import { ArrowRight, BadgeCheck, Eye, Headphones, ShieldCheck, Target } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Section } from "~/components/layout/section";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { IconTile } from "~/components/ui/icon-tile";
import { aboutStats, certifications } from "~/content/landing";
import { useSite } from "~/lib/use-site";

/** Landing page About section (anchor #about): mission, transparency, support, certifications and statistics. */
export function AboutSection() {
  const site = useSite();
  return (
    <Section
      id="about"
      muted
      title={`About ${site.companyName}`}
      lead="We supply amniotic tissue grafts and wound-care biologics to physicians and practices, and we take on the administrative work that surrounds them."
    >
      <div className="grid gap-12 lg:grid-cols-2 lg:gap-16">
        <div className="min-w-0 space-y-8">
          <AboutPoint icon={<Target className="size-5" />} title="Our mission">
            To help providers save limbs and heal wounds by pairing quality regenerative products with the
            verification, ordering and reimbursement support that lets clinicians spend their time on patients.
          </AboutPoint>
          <AboutPoint icon={<Eye className="size-5" />} title="Process transparency">
            Every insurance verification request and order is visible in our online portal, from submission to
            delivery, with text and email updates along the way.{" "}
            <Link
              to="/ordering"
              className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline"
            >
              Try the portal demo
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </AboutPoint>
          <AboutPoint icon={<Headphones className="size-5" />} title="24/7 support">
            Our team is available around the clock by phone and email, so urgent questions about an order or a
            patient's coverage never have to wait for the next business day.
          </AboutPoint>
        </div>

        <div className="min-w-0">
          <ul className="grid grid-cols-1 gap-5 min-[420px]:grid-cols-2">
            {aboutStats.map((stat) => (
              <li key={stat.label} className="min-w-0">
                <Card className="flex h-full flex-col p-6 sm:p-7">
                  <IconTile>
                    <Icon name={stat.icon} className="size-5" />
                  </IconTile>
                  <p className="mt-5 text-3xl font-bold tracking-tight break-words text-primary sm:text-4xl">{stat.value}</p>
                  <p className="mt-1 text-sm font-medium text-muted-foreground">{stat.label}</p>
                </Card>
              </li>
            ))}
          </ul>

          <Card className="mt-5 p-6 sm:p-7">
            <h3 className="flex items-center gap-2 text-lg font-semibold text-navy">
              <ShieldCheck aria-hidden className="size-5 text-primary" />
              Certifications and compliance
            </h3>
            <ul className="mt-4 flex flex-wrap gap-2">
              {certifications.map((name) => (
                <li
                  key={name}
                  className="inline-flex items-center gap-1.5 rounded-full border border-primary/25 bg-primary-soft px-3 py-1.5 text-sm font-medium text-navy"
                >
                  <BadgeCheck aria-hidden className="size-4 text-primary" />
                  {name}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-muted-foreground">
              Human Cell &amp; Tissue License No. {site.tissueLicenseNumber}.{" "}
              <Link to="/compliance" className="font-semibold text-primary underline-offset-4 hover:underline">
                See our compliance programs
              </Link>
            </p>
          </Card>
        </div>
      </div>
    </Section>
  );
}

function AboutPoint({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-4">
      <span aria-hidden className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        {icon}
      </span>
      <div className="min-w-0">
        <h3 className="text-lg font-semibold text-navy">{title}</h3>
        <p className="mt-1.5 leading-relaxed text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}
