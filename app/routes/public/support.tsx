import { Clock, Mail, MessageSquare, Phone } from "lucide-react";
import type { Route } from "./+types/support";
import type { PageHandle } from "~/lib/page-scripts";
import { ButtonLink, CallButton } from "~/components/marketing/button-link";
import { HeroActions, HeroBadges } from "~/components/marketing/hero-badges";
import { Section } from "~/components/layout/section";
import { PageHero } from "~/components/layout/page-hero";
import { ChannelCard } from "~/components/support/channel-card";
import { CtaBand } from "~/components/layout/cta-band";
import { DownloadCard } from "~/components/support/download-card";
import { FaqAccordion } from "~/components/support/faq-accordion";
import { mailtoHref } from "~/components/support/mailto";
import { TopicCard } from "~/components/support/topic-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { downloads, faqs, supportChannels, supportTopics } from "~/content/support";
import { telHref } from "~/config/site";
import { pageMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";
import { formatBytes } from "~/lib/format";
import { getDb } from "~/.server/db/client";
import { supportDownloads } from "~/.server/library";
import { log } from "~/.server/log";

/** Plain HTML: the page is sent without JavaScript. */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Support Center",
    "Reach our support team by phone, email or message, find answers to common questions about ordering, insurance verification and compliance, and request our guides.",
  );

/**
 * The guides as the Forms Library holds them now (their real sizes, public
 * addresses). The page is cached when the process starts and every hour
 * (http/page-cache.ts): a new version staff upload shows within the hour.
 * Without the library (the database unreachable) a copy is asked by mail.
 */
export async function loader() {
  try {
    const guides = await supportDownloads(getDb());
    return { downloads: guides.map((g) => ({ title: g.title, description: g.description ?? "", type: g.type, size: formatBytes(g.size), href: g.href })) };
  } catch (error) {
    log.warn({ err: error }, "the support page's guides could not be read: offering copies by mail");
    return { downloads };
  }
}

export default function SupportPage({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <>
      <PageHero
        eyebrow={
          <HeroBadges
            badges={[
              { icon: Clock, label: "Mon-Fri 8AM-6PM EST" },
              { icon: Mail, label: "Email monitored 24/7" },
            ]}
          />
        }
        title="Support Center"
        lead="Help with orders, the online portal, insurance verification and compliance documentation, from a team that knows wound care. Choose the channel that suits you, or browse the answers below."
      >
        <HeroActions>
          <CallButton variant="inverse" />
          <ButtonLink href={mailtoHref(site.supportEmail, "Support request")} icon={Mail} variant="outline-inverse" size="lg">
            Email Support
          </ButtonLink>
        </HeroActions>
      </PageHero>

      <Section
        id="contact-channels"
        title="Contact our support team"
        lead="Specialists in ordering, reimbursement and product questions are ready to help. Emergency support is available 24/7."
      >
        <div className="grid gap-6 md:grid-cols-3">
          {supportChannels.map((channel) => (
            <ChannelCard key={channel.kind} channel={channel} />
          ))}
        </div>
      </Section>

      <Section
        id="help-topics"
        muted
        title="Browse help topics"
        lead="Our support library covers the questions practices ask most often. Ask about a topic and a specialist will reply with the relevant guidance."
      >
        <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {supportTopics.map((topic) => (
            <TopicCard key={topic.title} topic={topic} />
          ))}
        </div>
      </Section>

      <Section id="faq" title="Frequently asked questions" lead="Quick answers about ordering, verification, shipping and data protection.">
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <FaqAccordion faqs={faqs} />
          </div>
          <Card surface="soft" className="h-fit">
            <CardHeader>
              <CardTitle>Still have a question?</CardTitle>
              <CardDescription tone="strong">
                Chat with a specialist, who answers quickly during business hours, or leave a message. We reply to
                every message within 24 hours.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-3">
              <ButtonLink to="/support/chat" icon={MessageSquare}>
                Start a Conversation
              </ButtonLink>
              <ButtonLink href={telHref(site.phone)} icon={Phone} variant="outline">
                Call Us
              </ButtonLink>
            </CardContent>
          </Card>
        </div>
      </Section>

      <Section
        id="resources"
        muted
        title="Guides and resources"
        lead="Download our guides, or ask our support team for any other document."
      >
        <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {loaderData.downloads.map((resource) => (
            <DownloadCard key={resource.title} resource={resource} />
          ))}
        </div>
      </Section>

      <CtaBand
        id="support-cta"
        title="New to our online portal?"
        lead="Schedule a free 30-minute consultation and we will set up your account, walk your team through ordering and insurance verification, and answer your questions."
      >
        <ButtonLink to="/intake" variant="inverse" size="lg">
          Schedule a Free Consultation
        </ButtonLink>
        <ButtonLink to="/ordering" variant="outline-inverse" size="lg">
          See the Portal Demo
        </ButtonLink>
      </CtaBand>
    </>
  );
}
