import * as React from "react";

export type ToastMessage = { title: string; description?: string; variant?: "success" | "error" | "default" };

/*
 * Toasts are rare (a form answer, a flash after a redirect), so the toast
 * library loads with the first one, not with every page.
 */
const SonnerToaster = React.lazy(() => import("./sonner-toaster"));

let wanted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Where toasts appear; renders nothing until the first toast is asked for. */
export function Toaster() {
  const shown = React.useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!shown) return null;
  return (
    <React.Suspense fallback={null}>
      <SonnerToaster onReady={markReady} />
    </React.Suspense>
  );
}

export function showToast({ title, description, variant = "default" }: ToastMessage) {
  wanted = true;
  for (const listener of listeners) listener();
  void Promise.all([import("sonner"), ready]).then(([{ toast }]) => {
    const show = variant === "success" ? toast.success : variant === "error" ? toast.error : toast;
    show(title, description ? { description } : undefined);
  });
}
