import { subscribe, type StatusEvent } from "./index";

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
 * Status changes as server-sent events: ids and statuses only (each page
 * reloads its own data), of one practice, or of every practice for the
 * console ("*"). The stream ends when the browser goes away, or when
 * `stillAllowed` answers false at a heartbeat (signed out, disabled, no
 * longer staff).
 */
export function statusStream(request: Request, { scope, stillAllowed }: { scope: string; stillAllowed: () => Promise<boolean> }): Response {
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
      const unsubscribe = subscribe(scope, (event: StatusEvent) => {
        send(`event: status\ndata: ${JSON.stringify({ kind: event.kind, id: event.id, status: event.status })}\n\n`);
      });
      const heartbeat = setInterval(() => {
        stillAllowed()
          .then((allowed) => (allowed ? send(": heartbeat\n\n") : stop()))
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
