import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

// Each part's overridable looks are variants, so a caller's className only adds classes.

const cardVariants = cva("rounded-xl border", {
  variants: {
    surface: {
      default: "border-border bg-background shadow-sm",
      muted: "border-border bg-muted shadow-sm",
      soft: "border-border bg-primary-soft shadow-sm",
      /** Tinted, with a tinted border and no shadow: a highlighted panel. */
      accent: "border-primary/30 bg-primary-soft shadow-none",
    },
  },
  defaultVariants: { surface: "default" },
});
export function Card({ className, surface, ...props }: React.ComponentProps<"div"> & VariantProps<typeof cardVariants>) {
  return <div className={cn(cardVariants({ surface }), className)} {...props} />;
}

const cardHeaderVariants = cva("flex p-6", {
  variants: {
    layout: { stack: "flex-col", row: "flex-row" },
    gap: { default: "gap-1.5", lg: "gap-3" },
    bottom: { default: "pb-3", lg: "pb-6" },
  },
  defaultVariants: { layout: "stack", gap: "default", bottom: "default" },
});
export function CardHeader({ className, layout, gap, bottom, ...props }: React.ComponentProps<"div"> & VariantProps<typeof cardHeaderVariants>) {
  return <div className={cn(cardHeaderVariants({ layout, gap, bottom }), className)} {...props} />;
}

const cardTitleVariants = cva("font-semibold", {
  variants: {
    size: {
      default: "text-lg leading-snug",
      /** The default's size at its own line height. */
      md: "text-lg",
      lg: "text-xl",
      xl: "text-2xl",
    },
    tone: { default: "text-foreground", navy: "text-navy" },
  },
  defaultVariants: { size: "default", tone: "default" },
});
export function CardTitle({
  className,
  as: Tag = "h3",
  size,
  tone,
  ...props
}: React.ComponentProps<"h3"> & { as?: "h2" | "h3" | "h4" } & VariantProps<typeof cardTitleVariants>) {
  return <Tag className={cn(cardTitleVariants({ size, tone }), className)} {...props} />;
}

const cardDescriptionVariants = cva("", {
  variants: {
    size: { default: "text-sm", lg: "text-base leading-relaxed" },
    tone: { default: "text-muted-foreground", strong: "text-foreground" },
  },
  defaultVariants: { size: "default", tone: "default" },
});
export function CardDescription({ className, size, tone, ...props }: React.ComponentProps<"p"> & VariantProps<typeof cardDescriptionVariants>) {
  return <p className={cn(cardDescriptionVariants({ size, tone }), className)} {...props} />;
}

const cardContentVariants = cva("", {
  variants: {
    padding: {
      /** Under a header, which gives the space above. */
      default: "p-6 pt-0",
      /** With no header above. */
      all: "p-6 pt-6",
      lg: "p-10",
    },
  },
  defaultVariants: { padding: "default" },
});
export function CardContent({ className, padding, ...props }: React.ComponentProps<"div"> & VariantProps<typeof cardContentVariants>) {
  return <div className={cn(cardContentVariants({ padding }), className)} {...props} />;
}

const cardFooterVariants = cva("flex items-center p-6", {
  variants: {
    /** A rule above the footer, with that much space under it. */
    rule: {
      none: "pt-0",
      sm: "border-t border-border pt-4",
      md: "border-t border-border pt-5",
      lg: "border-t border-border pt-6",
    },
  },
  defaultVariants: { rule: "none" },
});
export function CardFooter({ className, rule, ...props }: React.ComponentProps<"div"> & VariantProps<typeof cardFooterVariants>) {
  return <div className={cn(cardFooterVariants({ rule }), className)} {...props} />;
}
