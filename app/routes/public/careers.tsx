import { ArrowDown, Briefcase, HeartPulse, Lightbulb, Mail, Send, ShieldCheck, Users } from "lucide-react";
import type { Route } from "./+types/careers";
import type { PageHandle } from "~/lib/page-scripts";
import { ButtonLink } from "~/components/marketing/button-link";
import { HeroActions, HeroBadges } from "~/components/marketing/hero-badges";
import { JobCard } from "~/components/careers/job-card";
import { ValueCard } from "~/components/careers/value-card";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { jobPostings } from "~/content/jobs";
import { pageMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";

/** Plain HTML: the page is sent without JavaScript. */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Careers",
    "Explore open positions in sales partnerships, operations and logistics, and join a team supporting wound care providers nationwide.",
  );

const values = [
  {
    icon: HeartPulse,
    title: "Patient-Centered Care",
    description:
      "Every order we ship and every call we answer supports a clinician caring for a patient. We keep that person in mind in everything we do.",
  },
  {
    icon: ShieldCheck,
    title: "Integrity & Compliance",
    description:
      "We work in a regulated field and hold ourselves to its standards: accurate information, careful records and honest relationships.",
  },
  {
    icon: Lightbulb,
    title: "Innovation & Growth",
    description:
      "We look for better ways to serve providers, from online ordering to faster verification, and we invest in our people as we grow.",
  },
  {
    icon: Users,
    title: "Collaborative Team",
    description:
      "Sales, operations, reimbursement and logistics work closely together so that providers get one consistent, dependable experience.",
  },
] as const;

export default function CareersPage() {
  const site = useSite();
  return (
    <>
      <PageHero
        eyebrow={<HeroBadges badges={[{ icon: Briefcase, label: "Careers" }]} />}
        title="Join Our Team"
        lead={`Build a career that helps physicians and wound care teams get the products and support their patients need. ${site.companyName} is growing, and we are looking for people who care about doing the work well.`}
      >
        <HeroActions>
          <ButtonLink href="#open-positions" trailingIcon={ArrowDown} variant="inverse" size="lg">
            View Open Positions
          </ButtonLink>
        </HeroActions>
      </PageHero>

      <Section
        id="values"
        title="Our values"
        lead="The principles that guide how we work with providers, partners and each other."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <li key={value.title} className="min-w-0">
              <ValueCard icon={value.icon} title={value.title} description={value.description} />
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="open-positions"
        muted
        title="Open positions"
        lead={`${jobPostings.length} roles currently open across sales, operations and logistics.`}
      >
        <ul className="flex flex-col gap-8">
          {jobPostings.map((job) => (
            <li key={job.id} className="min-w-0">
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="general-application"
        title="Don't see the right role?"
        lead="We are always glad to hear from people with experience in healthcare, medical supply and logistics. Send a general application and we will keep it on file for future openings."
      >
        <div className="flex flex-col gap-6 rounded-xl border border-border bg-primary-soft p-6 sm:p-8 md:flex-row md:items-center md:justify-between">
          <div className="min-w-0">
            <p className="font-semibold text-navy">Questions about a role or the hiring process?</p>
            <p className="mt-1 text-sm text-foreground">
              Email our careers team at{" "}
              <a
                href={`mailto:${site.careersEmail}`}
                className="font-semibold [overflow-wrap:anywhere] text-primary underline underline-offset-4 hover:text-primary-hover"
              >
                {site.careersEmail}
              </a>
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/apply" icon={Send}>
              Submit General Application
            </ButtonLink>
            <ButtonLink href={`mailto:${site.careersEmail}?subject=${encodeURIComponent("Careers inquiry")}`} icon={Mail} variant="outline">
              Contact HR Team
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
