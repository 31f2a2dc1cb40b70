import type * as React from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * A GET form of filters: submitting it puts the choices in the URL query,
 * so a filtered list can be bookmarked and paged. It is a search landmark;
 * `label` must be unique on the page. The page number is dropped on purpose:
 * new filters start at page 1.
 */
export function FilterBar({
  label,
  action,
  resetHref,
  submitLabel = "Filter",
  className,
  children,
}: {
  label: string;
  /** Where the form goes: the page's own path. */
  action: string;
  /** Shown as "Clear" while some filter is set. */
  resetHref?: string | null;
  submitLabel?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className={cn("flex flex-col gap-4 rounded-lg border border-border bg-muted/50 p-4 sm:flex-row sm:flex-wrap sm:items-end", className)}
    >
      {children}
      <div className="flex gap-2">
        <Button type="submit">{submitLabel}</Button>
        {resetHref ? (
          <Button asChild variant="outline">
            <Link to={resetHref}>Clear</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

const FILTER_FIELD_WIDTHS = { default: "sm:w-48", lg: "sm:w-64", xl: "sm:w-96" } as const;

/** A labelled control inside a FilterBar; `width` is its width from the `sm` breakpoint on. */
export function FilterField({
  label,
  htmlFor,
  width = "default",
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  width?: keyof typeof FILTER_FIELD_WIDTHS;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-2", FILTER_FIELD_WIDTHS[width], className)}>
      <label htmlFor={htmlFor} className="text-sm font-medium leading-none text-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}
