import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Section } from "~/components/layout/section";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { IconTile } from "~/components/ui/icon-tile";
import { serviceCards } from "~/content/landing";

/** The landing page's eight service cards; each whole card links to its page. */
export function ServicesGrid() {
  return (
    <Section
      id="solutions"
      title="Complete wound care solutions"
      lead="Products, insurance, ordering and reimbursement support from one partner, so your team can focus on patients."
    >
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {serviceCards.map((card) => (
          <li key={card.title} className="min-w-0">
            <Card className="group relative flex h-full flex-col p-6 transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring">
              <IconTile size="lg" className="mb-5 transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                <Icon name={card.icon} className="size-6" />
              </IconTile>
              <h3 className="text-lg leading-snug font-semibold text-navy">
                <Link to={card.link} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
                  {card.title}
                </Link>
              </h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{card.description}</p>
              <span aria-hidden className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-primary">
                Learn more
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
