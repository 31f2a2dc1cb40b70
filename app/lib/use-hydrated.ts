import * as React from "react";

const subscribe = () => () => {};

/**
 * True once the page runs as a React app in the browser: false while the
 * server renders and while the browser hydrates that HTML, true from the render
 * that follows (and at once for what mounts after hydration). Parts that work
 * without JavaScript render their plain HTML form until then.
 */
export function useHydrated(): boolean {
  return React.useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
