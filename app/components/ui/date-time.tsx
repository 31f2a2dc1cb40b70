import { formatCalendarDate, formatDateTime } from "~/lib/format";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A moment (a row's time, a sign-in). The server renders it in UTC (it cannot
 * know the reader's zone); once the page runs in the browser it switches to
 * the reader's own zone. The zone name is always shown, so neither is ambiguous.
 */
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

/** A calendar day given as "2026-03-04" (an article's date): the same text on server and browser. */
export function CalendarDate({ value }: { value: string }) {
  return <time dateTime={value}>{formatCalendarDate(value)}</time>;
}
