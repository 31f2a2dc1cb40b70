import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";

export const buttonVariants = cva(
  "max-w-full items-center justify-center gap-2 rounded-md text-center font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary-hover",
        secondary: "bg-primary-soft text-primary hover:bg-primary-soft-hover",
        outline: "border border-input bg-background text-foreground hover:bg-muted",
        ghost: "text-foreground hover:bg-muted",
        "ghost-destructive": "text-destructive hover:bg-muted",
        inverse: "bg-white text-primary hover:bg-primary-soft",
        "outline-inverse": "border border-white/70 text-white hover:bg-white/10",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive-hover",
        link: "text-primary underline-offset-4 hover:underline",
        /** Looks like an outline button that cannot be pressed (a pager's step with nowhere to go). */
        unavailable: "cursor-not-allowed border border-border bg-background text-muted-foreground hover:bg-transparent",
      },
      size: {
        default: "min-h-10 px-4 py-2 text-sm",
        sm: "min-h-9 px-3 py-1.5 text-sm",
        /** `sm`'s padding at the height of a form control, for a button beside one. */
        "sm-field": "min-h-10 px-3 py-1.5 text-sm",
        lg: "min-h-12 px-6 py-2.5 text-base",
        icon: "size-10 text-sm",
      },
      display: {
        default: "inline-flex",
        /** Not shown below the `sm` breakpoint. */
        "from-sm": "hidden sm:inline-flex",
      },
    },
    defaultVariants: { variant: "default", size: "default", display: "default" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, display, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp className={cn(buttonVariants({ variant, size, display }), className)} {...props} />;
}
