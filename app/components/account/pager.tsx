import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * Previous / next links for a paged list. `href(page)` builds each link so
 * the list's filters stay in place.
 */
export function Pager({
  label,
  page,
  pageCount,
  href,
}: {
  label: string;
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const link = cn(buttonVariants({ variant: "outline", size: "sm" }));
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={link} rel="prev">
          <ChevronLeft aria-hidden />
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={link} rel="next">
          Next
          <ChevronRight aria-hidden />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
