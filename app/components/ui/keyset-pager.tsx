import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** The current URL reading on from a cursor (`after=` or `before=`); the other query parameters (filters) are kept. */
export function cursorHref(pathname: string, search: string, direction: "after" | "before", cursor: string, hash = "", prefix = ""): string {
  const name = (d: "after" | "before") => (prefix ? `${prefix}${d[0]!.toUpperCase()}${d.slice(1)}` : d);
  const params = new URLSearchParams(search);
  params.delete("index");
  params.delete(name("after"));
  params.delete(name("before"));
  params.set(name(direction), cursor);
  return `${pathname}?${params.toString()}${hash ? `#${hash}` : ""}`;
}

const step = buttonVariants({ variant: "outline", size: "sm" });
const noStep = buttonVariants({ variant: "unavailable", size: "sm" });

/**
 * The links to the pages beside this one of a list read by cursor: `newer`
 * (towards the top of the list) and `older` (further down), each a plain link
 * that works without JavaScript. Nothing when the list fits one page.
 * `label` names the navigation landmark: give each pager on a page its own.
 */
export function KeysetPager({
  before,
  after,
  label,
  newer = "Newer",
  older = "Older",
  summary,
  hash,
  prefix,
  className,
}: {
  /** the cursor of the page before this one (towards the top), or null on the first page */
  before: string | null;
  /** the cursor of the page after this one, or null on the last page */
  after: string | null;
  label: string;
  newer?: string;
  older?: string;
  summary?: string;
  /** the id of the list's heading, so a page read on opens at the list */
  hash?: string;
  /** the query parameters' prefix, for a second list on one page: `ivrsAfter=`, `ivrsBefore=` */
  prefix?: string;
  className?: string;
}) {
  const { pathname, search } = useLocation();
  if (!before && !after) return null;
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center justify-between gap-3", className)}>
      <p className="text-sm text-muted-foreground">{summary ?? ""}</p>
      <div className="flex gap-2">
        {before ? (
          <Link to={cursorHref(pathname, search, "before", before, hash, prefix)} rel="prev" className={step}>
            <ChevronLeft aria-hidden />
            {newer}
          </Link>
        ) : (
          <span aria-disabled="true" className={noStep}>
            <ChevronLeft aria-hidden />
            {newer}
          </span>
        )}
        {after ? (
          <Link to={cursorHref(pathname, search, "after", after, hash, prefix)} rel="next" className={step}>
            {older}
            <ChevronRight aria-hidden />
          </Link>
        ) : (
          <span aria-disabled="true" className={noStep}>
            {older}
            <ChevronRight aria-hidden />
          </span>
        )}
      </div>
    </nav>
  );
}
