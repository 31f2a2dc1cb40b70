import { Lock, ShieldCheck } from "lucide-react";
import type { Route } from "./+types/compliance";
import type { PageHandle } from "~/lib/page-scripts";
import { ButtonLink, CallButton } from "~/components/marketing/button-link";
import { HeroActions, HeroBadges } from "~/components/marketing/hero-badges";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { CertificationCard } from "~/components/support/certification-card";
import { CtaBand } from "~/components/layout/cta-band";
import { FrameworkCard } from "~/components/support/framework-card";
import { ProgramCard } from "~/components/support/program-card";
import {
  certifications,
  complianceFrameworks,
  compliancePrograms,
  tissueLicenseCertificationName,
} from "~/content/compliance";
import { pageMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";

/** Plain HTML: the page is sent without JavaScript. */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Compliance",
    "How we meet HIPAA, FDA and ISO 13485 requirements, the compliance programs behind our tissue supply, and the status of our certifications and licenses.",
  );

export default function CompliancePage() {
  const site = useSite();
  return (
    <>
      <PageHero
        eyebrow={
          <HeroBadges
            badges={[
              { icon: ShieldCheck, label: "HIPAA compliance program" },
              { icon: Lock, label: "AES-256 and TLS 1.3 encryption" },
            ]}
          />
        }
        title="Compliance & Regulatory Standards"
        lead="Tissue products and patient information call for rigorous controls. Our compliance programs cover privacy, quality, traceability and reimbursement, so your practice can order with confidence."
      >
        <HeroActions>
          <ButtonLink to="/intake" variant="inverse" size="lg">
            Request a Compliance Consultation
          </ButtonLink>
          <ButtonLink href="#certifications" variant="outline-inverse" size="lg">
            View Certifications
          </ButtonLink>
        </HeroActions>
      </PageHero>

      <Section
        id="frameworks"
        title="Regulatory frameworks"
        lead="The standards that shape how we handle tissue products and protected health information."
      >
        <div className="grid gap-6 md:grid-cols-3">
          {complianceFrameworks.map((framework) => (
            <FrameworkCard key={framework.name} framework={framework} />
          ))}
        </div>
      </Section>

      <Section
        id="programs"
        muted
        title="Our compliance programs"
        lead="Six programs, each with written policies, put these frameworks into daily practice."
      >
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {compliancePrograms.map((program) => (
            <ProgramCard key={program.title} program={program} />
          ))}
        </div>
      </Section>

      <Section
        id="certifications"
        title="Certifications and licenses"
        lead="Where each certification and license stands today."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {certifications.map((certification) => (
            <li key={certification.name}>
              <CertificationCard
                certification={certification}
                detail={
                  certification.name === tissueLicenseCertificationName
                    ? `License No. ${site.tissueLicenseNumber}`
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand
          id="compliance-cta"
          title="Strengthen your practice's compliance"
          lead="Our specialists review documentation, billing and coding workflows with your team in a free 30-minute consultation."
        >
          <ButtonLink to="/intake" variant="inverse" size="lg">
            Schedule a Free Consultation
          </ButtonLink>
          <CallButton />
        </CtaBand>
    </>
  );
}
