import * as React from "react";
import { useNavigation, useRevalidator } from "react-router";

/**
 * Listens to the practice's status events (server-sent, /members/events) and
 * reloads the page's data on each, so a change made by staff shows without a
 * reload. The browser reconnects by itself if the stream drops.
 *
 * An event that arrives while the page is navigating (the member's own change
 * redirecting back with its flash message, say) waits until the navigation
 * ends: a reload started then would race the navigation for the one-time flash
 * cookie and, interrupted by it, lose the message. The navigation brings fresh
 * data anyway; the waiting event reloads once more after it.
 */
export function useLiveStatus(enabled: boolean) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const latest = React.useRef({ revalidator, navigating: navigation.state !== "idle" });
  const waiting = React.useRef(false);
  React.useEffect(() => {
    latest.current = { revalidator, navigating: navigation.state !== "idle" };
    if (navigation.state === "idle" && waiting.current) {
      waiting.current = false;
      void revalidator.revalidate();
    }
  });
  const [connected, setConnected] = React.useState(false);
  React.useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/members/events");
    const onStatus = () => {
      if (latest.current.navigating) waiting.current = true;
      else void latest.current.revalidator.revalidate();
    };
    source.addEventListener("status", onStatus);
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false);
    return () => {
      source.removeEventListener("status", onStatus);
      source.close();
    };
  }, [enabled]);
  return connected;
}
