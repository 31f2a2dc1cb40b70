const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];

/**
 * "2026-03-04" -> "March 4, 2026". Parsed by hand so server and browser
 * render the same text whatever their time zone.
 */
export function formatArticleDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  const name = MONTHS[(month ?? 1) - 1];
  if (!year || !name || !day) return iso;
  return `${name} ${day}, ${year}`;
}
