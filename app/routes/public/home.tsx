import type { Route } from "./+types/home";
import { AboutSection } from "~/components/home/about-section";
import { ContactSection } from "~/components/home/contact-section";
import { HomeHero } from "~/components/home/hero";
import { ServicesGrid } from "~/components/home/services-grid";
import { submitToServer } from "~/lib/form-result";
import { pageMeta } from "~/lib/meta";
import { contactAction } from "~/.server/submissions";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Limb Salvage & Wound Care Biologics",
    "Amniotic tissue grafts and wound-care biologics for healthcare providers, with same-day insurance verification, online ordering and billing support.",
  );

// The contact section's form posts here, so a plain post with bad input comes back
// to this page with what was typed and a message beside each field to fix.
export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context, { inPlace: true });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}

export default function HomePage() {
  return (
    <>
      <HomeHero />
      <ServicesGrid />
      <AboutSection />
      <ContactSection />
    </>
  );
}
