import { Toaster as Sonner, toast } from "sonner";

/** Bottom-right, 4.5 s: SPEC section 9 says 4 to 5 seconds. */
export function Toaster() {
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

export type ToastMessage = { title: string; description?: string; variant?: "success" | "error" | "default" };

export function showToast({ title, description, variant = "default" }: ToastMessage) {
  const show = variant === "success" ? toast.success : variant === "error" ? toast.error : toast;
  show(title, description ? { description } : undefined);
}
