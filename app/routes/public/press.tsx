import { Mail, Newspaper, Phone } from "lucide-react";
import type { Route } from "./+types/press";
import type { PageHandle } from "~/lib/page-scripts";
import { ArticleCard } from "~/components/press/article-card";
import { CategoryFilter } from "~/components/press/category-filter";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { telHref } from "~/config/site";
import { parsePressCategory, pressArticles, pressCategories } from "~/content/press";
import { pageMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";

/** Plain HTML: the page is sent without JavaScript. */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Press & News",
    "Clinical research summaries, regulatory updates, innovation and market analysis for wound care and regenerative medicine professionals.",
  );

/** Filtering happens here, from ?category=, so the chips work without JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
  const category = parsePressCategory(new URL(request.url).searchParams.get("category"));
  const articles = category ? pressArticles.filter((a) => a.category === category) : pressArticles;
  return { category, articles };
}

function countText(count: number, category: string | null): string {
  const noun = count === 1 ? "article" : "articles";
  return category ? `Showing ${count} ${noun} in ${category}` : `Showing ${count} ${noun} from the last 6 months`;
}

export default function PressPage({ loaderData }: Route.ComponentProps) {
  const { category, articles } = loaderData;
  const site = useSite();
  return (
    <>
      <PageHero
        eyebrow={
          <Badge variant="inverse">
            <Newspaper aria-hidden />
            Newsroom
          </Badge>
        }
        title="Press & News"
        lead="Research summaries, regulatory updates and industry analysis for physicians, practice managers and wound care teams."
      />

      <Section
        id="articles"
        title="Latest articles"
        lead="Filter by topic to find the clinical, regulatory and market updates most relevant to your practice."
      >
        <div className="flex flex-col gap-4">
          <CategoryFilter categories={pressCategories} active={category} />
          <p role="status" className="text-sm font-medium text-muted-foreground">
            {countText(articles.length, category)}
          </p>
        </div>
        {articles.length > 0 ? (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <li key={article.id} className="min-w-0">
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-8 text-muted-foreground">No articles in this category yet.</p>
        )}
      </Section>

      <Section id="media-inquiries" title="Media inquiries" muted lead="Journalists and industry analysts can reach our communications team directly.">
        <div className="flex flex-wrap gap-3">
          <Button asChild className="h-auto min-h-10 max-w-full whitespace-normal break-all">
            <a href={`mailto:${site.email}`}>
              <Mail aria-hidden />
              {site.email}
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={telHref(site.phone)}>
              <Phone aria-hidden />
              {site.phone}
            </a>
          </Button>
        </div>
      </Section>
    </>
  );
}
