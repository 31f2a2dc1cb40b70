/** The menus' words for a count of threads holding an unread message ("1 with an unread message"). */
export const unreadText = (n: number) => `${n} with ${n === 1 ? "an unread message" : "unread messages"}`;

/** The IVR or order whose page a path opens (that page marks its thread read), or null; a path of the page's data (".data") too. */
export function threadOfPath(pathname: string): string | null {
  return /^\/(?:members|admin)\/(?:ivrs|orders)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|\.data)?$/i.exec(pathname)?.[1] ?? null;
}

/**
 * Whether a menu with unread counts loads again on a navigation: into or out of a thread's page (which reads it), or
 * whenever it would anyway.
 */
export function countsFollowThreads({ currentUrl, nextUrl, defaultShouldRevalidate }: { currentUrl: URL; nextUrl: URL; defaultShouldRevalidate: boolean }) {
  if (currentUrl.pathname !== nextUrl.pathname && (threadOfPath(currentUrl.pathname) || threadOfPath(nextUrl.pathname))) return true;
  return defaultShouldRevalidate;
}
