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

/**
 * Starts the app's scripts after the first paint (the server made them inert:
 * `app/.server/http/scripts-after-paint.ts`). After the first frame it turns
 * the module preloads back on, so every module is fetched at once, then runs a
 * module script with the text of the inert one, under its nonce. In a tab
 * opened in the background that is when the tab is first shown.
 */
export const SCRIPTS_AFTER_PAINT = [
  "requestAnimationFrame(function () { setTimeout(function () {",
  '  document.querySelectorAll("link[data-modulepreload]").forEach(function (link) { link.rel = "modulepreload"; });',
  '  var inert = document.querySelector("script[data-after-paint]");',
  "  if (!inert) return;",
  '  var script = document.createElement("script");',
  '  script.type = "module";',
  "  if (inert.nonce) script.nonce = inert.nonce;",
  "  script.textContent = inert.textContent;",
  "  document.head.appendChild(script);",
  "}, 0); });",
].join("\n");
