/**
 * Numbers and dates as the site writes them; pure, so the server (mails,
 * exports) and the browser write the same text.
 */

/** A size in bytes: "812 B", "4.2 KB", "3.0 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** An area in square centimetres, to two decimals at most: "12.25 cm²", "1,600 cm²". */
export function formatCm2(value: number): string {
  return `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(value)} cm²`;
}

/**
 * How long since `since` on the clock `now`: "just now", "12 min", "1 hour",
 * "47 hours", "3 days" (in days from 48 hours on); with `ago`, "12 min ago"
 * (but "just now"). A moment after `now` counts as just now.
 */
export function timeSince(since: Date | string, now: Date | string | number, { ago = false }: { ago?: boolean } = {}): string {
  const minutes = Math.max(0, Math.floor((new Date(now).getTime() - new Date(since).getTime()) / 60_000));
  if (minutes < 1) return "just now";
  const hours = Math.floor(minutes / 60);
  const span = minutes < 60 ? `${minutes} min` : hours < 48 ? counted(hours, "hour") : counted(Math.floor(hours / 24), "day");
  return ago ? `${span} ago` : span;
}

function counted(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** A moment in the given IANA zone, with the zone named: "Mar 4, 2026, 2:05 PM MST". */
export function formatDateTime(value: Date | string, timeZone: string): string {
  return zoned(value, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" });
}

/** The hour of a moment today (a draft's last save), in the given zone, named: "2:05 PM MST". */
export function formatTimeOfDay(value: Date | string, timeZone: string): string {
  return zoned(value, { hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" });
}

function zoned(value: Date | string, options: Intl.DateTimeFormatOptions): string {
  return (
    new Intl.DateTimeFormat("en-US", options)
      .format(new Date(value))
      // Some ICU versions put a narrow no-break space before AM/PM: one plain space, whichever runtime writes it.
      .replace(/[\u202f\u00a0]/g, " ")
  );
}

const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];

/**
 * A calendar day, "2026-03-04" -> "March 4, 2026". Parsed by hand so server
 * and browser render the same text whatever their time zone.
 */
export function formatCalendarDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  const name = MONTHS[(month ?? 1) - 1];
  if (!year || !name || !day) return iso;
  return `${name} ${day}, ${year}`;
}

/**
 * An amount in cents as dollars: "$1,234.50" (and "-$5.00" for a negative
 * amount). With `wholeDollars`, an amount of whole dollars drops its cents
 * ("$1,500", "$0"), as benefits are quoted; invoices keep them.
 */
export function formatCents(cents: number, { wholeDollars = false }: { wholeDollars?: boolean } = {}): string {
  const rounded = Math.round(cents);
  const absolute = Math.abs(rounded);
  const dollars = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = (absolute % 100).toString().padStart(2, "0");
  const tail = wholeDollars && rest === "00" ? "" : `.${rest}`;
  return `${rounded < 0 ? "-" : ""}$${dollars}${tail}`;
}

/** Dollars as typed or stored ("1500", "1,500.5", "$25") in cents; null when it is not an amount. */
export function centsOf(dollars: string | number | null | undefined): number | null {
  if (dollars === null || dollars === undefined) return null;
  const text = String(dollars).trim().replace(/[$,\s]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** A list's count as a person reads it: "1,234", or "10,000+" when counting stopped at the cap. */
export function formatCount(total: number, capped = false): string {
  return `${total.toLocaleString("en-US")}${capped ? "+" : ""}`;
}

/** "1 entry", "120 entries", "10,000+ entries". */
export function countOf(total: number, capped: boolean, one: string, many: string): string {
  return `${formatCount(total, capped)} ${total === 1 && !capped ? one : many}`;
}
