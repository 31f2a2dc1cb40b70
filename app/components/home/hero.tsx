import { ArrowRight } from "lucide-react";
import { CheckList } from "~/components/support/check-list";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { IconTile } from "~/components/ui/icon-tile";
import { heroBullets, heroHighlights } from "~/content/landing";

/** Landing page hero: the page's single h1, the four offer bullets and the two main actions. */
export function HomeHero() {
  return (
    <section
      aria-labelledby="home-hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-navy via-navy-blue to-primary text-white"
    >
      {/* Soft decorative shapes; purely visual. */}
      <div aria-hidden className="pointer-events-none absolute inset-0">
        <div className="absolute -top-32 -right-24 size-96 rounded-full bg-white/5" />
        <div className="absolute -bottom-40 left-1/3 size-[28rem] rounded-full bg-white/[0.04]" />
      </div>

      <div className="relative mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,0.8fr)] lg:items-center">
        <div className="min-w-0">
          <Badge variant="inverse" className="mb-5 whitespace-normal">
            Limb salvage · Wound care · Regenerative medicine
          </Badge>
          <h1
            id="home-hero-title"
            className="text-3xl font-bold tracking-tight text-balance sm:text-4xl md:text-5xl lg:text-[3.25rem] lg:leading-[1.1]"
          >
            Advanced biologics and support for limb salvage and wound care
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-white/90">
            Amniotic tissue grafts and wound-care biologics for healthcare providers, backed by insurance
            verification, online ordering and reimbursement expertise that keep your practice moving.
          </p>

          <CheckList items={heroBullets} look="hero" className="mt-8 grid gap-3 sm:grid-cols-2" />

          <div className="mt-10 flex flex-wrap gap-3">
            <Button asChild variant="inverse" size="lg" className="whitespace-normal text-center">
              <Link to="/intake">
                Start Your Free Consultation
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild variant="outline-inverse" size="lg">
              <Link to="/services">View Our Services</Link>
            </Button>
          </div>
        </div>

        <div className="min-w-0">
          <div className="rounded-2xl bg-white p-6 text-foreground shadow-2xl shadow-navy/30 sm:p-8">
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">Built for busy practices</p>
            <p className="mt-2 text-xl font-semibold text-navy">From verification to delivery, handled.</p>
            <ul className="mt-6 space-y-5">
              {heroHighlights.map((item) => (
                <li key={item.title} className="flex items-start gap-4">
                  <IconTile>
                    <Icon name={item.icon} className="size-5" />
                  </IconTile>
                  <span className="min-w-0">
                    <span className="block font-semibold text-navy">{item.title}</span>
                    <span className="mt-0.5 block text-sm text-muted-foreground">{item.text}</span>
                  </span>
                </li>
              ))}
            </ul>
            <div className="mt-6 border-t border-border pt-5 text-sm text-muted-foreground">
              Already a partner?{" "}
              <Link to="/auth" className="font-semibold text-primary underline-offset-4 hover:underline">
                Sign in to the Clinical Portal
              </Link>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
