/**
 * A page's own background loads (a live queue reloading on a status event, the
 * console menu's counts) are not a person's activity: they must not keep an
 * idle session alive, or a queue left open all day would never sign its user
 * out. While one runs, the browser carries this cookie; the server then reads
 * the session without renewing it (app/.server/accounts/auth.ts). Shared by
 * both sides, so the name is written once.
 */
export const QUIET_LOAD_COOKIE = "portal.quiet";

/** Fetcher keys of background loads: the session watch does not count their answers as activity. */
export const BACKGROUND_FETCHER_PREFIX = "background:";

const QUIET_LOAD = new RegExp(`(?:^|;\\s*)${QUIET_LOAD_COOKIE.replace(".", "\\.")}=1(?:;|$)`);

/** True when the request says it is a page's background load (read on every signed-in request). */
export function isQuietLoad(cookieHeader: string | null): boolean {
  return QUIET_LOAD.test(cookieHeader ?? "");
}

let running = 0;

/**
 * Runs a background load with the cookie set, and takes it away when the last
 * one ends. A person's own click during those moments is not counted as a
 * renewal either; their next one is.
 */
export async function quietly<T>(load: () => Promise<T>): Promise<T> {
  running += 1;
  document.cookie = `${QUIET_LOAD_COOKIE}=1; path=/; max-age=60; samesite=strict`;
  try {
    return await load();
  } finally {
    running -= 1;
    if (running === 0) document.cookie = `${QUIET_LOAD_COOKIE}=; path=/; max-age=0; samesite=strict`;
  }
}
