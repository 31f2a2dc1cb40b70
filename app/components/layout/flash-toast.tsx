import * as React from "react";
import { showToast } from "~/components/ui/toaster";
import type { ToastText } from "~/content/forms";
import { usePageSendsNoScript } from "~/lib/page-scripts";
import { cn } from "~/lib/utils";

/**
 * The one-time message a plain form post was answered with. On a page with
 * JavaScript it shows as the usual toast, and as a static panel in the same
 * corner when the browser runs no script (`<noscript>`). A page sent without
 * JavaScript shows the panel itself: there `<noscript>` would hide it from
 * every browser that has scripting on.
 */
export function FlashToast({ flash }: { flash: ToastText | null }) {
  const noScript = usePageSendsNoScript();
  React.useEffect(() => {
    if (flash && !noScript) showToast(flash);
  }, [flash, noScript]);
  if (!flash) return null;
  const panel = (
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
  );
  return noScript ? panel : <noscript>{panel}</noscript>;
}
