import { ArrowRight, CalendarDays, Clock } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { CalendarDate } from "~/components/ui/date-time";
import type { NewsArticle } from "~/content/types";

/** A press list card; the title link stretches over the whole card. */
export function ArticleCard({ article }: { article: NewsArticle }) {
  return (
    <Card className="relative flex h-full flex-col transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring">
      <CardHeader gap="lg">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
          <Badge>{article.category}</Badge>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden />
            <CalendarDate value={article.date} />
          </span>
        </div>
        <CardTitle className="break-words">
          <Link
            to={`/article/${article.id}`}
            className="text-navy after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-primary focus-visible:outline-none"
          >
            {article.title}
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="text-sm leading-relaxed text-muted-foreground">{article.summary}</p>
      </CardContent>
      <CardFooter rule="sm" className="justify-between gap-3 text-sm">
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <Clock className="size-4" aria-hidden />
          {article.readTime}
        </span>
        <span className="inline-flex items-center gap-1 font-semibold text-primary" aria-hidden>
          Read article
          <ArrowRight className="size-4" />
        </span>
      </CardFooter>
    </Card>
  );
}
