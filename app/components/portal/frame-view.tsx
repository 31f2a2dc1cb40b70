import { ExternalLink } from "lucide-react";

/** A link to the external view a native screen replaces, when one is configured. */
export function FrameLink({ src, label }: { src: string | null; label: string }) {
  if (!src) return null;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
      {label}
      <ExternalLink aria-hidden className="size-3.5" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
