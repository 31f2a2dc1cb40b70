import { ArrowRight, Mail } from "lucide-react";
import { Link } from "react-router";
import { CheckList } from "~/components/support/check-list";
import type { Route } from "./+types/products";
import type { PageHandle } from "~/lib/page-scripts";
import { CtaBand } from "~/components/layout/cta-band";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { ExternalLink } from "~/components/ui/external-link";
import { productCategories, products } from "~/content/products";
import type { Product } from "~/content/types";
import { sizeKey } from "~/lib/clinical/graft-sizes";
import { pageMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";

/** Plain HTML: the page is sent without JavaScript. */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Wound Care Products",
    "Amniotic membrane allografts and dermal solutions for chronic and acute wounds: dual-layer, tri-layer and full-thickness grafts for healthcare providers.",
  );

const heroCounters = [
  { value: "10+", label: "Product lines" },
  { value: "95%", label: "Success rate" },
] as const;

export default function ProductsPage() {
  const site = useSite();
  return (
    <>
      <PageHero
        eyebrow={productCategories.slice(0, 3).map((category) => (
          <Badge key={category} variant="inverse">
            {category}
          </Badge>
        ))}
        title="Wound Care Products"
        lead="Amniotic membrane allografts and dermal solutions for chronic and acute wounds, supplied with the verification and ordering support your practice needs."
      >
        <dl className="flex flex-wrap gap-4">
          {heroCounters.map((counter) => (
            <div
              key={counter.label}
              className="flex min-w-36 flex-col-reverse rounded-xl border border-white/25 bg-white/10 px-6 py-4"
            >
              <dt className="text-sm font-medium text-white/90">{counter.label}</dt>
              <dd className="text-3xl font-bold tracking-tight">{counter.value}</dd>
            </div>
          ))}
        </dl>
      </PageHero>

      <Section
        id="product-lines"
        title="Our product portfolio"
        lead="Nine product lines across four categories. Our specialists can help you match a product to each wound and payer."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product.slug} className="min-w-0">
              <ProductCard product={product} url={site.productUrls[product.slug]} />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand
        id="products-cta"
        title="Not sure which product fits your patients?"
        lead="Our product specialists can walk you through sizes, indications, coverage and ordering for each product line."
      >
        <Button asChild variant="inverse" size="lg">
          <Link to="/#contact">
            <Mail aria-hidden />
            Contact Our Specialists
          </Link>
        </Button>
        <Button asChild variant="outline-inverse" size="lg">
          <Link to="/intake">Request Product Information</Link>
        </Button>
      </CtaBand>
    </>
  );
}

function ProductCard({ product, url }: { product: Product; url: string | undefined }) {
  return (
    <Card className="flex h-full flex-col transition hover:border-primary/40 hover:shadow-md">
      <CardHeader>
        <div>
          <Badge>{product.category}</Badge>
        </div>
        <CardTitle size="lg" tone="navy" className="mt-3">{product.name}</CardTitle>
        <CardDescription size="lg">{product.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="mb-5 flex flex-wrap items-baseline gap-x-2 text-sm">
          <dt className="font-semibold text-navy">HCPCS code</dt>
          <dd className="font-mono font-semibold text-foreground">{product.hcpcs}</dd>
        </dl>
        <h4 className="text-sm font-semibold text-navy">Key features</h4>
        <CheckList items={product.features} look="features" className="mt-2 space-y-2" />
        <h4 className="mt-5 text-sm font-semibold text-navy">Sizes (cm)</h4>
        {product.sizes.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-y-1 text-sm text-muted-foreground tabular-nums">
            {product.sizes.map((size, index) => (
              <li key={sizeKey(size)} className="whitespace-nowrap">
                {`${size.lengthCm} × ${size.widthCm}`}
                {index < product.sizes.length - 1 ? (
                  <span aria-hidden className="px-1.5">
                    ·
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">Sizes on request</p>
        )}
      </CardContent>
      <CardFooter rule="md">
        {url ? (
          <Button asChild variant="outline" className="w-full">
            <ExternalLink href={url}>
              Learn More<span className="sr-only"> about {product.name}</span>
            </ExternalLink>
          </Button>
        ) : (
          <Button asChild variant="outline" className="w-full">
            <Link to={`/intake?product=${encodeURIComponent(product.slug)}`}>
              Request Information<span className="sr-only"> about {product.name}</span>
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
