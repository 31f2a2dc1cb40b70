import { Camera, LoaderCircle, X } from "lucide-react";
import { Dialog } from "radix-ui";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { CAMERA_PROBLEMS, cameraProblemOf, SLOW_HINT, type CameraProblem } from "./camera-barcodes";

type PolicyDocument = Document & {
  permissionsPolicy?: { allowsFeature(feature: string): boolean };
  featurePolicy?: { allowsFeature(feature: string): boolean };
};

/**
 * Whether this page may ask for the camera: the browser has getUserMedia
 * (only on https or localhost) and, where the browser says, the page's
 * Permissions-Policy allows the camera. Browsers that do not say show the
 * button, and a refusal then reads as "refused".
 */
function cameraOffered(): boolean {
  if (typeof navigator.mediaDevices?.getUserMedia !== "function") return false;
  const policy = (document as PolicyDocument).permissionsPolicy ?? (document as PolicyDocument).featurePolicy;
  return policy?.allowsFeature("camera") ?? true;
}

type Status = { step: "starting" } | { step: "looking"; slow: boolean } | { step: "problem"; problem: CameraProblem };

/**
 * "Scan with camera": a dialog with the rear camera's picture that reads the
 * first barcode it sees and hands its text to `onRead`, as a handheld scanner
 * would type it. Rendered only once the page is hydrated and only where the
 * browser can give a camera; without it, the field beside it is typed or
 * scanned with a scanner. The reader (camera-reader.ts) is loaded on the first
 * click. Closing the dialog (its button, Escape, a click outside) stops the
 * camera.
 */
export function CameraScan({
  onRead,
  label = "Scan with camera",
  className,
}: {
  /** The barcode's text; called after the dialog has closed, so the caller may move focus. */
  onRead: (text: string) => void;
  label?: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = React.useState(false);
  const [status, setStatus] = React.useState<Status>({ step: "starting" });
  // The text read, held from the moment the reader finds it until the dialog has closed.
  const found = React.useRef<string | null>(null);

  // Runs while the video element is on the page: from the dialog's opening to its closing.
  const startCamera = React.useCallback((video: HTMLVideoElement | null) => {
    if (!video) return;
    const controller = new AbortController();
    void (async () => {
      try {
        const { readBarcodeFromCamera } = await import("./camera-reader");
        if (controller.signal.aborted) return;
        setStatus({ step: "looking", slow: false });
        const text = await readBarcodeFromCamera(video, {
          signal: controller.signal,
          onSlow: () => setStatus({ step: "looking", slow: true }),
        });
        if (text === null) return;
        found.current = text;
        setOpen(false);
      } catch (error) {
        // Also when the reader could not be loaded (offline, or a newer deployment's file names).
        if (!controller.signal.aborted) setStatus({ step: "problem", problem: cameraProblemOf(error) });
      }
    })();
    return () => controller.abort();
  }, []);

  if (!hydrated || !cameraOffered()) return null;

  const message =
    status.step === "problem"
      ? CAMERA_PROBLEMS[status.problem]
      : status.step === "starting"
        ? "Starting the camera…"
        : status.slow
          ? SLOW_HINT
          : "Hold the label's barcode in the frame: it is read as soon as it is sharp.";

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) {
          found.current = null;
          setStatus({ step: "starting" });
        }
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button type="button" variant="outline" size="sm-field" className={cn("shrink-0", className)}>
          <Camera aria-hidden />
          {label}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-border bg-background p-5 shadow-xl"
          onCloseAutoFocus={(event) => {
            const text = found.current;
            if (text === null) return;
            found.current = null;
            // The field takes focus with the text read, rather than this button.
            event.preventDefault();
            onRead(text);
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-navy">Scan the label's barcode</Dialog.Title>
            <Dialog.Close asChild>
              <Button type="button" variant="ghost" size="icon" aria-label="Close the camera">
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description
            aria-live="polite"
            className={cn("flex items-start gap-2 text-sm", status.step === "problem" ? "font-medium text-destructive" : "text-muted-foreground")}
          >
            {status.step === "starting" ? <LoaderCircle aria-hidden className="mt-0.5 size-4 shrink-0 animate-spin" /> : null}
            <span className="min-w-0">{message}</span>
          </Dialog.Description>
          {/* Muted and inline: what phones need to show a camera's picture in the page without a tap on it. */}
          <video
            ref={startCamera}
            muted
            playsInline
            className={cn("aspect-[4/3] w-full rounded-lg bg-black object-cover", status.step === "problem" && "hidden")}
          />
          <div className="flex justify-end">
            <Dialog.Close asChild>
              <Button type="button" variant="outline">
                {status.step === "problem" ? "Close" : "Cancel"}
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
