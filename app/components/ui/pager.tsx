import { ChevronLeft, ChevronRight, ChevronsLeft } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** The query parameters a pager sets; every other one (the filters) is kept. */
const PAGING_PARAMS = ["before", "after", "page", "index"];

/**
 * The current URL on another page: `?before=<cursor>` for the page after,
 * `?after=<cursor>` for the page before, neither for the first page.
 */
export function cursorHref(pathname: string, search: string, to: { before: string } | { after: string } | null): string {
  const params = new URLSearchParams(search);
  for (const name of PAGING_PARAMS) params.delete(name);
  if (to && "before" in to) params.set("before", to.before);
  if (to && "after" in to) params.set("after", to.after);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

const step = buttonVariants({ variant: "outline", size: "sm" });
const noStep = buttonVariants({ variant: "unavailable", size: "sm" });

export type PagerLabels = { first: string; previous: string; next: string };

/** A newest-first list: "Newest", "Newer entries", "Older entries". */
export const NEWEST_FIRST: PagerLabels = { first: "Newest", previous: "Newer entries", next: "Older entries" };

/**
 * Links to the list's first page, the page before and the page after, by
 * the cursors the loader gave (`previous`, `next`; null at either end), each
 * keeping the current filters; plain links, so they work without JavaScript.
 * `label` names the navigation landmark: give each pager on a page its own.
 * `href` builds a link instead of the current URL (it gets null for the first page).
 */
export function Pager({
  previous,
  next,
  label = "Pagination",
  labels = { first: "First page", previous: "Previous", next: "Next" },
  href,
  className,
}: {
  previous: string | null;
  next: string | null;
  label?: string;
  labels?: PagerLabels;
  href?: (to: { before: string } | { after: string } | null) => string;
  className?: string;
}) {
  const { pathname, search } = useLocation();
  const hrefOf = href ?? ((to: { before: string } | { after: string } | null) => cursorHref(pathname, search, to));
  if (previous === null && next === null) return null;
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center justify-end gap-2", className)}>
      {previous !== null ? (
        <>
          <Link to={hrefOf(null)} className={step}>
            <ChevronsLeft aria-hidden />
            {labels.first}
          </Link>
          <Link to={hrefOf({ after: previous })} rel="prev" className={step}>
            <ChevronLeft aria-hidden />
            {labels.previous}
          </Link>
        </>
      ) : (
        <span aria-disabled="true" className={noStep}>
          <ChevronLeft aria-hidden />
          {labels.previous}
        </span>
      )}
      {next !== null ? (
        <Link to={hrefOf({ before: next })} rel="next" className={step}>
          {labels.next}
          <ChevronRight aria-hidden />
        </Link>
      ) : (
        <span aria-disabled="true" className={noStep}>
          {labels.next}
          <ChevronRight aria-hidden />
        </span>
      )}
    </nav>
  );
}
