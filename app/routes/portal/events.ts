import type { Route } from "./+types/events";
import { getUser } from "~/.server/accounts";
import { subscribe, type StatusEvent } from "~/.server/events";
import { requirePractice } from "./member.server";

/** A comment line every 15 s keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/**
 * The practice's status changes as server-sent events: ids and statuses only
 * (the board reloads its own data), and only this practice's. The stream
 * ends when the browser goes away, or when the session has ended.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { practice } = await requirePractice(request);
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = subscribe(practice.id, (event: StatusEvent) => {
        send(`event: status\ndata: ${JSON.stringify({ kind: event.kind, id: event.id, status: event.status })}\n\n`);
      });
      // Each heartbeat also checks the session: a member signed out or disabled elsewhere stops hearing.
      const heartbeat = setInterval(() => {
        getUser(request)
          .then((user) => (user ? send(": heartbeat\n\n") : stop()))
          .catch(() => send(": heartbeat\n\n"));
      }, HEARTBEAT_MS);
      heartbeat.unref?.();
      let stopped = false;
      stop = () => {
        if (stopped) return;
        stopped = true;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      request.signal.addEventListener("abort", stop, { once: true });
      // Tells the browser to retry after 2 s if the stream drops, and opens the stream at once.
      send("retry: 2000\n: connected\n\n");
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
