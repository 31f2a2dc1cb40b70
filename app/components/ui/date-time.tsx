import { formatCalendarDate, formatDateTime } from "~/lib/format";
import { useTimeZone } from "~/lib/time-zone";

/**
 * A moment (a row's time, a sign-in), in the viewer's zone with the zone
 * named ("Nov 27, 2026, 9:14 AM MST"). The zone comes from the page's data
 * (`TimeZoneProvider`), so the server and the browser write the same text.
 */
export function DateTime({ value, fallback = "—" }: { value: Date | string | null | undefined; fallback?: string }) {
  const timeZone = useTimeZone();
  if (!value) return <>{fallback}</>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{fallback}</>;
  // The same text on both sides; a browser whose ICU names a zone otherwise keeps the server's text rather than failing to hydrate.
  return (
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {formatDateTime(date, timeZone)}
    </time>
  );
}

/** A calendar day given as "2026-03-04" (an article's date): the same text on server and browser. */
export function CalendarDate({ value }: { value: string }) {
  return <time dateTime={value}>{formatCalendarDate(value)}</time>;
}

/** Beside a time zone setting: how a time reads in the zone saved now (`now` from the loader, so server and browser agree). */
export function TimeZoneExample({ now }: { now: string }) {
  return (
    <>
      Times read like this: <DateTime value={now} />
    </>
  );
}
