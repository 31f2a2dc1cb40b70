import { useMatches } from "react-router";

/**
 * What a route module says about its page in its `handle` export.
 *
 * `hydrate: false`: everything on the page is HTML (links, `<details>`), so it
 * is sent without JavaScript: the root layout renders no `<Scripts>` and no
 * `<ScrollRestoration>`, and the widgets that have a scripted form (the link
 * tabs, the flash message) render their HTML form.
 */
export type PageHandle = { hydrate?: boolean };

/** True when a matched route opted out of hydration (`handle.hydrate === false`). */
export function sendsNoScript(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => {
    const handle = match.handle as PageHandle | null | undefined;
    return typeof handle === "object" && handle !== null && handle.hydrate === false;
  });
}

/**
 * Whether this page is sent without JavaScript. In a browser that reached it
 * through the app (a link from a hydrated page) scripts do run, but the page
 * renders the same HTML form, which works there too.
 */
export function usePageSendsNoScript(): boolean {
  return sendsNoScript(useMatches());
}
