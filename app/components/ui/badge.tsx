import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 max-w-full text-xs font-semibold [&_svg]:size-3.5",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary-soft text-primary",
        solid: "border-transparent bg-primary text-primary-foreground",
        outline: "border-border text-foreground",
        inverse: "border-white/40 bg-white/10 text-white",
        success: "border-transparent bg-success-soft text-success",
        destructive: "border-destructive/40 bg-destructive/5 text-destructive",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Badge({ className, variant, ...props }: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
