import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/utils";

const linkClass =
  "inline-flex min-h-9 items-center gap-1 rounded-md border border-input px-3 py-1.5 text-sm font-semibold text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** The current URL with another page number; the other query parameters (filters) are kept. */
export function pageHref(pathname: string, search: string, page: number, param = "page"): string {
  const params = new URLSearchParams(search);
  params.delete("index");
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * "Page X of Y" with Previous and Next links that keep the current filters.
 * `label` names the navigation landmark: give each pager on a page its own.
 */
export function Pager({
  page,
  pageCount,
  label = "Pagination",
  param = "page",
  className,
}: {
  page: number;
  pageCount: number;
  label?: string;
  param?: string;
  className?: string;
}) {
  const { pathname, search } = useLocation();
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center justify-between gap-3", className)}>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {`Page ${page} of ${pageCount}`}
      </p>
      <div className="flex gap-2">
        {hasPrevious ? (
          <Link to={pageHref(pathname, search, page - 1, param)} rel="prev" className={linkClass}>
            <ChevronLeft aria-hidden className="size-4" />
            Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={cn(linkClass, "cursor-not-allowed border-border text-muted-foreground hover:bg-transparent")}>
            <ChevronLeft aria-hidden className="size-4" />
            Previous
          </span>
        )}
        {hasNext ? (
          <Link to={pageHref(pathname, search, page + 1, param)} rel="next" className={linkClass}>
            Next
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        ) : (
          <span aria-disabled="true" className={cn(linkClass, "cursor-not-allowed border-border text-muted-foreground hover:bg-transparent")}>
            Next
            <ChevronRight aria-hidden className="size-4" />
          </span>
        )}
      </div>
    </nav>
  );
}
