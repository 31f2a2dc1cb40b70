import * as React from "react";
import { Toaster as Sonner } from "sonner";

/** Bottom-right, 4.5 s: SPEC section 9 says 4 to 5 seconds. `onReady` runs once it listens for toasts. */
export default function SonnerToaster({ onReady }: { onReady: () => void }) {
  // Sonner subscribes in its own effect, which runs before this one.
  React.useEffect(onReady, [onReady]);
  return (
    <Sonner
      position="bottom-right"
      duration={4500}
      closeButton
      toastOptions={{
        classNames: {
          toast: "font-sans border border-border",
          title: "font-semibold",
          description: "!text-muted-foreground",
          error: "!border-destructive !text-destructive",
        },
      }}
    />
  );
}
