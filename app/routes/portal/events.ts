import type { Route } from "./+types/events";
import { getUser } from "~/.server/accounts";
import { subscribe, type StatusEvent } from "~/.server/events";
import { requirePractice } from "./member.server";

/** A comment line every 15 s keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Accel-Buffering": "no",
};

/**
 * Open streams of this process. When it is told to stop, they end at once
 * (the browsers reconnect, through the load balancer, to a process that is not
 * stopping): an open stream would otherwise hold the shutdown until it is forced.
 */
const open = new Set<() => void>();
let endOnStop = false;
let stopping = false;
function watchForStop() {
  if (endOnStop) return;
  endOnStop = true;
  const endAll = () => {
    stopping = true;
    for (const stop of [...open]) stop();
  };
  process.once("SIGTERM", endAll);
  process.once("SIGINT", endAll);
}

/**
 * The practice's status changes as server-sent events: ids and statuses only
 * (the board reloads its own data), and only this practice's. The stream
 * ends when the browser goes away, or when the session has ended.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { practice } = await requirePractice(request);
  // A stopping process holds no new stream open: the browser asks again in 2 s, by then of another process.
  if (stopping) return new Response("retry: 2000\n\n", { headers: SSE_HEADERS });
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
        open.delete(stop);
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      request.signal.addEventListener("abort", stop, { once: true });
      watchForStop();
      open.add(stop);
      // Tells the browser to retry after 2 s if the stream drops, and opens the stream at once.
      send("retry: 2000\n: connected\n\n");
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}
