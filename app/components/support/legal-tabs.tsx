import { CalendarDays } from "lucide-react";
import { useSearchParams } from "react-router";
import { LinkTabs } from "~/components/ui/link-tabs";
import { fillLegalText, legalLastUpdated, privacySections, termsSections } from "~/content/legal";
import type { LegalSection } from "~/content/types";
import { useSite } from "~/lib/use-site";

export type LegalTab = "terms" | "privacy";

/** The tab named by the URL: `?tab=privacy` selects the privacy policy, anything else the terms. */
export function legalTabFrom(params: URLSearchParams): LegalTab {
  return params.get("tab") === "privacy" ? "privacy" : "terms";
}

/**
 * Terms of Service and Privacy Policy tabs. The selected tab is the URL's
 * (`?tab=privacy`, as the footer's privacy link has it): the tabs are links,
 * so they work without JavaScript too.
 */
export function LegalTabs() {
  const [searchParams] = useSearchParams();
  const tab = legalTabFrom(searchParams);
  return (
    <LinkTabs
      label="Legal documents"
      selected={tab}
      tabs={[
        { value: "terms", label: "Terms of Service", href: "/terms-of-service" },
        { value: "privacy", label: "Privacy Policy", href: "/terms-of-service?tab=privacy" },
      ]}
      aside={
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          Last updated {legalLastUpdated}
        </p>
      }
    >
      {tab === "privacy" ? (
        <LegalDocument id="privacy" label="Privacy Policy" sections={privacySections} />
      ) : (
        <LegalDocument id="terms" label="Terms of Service" sections={termsSections} />
      )}
    </LinkTabs>
  );
}

function LegalDocument({ id, label, sections }: { id: LegalTab; label: string; sections: readonly LegalSection[] }) {
  const site = useSite();
  const values = { company: site.companyName, email: site.email };
  return (
    <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <nav aria-label={`${label} sections`} className="hidden lg:block">
        <div className="sticky top-24 rounded-xl border border-border bg-muted p-5">
          <p className="text-sm font-semibold text-navy">On this page</p>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.title}>
                <a href={`#${id}-${index + 1}`} className="text-muted-foreground hover:text-primary hover:underline">
                  {`${index + 1}. ${section.title}`}
                </a>
              </li>
            ))}
          </ol>
        </div>
      </nav>
      <div className="min-w-0 max-w-3xl space-y-10">
        {sections.map((section, index) => (
          <section key={section.title} id={`${id}-${index + 1}`}>
            <h2 className="text-xl font-bold tracking-tight text-navy sm:text-2xl">
              {`${index + 1}. ${section.title}`}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-foreground/90">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="break-words">
                  {fillLegalText(paragraph, values)}
                </p>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
