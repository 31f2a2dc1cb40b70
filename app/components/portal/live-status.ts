import * as React from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { sessionHasEnded } from "~/components/session/session-state";
import { BACKGROUND_FETCHER_PREFIX, quietly } from "~/lib/quiet-loads";

/** What a status event says: which record, and its new status (never personal data). */
export type LiveEvent = { kind: "ivr" | "order" | "chat"; id: string; status: string };

type LiveOptions = {
  /** The stream: the practice's (the portal's default) or every practice's (`/admin/events`, staff only). */
  stream?: string;
  /** Whether the event reloads the page's data: by default every event does. */
  reloads?: (event: LiveEvent) => boolean;
  /** What to do instead with an event that does not reload the page. */
  otherwise?: (event: LiveEvent) => void;
  /**
   * Close the stream while the tab is hidden and call this when it shows again
   * (events were missed meanwhile). A browser keeps only six connections to a
   * site over HTTP/1.1: a stream in every open console tab would use them up.
   */
  catchUp?: () => void;
  /**
   * Reload the page's data once the stream first opens: for a page that waits
   * on something about to happen (a payer's answer due within seconds), whose
   * event could come between the page's data being read and the stream
   * opening, and be missed.
   */
  reloadOnOpen?: boolean;
};

function parseEvent(data: unknown): LiveEvent | null {
  try {
    const value = JSON.parse(String(data)) as Partial<LiveEvent>;
    return (value.kind === "ivr" || value.kind === "order" || value.kind === "chat") && typeof value.id === "string" && typeof value.status === "string" ? (value as LiveEvent) : null;
  } catch {
    return null;
  }
}

/**
 * Listens to status events (server-sent: the practice's at /members/events,
 * every practice's at /admin/events) and reloads the page's data on each, so a
 * change made elsewhere shows without a reload. The browser reconnects by
 * itself if the stream drops.
 *
 * An event that arrives while the page is navigating or one of its forms is
 * being sent (the member's own change, which publishes the event before it
 * redirects back with its flash message, say) waits until that ends: a reload started then would race the navigation for the one-time flash
 * cookie and, interrupted by it, lose the message. The navigation brings fresh
 * data anyway; the waiting event reloads once more after it. Events that come
 * while a reload runs wait for it too and make one more reload together.
 *
 * Once the page's session has ended, events change nothing: a reload then would
 * be answered with the way to sign-in and take the page, and whatever was typed
 * on it, away. The session notice says what to do instead. The reloads are
 * background loads (lib/quiet-loads.ts): they keep no idle session alive.
 */
export function useLiveStatus(enabled: boolean, { stream = "/members/events", reloads, otherwise, catchUp, reloadOnOpen = false }: LiveOptions = {}) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const sending = useFetchers().some((f) => f.state !== "idle" && !f.key.startsWith(BACKGROUND_FETCHER_PREFIX));
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || sending;
  const latest = React.useRef({ revalidator, busy, reloads, otherwise, catchUp, reloadOnOpen });
  const waiting = React.useRef(false);
  React.useEffect(() => {
    latest.current = { revalidator, busy, reloads, otherwise, catchUp, reloadOnOpen };
    if (!busy && waiting.current && !sessionHasEnded()) {
      waiting.current = false;
      latest.current.busy = true;
      void quietly(() => revalidator.revalidate());
    }
  });
  const [connected, setConnected] = React.useState(false);
  const pauses = Boolean(catchUp);
  const reloadedOnOpen = React.useRef(false);
  React.useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const onStatus = (message: MessageEvent) => {
      if (sessionHasEnded()) return;
      const { reloads, otherwise, busy, revalidator } = latest.current;
      const event = parseEvent(message.data);
      if (event && reloads && !reloads(event)) {
        otherwise?.(event);
        return;
      }
      if (busy) {
        waiting.current = true;
        return;
      }
      latest.current.busy = true;
      void quietly(() => revalidator.revalidate());
    };
    let source: EventSource | null = null;
    const open = () => {
      if (source) return;
      source = new EventSource(stream);
      source.addEventListener("status", onStatus);
      source.onopen = () => {
        setConnected(true);
        if (latest.current.reloadOnOpen && !reloadedOnOpen.current && !sessionHasEnded()) {
          reloadedOnOpen.current = true;
          onStatus(new MessageEvent("status"));
        }
      };
      source.onerror = () => setConnected(false);
    };
    const close = () => {
      source?.removeEventListener("status", onStatus);
      source?.close();
      source = null;
      setConnected(false);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") close();
      else if (!source) {
        open();
        if (!sessionHasEnded()) latest.current.catchUp?.();
      }
    };
    if (!pauses || document.visibilityState !== "hidden") open();
    if (pauses) document.addEventListener("visibilitychange", onVisibility);
    return () => {
      if (pauses) document.removeEventListener("visibilitychange", onVisibility);
      close();
    };
  }, [enabled, stream, pauses]);
  return connected;
}
