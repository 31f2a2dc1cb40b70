import * as React from "react";
import { useRevalidator } from "react-router";

/**
 * Listens to the practice's status events (server-sent, /members/events) and
 * reloads the page's data on each, so a change made by staff shows without a
 * reload. The browser reconnects by itself if the stream drops.
 */
export function useLiveStatus(enabled: boolean) {
  const revalidator = useRevalidator();
  const latest = React.useRef(revalidator);
  React.useEffect(() => {
    latest.current = revalidator;
  });
  const [connected, setConnected] = React.useState(false);
  React.useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/members/events");
    const onStatus = () => void latest.current.revalidate();
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
