import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

const iconTileVariants = cva("flex shrink-0 items-center justify-center bg-primary-soft text-primary", {
  variants: {
    size: {
      sm: "size-10 rounded-lg",
      default: "size-11 rounded-lg",
      lg: "size-12 rounded-xl",
    },
    round: { true: "rounded-full" },
  },
  defaultVariants: { size: "default" },
});

/** The tinted square (or circle) an icon sits on, on cards and list items. The icon inside gives its own size. */
export function IconTile({ size, round, className, ...props }: React.ComponentProps<"span"> & VariantProps<typeof iconTileVariants>) {
  return <span className={cn(iconTileVariants({ size, round }), className)} {...props} />;
}
