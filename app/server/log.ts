import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

/** The request a piece of work belongs to; every log line written inside it carries its id. */
const requestScope = new AsyncLocalStorage<{ reqId: string }>();

/** A JSON logger: lines carry the current request's id; passwords, tokens and cookies are removed. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ["password", "*.password", "token", "*.token", "req.headers.cookie", "req.headers.authorization"], remove: true },
      mixin: () => requestScope.getStore() ?? {},
    },
    destination,
  );
}

/** One logger for the process. Form contents and secrets are never logged. */
export const log = createLogger(process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"));

/** Runs `work` (and everything it starts) as part of the request `reqId`. */
export function runInRequest<T>(reqId: string, work: () => T): T {
  return requestScope.run({ reqId }, work);
}

/** Runs `work` outside any request: background work it starts (the mail worker, say) logs without a request id. */
export function outsideRequest<T>(work: () => T): T {
  return requestScope.exit(work);
}
