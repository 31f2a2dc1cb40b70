import { MonitorX } from "lucide-react";
import { cn } from "~/lib/utils";

/**
 * An external view in a frame, or, when its URL is not configured, a panel
 * that says so instead of a broken frame.
 */
export function EmbedFrame({
  src,
  title,
  height,
  unavailableText,
  className,
}: {
  src: string | null;
  title: string;
  height: number;
  unavailableText?: string;
  className?: string;
}) {
  if (!src) {
    return (
      <div
        role="status"
        style={{ minHeight: Math.min(height, 360) }}
        className={cn("flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-input bg-muted p-8 text-center", className)}
      >
        <MonitorX aria-hidden className="size-10 text-muted-foreground" />
        <p className="font-semibold text-foreground">{title} is not available right now</p>
        <p className="max-w-md text-sm text-muted-foreground">
          {unavailableText ?? "This view has not been connected yet. Please contact support and we will help you directly."}
        </p>
      </div>
    );
  }
  return (
    <iframe
      src={src}
      title={title}
      height={height}
      style={{ height }}
      loading="lazy"
      referrerPolicy="no-referrer"
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      className={cn("w-full rounded-xl border border-border bg-background", className)}
    />
  );
}
