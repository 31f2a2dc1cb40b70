import type { Route } from "./+types/home";
import { AboutSection } from "~/components/home/about-section";
import { ContactSection } from "~/components/home/contact-section";
import { HomeHero } from "~/components/home/hero";
import { ServicesGrid } from "~/components/home/services-grid";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Limb Salvage & Wound Care Biologics",
    "Amniotic tissue grafts and wound-care biologics for healthcare providers, with same-day insurance verification, online ordering and billing support.",
  );

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
