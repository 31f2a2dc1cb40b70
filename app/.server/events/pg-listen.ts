import pg from "pg";

/**
 * LISTEN on a PostgreSQL server through one dedicated connection that comes
 * back by itself: a server restart or a dropped connection is followed by a
 * new connection (1 s, then doubling to 30 s) and a new LISTEN. Events sent
 * while it was away are lost; the boards load their state on reconnect of
 * their own event stream, so nothing stays stale for long.
 */
export function listenOnServer(url: string, channel: string, onPayload: (payload: string) => void, onError: (error: unknown) => void) {
  let stopped = false;
  let client: pg.Client | undefined;
  let delay = 1_000;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client = c;
    c.on("notification", (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    const retry = (error?: unknown) => {
      if (error) onError(error);
      c.removeAllListeners("end");
      c.end().catch(() => {});
      if (stopped || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void connect();
      }, delay);
      timer.unref();
      delay = Math.min(delay * 2, 30_000);
    };
    c.on("error", retry);
    c.on("end", () => retry());
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      delay = 1_000;
    } catch (error) {
      retry(error);
    }
  };

  const started = connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await started;
    client?.removeAllListeners("end");
    await client?.end().catch(() => {});
  };
}
