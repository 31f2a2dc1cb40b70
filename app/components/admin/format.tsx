import { useHydrated } from "~/lib/use-hydrated";

/**
 * Dates of the console. The server renders them in UTC (it cannot know the
 * reader's zone); once the page runs in the browser they switch to the
 * reader's own zone. The zone name is always shown, so neither is ambiguous.
 */
export function formatDateTime(value: Date | string, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(new Date(value));
}

export function DateTime({ value, fallback = "—" }: { value: Date | string | null | undefined; fallback?: string }) {
  const local = useHydrated();
  if (!value) return <>{fallback}</>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{fallback}</>;
  return (
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {formatDateTime(date, local ? undefined : "UTC")}
    </time>
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
