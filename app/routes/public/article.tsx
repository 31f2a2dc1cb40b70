import { ArrowLeft, CalendarDays, Clock, Info, Newspaper } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/article";
import type { PageHandle } from "~/lib/page-scripts";
import { CalendarDate } from "~/components/ui/date-time";
import { ArticleCard } from "~/components/press/article-card";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { articleBodies } from "~/content/articles";
import type { ArticleBody } from "~/content/types";
import { pageMeta } from "~/lib/meta";
import { sanitizeArticleHtml } from "~/.server/content/article-html";

/** Only the canonical ids "1" and "2" exist; anything else ("01", "3", "x") answers 404. */
export function loader({ params }: Route.LoaderArgs) {
  const article: ArticleBody | null = articleBodies.find((a) => String(a.id) === params.id) ?? null;
  if (!article) return data({ article: null }, { status: 404 });
  return data({ article: { ...article, content: sanitizeArticleHtml(article.content) } });
}

/** Plain HTML: the page is sent without JavaScript. */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const article = loaderData?.article;
  if (!article) {
    return [
      ...pageMeta(matches, "Article Not Found", "The press article you are looking for does not exist or has been moved."),
      { name: "robots", content: "noindex" },
    ];
  }
  return pageMeta(matches, article.title, article.summary);
};

/** Typography of the article HTML, cleaned by the loader (h2, p, ul, li, a). */
const proseClasses =
  "text-base leading-relaxed text-foreground sm:text-lg " +
  "[&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-navy sm:[&_h2]:text-2xl " +
  "[&_p]:mt-4 [&>p:first-child]:mt-0 " +
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_li]:pl-1 [&_li]:marker:text-primary " +
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4";

function BackToPress({ inverse = false }: { inverse?: boolean }) {
  return (
    <Button asChild variant={inverse ? "inverse" : "ghost"} className={inverse ? undefined : "-ml-3"}>
      <Link to="/press">
        <ArrowLeft aria-hidden />
        Back to Press
      </Link>
    </Button>
  );
}

function ArticleNotFound() {
  return (
    <>
      <PageHero
        title="Article Not Found"
        lead="The article you are looking for does not exist or may have been moved. Browse our latest news and updates instead."
      >
        <BackToPress inverse />
      </PageHero>
      <Section id="featured-articles" title="Featured articles">
        <ul className="grid gap-6 md:grid-cols-2">
          {articleBodies.map((a) => (
            <li key={a.id} className="min-w-0">
              <ArticleCard article={a} />
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const article = loaderData.article;
  if (!article) return <ArticleNotFound />;

  return (
    <article aria-labelledby="article-title">
      <PageHero
        eyebrow={
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-white/90">
            <Badge variant="inverse">{article.category}</Badge>
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden />
              <CalendarDate value={article.date} />
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden />
              {article.readTime}
            </span>
          </div>
        }
        title={<span id="article-title">{article.title}</span>}
        lead={article.summary}
      />

      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 md:py-14">
        <BackToPress />
        <div
          className={`mt-6 break-words ${proseClasses}`}
          // Trusted, static HTML from app/content/articles.ts.
          dangerouslySetInnerHTML={{ __html: article.content }}
        />

        <aside
          aria-label="About this article"
          className="mt-12 flex gap-3 rounded-xl border border-border bg-muted p-5 text-sm leading-relaxed text-muted-foreground"
        >
          <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <p>
            Press articles are provided for general information for healthcare professionals. They are not medical
            advice, and individual results vary.
          </p>
        </aside>

        <div className="mt-10 flex flex-wrap items-center justify-between gap-4 border-t border-border pt-8">
          <p className="font-semibold text-navy">Looking for more updates?</p>
          <Button asChild>
            <Link to="/press">
              <Newspaper aria-hidden />
              View More Articles
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
