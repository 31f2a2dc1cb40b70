import { EmbedFrame } from "~/components/ui/embed-frame";
import { ExternalLink } from "lucide-react";

/** A portal view still served by the external service: its frame, or the placeholder when it is not configured. */
export function FrameView({ title, description, src }: { title: string; description: string; src: string | null }) {
  return (
    <section aria-labelledby="frame-heading">
      <h2 id="frame-heading" className="text-xl font-semibold text-navy">
        {title}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">{description}</p>
      <EmbedFrame src={src} title={title} height={800} />
    </section>
  );
}

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
