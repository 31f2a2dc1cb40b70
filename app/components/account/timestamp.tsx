/**
 * "2026-03-04 14:05 UTC": formatted by hand in UTC so the server and the
 * browser render the same text whatever their time zone.
 */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

export function Timestamp({ iso, empty = "Never" }: { iso: string | null; empty?: string }) {
  if (!iso) return <span className="text-muted-foreground">{empty}</span>;
  return (
    <time dateTime={iso} className="whitespace-nowrap tabular-nums">
      {formatUtc(iso)}
    </time>
  );
}
