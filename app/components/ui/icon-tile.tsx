import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

const iconTileVariants = cva("shrink-0 items-center justify-center bg-primary-soft text-primary", {
  variants: {
    size: {
      sm: "size-10",
      default: "size-11",
      lg: "size-12",
    },
    round: { true: "rounded-full", false: "" },
    /** Inline, for a tile centred in a line (with mx-auto). */
    inline: { true: "inline-flex", false: "flex" },
  },
  compoundVariants: [
    { round: false, size: ["sm", "default"], className: "rounded-lg" },
    { round: false, size: "lg", className: "rounded-xl" },
  ],
  defaultVariants: { size: "default", round: false, inline: false },
});

/** The tinted square (or circle) an icon sits on, on cards and list items. The icon inside gives its own size. */
export function IconTile({ size, round, inline, className, ...props }: React.ComponentProps<"span"> & VariantProps<typeof iconTileVariants>) {
  return <span className={cn(iconTileVariants({ size, round, inline }), className)} {...props} />;
}
