import { ArrowRight, Clock, Phone } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { Link, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ButtonLink } from "./button-link";
import { HeroBadges } from "./hero-badges";

const html = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe("ButtonLink", () => {
  it("draws a route link with a trailing icon as the button written out", () => {
    const written = html(
      <Button asChild variant="inverse" size="lg">
        <Link to="/intake">
          Get Started
          <ArrowRight aria-hidden />
        </Link>
      </Button>,
    );
    expect(
      html(
        <ButtonLink to="/intake" trailingIcon={ArrowRight} variant="inverse" size="lg">
          Get Started
        </ButtonLink>,
      ),
    ).toBe(written);
  });

  it("draws an address link with a leading icon as the button written out", () => {
    const phone = "555-0100";
    const written = html(
      <Button asChild variant="outline-inverse" size="lg">
        <a href="tel:5550100">
          <Phone aria-hidden />
          Call {phone}
        </a>
      </Button>,
    );
    expect(
      html(
        <ButtonLink href="tel:5550100" icon={Phone} variant="outline-inverse" size="lg">
          <>Call {phone}</>
        </ButtonLink>,
      ),
    ).toBe(written);
  });
});

describe("HeroBadges", () => {
  it("draws each badge as written out", () => {
    const written = html(
      <>
        <Badge variant="inverse">
          <Clock aria-hidden />
          Same-day results
        </Badge>
        <Badge variant="inverse">Careers</Badge>
      </>,
    );
    expect(html(<HeroBadges badges={[{ icon: Clock, label: "Same-day results" }, { label: "Careers" }]} />)).toBe(written);
  });
});
