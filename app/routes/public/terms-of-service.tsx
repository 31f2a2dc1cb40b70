import { Mail } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/terms-of-service";
import type { PageHandle } from "~/lib/page-scripts";
import { PageHero } from "~/components/layout/page-hero";
import { LegalTabs } from "~/components/support/legal-tabs";
import { mailtoHref } from "~/components/support/mailto";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";

/** Plain HTML: the page is sent without JavaScript. */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Terms of Service & Privacy Policy",
    "The terms that govern our website, portal and orders, and how we collect, use and protect your information, including returns, shipping and data security.",
  );

export default function TermsPage() {
  const site = useSite();
  return (
    <>
      <PageHero
        title="Terms of Service & Privacy Policy"
        lead={`The terms that apply when you use the ${site.companyName} website, portal and services, and how we handle and protect your information.`}
      />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <LegalTabs />
        <div
          className="mt-14 flex flex-col gap-4 rounded-xl border border-border bg-muted p-6 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="max-w-2xl text-sm leading-relaxed text-foreground">
            Questions about these terms or how we handle your information? Our team is happy to help.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <a href={mailtoHref(site.email, "Question about terms or privacy")}>
                <Mail aria-hidden />
                Email Us
              </a>
            </Button>
            <Button asChild variant="outline">
              <Link to="/#contact">Contact Us</Link>
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}
