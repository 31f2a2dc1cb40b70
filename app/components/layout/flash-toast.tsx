import * as React from "react";
import { showToast } from "~/components/ui/toaster";
import type { ToastText } from "~/content/forms";
import { cn } from "~/lib/utils";

/**
 * The one-time message a plain form post was answered with. With
 * JavaScript it shows as the usual toast; without, as a static panel in
 * the same corner.
 */
export function FlashToast({ flash }: { flash: ToastText | null }) {
  React.useEffect(() => {
    if (flash) showToast(flash);
  }, [flash]);
  if (!flash) return null;
  return (
    <noscript>
      <div
        role="status"
        className={cn(
          "fixed right-4 bottom-4 z-50 w-[min(22rem,calc(100vw-2rem))] rounded-lg border bg-background p-4 shadow-lg",
          flash.variant === "error" ? "border-destructive" : "border-border",
        )}
      >
        <p className={cn("text-sm font-semibold", flash.variant === "error" && "text-destructive")}>{flash.title}</p>
        <p className="mt-1 text-sm text-muted-foreground">{flash.description}</p>
      </div>
    </noscript>
  );
}
