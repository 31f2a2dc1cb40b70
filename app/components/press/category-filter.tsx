import { Link } from "react-router";
import type { PressCategory } from "~/content/types";
import { cn } from "~/lib/utils";

/** The press page, filtered or not, opened at its list (the chips sit above it), not at the top. */
function hrefFor(category: PressCategory | null): string {
  return `${category ? `/press?${new URLSearchParams({ category }).toString()}` : "/press"}#articles`;
}

/**
 * Category chips. They are plain links to /press?category=...#articles, so
 * filtering is done by the server loader and the page needs no JavaScript;
 * the chosen one is `aria-current`.
 */
export function CategoryFilter({
  categories,
  active,
}: {
  categories: readonly PressCategory[];
  active: PressCategory | null;
}) {
  const chips: { label: string; value: PressCategory | null }[] = [
    { label: "All", value: null },
    ...categories.map((c) => ({ label: c, value: c })),
  ];
  return (
    <div role="group" aria-label="Filter articles by category" className="flex flex-wrap gap-2">
      {chips.map(({ label, value }) => {
        const current = value === active;
        return (
          <Link
            key={label}
            to={hrefFor(value)}
            aria-current={current ? "true" : undefined}
            className={cn(
              "inline-flex min-h-10 items-center rounded-full border px-4 py-2 text-sm font-semibold transition-colors",
              current
                ? "border-primary bg-primary text-primary-foreground"
                : "border-input bg-background text-foreground hover:border-primary hover:bg-primary-soft hover:text-primary",
            )}
          >
            {label}
          </Link>
        );
      })}
    </div>
  );
}
