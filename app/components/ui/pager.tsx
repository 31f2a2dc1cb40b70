import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** The current URL with another page number; the other query parameters (filters) are kept. */
export function pageHref(pathname: string, search: string, page: number, param = "page"): string {
  const params = new URLSearchParams(search);
  params.delete("index");
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

const step = buttonVariants({ variant: "outline", size: "sm" });
const noStep = buttonVariants({ variant: "unavailable", size: "sm" });

/**
 * "Page X of Y" with Previous and Next links that keep the current filters
 * (or that `href(page)` builds). `label` names the navigation landmark: give
 * each pager on a page its own.
 */
export function Pager({
  page,
  pageCount,
  label = "Pagination",
  param = "page",
  href,
  className,
}: {
  page: number;
  pageCount: number;
  label?: string;
  param?: string;
  href?: (page: number) => string;
  className?: string;
}) {
  const { pathname, search } = useLocation();
  const hrefOf = href ?? ((p: number) => pageHref(pathname, search, p, param));
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center justify-between gap-3", className)}>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {`Page ${page} of ${pageCount}`}
      </p>
      <div className="flex gap-2">
        {hasPrevious ? (
          <Link to={hrefOf(page - 1)} rel="prev" className={step}>
            <ChevronLeft aria-hidden />
            Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={noStep}>
            <ChevronLeft aria-hidden />
            Previous
          </span>
        )}
        {hasNext ? (
          <Link to={hrefOf(page + 1)} rel="next" className={step}>
            Next
            <ChevronRight aria-hidden />
          </Link>
        ) : (
          <span aria-disabled="true" className={noStep}>
            Next
            <ChevronRight aria-hidden />
          </span>
        )}
      </div>
    </nav>
  );
}
