import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { logLevel } from "~/.server/env";

/** The request a piece of work belongs to; every log line written inside it carries its id. */
const requestScope = new AsyncLocalStorage<{ reqId: string }>();

/**
 * Errors as pino writes them, without the values of a failed query. The
 * database layer puts a query's parameters (a submission's name, email and
 * message) into the error's message, its stack and a `params` property;
 * they are replaced by their count, and the query text stays.
 */
export function serializeError(error: unknown) {
  const serialized: Record<string, unknown> = pino.stdSerializers.err(error as Error);
  const params = (error as { params?: unknown } | null)?.params;
  if (!Array.isArray(params)) return serialized;
  const withheld = `[${params.length} values withheld]`;
  // The database layer writes them as `params: ${params}`, that is, joined with commas.
  const shown = String(params);
  for (const key of ["message", "stack"]) {
    const text = serialized[key];
    if (typeof text === "string" && shown) serialized[key] = text.split(shown).join(withheld);
  }
  serialized.params = withheld;
  return serialized;
}

/** A JSON logger: lines carry the current request's id; passwords, tokens, cookies and query values are removed. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ["password", "*.password", "token", "*.token", "req.headers.cookie", "req.headers.authorization"], remove: true },
      serializers: { err: serializeError, error: serializeError },
      mixin: () => requestScope.getStore() ?? {},
    },
    destination,
  );
}

/** One logger for the process. Form contents and secrets are never logged. */
export const log = createLogger(logLevel());

/** Runs `work` (and everything it starts) as part of the request `reqId`. */
export function runInRequest<T>(reqId: string, work: () => T): T {
  return requestScope.run({ reqId }, work);
}

/** Runs `work` outside any request: background work it starts (the mail worker, say) logs without a request id. */
export function outsideRequest<T>(work: () => T): T {
  return requestScope.exit(work);
}
